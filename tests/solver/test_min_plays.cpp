// Minimum plays: exact count and decomposition checked against the exhaustive recursion over
// legal_moves on 2,000+ random small hands, hand-picked kicker-rule cases, and landlord hands.
#include <gtest/gtest.h>

#include <vector>

#include "game/catalogue.h"
#include "game/rng.h"
#include "solver/min_plays.h"

namespace ddz {
namespace {

// n distinct cards of one shuffled deck, as a landlord or a player would hold them.
Hand random_hand(Rng& rng, int n) {
  std::vector<int> ids(kNumCards);
  for (int i = 0; i < kNumCards; ++i) ids[size_t(i)] = i;
  for (int i = 0; i < n; ++i) std::swap(ids[size_t(i)], ids[size_t(i) + rng.below(uint32_t(kNumCards - i))]);
  ids.resize(size_t(n));
  return hand_from_ids(ids);
}

// The decomposition is `plays` real combinations that add up to the hand exactly.
void expect_valid(Hand hand, const Decomposition& d) {
  ASSERT_EQ(int(d.moves.size()), d.plays) << to_string(hand);
  Hand sum;
  for (const Move& m : d.moves) {
    auto c = classify(m.cards);
    ASSERT_TRUE(c.has_value()) << to_string(hand) << ": " << to_string(m.cards) << " is not a combination";
    EXPECT_EQ(*c, m) << to_string(hand);
    sum += m.cards;
  }
  EXPECT_EQ(sum, hand) << to_string(hand);
}

TEST(MinPlays, HandPickedHands) {
  const std::vector<std::pair<const char*, int>> cases = {
      {"", 0},
      {"3", 1},
      {"XD", 1},
      {"33344455", 1},  // trio_solo_chain whose two kickers are one pair
      {"33334444", 2},  // not a combination: two bombs (or four with a pair + pair)
      {"3333XD", 2},  // four_two_solo may not take X with D
      {"333444XD", 2},  // nor may an airplane
      {"333444555666", 1},  // trio_chain of 4
      {"3334445556667", 2},  // 13 cards: no single combination
      {"33345", 2},  // 3334 + 5
      {"3456789TJQKA2", 2},  // longest chain + the 2
      {"333355", 1},  // four_two_solo with a pair as kickers
      {"33335566", 1},  // four_two_pair
      {"333444555777", 1},  // airplane of 3 with kickers 7 7 7 (not next to the chain)
      {"333444555666777888", 1},
      {"3334445556667778889T", 2},  // 6 trios + 2 kickers is no combination
      {"33334", 2},
      {"3333444", 2},
  };
  for (const auto& [text, plays] : cases) {
    const Hand hand = parse_cards(text);
    EXPECT_EQ(min_plays_count(hand), plays) << text;
    EXPECT_EQ(min_plays_exhaustive(hand), plays) << text;
    const Decomposition d = min_plays(hand);
    EXPECT_EQ(d.plays, plays) << text;
    expect_valid(hand, d);
    EXPECT_LE(min_plays_relaxed(hand), plays) << text;
  }
}

TEST(MinPlays, MatchesExhaustiveSearchOnRandomSmallHands) {
  Rng rng(20261130);
  for (int i = 0; i < 2400; ++i) {
    const int n = 1 + int(rng.below(12));
    const Hand hand = random_hand(rng, n);
    const int want = min_plays_exhaustive(hand);
    ASSERT_EQ(min_plays_count(hand), want) << to_string(hand);
    const Decomposition d = min_plays(hand);
    ASSERT_EQ(d.plays, want) << to_string(hand);
    expect_valid(hand, d);
    ASSERT_LE(min_plays_relaxed(hand), want) << to_string(hand);
  }
}

// Hands rich in trios and fours stress the kicker rules more than uniform deals do.
TEST(MinPlays, MatchesExhaustiveSearchOnTrioHeavyHands) {
  Rng rng(77);
  for (int i = 0; i < 600; ++i) {
    Hand hand;
    const int target = 6 + int(rng.below(7));
    while (hand.size() < target) {
      const int r = int(rng.below(kNumRanks));
      const int room = (r >= RX ? 1 : 4) - hand.count(r);
      if (room <= 0) continue;
      const int take = std::min(room, 1 + int(rng.below(4)));
      hand.add(r, std::min(take, target - hand.size()));
    }
    const int want = min_plays_exhaustive(hand);
    ASSERT_EQ(min_plays_count(hand), want) << to_string(hand);
    const Decomposition d = min_plays(hand);
    ASSERT_EQ(d.plays, want) << to_string(hand);
    expect_valid(hand, d);
  }
}

// 17 + 3 cards as the landlord holds them: the exhaustive recursion is still quick at 20 cards.
TEST(MinPlays, MatchesExhaustiveSearchOnLandlordHands) {
  Rng rng(5);
  for (int i = 0; i < 300; ++i) {
    const Hand hand = random_hand(rng, 20);
    const Decomposition d = min_plays(hand);
    expect_valid(hand, d);
    EXPECT_EQ(d.plays, min_plays_exhaustive(hand)) << to_string(hand);
    EXPECT_EQ(min_plays_count(hand), d.plays) << to_string(hand);
    EXPECT_LE(min_plays_relaxed(hand), d.plays) << to_string(hand);
  }
}

}  // namespace
}  // namespace ddz
