// The run's replay buffers: what the producers of samples (the warm start's heuristic games and
// the actors) fill and the learner draws its batches from; the one seam between the two sides.
#pragma once
#include <cstdint>
#include <utility>

#include "selfplay/actor.h"
#include "selfplay/replay_buffer.h"
#include "selfplay/samples.h"

namespace ddz::selfplay {

struct SampleStore {
  // A game gives one bid sample per landlord hand but dozens of play samples: bids get a
  // sixteenth of the room (plus a floor for tiny configs).
  explicit SampleStore(int64_t replay_capacity)
      : plays(size_t(replay_capacity)), bids(size_t(replay_capacity / 16 + 256)) {}

  void add(GameSamples&& game) {
    plays.add(std::move(game.plays));
    bids.add(std::move(game.bids));
  }

  ReplayBuffer<PlaySample> plays;
  ReplayBuffer<BidSample> bids;
};

}  // namespace ddz::selfplay
