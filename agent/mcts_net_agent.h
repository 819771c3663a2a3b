// The `mcts+net` agent: the MCTS of search/mcts.h with network policy priors and a leaf value that
// blends the value head with a heuristic rollout (search/mixed_evaluator.h); bids as `net` does.
//
// Spec: mcts+net:FILE[,key=value...]. Keys:
//   sims, ms, c, fpu, threads, solver, solver_nodes, solver_mb, seed, config  as for `mcts`
//                     (agent/mcts_agent.h; its rollout settings do not apply here)
//   rollout_mix=0.5      leaf value = (1 - mix) * value head + mix * one heuristic rollout
//                        (0 = network only, 1 = rollouts only with network priors)
//   heuristic_prior=0    prior mass moved from the policy net onto the heuristic's move
//   prior_temperature=1  softmax temperature of the policy priors
//   bid=head, bid_threshold=0, bid_worlds=64, bid_infer=0.25  as for `net` (agent/net_bidder.h)
//   net_plies=-1         the networks evaluate nodes fewer than this many plies below the root;
//                        deeper nodes are evaluated as by `mcts` (heuristic priors and rollout),
//                        which costs a fraction of a network call (-1 = networks everywhere)
//   deep_prior_weight=0.5  prior mass on the heuristic's move at those deeper nodes
// Settings not given fall back on the file's default agent settings, then on these defaults.
#pragma once
#include <atomic>
#include <memory>
#include <string>

#include "agent/agent.h"
#include "agent/agent_spec.h"
#include "agent/mcts_agent.h"
#include "agent/net_bidder.h"
#include "models/agent_file.h"
#include "search/mixed_evaluator.h"

namespace ddz {

struct MctsNetConfig {
  MctsAgentConfig mcts;  // only the search settings and seed are used
  double prior_temperature = 1.0;
  NetBidOptions bid;
  double rollout_mix = 0.5;  // value = (1 - mix) * value net + mix * heuristic rollout
  double heuristic_prior = 0.0;  // prior mass moved onto the heuristic's move
  int net_plies = -1;  // networks only this many plies below the root (-1 = all)
  double deep_prior_weight = 0.5;  // heuristic prior weight below net_plies, as in `mcts`
};

// The declarations of mcts+net's own spec settings (its search settings are the mcts agent's).
const SettingsTable<MctsNetConfig>& mcts_net_settings_table();

// The mcts+net evaluator: the network's priors and value (at options.prior_temperature) blended with
// heuristic rollouts, the heuristic also below net_plies. Throws std::invalid_argument for a null
// net or bad options.
std::unique_ptr<MixedEvaluator> make_mixed_evaluator(std::shared_ptr<const EigenNet> net, uint64_t seed,
                                                     const MixedEvaluatorOptions& options);

class MctsNetAgent final : public Agent {
 public:
  MctsNetAgent(std::shared_ptr<const LoadedModel> model, const MctsNetConfig& config, std::string spec_text);
  void new_game(uint64_t seed) override;
  int bid(const Observation& obs) override;
  Move play(const Observation& obs) override;
  std::string spec() const override { return spec_text_; }
  const SearchResult& last_search() const { return last_; }

  // What the last bid() rested on (ddz analyse --bid).
  const BidReport& last_bid() const { return bidder_.last_bid(); }

 private:
  std::shared_ptr<const LoadedModel> model_;
  MctsNetConfig config_;
  std::string spec_text_;
  std::unique_ptr<Mcts> mcts_;
  NetBidder bidder_;
  // The search root's history length, read by the evaluators to tell a node's depth.
  std::shared_ptr<std::atomic<int>> root_plies_ = std::make_shared<std::atomic<int>>(0);
  uint64_t game_seed_ = 0;
  uint64_t decisions_ = 0;
  SearchResult last_;
};

// Factory builder for "mcts+net:FILE,...". Throws AgentSpecError naming the spec.
std::unique_ptr<Agent> build_mcts_net_agent(const AgentSpec& spec);
// The same with the model already loaded from `path`, for kinds whose spec names no file
// (`pretrained`): the spec then holds settings only; `display`, when given, is the agent's spec().
std::unique_ptr<Agent> build_mcts_net_agent(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                            const std::string& path, const std::string& display = "");

}  // namespace ddz
