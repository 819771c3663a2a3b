// Random-playout evaluation: a weak but unbiased value signal that needs no model.
#include "search/rollout_evaluator.h"

namespace ddz {

float team_result(const GameState& over, int seat) {
  const int w = over.winner();
  const bool same = (w == seat) || (w != over.landlord() && seat != over.landlord());
  return same ? 1.0f : -1.0f;
}

int random_playout(GameState& world, Rng& rng, std::vector<Move>& scratch) {
  while (world.phase() == Phase::Play) {
    world.legal(scratch);
    world.apply_trusted(scratch[rng.below(uint32_t(scratch.size()))]);
  }
  return world.winner();
}

float RolloutEvaluator::evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) {
  priors.assign(moves.size(), moves.empty() ? 0.0f : 1.0f / float(moves.size()));
  const int seat = world.to_move();
  float sum = 0;
  for (int i = 0; i < rollouts_; ++i) {
    GameState w = world;
    random_playout(w, rng_, scratch_);
    sum += team_result(w, seat);
  }
  return rollouts_ > 0 ? sum / float(rollouts_) : 0.0f;
}

}  // namespace ddz
