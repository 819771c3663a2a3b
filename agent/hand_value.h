// Hand value for the heuristic agent: splits a hand into combinations (chains, airplanes, trios
// with kickers, bombs, rocket, pairs, solos) maximising value - kRoundCost x plays, fast enough
// to score every candidate move of a decision (a few microseconds per hand).
#pragma once
#include <array>

#include "game/cards.h"
#include "game/move.h"

namespace ddz {

// Cost of one more round (combination to lead) in value units: a split with one more play must
// hold that much more strength in its combinations to be as good.
constexpr int kRoundCost = 7;

// Strength of one combination in value units: its key's card value (3 -> 3 ... A -> 14,
// 2 -> 15, X -> 16, D -> 17) minus 10, chains keyed by their top rank plus a small bonus,
// bombs cv + 5, the rocket 22. Kickers add nothing.
int combination_value(const Move& move);

// A split of a hand into combinations whose cards add up to the hand exactly.
struct HandPlan {
  int plays = 0;
  int value = 0;  // sum of combination values - kRoundCost x plays (higher is better)
  int count = 0;
  std::array<Move, 20> groups{};
};

// The best split found (exact over chain and airplane choices up to a node budget, kickers
// attached greedily to trios and airplanes from the lowest solos and pairs below 2). The
// empty hand gives plays 0, value 0.
HandPlan plan_hand(Hand hand);
// Value of plan_hand(hand) without building the groups.
int hand_value(Hand hand);

}  // namespace ddz
