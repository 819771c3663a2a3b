// Seeded random hands for the endgame tests: cards drawn from a pool, and pools of a few
// neighbouring ranks whose hands hold many pairs, trios, fours and chains.
#pragma once
#include "game/cards.h"
#include "game/rng.h"

namespace ddz::test_hands {

// k cards drawn uniformly from `pool`.
inline Hand draw(Rng& rng, Hand pool, int k) {
  Hand out;
  for (int i = 0; i < k; ++i) {
    int pick = int(rng.below(uint32_t(pool.size())));
    for (int r = 0; r < kNumRanks; ++r) {
      if (pick < pool.count(r)) {
        out.add(r);
        pool.remove(r);
        break;
      }
      pick -= pool.count(r);
    }
  }
  return out;
}

// Four cards of each of six neighbouring ranks (the lowest drawn from 3..9, so up to 2), plus
// the jokers when asked: hands drawn from it are dense in pairs, trios, fours and chains.
inline Hand dense_pool(Rng& rng, bool with_jokers) {
  const int low = int(rng.below(8));
  Hand pool;
  for (int r = low; r < low + 6; ++r) pool.add(r, 4);
  if (with_jokers) {
    pool.add(RX);
    pool.add(RD);
  }
  return pool;
}

}  // namespace ddz::test_hands
