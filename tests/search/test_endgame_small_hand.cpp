// The two-player three-card rule (search/endgame_small_hand.h) against plain minimax: the side
// to move against three opposing cards (trios, pairs with a single, singles, the rocket with a
// card), leading and following.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "game/movegen.h"
#include "game/rng.h"
#include "search/endgame_one_card.h"
#include "search/endgame_reference.h"
#include "tests/search/random_hands.h"
#include "search/endgame_small_hand.h"
#include "search/endgame_two_cards.h"

namespace ddz {
namespace {

using test_hands::dense_pool;
using test_hands::draw;

// The cards both x and y hold.
Hand common(Hand x, Hand y) {
  Hand out;
  for (int r = 0; r < kNumRanks; ++r) out.add(r, std::min(x.count(r), y.count(r)));
  return out;
}

struct Races {
  endgame::RaceLeads lead_lists;
  endgame::OneCardRace one{lead_lists};
  endgame::TwoCardRace two{one, lead_lists};
  endgame::SmallHandRace three{one, two, lead_lists};
};

TEST(EndgameSmallHand, LeadingAgreesWithMinimax) {
  Races races;
  Rng rng(31);
  int wins = 0, losses = 0;
  for (int i = 0; i < 1500; ++i) {
    const Hand a = draw(rng, (i % 2) ? Hand::deck() : dense_pool(rng, true), 1 + int(rng.below(7)));
    const Hand rest = Hand::deck() - a;
    // Every third B from six neighbouring ranks: trios and pairs with a single are common.
    Hand pool = (i % 3) ? rest : common(dense_pool(rng, true), rest);
    if (pool.size() < 3) pool = rest;
    const Hand b = draw(rng, pool, 3);
    const bool expected = reference_side_to_move_wins(TwoPlayerPosition{a, b, Move::pass()});
    ASSERT_EQ(races.three.lead_wins(a, b), expected) << to_string(a) << " vs " << to_string(b);
    (expected ? wins : losses)++;
  }
  EXPECT_GT(wins, 300);
  EXPECT_GT(losses, 300);
}

TEST(EndgameSmallHand, FollowingAgreesWithMinimax) {
  Races races;
  Rng rng(32);
  int wins = 0, losses = 0;
  for (int i = 0; i < 1500; ++i) {
    const Hand a = draw(rng, (i % 2) ? Hand::deck() : dense_pool(rng, true), 1 + int(rng.below(7)));
    const Hand rest = Hand::deck() - a;
    const std::vector<Move> leads = legal_moves(draw(rng, rest, 6), Move::pass());
    const Move beat = leads[rng.below(uint32_t(leads.size()))];
    const Hand b = draw(rng, rest - beat.cards, 3);
    const bool expected = reference_side_to_move_wins(TwoPlayerPosition{a, b, beat});
    ASSERT_EQ(races.three.follow_wins(a, beat, b), expected)
        << to_string(a) << " vs " << to_string(b) << " beating " << to_string(beat.cards);
    (expected ? wins : losses)++;
  }
  EXPECT_GT(wins, 300);
  EXPECT_GT(losses, 300);
}

// The small hand to move (one to three cards) against a larger one, leading and following.
TEST(EndgameSmallHand, SmallSideToMoveAgreesWithMinimax) {
  Races races;
  Rng rng(33);
  int wins = 0, losses = 0;
  for (int i = 0; i < 1500; ++i) {
    const Hand big = draw(rng, (i % 2) ? Hand::deck() : dense_pool(rng, true), 4 + int(rng.below(4)));
    const Hand rest = Hand::deck() - big;
    Move beat;
    if (i % 2) {
      const std::vector<Move> leads = legal_moves(draw(rng, rest, 6), Move::pass());
      beat = leads[rng.below(uint32_t(leads.size()))];
    }
    const Hand small = draw(rng, rest - beat.cards, 1 + int(rng.below(3)));
    const bool expected = reference_side_to_move_wins(TwoPlayerPosition{small, big, beat});
    const bool got = beat.is_pass() ? races.three.small_lead_wins(small, big) : races.three.small_follow_wins(small, beat, big);
    ASSERT_EQ(got, expected) << to_string(small) << " vs " << to_string(big) << " beating " << to_string(beat.cards);
    (expected ? wins : losses)++;
  }
  EXPECT_GT(wins, 300);
  EXPECT_GT(losses, 300);
}

}  // namespace
}  // namespace ddz
