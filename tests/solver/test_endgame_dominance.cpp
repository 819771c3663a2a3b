// Kicker dominance (solver/endgame_dominance.h) against plain minimax: whenever a move the rule
// calls dominated wins, some move it keeps wins too, so skipping dominated moves loses no win.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game/movegen.h"
#include "game/rng.h"
#include "solver/endgame_dominance.h"
#include "solver/endgame_reference.h"
#include "tests/solver/random_hands.h"

namespace ddz {
namespace {

using test_hands::draw;

// The mover's value of playing m from p (two players).
bool move_wins(const TwoPlayerPosition& p, const Move& m) {
  const Hand rest = p.to_move - m.cards;
  if (rest.empty()) return true;
  if (m.is_pass()) return !reference_side_to_move_wins(TwoPlayerPosition{p.other, p.to_move, Move::pass()});
  return !reference_side_to_move_wins(TwoPlayerPosition{p.other, rest, m});
}

TEST(EndgameDominance, DominatedWinsImplyAKeptWin) {
  Rng rng(77);
  int dominated_seen = 0, dominated_wins = 0;
  for (int i = 0; i < 1500; ++i) {
    // A trio or four plus loose cards for the mover, so kicker choices are common.
    Hand a;
    const int main_rank = int(rng.below(13));
    a.add(main_rank, 3 + int(rng.below(2)));
    a += draw(rng, Hand::deck() - a, 2 + int(rng.below(3)));
    const Hand b = draw(rng, Hand::deck() - a, 1 + int(rng.below(5)));
    const TwoPlayerPosition p{a, b, Move::pass()};
    const endgame::KickerDominance dom(a, 0);
    bool kept_win = false, dominated_win = false;
    for (const Move& m : legal_moves(a, Move::pass())) {
      const bool d = dom.dominated(m);
      dominated_seen += d;
      const bool w = move_wins(p, m);
      (d ? dominated_win : kept_win) |= w;
    }
    dominated_wins += dominated_win;
    if (dominated_win) { EXPECT_TRUE(kept_win) << to_string(a) << " vs " << to_string(b); }
  }
  // The rule fires often and dominated moves do win at times: the test has teeth.
  EXPECT_GT(dominated_seen, 1000);
  EXPECT_GT(dominated_wins, 50);
}

// Three players use the rule only with the partner condition; two players pass partner 0. A
// partner holding a rank between the loose card and the kicker blocks the rule.
TEST(EndgameDominance, PartnerBetweenBlocksTheRule) {
  const Hand a = parse_cards("55537");
  Move m;
  for (const Move& x : legal_moves(a, Move::pass()))
    if (x.type == MoveType::TrioSolo && x.cards.count(R7)) m = x;
  ASSERT_EQ(m.type, MoveType::TrioSolo);
  EXPECT_TRUE(endgame::KickerDominance(a, 0).dominated(m));  // 555+3 keeps 7
  EXPECT_FALSE(endgame::KickerDominance(a, 1u << R6).dominated(m));  // partner holds 6
  EXPECT_TRUE(endgame::KickerDominance(a, 1u << R8).dominated(m));  // 8 is above 7
  EXPECT_FALSE(
      endgame::KickerDominance(parse_cards("555347"), 0).dominated(m));  // 3, 4 sit next to held ranks: not loose
}

}  // namespace
}  // namespace ddz
