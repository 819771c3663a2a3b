// Weighs a sampled world by replaying the public history on it and asking the model, at each of the
// other seats' recent plays, what it would have played with that seat's cards in this world.
#include "agent/world_inference.h"

#include <stdexcept>

#include "agent/history_worlds.h"
#include "search/world_sampler.h"

namespace ddz {

WeightedWorld weigh_world(const Observation& obs, const std::array<Hand, kNumSeats>& hands,
                          const WorldInference& inference, Agent* model) {
  if (!inference.active()) return WeightedWorld{world_with_history(obs, hands), 1.0};
  if (!model) throw std::invalid_argument("weigh_world: inference needs a model of the other seats");
  if (inference.mismatch_weight <= 0.0) throw std::invalid_argument("weigh_world: mismatch_weight must be > 0");

  // The first history index that is weighed: the other seats' last `last_moves` plays.
  size_t first = 0;
  if (inference.last_moves > 0) {
    int seen = 0;
    for (size_t i = obs.history.size(); i-- > 0;) {
      if (obs.history[i].seat == obs.seat) continue;
      first = i;
      if (++seen == inference.last_moves) break;
    }
  }
  double weight = 1.0;
  const PlayRecord* base = obs.history.data();
  const PlayVisitor weigh = [&](const GameState& before, const PlayRecord& play) {
    if (play.seat == obs.seat || size_t(&play - base) < first) return;
    if (model->play(observe(before, play.seat)) != play.move) weight *= inference.mismatch_weight;
  };
  GameState world = world_with_history(obs, hands, weigh);
  return WeightedWorld{std::move(world), weight};
}

WeightedWorld sample_weighted_world(const Observation& obs, Rng& rng, const WorldInference& inference, Agent* model) {
  static const UniformWorldSampler sampler;
  return weigh_world(obs, sampler.sample(obs, rng).hands(), inference, model);
}

}  // namespace ddz
