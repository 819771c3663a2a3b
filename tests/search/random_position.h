// A seeded random position for the search tests: a deal (with random bids when asked) and up to
// `plies` random legal moves, stopping before the game ends.
#pragma once
#include <cstdint>
#include <vector>

#include "game/rng.h"
#include "game/state.h"

namespace ddz::testing {

inline GameState random_position(uint64_t seed, int plies, bool bidding) {
  Rules rules;
  rules.bidding = bidding;
  GameState s(seed, rules);
  Rng rng(seed);
  while (s.phase() == Phase::Bidding) {
    auto bids = s.legal_bids();
    s.apply_bid(bids[rng.below(uint32_t(bids.size()))]);
  }
  std::vector<Move> moves;
  for (int i = 0; i < plies && s.phase() == Phase::Play; ++i) {
    s.legal(moves);
    GameState next = s;
    next.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
    if (next.phase() != Phase::Play) break;
    s = next;
  }
  return s;
}

}  // namespace ddz::testing
