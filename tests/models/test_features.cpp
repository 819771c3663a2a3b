// Tests of the feature encoding: card-set planes, move features, and that the Observation and
// GameState paths give identical inputs over many seeded random games.
#include <gtest/gtest.h>

#include <numeric>

#include "game/catalogue.h"
#include "game/movegen.h"
#include "models/features.h"

namespace ddz {
namespace {

// Plays a seeded random game (with bidding) and calls f(state) before every play-phase move.
template <typename F>
void random_game(uint64_t seed, F&& f) {
  Rules rules;
  rules.bidding = true;
  GameState s(seed, rules);
  Rng rng(seed ^ 0x5eed);
  while (s.phase() == Phase::Bidding) {
    auto bids = s.legal_bids();
    ASSERT_EQ(s.apply_bid(bids[rng.below(uint32_t(bids.size()))]), "");
  }
  std::vector<Move> moves;
  while (s.phase() == Phase::Play) {
    f(s);
    s.legal(moves);
    ASSERT_EQ(s.apply_move(moves[rng.below(uint32_t(moves.size()))]), "");
  }
}

TEST(Features, CardPlanesAreThermometers) {
  std::vector<float> f(kCardSetDim);
  encode_cards(parse_cards("3335QQQQXD"), f.data());
  EXPECT_EQ(std::accumulate(f.begin(), f.end(), 0.0f), 10.0f);
  EXPECT_EQ(f[0], 1);
  EXPECT_EQ(f[2], 1);
  EXPECT_EQ(f[3], 0);  // three 3s, not four
  EXPECT_EQ(f[2 * 4], 1);
  EXPECT_EQ(f[2 * 4 + 1], 0);
  EXPECT_EQ(f[RQ * 4 + 3], 1);
  EXPECT_EQ(f[52], 1);
  EXPECT_EQ(f[53], 1);
  encode_cards(Hand::deck(), f.data());
  EXPECT_EQ(std::accumulate(f.begin(), f.end(), 0.0f), 54.0f);
}

TEST(Features, MoveFeaturesDescribeTheMoveAndTheHandLeft) {
  const Hand hand = parse_cards("333444569TT");
  const Move m = parse_move("33344459");
  std::vector<float> f(kMoveDim);
  encode_move(m, hand, f.data());
  EXPECT_EQ(f[kCardSetDim + int(MoveType::TrioSoloChain)], 1.0f);
  EXPECT_EQ(f[kCardSetDim + 15 + R3], 1.0f);
  EXPECT_FLOAT_EQ(f[kCardSetDim + 30], 2.0f / 12.0f);
  EXPECT_FLOAT_EQ(f[kCardSetDim + 31], 8.0f / 20.0f);
  std::vector<float> left(kCardSetDim);
  encode_cards(parse_cards("6TT"), left.data());
  for (int i = 0; i < kCardSetDim; ++i) EXPECT_EQ(f[kMoveBaseDim + i], left[size_t(i)]) << i;
  EXPECT_EQ(f[kMoveDim - 1], 0.0f);
}

TEST(Features, EmptyingTheHandIsFlagged) {
  std::vector<float> f(kMoveDim);
  encode_move(parse_move("TT"), parse_cards("TT"), f.data());
  EXPECT_EQ(f[kMoveDim - 1], 1.0f);
  encode_move(Move::pass(), parse_cards("TT"), f.data());
  EXPECT_EQ(f[kMoveDim - 1], 0.0f);
  EXPECT_EQ(f[kCardSetDim + int(MoveType::Pass)], 1.0f);
}

TEST(Features, ObservationAndStatePathsAgree) {
  std::vector<float> a(kStateDim), b(kStateDim), v(kValueDim);
  int positions = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    random_game(seed, [&](const GameState& s) {
      const int seat = s.to_move();
      encode_state(observe(s, seat), a.data());
      encode_state(s, seat, b.data());
      ASSERT_EQ(a, b) << "seed " << seed << " after " << s.history().size() << " plays";
      encode_value(s, v.data());
      state_of_value(v.data(), b.data());
      ASSERT_EQ(a, b);
      // version 1 is a prefix of the value input: state, then the next and previous hands
      ASSERT_TRUE(std::equal(a.begin(), a.begin() + kStateDimV1, v.begin()));
      std::vector<float> hand(kCardSetDim);
      encode_cards(s.hand((seat + 1) % kNumSeats), hand.data());
      ASSERT_TRUE(std::equal(hand.begin(), hand.end(), v.begin() + kStateDimV1));
      for (float x : v) ASSERT_TRUE(x >= 0.0f && x <= 1.0f);
      ++positions;
    });
  }
  EXPECT_GT(positions, 5000);
}

TEST(Features, HistoryBlockHoldsOlderPlaysAndWhatPassesRevealed) {
  Deal d;
  d.hands = {parse_cards("33334444555566667"), parse_cards("77788889999TTTTJJ"), parse_cards("JJQQQQKKKKAAAA222")};
  d.kitty = parse_cards("2XD");
  Rules rules;
  rules.fixed_landlord = 0;
  GameState s(d, rules);
  // The landlord (seat 0) leads a 3; seat 1 passes on it (an opponent's solo); seat 2 beats it
  // with a J; seat 0 passes on that (an opponent's); seat 1 passes on its teammate's J (not a
  // revealing pass); seat 2 leads a pair of queens and seat 0 passes on it.
  for (const char* m : {"3", "pass", "J", "pass", "pass", "QQ", "pass"})
    ASSERT_EQ(s.apply_move(std::string(m) == "pass" ? Move::pass() : parse_move(m)), "") << m;
  ASSERT_EQ(s.to_move(), 1);
  std::vector<float> f(kStateDim), cards(kCardSetDim);
  encode_state(s, 1, f.data());
  const float* older = f.data() + kStateDimV1;  // plays 4, 5, 6, 7 back: pass, J, pass, 3
  const auto play = [&](int k) { return older + k * (kCardSetDim + 1); };
  EXPECT_EQ(play(0)[kCardSetDim], 1.0f);
  encode_cards(parse_cards("J"), cards.data());
  EXPECT_TRUE(std::equal(cards.begin(), cards.end(), play(1)));
  EXPECT_EQ(play(1)[kCardSetDim], 0.0f);
  EXPECT_EQ(play(2)[kCardSetDim], 1.0f);
  encode_cards(parse_cards("3"), cards.data());
  EXPECT_TRUE(std::equal(cards.begin(), cards.end(), play(3)));
  for (int k = 4; k < kOlderPlays; ++k)
    for (int i = 0; i <= kCardSetDim; ++i) ASSERT_EQ(play(k)[i], 0.0f) << "older play " << k;
  const float* passes = older + kOlderPlays * (kCardSetDim + 1);
  // thermometer of the lowest key passed on: role r, group g (solo 0, pair 1, trio 2, chain 3)
  const auto expect_lowest = [&](int role, int group, int lowest) {
    for (int k = 0; k < 15; ++k)
      EXPECT_EQ(passes[(role * kPassGroups + group) * 15 + k], k >= lowest ? 1.0f : 0.0f)
          << "role " << role << " group " << group << " rank " << k;
  };
  expect_lowest(0, 0, RJ);  // the landlord passed on seat 2's J
  expect_lowest(0, 1, RQ);  // and on its queens
  expect_lowest(1, 0, R3);  // seat 1 passed on the landlord's 3 (its pass on the teammate's J adds nothing)
  for (int g = 1; g < kPassGroups; ++g) expect_lowest(1, g, kNumRanks);
  for (int g = 0; g < kPassGroups; ++g) expect_lowest(2, g, kNumRanks);  // seat 2 never passed
  expect_lowest(0, 2, kNumRanks);
}

TEST(Features, RoleNotSeatNumberDeterminesTheEncoding) {
  // The same deal with the landlord fixed at seat 0 and at seat 1 (hands rotated) must encode
  // identically for the landlord's first decision.
  Rng rng(7);
  const Deal d = deal_cards(rng);
  Rules r0, r1;
  r0.fixed_landlord = 0;
  r1.fixed_landlord = 1;
  Deal rotated;
  for (int s = 0; s < kNumSeats; ++s) rotated.hands[size_t((s + 1) % 3)] = d.hands[size_t(s)];
  rotated.kitty = d.kitty;
  const GameState g0(d, r0), g1(rotated, r1);
  std::vector<float> a(kValueDim), b(kValueDim);
  encode_value(g0, a.data());
  encode_value(g1, b.data());
  EXPECT_EQ(a, b);
}

TEST(Features, BidInputMarksPositionAndBids) {
  std::vector<float> f(kBidDim);
  const std::vector<BidRecord> bids{{2, 0}, {0, 2}};
  encode_bid(parse_cards("3456789TJQKA2XD33"), 1, 2, bids, f.data());
  const float* pos = f.data() + kCardSetDim;
  EXPECT_EQ(pos[2], 1.0f);  // seat 1 speaks third after first bidder 2
  const float* slots = pos + 3;
  EXPECT_EQ(slots[0 * 5 + 1], 1.0f);  // first bidder passed
  EXPECT_EQ(slots[1 * 5 + 3], 1.0f);  // second bid 2
  EXPECT_EQ(slots[2 * 5 + 0], 1.0f);  // this seat has not bid
  EXPECT_EQ(slots[15 + 2], 1.0f);  // highest bid so far 2
  // the fewest plays that empty the hand: the chain 4..A, 333 with the 2, the rocket
  const float* plays = f.data() + kBidDimV1;
  for (int k = 0; k < kMinPlaysSlots; ++k) EXPECT_EQ(plays[k], k == 3 - 1 ? 1.0f : 0.0f) << k;
}

TEST(Features, EveryLegalMoveEncodesWithinRange) {
  std::vector<float> out;
  const Hand hand = parse_cards("33344455566678899TJQKA22XD");
  std::vector<Move> moves;
  legal_moves(hand, Move::pass(), moves);
  encode_moves(moves, hand, out);
  ASSERT_EQ(out.size(), moves.size() * size_t(kMoveDim));
  for (float x : out) ASSERT_TRUE(x >= 0.0f && x <= 1.0f);
}

}  // namespace
}  // namespace ddz
