// Three players: the moves Search::drop_immediate_losses removes (an opponent empties its hand
// before the mover's side plays again) must all lose under plain minimax.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "game/rng.h"
#include "solver/endgame_random.h"
#include "solver/endgame_reference.h"
#include "solver/endgame_search.h"
#include "solver/endgame_table.h"
#include "tests/solver/position_text.h"

namespace ddz {
namespace {

using test_positions::describe;

// The position after the seat to move plays m (landlord at seat 0, as in the search's nodes).
ThreePlayerPosition after(const ThreePlayerPosition& p, int passes, const Move& m) {
  ThreePlayerPosition c = p;
  c.to_move = (p.to_move + 1) % 3;
  if (!m.is_pass()) {
    c.hands[size_t(p.to_move)] -= m.cards;
    c.to_beat = m;
    c.to_beat_seat = p.to_move;
  } else if (passes == 1) {
    c.to_beat = Move::pass();  // two passes: the seat that played leads
    c.to_beat_seat = kNoSeat;
  }
  return c;
}

// Small hands (one or two cards are common, so the rule fires often), with and without a
// combination to beat; every dropped move is checked against minimax.
TEST(EndgameImmediateLosses, DroppedMovesLose) {
  EndgameTable table(1);
  endgame::Search<3> search(table, 0);
  Rng rng(20261130);
  int dropped = 0, dropped_passes = 0, dropped_farmer1 = 0, all_dropped = 0;
  std::vector<Move> all, kept;
  for (int i = 0; i < 3000; ++i) {
    // The seat to move is chosen here (and the seat that played the combination to beat moved
    // off it) so that the mover's hand is the larger one: its solos and pairs then meet
    // opponents of one or two cards.
    const int mover = int(rng.below(3));
    int sizes[3];
    for (int s = 0; s < 3; ++s)
      sizes[s] = s == mover ? 2 + int(rng.below(5)) : rng.below(4) ? 1 + int(rng.below(2)) : 3 + int(rng.below(2));
    ThreePlayerPosition p = random_three_player(rng, sizes[0], sizes[1], sizes[2], rng.below(3) != 0);
    p.to_move = mover;
    if (!p.to_beat.is_pass() && p.to_beat_seat == mover) p.to_beat_seat = (mover + 1 + int(rng.below(2))) % 3;
    const endgame::Node n = test_positions::node_of(p);
    search.ordered_moves(n, all, /*complete=*/true);
    kept = all;
    search.drop_immediate_losses(n, kept);
    ASSERT_FALSE(kept.empty()) << describe(p);
    auto mover_wins = [&](const Move& m) {
      const ThreePlayerPosition c = after(p, n.passes, m);
      if (c.hands[size_t(p.to_move)].empty()) return true;
      const bool v = reference_side_to_move_wins(c);
      return ((c.to_move == 0) == (p.to_move == 0)) ? v : !v;
    };
    for (const Move& m : all) {
      if (std::find(kept.begin(), kept.end(), m) != kept.end()) continue;
      ++dropped;
      dropped_passes += m.is_pass();
      dropped_farmer1 += p.to_move == 1;
      ASSERT_FALSE(mover_wins(m)) << "dropped a winning move " << to_string(m) << " in " << describe(p);
    }
    // The kept moves decide the position as all moves do (also when all but one were dropped).
    bool kept_wins = false;
    for (const Move& m : kept) kept_wins = kept_wins || mover_wins(m);
    ASSERT_EQ(kept_wins, reference_side_to_move_wins(p)) << describe(p);
    all_dropped += kept.size() == 1 && all.size() > 1 && !kept_wins;
  }
  // The rule fires often, on passes and on farmer 1's moves too: the test has teeth.
  EXPECT_GT(dropped, 450);
  EXPECT_GT(dropped_passes, 15);
  EXPECT_GT(dropped_farmer1, 40);
  EXPECT_GT(all_dropped, 80);
}

}  // namespace
}  // namespace ddz
