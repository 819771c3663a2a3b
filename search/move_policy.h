// The rollout-player interface: what a search needs of a player to play out sampled worlds and to
// model the other seats (a move for one seat's Observation). Every Agent (agent/agent.h) is one.
#pragma once
#include <cstdint>

#include "game/observation.h"

namespace ddz {

class MovePolicy {
 public:
  virtual ~MovePolicy() = default;
  // Called before each game (or each search's own stream) with a seed derived from the caller's,
  // so that a policy's own randomness is reproducible whatever thread runs it.
  virtual void new_game(uint64_t seed) { (void)seed; }
  // A legal move for obs.seat in the play phase (pass only when following), decided from that
  // seat's Observation alone.
  virtual Move play(const Observation& obs) = 0;
};

}  // namespace ddz
