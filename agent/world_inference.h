// Sampled worlds weighed by the play so far: a deal in which a model of the other seats (the
// heuristic policy) would have made the moves they did make counts more than one in which it would not.
#pragma once
#include <array>

#include "agent/agent.h"
#include "game/observation.h"
#include "game/rng.h"
#include "game/state.h"

namespace ddz {

struct WorldInference {
  // A world's weight is mismatch_weight^m, m = how many of the other seats' last `last_moves`
  // plays (passes included; 0 = all of them) the model would have played differently in that
  // world. 1 = every world weighs the same (the uniform sampler alone).
  double mismatch_weight = 1.0;
  int last_moves = 8;
  bool active() const { return mismatch_weight < 1.0; }
};

struct WeightedWorld {
  GameState world;  // the full-history state (agent/history_worlds.h)
  double weight = 1.0;
};

// The full-history world whose current hands are `hands` (consistent with obs) and its weight.
WeightedWorld weigh_world(const Observation& obs, const std::array<Hand, kNumSeats>& hands,
                          const WorldInference& inference, Agent* model);

// Draws a world for obs (play phase) uniformly, rebuilds its history and weighs it. `model` decides
// each weighed play from that seat's own Observation of the world at the time (it never sees
// other hands); it is only called when inference is active.
WeightedWorld sample_weighted_world(const Observation& obs, Rng& rng, const WorldInference& inference, Agent* model);

}  // namespace ddz
