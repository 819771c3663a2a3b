// NetEvaluator: the MCTS Evaluator backed by the networks. Priors = policy softmax over the given
// legal moves (inputs: only what the seat to move knows); value = value head on the full world.
#pragma once
#include <memory>

#include "models/eigen_net.h"
#include "search/evaluator.h"
#include "search/mcts_priors.h"

namespace ddz {

class NetEvaluator : public Evaluator, public PriorSource {
 public:
  // prior_temperature > 0 flattens (> 1) or sharpens (< 1) the priors.
  explicit NetEvaluator(std::shared_ptr<const EigenNet> net, float prior_temperature = 1.0f);
  float evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) override;
  bool thread_safe() const override { return true; }
  // Priors alone (PriorSource), for moves MCTS meets in a later world.
  void priors(const GameState& world, const std::vector<Move>& moves, std::vector<float>& out) override;

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
