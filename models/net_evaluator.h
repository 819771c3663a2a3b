// NetEvaluator: search/'s network interface backed by the Eigen networks. Priors = policy softmax over
// the given legal moves (inputs: only what the seat to move knows); value = value head on the full world.
#pragma once
#include <memory>

#include "models/eigen_net.h"
#include "search/network.h"

namespace ddz {

class NetEvaluator : public PolicyValueNetwork {
 public:
  // prior_temperature > 0 flattens (> 1) or sharpens (< 1) the priors.
  explicit NetEvaluator(std::shared_ptr<const EigenNet> net, float prior_temperature = 1.0f);
  // A NetEvaluator over a network the caller keeps alive for the evaluator's whole life.
  static NetEvaluator borrowing(const EigenNet& net) {
    return NetEvaluator(std::shared_ptr<const EigenNet>(std::shared_ptr<const EigenNet>(), &net));
  }
  float evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) override;
  bool thread_safe() const override { return true; }
  // Priors alone (PriorSource), for moves MCTS meets in a later world.
  void priors(const GameState& world, const std::vector<Move>& moves, std::vector<float>& out) override;

  // PolicyValueNetwork: the raw policy scores of obs's moves (state encoded once, moves batched)
  // and the value head on many worlds in one product.
  void policy_logits(const Observation& obs, const std::vector<Move>& moves, std::vector<float>& logits) const override;
  void values(const std::vector<const GameState*>& worlds, std::vector<float>& out) const override;

  // Batched form for callers that gather many leaves: worlds[i] with moves[i]; fills priors[i]
  // and returns the values. One matrix product per layer for all positions.
  std::vector<float> evaluate_batch(const std::vector<const GameState*>& worlds,
                                    const std::vector<const std::vector<Move>*>& moves,
                                    std::vector<std::vector<float>>& priors) const;

 private:
  std::shared_ptr<const EigenNet> net_;
  float temperature_;
};

}  // namespace ddz
