// Sampled worlds weighed by the play so far: a deal in which a model of the other seats (the
// heuristic policy) would have made the moves they did make counts more than one in which it would not.
#pragma once
#include <array>

#include "search/move_policy.h"
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
  // 1: every drawn world is used with its weight (a weighted mean; when the weights are spread, a
  // few worlds decide it). > 1: rejection sampling: a uniform draw is kept with probability equal
  // to its weight, up to `draws` draws (the last resort is the heaviest draw seen), and the kept
  // world weighs 1. The search then averages over as many worlds as before, drawn in proportion
  // to their weights, instead of leaning on the few heavy ones.
  int draws = 1;
  bool active() const { return mismatch_weight < 1.0; }
};

struct WeightedWorld {
  GameState world;  // the full-history state (search/history_worlds.h)
  double weight = 1.0;
};

// The full-history world whose current hands are `hands` (consistent with obs) and its weight.
// Once the weight falls below `floor` the model is asked no more (a rejection sampler needs no
// more): the weight returned is then an upper bound below floor.
WeightedWorld weigh_world(const Observation& obs, const std::array<Hand, kNumSeats>& hands,
                          const WorldInference& inference, MovePolicy* model, double floor = 0.0);

// Draws a world for obs (play phase) uniformly, rebuilds its history and weighs it (with
// inference.draws > 1: draws until one is accepted, see WorldInference::draws). `model` decides
// each weighed play from that seat's own Observation of the world at the time (it never sees
// other hands); it is only called when inference is active.
WeightedWorld sample_weighted_world(const Observation& obs, Rng& rng, const WorldInference& inference,
                                    MovePolicy* model);

}  // namespace ddz
