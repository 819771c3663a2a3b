// Policy rollouts and policy-shaped priors for MCTS; each decision is made from the deciding
// seat's own Observation of the sampled world, so no seat plays with the others' cards in view.
#include "search/playout_evaluator.h"

#include <stdexcept>

#include "search/rollout_evaluator.h"

namespace ddz {

PlayoutEvaluator::PlayoutEvaluator(std::unique_ptr<MovePolicy> policy, uint64_t seed,
                                   const PlayoutEvaluatorOptions& options)
    : policy_(std::move(policy)), rng_(seed), options_(options) {
  if (!policy_) throw std::invalid_argument("heuristic evaluator: no policy agent");
  if (options_.rollouts < 1) throw std::invalid_argument("playout evaluator: rollouts must be >= 1");
  policy_->new_game(Rng::mix(seed, 1));
}

int PlayoutEvaluator::rollout(GameState& world, int stop_cards, int max_plies) {
  for (int plies = 0; world.phase() == Phase::Play; ++plies) {
    if (stop_cards > 0 && world.cards_in_hands() <= stop_cards) return -1;
    if (max_plies > 0 && plies >= max_plies) return -1;
    if (options_.rollout_epsilon > 0 && rng_.uniform() < options_.rollout_epsilon) {
      world.legal(scratch_);
      world.apply_trusted(scratch_[rng_.below(uint32_t(scratch_.size()))]);
    } else {
      world.apply_trusted(policy_->play(observe(world, world.to_move())));
    }
  }
  return world.winner();
}

float PlayoutEvaluator::evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) {
  this->priors(world, moves, priors);
  const int seat = world.to_move();
  float sum = 0;
  for (int i = 0; i < options_.rollouts; ++i) {
    GameState w = world;
    rollout(w);
    sum += team_result(w, seat);
  }
  return sum / float(options_.rollouts);
}

void PlayoutEvaluator::priors(const GameState& world, const std::vector<Move>& moves, std::vector<float>& out) {
  const size_t n = moves.size();
  out.assign(n, n == 0 ? 0.0f : 1.0f / float(n));
  if (!options_.policy_priors || n < 2) return;
  const Move choice = policy_->play(observe(world, world.to_move()));
  const float w = float(options_.prior_weight);
  float sum = 0;
  for (size_t i = 0; i < n; ++i) {
    out[i] = (1.0f - w) / float(n);
    if (moves[i] == choice) out[i] += w;
    sum += out[i];
  }
  if (sum > 0)
    for (float& p : out) p /= sum;
}

}  // namespace ddz
