// An optional capability of an Evaluator: priors alone, without a value. MCTS asks for them when a
// sampled world offers a node moves it has not seen before (hidden hands differ between worlds).
#pragma once
#include <vector>

#include "game/state.h"

namespace ddz {

// Evaluators that can give priors cheaply also derive from PriorSource; MCTS finds it with
// dynamic_cast and otherwise gives moves first seen in a later world a uniform prior.
class PriorSource {
 public:
  virtual ~PriorSource() = default;
  // Same contract as Evaluator::evaluate's priors: one per move, non-negative, summing to 1.
  virtual void priors(const GameState& world, const std::vector<Move>& moves, std::vector<float>& out) = 0;
};

}  // namespace ddz
