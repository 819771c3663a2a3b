// The model-free evaluator for MCTS: uniform priors over the legal moves and the value of random
// playouts of the sampled world to the end of the game (no knowledge beyond the rules).
#pragma once
#include <cstdint>
#include <vector>

#include "game/rng.h"
#include "search/evaluator.h"

namespace ddz {

// +1 when the team of `seat` has won the finished game `over`, else -1.
float team_result(const GameState& over, int seat);

// Plays uniformly random legal moves for every seat until the game ends; returns the winner.
int random_playout(GameState& world, Rng& rng, std::vector<Move>& scratch);

class RolloutEvaluator final : public Evaluator {
 public:
  // `rollouts` random playouts per evaluation, averaged.
  explicit RolloutEvaluator(uint64_t seed, int rollouts = 1) : rng_(seed), rollouts_(rollouts) {}
  float evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) override;

 private:
  Rng rng_;
  int rollouts_;
  std::vector<Move> scratch_;
};

}  // namespace ddz
