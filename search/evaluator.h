// The Evaluator interface used by MCTS: priors over the legal moves and a value for a position
// of a sampled full deal. Model-free implementations live in search/ and agent/, networks in models/.
#pragma once
#include <vector>

#include "game/state.h"

namespace ddz {

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // `world` is a full deal in the play phase (not over); `moves` are the legal moves of
  // world.to_move(). Fills `priors` (one per move, same order, non-negative, summing to 1) and
  // returns the value: the expected result for the team of the seat to move in [-1, 1]
  // (+1 = that side wins). The evaluator may look at the whole deal (search runs over sampled
  // deals), but policy priors should depend only on what the seat to move can know.
  virtual float evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) = 0;
  // True when evaluate() may be called from several threads at once on one instance.
  virtual bool thread_safe() const { return false; }
};

}  // namespace ddz
