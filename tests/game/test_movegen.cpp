// Differential tests of legal_moves against the literal reference: the catalogue filtered by
// containment and beats(). Seeded random hands (plain and rich in trios, bombs and jokers).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "game/catalogue.h"
#include "game/movegen.h"
#include "game/rng.h"

namespace ddz {
namespace {

// The catalogue grouped by (type, length), so the reference for a following move only scans the
// combinations of its own kind plus bombs and the rocket.
struct Buckets {
  std::map<std::pair<int, int>, std::vector<int>> by_kind;
  std::vector<std::vector<int>> by_type = std::vector<std::vector<int>>(kNumMoveTypes);
  Buckets() {
    const auto& cat = catalogue();
    for (int id = 0; id < kNumCombinations; ++id) {
      const Move& m = cat[size_t(id)];
      by_kind[{int(m.type), int(m.len)}].push_back(id);
      by_type[size_t(m.type)].push_back(id);
    }
  }
};
const Buckets& buckets() {
  static const Buckets b;
  return b;
}

std::vector<int> reference(Hand hand, const Move& to_beat) {
  const auto& cat = catalogue();
  std::vector<int> ids;
  auto scan = [&](const std::vector<int>& bucket) {
    for (int id : bucket) {
      const Move& m = cat[size_t(id)];
      if (hand.contains(m.cards) && beats(m, to_beat)) ids.push_back(id);
    }
  };
  if (to_beat.is_pass()) {
    for (int id = 0; id < kNumCombinations; ++id)
      if (hand.contains(cat[size_t(id)].cards)) ids.push_back(id);
    return ids;
  }
  const auto& b = buckets();
  if (to_beat.type != MoveType::Bomb && to_beat.type != MoveType::Rocket)
    scan(b.by_kind.at({int(to_beat.type), int(to_beat.len)}));
  scan(b.by_type[size_t(MoveType::Bomb)]);
  scan(b.by_type[size_t(MoveType::Rocket)]);
  std::sort(ids.begin(), ids.end());
  ids.push_back(kPassAction);
  return ids;
}

// Action ids of the generated list; fails the test on a mislabelled move or a duplicate, and
// checks that pass, if present, comes last.
std::vector<int> generated_ids(const std::vector<Move>& moves) {
  std::vector<int> ids;
  for (size_t i = 0; i < moves.size(); ++i) {
    const int id = action_id(moves[i]);
    EXPECT_NE(id, -1) << "mislabelled move " << to_string(moves[i]) << " (" << type_name(moves[i].type) << ")";
    if (moves[i].is_pass()) { EXPECT_EQ(i + 1, moves.size()) << "pass must come last"; }
    ids.push_back(id);
  }
  std::vector<int> sorted = ids;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "duplicate moves";
  return sorted;
}

Hand draw_from(Hand& pool, int n, Rng& rng) {
  Hand out;
  for (int k = 0; k < n && !pool.empty(); ++k) {
    uint32_t pick = rng.below(uint32_t(pool.size()));
    for (int r = 0; r < kNumRanks; ++r) {
      const int c = pool.count(r);
      if (pick < uint32_t(c)) {
        pool.remove(r);
        out.add(r);
        break;
      }
      pick -= uint32_t(c);
    }
  }
  return out;
}

// A plain hand of 1..20 cards from a shuffled deck.
Hand plain_hand(Rng& rng) {
  Hand pool = Hand::deck();
  return draw_from(pool, 1 + int(rng.below(20)), rng);
}

// A hand rich in structure: a run of trios (some bombs), often both jokers, extra bombs, then
// random filling up to at most 20 cards, so every kicker path is exercised.
Hand rich_hand(Rng& rng) {
  Hand pool = Hand::deck();
  Hand hand;
  auto take = [&](int rank, int n) {
    n = std::min(n, pool.count(rank));
    pool.remove(rank, n);
    hand.add(rank, n);
  };
  const int n = 2 + int(rng.below(4));
  const int s = int(rng.below(uint32_t(kHighestChainRank + 2 - n)));
  for (int r = s; r < s + n; ++r) take(r, rng.below(4) == 0 ? 4 : 3);
  if (rng.below(2)) take(RX, 1), take(RD, 1);
  while (hand.size() < 16 && rng.below(3) == 0) take(int(rng.below(13)), 4 - int(rng.below(3)));
  while (hand.size() > 20) {  // trim back to a legal hand size
    Hand one = draw_from(hand, 1, rng);
    pool += one;
  }
  const int room = 20 - hand.size();
  if (room > 0) hand += draw_from(pool, int(rng.below(uint32_t(room + 1))), rng);
  return hand;
}

// A combination to beat: a type drawn uniformly first (so bombs and rocket appear), or pass.
Move draw_to_beat(Rng& rng) {
  if (rng.below(8) == 0) return Move::pass();
  const auto& b = buckets();
  const int type = 1 + int(rng.below(kNumMoveTypes - 1));
  const auto& bucket = b.by_type[size_t(type)];
  return catalogue()[size_t(bucket[rng.below(uint32_t(bucket.size()))])];
}

void check_one(Hand hand, const Move& to_beat, std::vector<Move>& scratch) {
  legal_moves(hand, to_beat, scratch);
  const std::vector<int> got = generated_ids(scratch);
  const std::vector<int> want = reference(hand, to_beat);
  ASSERT_EQ(got, want) << "hand " << to_string(hand) << " to beat " << to_string(to_beat);
  if (!to_beat.is_pass()) {
    ASSERT_EQ(can_beat(hand, to_beat), want.size() > 1) << to_string(hand) << " vs " << to_string(to_beat);
  }
}

TEST(Movegen, DifferentialAgainstCatalogue100k) {
  Rng rng(20261130);
  std::vector<Move> scratch;
  int leading = 0, following = 0;
  for (int i = 0; i < 100000; ++i) {
    const Hand hand = rng.below(2) ? plain_hand(rng) : rich_hand(rng);
    ASSERT_TRUE(hand.is_valid());
    ASSERT_LE(hand.size(), 20);
    const Move to_beat = draw_to_beat(rng);
    (to_beat.is_pass() ? leading : following)++;
    check_one(hand, to_beat, scratch);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(leading, 5000);
  EXPECT_GT(following, 80000);
}

// Following positions where the hand really holds beating combinations of the same kind: the
// to_beat is the hand's own lowest-key move of a random kind.
TEST(Movegen, DifferentialSameKindFromRichHands) {
  Rng rng(7);
  std::vector<Move> scratch, lead;
  for (int i = 0; i < 5000; ++i) {
    const Hand hand = rich_hand(rng);
    legal_moves(hand, Move::pass(), lead);
    const Move to_beat = lead[rng.below(uint32_t(lead.size()))];
    check_one(hand, to_beat, scratch);
    if (HasFatalFailure()) return;
  }
}

TEST(Movegen, FullDeckLeadsAllCombinations) {
  std::vector<Move> moves;
  legal_moves(Hand::deck(), Move::pass(), moves);
  EXPECT_EQ(moves.size(), size_t(kNumCombinations));
  EXPECT_EQ(generated_ids(moves).size(), size_t(kNumCombinations));
}

TEST(Movegen, SmallExamples) {
  auto cards = [](const std::vector<Move>& moves) {
    std::vector<std::string> out;
    for (const Move& m : moves) out.push_back(to_string(m));
    return out;
  };
  EXPECT_EQ(cards(legal_moves(parse_cards("34"), Move::pass())), (std::vector<std::string>{"3", "4"}));
  EXPECT_EQ(cards(legal_moves(parse_cards("34"), parse_move("3"))), (std::vector<std::string>{"4", "pass"}));
  EXPECT_EQ(cards(legal_moves(parse_cards("XD"), parse_move("2222"))), (std::vector<std::string>{"XD", "pass"}));
  EXPECT_EQ(cards(legal_moves(parse_cards("33334"), parse_move("XD"))), (std::vector<std::string>{"pass"}));
  EXPECT_EQ(cards(legal_moves(parse_cards("4444"), parse_move("3333"))), (std::vector<std::string>{"4444", "pass"}));
  EXPECT_EQ(cards(legal_moves(parse_cards("33"), parse_move("2"))), (std::vector<std::string>{"pass"}));
  EXPECT_TRUE(legal_moves(Hand(), Move::pass()).empty());
  EXPECT_FALSE(can_beat(parse_cards("3333"), parse_move("XD")));
  EXPECT_TRUE(can_beat(parse_cards("3333"), parse_move("2")));
}

}  // namespace
}  // namespace ddz
