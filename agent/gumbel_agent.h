// The `gumbel` agent: plays each move by the self-play search itself (search/gumbel_search.h: Gumbel
// top-k candidates, sequential halving over sampled worlds, one ply), so the teacher that training
// distils can be measured in the arena like any player. Bids as `net` does (bid= settings).
//
// Spec: gumbel:FILE[,key=value...]; `ddz arena --list-settings gumbel` lists every setting with its
// default and help (the search's own in search/gumbel_settings.cpp, shared with self-play's configs;
// the agent's below; bidding in agent/net_bidder.cpp). Settings a spec leaves out come from the
// file's default agent settings, then from those defaults.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "agent/agent_spec.h"
#include "game/settings_table.h"
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
  NetBidOptions bid;  // bid=, bid_threshold=, bid_worlds=, bid_infer= (agent/net_bidder.h)
  uint64_t seed = 0;
  // The search runs only when all hands together hold at most this many cards; above it the
  // policy's argmax is played (54 = search every move). Endgames are where a one-ply search with
  // exact solves knows most, and the policy's cost is a hundredth of a search's.
  int search_cards = 54;
};

// The declarations of the gumbel agent's spec settings: the search's (search/gumbel_settings.h),
// the agent's own and the bidding's.
const SettingsTable<GumbelAgentOptions>& gumbel_agent_settings_table();
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
  // The settings it plays with (the rule and value unit that `ddz analyse` and the page report).
  const GumbelAgentOptions& options() const { return options_; }

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
