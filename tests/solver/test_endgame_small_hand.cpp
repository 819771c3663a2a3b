// The two-player three-card rule (solver/endgame_small_hand.h) against plain minimax: the side
// to move against three opposing cards (trios, pairs with a single, singles, the rocket with a
// card), leading and following.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "game/movegen.h"
#include "game/rng.h"
#include "solver/endgame_one_card.h"
#include "solver/endgame_reference.h"
#include "tests/solver/random_hands.h"
#include "solver/endgame_small_hand.h"
#include "solver/endgame_two_cards.h"

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
    const bool got =
        beat.is_pass() ? races.three.small_lead_wins(small, big) : races.three.small_follow_wins(small, beat, big);
    ASSERT_EQ(got, expected) << to_string(small) << " vs " << to_string(big) << " beating " << to_string(beat.cards);
    (expected ? wins : losses)++;
  }
  EXPECT_GT(wins, 300);
  EXPECT_GT(losses, 300);
}

// The rules' reply lists for solos, pairs and trios (RaceLeads::simple_replies, built from rank
// masks) are legal_moves' lists, move for move and in order; other combinations are left to
// legal_moves.
TEST(EndgameSmallHand, SimpleRepliesAreLegalMoves) {
  Rng rng(35);
  int compared = 0, with_bomb_or_rocket = 0;
  std::vector<Move> got;
  for (int i = 0; i < 3000; ++i) {
    const Hand hand = draw(rng, (i % 2) ? Hand::deck() : dense_pool(rng, true), 1 + int(rng.below(14)));
    const Hand rest = Hand::deck() - hand;
    const std::vector<Move> leads = legal_moves(draw(rng, rest, 6), Move::pass());
    const Move beat = leads[rng.below(uint32_t(leads.size()))];
    got.assign(3, Move::pass());  // not cleared by a refusal: must stay as it was
    const bool simple = beat.type == MoveType::Solo || beat.type == MoveType::Pair || beat.type == MoveType::Trio;
    ASSERT_EQ(endgame::RaceLeads::simple_replies(hand, beat, got), simple) << to_string(beat.cards);
    if (!simple) {
      EXPECT_EQ(got.size(), 3u);
      continue;
    }
    const std::vector<Move> expected = legal_moves(hand, beat);
    ASSERT_EQ(got, expected) << to_string(hand) << " on " << to_string(beat.cards);
    ++compared;
    for (const Move& m : expected) with_bomb_or_rocket += m.is_bomb_or_rocket();
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(with_bomb_or_rocket, 100);
}

}  // namespace
}  // namespace ddz
