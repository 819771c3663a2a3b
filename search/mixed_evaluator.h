// An MCTS evaluator that blends the networks with heuristic rollouts: priors from the policy net
// (optionally mixed with the heuristic's choice), value = (1 - lambda) * value net + lambda * rollout.
//
// Why blend: the value net is trained on self-play outcomes and sees the sampled deal, so it has
// low variance but a bias wherever training data was thin; one heuristic rollout is unbiased for
// the heuristic's own play but very noisy. Their average is better than either alone (the same
// finding as AlphaGo's mixing parameter, which was best at 0.5). lambda = 0 is the pure network
// evaluator, lambda = 1 is rollouts with network priors.
#pragma once
#include <atomic>
#include <memory>
#include <vector>

#include "search/move_policy.h"
#include "search/network.h"
#include "search/playout_evaluator.h"

namespace ddz {

struct MixedEvaluatorOptions {
  double rollout_mix = 0.5;  // lambda: weight of the rollout result in the value
  double heuristic_prior = 0.0;  // prior mass moved onto the heuristic's move (0 = net priors only)
  float prior_temperature = 1.0f;
  // Nodes fewer than this many plies below the search root use the networks; deeper nodes are
  // evaluated as by the `mcts` agent (heuristic priors with deep_prior_weight on its move, one
  // heuristic rollout) at a small fraction of the cost. -1 = networks at every depth. Needs
  // `root_plies` (the root's history length, set by the agent before each search).
  int net_plies = -1;
  double deep_prior_weight = 0.5;
  std::shared_ptr<const std::atomic<int>> root_plies;
};

class MixedEvaluator final : public Evaluator, public PriorSource {
 public:
  // `net` gives priors and values (its prior temperature is options.prior_temperature, set by whoever
  // built it); `rollout_policy` plays the rollouts and gives the heuristic prior, `deep_policy`
  // evaluates nodes below net_plies (both normally the heuristic agent: agent/mcts_net_agent.h's
  // make_mixed_evaluator wires them). Throws std::invalid_argument for a null argument or
  // settings outside [0, 1].
  MixedEvaluator(std::unique_ptr<PolicyValueNetwork> net, std::unique_ptr<MovePolicy> rollout_policy,
                 std::unique_ptr<MovePolicy> deep_policy, uint64_t seed, const MixedEvaluatorOptions& options);
  float evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) override;
  void priors(const GameState& world, const std::vector<Move>& moves, std::vector<float>& out) override;

 private:
  // Moves `heuristic_prior` of the mass onto the heuristic's move (no-op when that is 0).
  void blend_heuristic_prior(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors);
  // True when `world` lies deep enough below the root to be left to the heuristic (net_plies).
  bool deep(const GameState& world) const;

  std::unique_ptr<PolicyValueNetwork> net_;
  PlayoutEvaluator heuristic_;
  PlayoutEvaluator deep_;  // the `mcts` agent's evaluator, for nodes below net_plies
  MixedEvaluatorOptions options_;
  std::vector<float> scratch_;
};

}  // namespace ddz
