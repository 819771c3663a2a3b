// The `gumbel` agent: plays each move by the self-play search itself (search/gumbel_search.h: Gumbel
// top-k candidates, sequential halving over sampled worlds, one ply), so the teacher that training
// distils can be measured in the arena like any player. Bids as `net` does (bid= settings).
//
// Spec: gumbel:FILE[,key=value...]. Keys (defaults as in the self-play configs):
//   sims=16           simulations per move        k=8            candidates kept by top-k
//   rollout_mix=0.5   heuristic-rollout share of a simulation's value (rest: value net)
//   solver=0          worlds with at most this many cards are scored by the exact solver
//   rollout_solver=0  rollouts stop at this many cards in all hands and the exact solver scores
//                     the rest (0 = rollouts play to the end)
//   solver_nodes=5000 node cap of one solve       c_visit=50, c_scale=0.1  sigma(q) of the paper
//   rescale=0         1: q min-max rescaled over the visited moves before sigma (Gumbel MuZero's
//                     completed-Q transform), so the search's findings outweigh a confident prior
//   noise=0           1: Gumbel noise on the candidates as in self-play (0: deterministic top-k)
//   infer=1           world inference: a sampled world counts infer^m, m = how many of the other
//                     seats' last infer_moves plays the heuristic would have made differently in
//                     it (search/world_inference.h); 1 = off, every world counts the same
//   infer_moves=8     how many of the other seats' latest plays are weighed (0 = all)
//   infer_draws=1     > 1: each world is drawn by rejection (kept with probability its weight, at
//                     most infer_draws draws) and counts 1, instead of a weighted mean
//   stakes=0          weight w of the stakes: a simulation counts its result times
//                     1 + w * (stake it reached / stake now - 1); 1 = expected points, 0 = wins
//   seed=0            mixed into the per-game seed
//   confident=1       a move the policy gives at least this probability is played at once,
//                     without a search (1 = search every move with two or more legal moves)
//   search_cards=54   search only when all hands together hold at most this many cards; above
//                     it the policy's argmax is played (54 = search every move)
//   rollout=heuristic who plays the rollouts: heuristic, or net (the file's policy, argmax, in
//                     every seat: slower, and a judge as strong as the network)
//   others=net        with rollout=net, who plays the opposing side in the rollouts: net, or
//                     heuristic (opponents modelled as playing like the heuristic)
//   rollout_net=FILE  with rollout=net, the agent file whose policy plays the network's seats of
//                     the rollouts (and answers world inference for them) instead of the file's
//                     own, e.g. a small network distilled from it (configs/rollout-distill.yaml:
//                     half the rollouts' cost; docs/training.md, twenty-second session, measures
//                     what it plays like). A relative FILE given in a file's
//                     default settings is taken from that file's folder; in a spec, from the
//                     working directory
//   bid=head, bid_threshold=0, bid_worlds=64, bid_infer=0.25   how it bids (agent/net_bidder.h):
//                     head: the bid head decides; lookahead: the rest of the bidding simulated
//                     in sampled deals, scored by the value net; heuristic: bids as `heuristic`
//                     does; mcts (or search): as `mcts` does
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "agent/agent_spec.h"
#include "models/net_evaluator.h"
#include "search/gumbel_search.h"
#include "search/playout_evaluator.h"
#include "agent/net_bidder.h"
#include "agent/policy_rollout_agent.h"
#include "game/rng.h"
#include "models/agent_file.h"
#include "solver/endgame_solver.h"
#include "search/mcts.h"

namespace ddz {

struct GumbelAgentOptions {
  GumbelSettings search;
  int64_t solver_nodes = 5000;
  NetBidOptions bid;  // bid=, bid_threshold=, bid_worlds=, bid_infer= (agent/net_bidder.h)
  uint64_t seed = 0;
  // Who plays the rollouts (and answers world inference): "heuristic", or "net", the file's own
  // policy (argmax) in every seat.
  std::string rollout_policy = "heuristic";
  // With rollout_policy "net": who plays the opposing side's seats in the rollouts ("net", or
  // "heuristic": a model of opponents who play like the heuristic rather than like the network).
  std::string rollout_others = "net";
  // With rollout_policy "net": the network that plays them (null: the agent's own).
  std::shared_ptr<const LoadedModel> rollout_model;
  // A move the policy gives at least this probability is played without a search (1 = always
  // search): most decisions are clear to the network, and the search's time goes to the others.
  double confident = 1.0;
  // The search runs only when all hands together hold at most this many cards; above it the
  // policy's argmax is played (54 = search every move). Endgames are where a one-ply search with
  // exact solves knows most, and the policy's cost is a hundredth of a search's.
  int search_cards = 54;
};

class GumbelAgent final : public Agent {
 public:
  GumbelAgent(std::shared_ptr<const LoadedModel> model, const GumbelAgentOptions& options, std::string spec);
  void new_game(uint64_t seed) override;
  int bid(const Observation& obs) override;
  Move play(const Observation& obs) override;
  std::string spec() const override { return spec_; }
  // The last play()'s search in the MCTS result form (ddz analyse): each candidate's visits, its
  // mean value from the mover's side and the network's prior; empty moves after a bid.
  const SearchResult& last_search() const { return last_; }

  // What the last bid() rested on (ddz analyse --bid).
  const BidReport& last_bid() const { return bidder_.last_bid(); }

 private:
  std::shared_ptr<const LoadedModel> model_;
  GumbelAgentOptions options_;
  std::string spec_;
  NetEvaluator network_;  // the file's networks as search/'s PolicyValueNetwork
  Rng rng_;
  std::unique_ptr<PlayoutEvaluator> rollouts_;
  PolicyRolloutAgent* net_rollouts_ = nullptr;  // rollouts_'s policy with rollout=net (it owns it)
  std::unique_ptr<EndgameSolver> solver_;
  NetBidder bidder_;
  std::vector<Move> moves_;
  SearchResult last_;

  std::unique_ptr<Agent> rollout_agent();
};

// Factory builder for "gumbel:FILE,...". Throws AgentSpecError naming the spec. Settings not given
// fall back on the file's default agent settings (models/agent_file.h), then on the defaults above.
std::unique_ptr<Agent> build_gumbel_agent(const AgentSpec& spec);
// The same with the model already loaded from `path` (for `pretrained`): the spec holds settings
// only; `display`, when given, is the agent's spec().
std::unique_ptr<Agent> build_gumbel_agent(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                          const std::string& path, const std::string& display = "");

}  // namespace ddz
