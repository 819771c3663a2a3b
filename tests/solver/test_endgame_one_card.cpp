// The two-player one-card rule (solver/endgame_one_card.h) against plain minimax: the side to
// move against a lone opposing card, leading and following, on seeded random hands.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game/movegen.h"
#include "game/rng.h"
#include "solver/endgame_one_card.h"
#include "solver/endgame_random.h"
#include "solver/endgame_reference.h"
#include "tests/solver/random_hands.h"

namespace ddz {
namespace {

using test_hands::dense_pool;
using test_hands::draw;

int lowest_rank(Hand h) {
  for (int r = 0; r < kNumRanks; ++r)
    if (h.count(r)) return r;
  return -1;
}

TEST(EndgameOneCard, LeadingAgreesWithMinimax) {
  endgame::RaceLeads lead_lists;
  endgame::OneCardRace race(lead_lists);
  Rng rng(20261130);
  int wins = 0, losses = 0;
  for (int i = 0; i < 3000; ++i) {
    const Hand pool = (i % 2) ? Hand::deck() : dense_pool(rng, true);
    const Hand a = draw(rng, pool, 1 + int(rng.below(8)));
    const Hand b = draw(rng, Hand::deck() - a, 1);
    const bool expected = reference_side_to_move_wins(TwoPlayerPosition{a, b, Move::pass()});
    ASSERT_EQ(race.lead_wins(a, lowest_rank(b)), expected) << to_string(a) << " vs " << to_string(b);
    (expected ? wins : losses)++;
  }
  // Both outcomes are common, so the test can tell a rule that always answers one way.
  EXPECT_GT(wins, 500);
  EXPECT_GT(losses, 500);
}

TEST(EndgameOneCard, FollowingAgreesWithMinimax) {
  endgame::RaceLeads lead_lists;
  endgame::OneCardRace race(lead_lists);
  Rng rng(4242);
  int wins = 0, losses = 0;
  for (int i = 0; i < 2000; ++i) {
    TwoPlayerPosition p;
    if (i % 2) {
      p = random_two_player(rng, 1 + int(rng.below(8)), 1, true);
    } else {
      // Dense hands against a lead of six other cards of the deck.
      p.to_move = draw(rng, dense_pool(rng, true), 1 + int(rng.below(8)));
      const Hand rest = Hand::deck() - p.to_move;
      const std::vector<Move> leads = legal_moves(draw(rng, rest, 6), Move::pass());
      p.to_beat = leads[rng.below(uint32_t(leads.size()))];
      p.other = draw(rng, rest - p.to_beat.cards, 1);
    }
    if (p.to_beat.is_pass()) continue;
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(race.follow_wins(p.to_move, p.to_beat, lowest_rank(p.other)), expected)
        << to_string(p.to_move) << " vs " << to_string(p.other) << " beating " << to_string(p.to_beat.cards);
    (expected ? wins : losses)++;
  }
  EXPECT_GT(wins, 200);
  EXPECT_GT(losses, 200);
}

// Hands where the counting shortcuts decide (each checked against minimax too): a four carries
// two low singles as kickers; a low single with no chain partner and no carrier left is a second
// low solo.
TEST(EndgameOneCard, CarriersAndSpares) {
  endgame::RaceLeads lead_lists;
  endgame::OneCardRace race(lead_lists);
  struct Case {
    const char* hand;
    int b;
    bool wins;
  } cases[] = {
      {"333356", RK, true},  // 3333 + 5 + 6
      {"33335", RK, true},  // bomb, then 5 last
      {"33335", R4, true},  // 5 at or above b: a safe solo
      {"3333579", RK, true},  // 3333 + 5 + 7, then 9 last
      {"333357J9", RK, false},  // two of 5, 7, 9, J are left over
      {"333579", RK, false},  // 333 carries one of 5, 7, 9; one is spare; one is left
      {"35", RK, false},       {"34567", RK, true},  // one chain
      {"345679", RK, true},  // chain, 9 last
      {"3456799", RK, true},  // chain, pair
      {"4456789", R2, true},  // 456789 chain, 4 last
  };
  for (const Case& c : cases) {
    const Hand a = parse_cards(c.hand);
    Hand b;
    b.add(c.b);
    const bool expected = reference_side_to_move_wins(TwoPlayerPosition{a, b, Move::pass()});
    EXPECT_EQ(race.lead_wins(a, c.b), expected) << c.hand;
    EXPECT_EQ(expected, c.wins) << c.hand << " (the case's own expectation)";
  }
}

}  // namespace
}  // namespace ddz
