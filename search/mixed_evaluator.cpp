// Network priors and value blended with heuristic rollouts for MCTS (see the header for why).
// Rollouts are skipped when lambda is 0, the network value when lambda is 1.
#include "search/mixed_evaluator.h"

#include <stdexcept>

#include "game/rng.h"
#include "search/rollout_evaluator.h"

namespace ddz {
namespace {

PlayoutEvaluatorOptions rollout_options(double heuristic_prior) {
  PlayoutEvaluatorOptions o;
  o.policy_priors = heuristic_prior > 0;
  o.prior_weight = 1.0;  // the heuristic's priors are then a one-hot on its move
  return o;
}

}  // namespace

MixedEvaluator::MixedEvaluator(std::unique_ptr<PolicyValueNetwork> net, std::unique_ptr<MovePolicy> rollout_policy,
                               std::unique_ptr<MovePolicy> deep_policy, uint64_t seed,
                               const MixedEvaluatorOptions& options)
    : net_(std::move(net)),
      heuristic_(std::move(rollout_policy), seed, rollout_options(options.heuristic_prior)),
      deep_(std::move(deep_policy), Rng::mix(seed, 0xdee9),
            [&] {
              PlayoutEvaluatorOptions o;
              o.prior_weight = options.deep_prior_weight;
              return o;
            }()),
      options_(options) {
  if (!net_) throw std::invalid_argument("mixed evaluator: no network");
  if (options_.net_plies >= 0 && !options_.root_plies)
    throw std::invalid_argument("net_plies needs the root's history length");
  if (!(options_.deep_prior_weight >= 0.0 && options_.deep_prior_weight <= 1.0))
    throw std::invalid_argument("deep_prior_weight must be in [0, 1]");
  if (!(options_.rollout_mix >= 0.0 && options_.rollout_mix <= 1.0))
    throw std::invalid_argument("rollout_mix must be in [0, 1]");
  if (!(options_.heuristic_prior >= 0.0 && options_.heuristic_prior <= 1.0))
    throw std::invalid_argument("heuristic_prior must be in [0, 1]");
}

void MixedEvaluator::blend_heuristic_prior(const GameState& world, const std::vector<Move>& moves,
                                           std::vector<float>& priors) {
  if (options_.heuristic_prior <= 0 || moves.size() < 2) return;
  heuristic_.priors(world, moves, scratch_);
  const float w = float(options_.heuristic_prior);
  for (size_t i = 0; i < priors.size(); ++i) priors[i] = (1.0f - w) * priors[i] + w * scratch_[i];
}

bool MixedEvaluator::deep(const GameState& world) const {
  return options_.net_plies >= 0 &&
         int(world.history().size()) - options_.root_plies->load(std::memory_order_relaxed) >= options_.net_plies;
}

float MixedEvaluator::evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) {
  if (deep(world)) return deep_.evaluate(world, moves, priors);
  float net_value = 0;
  if (options_.rollout_mix < 1.0) {
    net_value = net_->evaluate(world, moves, priors);
  } else {
    net_->priors(world, moves, priors);
  }
  blend_heuristic_prior(world, moves, priors);
  if (options_.rollout_mix <= 0.0) return net_value;
  GameState w = world;
  heuristic_.rollout(w);
  const float rollout_value = team_result(w, world.to_move());
  const float lambda = float(options_.rollout_mix);
  return (1.0f - lambda) * net_value + lambda * rollout_value;
}

void MixedEvaluator::priors(const GameState& world, const std::vector<Move>& moves, std::vector<float>& out) {
  if (deep(world)) {
    deep_.priors(world, moves, out);
    return;
  }
  net_->priors(world, moves, out);
  blend_heuristic_prior(world, moves, out);
}

}  // namespace ddz
