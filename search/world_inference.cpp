// Weighs a sampled world by replaying the public history on it and asking the model, at each of the
// other seats' recent plays, what it would have played with that seat's cards in this world.
#include "search/world_inference.h"

#include <optional>
#include <stdexcept>

#include "search/history_worlds.h"
#include "search/world_sampler.h"

namespace ddz {

WeightedWorld weigh_world(const Observation& obs, const std::array<Hand, kNumSeats>& hands,
                          const WorldInference& inference, MovePolicy* model, double floor) {
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
    if (play.seat == obs.seat || size_t(&play - base) < first || weight < floor) return;
    if (model->play(observe(before, play.seat)) != play.move) weight *= inference.mismatch_weight;
  };
  GameState world = world_with_history(obs, hands, weigh);
  return WeightedWorld{std::move(world), weight};
}

WeightedWorld sample_weighted_world(const Observation& obs, Rng& rng, const WorldInference& inference,
                                    MovePolicy* model) {
  static const UniformWorldSampler sampler;
  if (!inference.active() || inference.draws <= 1)
    return weigh_world(obs, sampler.sample(obs, rng).hands(), inference, model);
  std::optional<WeightedWorld> heaviest;
  for (int d = 0; d < inference.draws; ++d) {
    const double u = 1.0 - rng.uniform();  // in (0, 1]: a world of weight 1 is always kept
    WeightedWorld w = weigh_world(obs, sampler.sample(obs, rng).hands(), inference, model, u);
    if (w.weight >= u) {
      w.weight = 1.0;
      return w;
    }
    if (!heaviest || w.weight > heaviest->weight) heaviest = std::move(w);
  }
  heaviest->weight = 1.0;
  return std::move(*heaviest);
}

}  // namespace ddz
