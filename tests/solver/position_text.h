// Text of endgame positions for the search tests' failure messages, and the shared check of
// budgeted solver calls (unknown, or the exact answer).
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "solver/endgame_search.h"
#include "solver/endgame_solver.h"

namespace ddz::test_positions {

inline std::string describe(const TwoPlayerPosition& p) {
  return to_string(p.to_move) + " vs " + to_string(p.other) + " beat " + to_string(p.to_beat);
}

inline std::string describe(const ThreePlayerPosition& p) {
  return to_string(p.hands[0]) + " / " + to_string(p.hands[1]) + " / " + to_string(p.hands[2]) + " landlord " +
         std::to_string(p.landlord) + " to move " + std::to_string(p.to_move) + " beat " + to_string(p.to_beat) +
         " by " + std::to_string(p.to_beat_seat);
}

// The search's node of a three-player position whose landlord sits at seat 0 (internal seats are
// the position's seats then), for tests that call the search's parts directly.
inline endgame::Node node_of(const ThreePlayerPosition& p) {
  endgame::Node n;
  for (int s = 0; s < 3; ++s) n.h[s] = p.hands[size_t(s)];
  n.to_move = p.to_move;
  n.beat = p.to_beat;
  if (!p.to_beat.is_pass()) n.passes = (p.to_move - p.to_beat_seat - 1 + 6) % 3;
  return n;
}

// Asks `budgeted` `repeats` times about each of `count` positions from draw() (later calls lean
// on the table that cut calls filled): every finished answer must be `exact`'s. Counts the
// finished and unknown answers, so that callers can check that both occur.
template <typename Draw>
void check_budgeted_calls(EndgameSolver& exact, EndgameSolver& budgeted, int count, int repeats, Draw draw,
                          int* finished, int* unknown) {
  for (int i = 0; i < count; ++i) {
    const auto p = draw();
    const auto expected = exact.side_to_move_wins(p);
    ASSERT_TRUE(expected.has_value()) << describe(p);
    for (int repeat = 0; repeat < repeats; ++repeat) {
      const auto got = budgeted.side_to_move_wins(p);
      if (!got) {
        ++*unknown;
        continue;
      }
      ++*finished;
      ASSERT_EQ(got, expected) << describe(p) << " call " << repeat;
    }
  }
}

}  // namespace ddz::test_positions
