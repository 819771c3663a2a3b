// Seeded sample positions for measuring legal-move generation: leading 20-card landlord hands
// and following positions met in random games. Shared by `ddz bench` and bench/bench_movegen.
#pragma once
#include <cstdint>
#include <vector>

#include "game/move.h"

namespace ddz {

struct MovegenPosition {
  Hand hand;
  Move to_beat;  // pass when the hand leads
};

// The landlord's 20 cards of `count` deals dealt from Rng::mix(seed, first_deal + i), leading.
std::vector<MovegenPosition> leading_positions(uint64_t seed, uint64_t first_deal, int count);

// Every position with a combination to beat met in random games (game g dealt from
// Rng::mix(seed, first_game + g), moves drawn uniformly by Rng(g)) until 8 x count are collected,
// then an evenly spaced sample of `count` of them.
std::vector<MovegenPosition> following_positions(uint64_t seed, uint64_t first_game, int count);

}  // namespace ddz
