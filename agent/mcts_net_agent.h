// The `mcts+net` agent: the MCTS of search/mcts.h with network policy priors and a leaf value that
// blends the value head with a heuristic rollout (agent/mixed_evaluator.h); bids from the bid head.
//
// Spec: mcts+net:FILE[,key=value...]. Keys:
//   sims, ms, c, fpu, threads, solver, solver_nodes, solver_mb, seed, config  as for `mcts`
//                     (agent/mcts_agent.h; its rollout settings do not apply here)
//   rollout_mix=0.5      leaf value = (1 - mix) * value head + mix * one heuristic rollout
//                        (0 = network only, 1 = rollouts only with network priors)
//   heuristic_prior=0    prior mass moved from the policy net onto the heuristic's move
//   prior_temperature=1  softmax temperature of the policy priors
//   bid_threshold=0      as for `net` (agent/net_agent.h)
// Settings not given fall back on the file's default agent settings, then on these defaults.
#pragma once
#include <memory>
#include <string>

#include "agent/agent.h"
#include "agent/agent_spec.h"
#include "agent/mcts_agent.h"
#include "models/agent_file.h"

namespace ddz {

struct MctsNetConfig {
  MctsAgentConfig mcts;  // only the search settings and seed are used
  double prior_temperature = 1.0;
  double bid_threshold = 0.0;
  double rollout_mix = 0.5;      // value = (1 - mix) * value net + mix * heuristic rollout
  double heuristic_prior = 0.0;  // prior mass moved onto the heuristic's move
};

class MctsNetAgent final : public Agent {
 public:
  MctsNetAgent(std::shared_ptr<const LoadedModel> model, const MctsNetConfig& config, std::string spec_text);
  void new_game(uint64_t seed) override;
  int bid(const Observation& obs) override;
  Move play(const Observation& obs) override;
  std::string spec() const override { return spec_text_; }
  const SearchResult& last_search() const { return last_; }

 private:
  std::shared_ptr<const LoadedModel> model_;
  MctsNetConfig config_;
  std::string spec_text_;
  std::unique_ptr<Mcts> mcts_;
  uint64_t game_seed_ = 0;
  uint64_t decisions_ = 0;
  SearchResult last_;
};

// Factory builder for "mcts+net:FILE,...". Throws AgentSpecError naming the spec.
std::unique_ptr<Agent> build_mcts_net_agent(const AgentSpec& spec);
// The same with the model already loaded from `path`, for kinds whose spec names no file
// (`pretrained`): the spec then holds settings only.
std::unique_ptr<Agent> build_mcts_net_agent(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                            const std::string& path);

}  // namespace ddz
