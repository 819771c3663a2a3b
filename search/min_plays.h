// Minimum plays: the fewest combinations (each led, nobody interferes) that empty a hand, with one
// decomposition achieving it. Seed of the hand-value heuristics, so it is built to be called often.
#pragma once
#include <vector>

#include "game/cards.h"
#include "game/move.h"

namespace ddz {

struct Decomposition {
  int plays = 0;
  std::vector<Move> moves;  // `plays` combinations whose cards add up to the hand exactly
};

// Exact: the fewest combinations (any of the 27,471 of RULES.md) that partition `hand`, and one
// partition achieving it. The empty hand gives 0 plays. Requires hand.is_valid().
Decomposition min_plays(Hand hand);

// The same exact count without building the decomposition (faster).
int min_plays_count(Hand hand);

// A cheaper lower bound on min_plays_count: the same search with kicker rules relaxed (kickers
// counted per side, not per combination). Equal to the exact count on most hands, never above it.
int min_plays_relaxed(Hand hand);

// Reference: plain memoised recursion over every combination leading from the hand (legal_moves).
// Exact by construction and slow; for tests on small hands (up to about 12 cards).
int min_plays_exhaustive(Hand hand);

}  // namespace ddz
