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
// partition achieving it. The empty hand gives 0 plays. Requires hand.is_valid(). Thread-safe
// (each thread keeps its own cache of sub-results, reused across calls). Built for game hands
// (at most 20 cards: median ~2 us); the cost grows fast beyond (the whole deck takes ~20 s).
Decomposition min_plays(Hand hand);

// The same exact count without building the decomposition (faster).
int min_plays_count(Hand hand);

// A cheaper lower bound on min_plays_count: the same search with the kicker rules relaxed (kickers
// only counted, not checked against the combination that takes them: a trio may then take a card
// of its own rank, a four X with D, ...). Never above the exact count, and equal to it on almost
// every dealt hand (on 19,996 of 20,000 random 20-card hands; the other 4 each hold a four and
// come out one lower); about 2.5x faster.
int min_plays_relaxed(Hand hand);

// Reference: plain memoised recursion over every combination leading from the hand (legal_moves).
// Exact by construction and slow; for tests on small hands (up to about 12 cards).
int min_plays_exhaustive(Hand hand);

}  // namespace ddz
