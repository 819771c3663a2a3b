// The two-player two-card rule (solver/endgame_two_cards.h) against plain minimax: the side to
// move against two opposing cards (a pair or two singles), leading and following.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game/movegen.h"
#include "game/rng.h"
#include "solver/endgame_one_card.h"
#include "solver/endgame_reference.h"
#include "tests/solver/random_hands.h"
#include "solver/endgame_two_cards.h"

namespace ddz {
namespace {

using test_hands::dense_pool;
using test_hands::draw;

// Two cards for B from what A left: a pair every third time when one is available.
Hand opponent(Rng& rng, Hand rest, int i) {
  if (i % 3 == 0) {
    std::vector<int> ranks;
    for (int r = 0; r < 13; ++r)
      if (rest.count(r) >= 2) ranks.push_back(r);
    Hand b;
    b.add(ranks[rng.below(uint32_t(ranks.size()))], 2);
    return b;
  }
  for (;;) {
    const Hand b = draw(rng, rest, 2);
    if (!(b.count(RX) && b.count(RD))) return b;  // the rocket: its own test below
  }
}

TEST(EndgameTwoCards, LeadingAgreesWithMinimax) {
  endgame::RaceLeads lead_lists;
  endgame::OneCardRace one(lead_lists);
  endgame::TwoCardRace race(one, lead_lists);
  Rng rng(1130);
  int wins = 0, losses = 0, pairs = 0;
  for (int i = 0; i < 2500; ++i) {
    const Hand a = draw(rng, (i % 2) ? Hand::deck() : dense_pool(rng, false), 1 + int(rng.below(7)));
    const Hand b = opponent(rng, Hand::deck() - a, i);
    pairs += b.count(__builtin_ctzll(b.bits()) / 4) == 2;
    const bool expected = reference_side_to_move_wins(TwoPlayerPosition{a, b, Move::pass()});
    ASSERT_EQ(race.lead_wins(a, b), expected) << to_string(a) << " vs " << to_string(b);
    (expected ? wins : losses)++;
  }
  EXPECT_GT(wins, 400);
  EXPECT_GT(losses, 400);
  EXPECT_GT(pairs, 700);
}

TEST(EndgameTwoCards, FollowingAgreesWithMinimax) {
  endgame::RaceLeads lead_lists;
  endgame::OneCardRace one(lead_lists);
  endgame::TwoCardRace race(one, lead_lists);
  Rng rng(2611);
  int wins = 0, losses = 0;
  for (int i = 0; i < 2000; ++i) {
    const Hand a = draw(rng, (i % 2) ? Hand::deck() : dense_pool(rng, false), 1 + int(rng.below(7)));
    const Hand rest = Hand::deck() - a;
    const std::vector<Move> leads = legal_moves(draw(rng, rest, 6), Move::pass());
    const Move beat = leads[rng.below(uint32_t(leads.size()))];
    const Hand b = opponent(rng, rest - beat.cards, i);
    const TwoPlayerPosition p{a, b, beat};
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(race.follow_wins(a, beat, b), expected)
        << to_string(a) << " vs " << to_string(b) << " beating " << to_string(beat.cards);
    (expected ? wins : losses)++;
  }
  EXPECT_GT(wins, 300);
  EXPECT_GT(losses, 300);
}

// Against the rocket only emptying the hand at once wins, leading or following.
TEST(EndgameTwoCards, RocketAgreesWithMinimax) {
  endgame::RaceLeads lead_lists;
  endgame::OneCardRace one(lead_lists);
  endgame::TwoCardRace race(one, lead_lists);
  const Hand rocket = parse_cards("XD");
  Rng rng(1201);
  int wins = 0;
  for (int i = 0; i < 400; ++i) {
    const Hand rest = Hand::deck() - rocket;
    const Hand a = draw(rng, (i % 2) ? rest : dense_pool(rng, false), 1 + int(rng.below(6)));
    Move beat;
    if (i % 3 == 0) {
      const std::vector<Move> leads = legal_moves(draw(rng, rest - a, 6), Move::pass());
      beat = leads[rng.below(uint32_t(leads.size()))];
    }
    const bool expected = reference_side_to_move_wins(TwoPlayerPosition{a, rocket, beat});
    const bool got = beat.is_pass() ? race.lead_wins(a, rocket) : race.follow_wins(a, beat, rocket);
    ASSERT_EQ(got, expected) << to_string(a) << " beating " << to_string(beat.cards);
    wins += expected;
  }
  EXPECT_GT(wins, 40);  // one-combination hands (pairs, trios, chains) do win
}

}  // namespace
}  // namespace ddz
