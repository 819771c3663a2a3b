// Notation tests: canonical output, every accepted spelling, errors that name the input, card
// ids, and 100,000+ random garbage strings that must parse correctly or fail cleanly.
#include <gtest/gtest.h>

#include <string>

#include "game/cards.h"
#include "game/rng.h"

namespace ddz {
namespace {

TEST(Notation, CanonicalRoundTrip) {
  EXPECT_EQ(to_string(parse_cards("33344455")), "33344455");
  EXPECT_EQ(to_string(parse_cards("DX")), "XD");
  EXPECT_EQ(to_string(parse_cards("2A3")), "3A2");
  EXPECT_EQ(to_string(Hand()), "");
  EXPECT_EQ(to_string(Hand::deck()), "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222XD");
  EXPECT_EQ(Hand::deck().size(), 54);
  Rng rng(11);
  for (int i = 0; i < 20000; ++i) {
    Hand h;
    for (int r = 0; r < kNumRanks; ++r) h.add(r, int(rng.below(r >= RX ? 2 : 5)));
    const std::string text = to_string(h);
    ASSERT_EQ(parse_cards(text), h) << text;
    ASSERT_EQ(int(text.size()), h.size());
    ASSERT_TRUE(std::is_sorted(text.begin(), text.end(), [](char a, char b) {
      const std::string order = "3456789TJQKA2XD";
      return order.find(a) < order.find(b);
    }));
  }
}

TEST(Notation, AcceptedSpellings) {
  EXPECT_EQ(parse_cards("10"), parse_cards("T"));
  EXPECT_EQ(parse_cards("10JQKA"), parse_cards("TJQKA"));
  EXPECT_EQ(parse_cards("101010"), parse_cards("TTT"));
  EXPECT_EQ(parse_cards("tjqka"), parse_cards("TJQKA"));
  EXPECT_EQ(parse_cards("B"), parse_cards("X"));
  EXPECT_EQ(parse_cards("R"), parse_cards("D"));
  EXPECT_EQ(parse_cards("br"), parse_cards("XD"));
  EXPECT_EQ(parse_cards("xd"), parse_cards("XD"));
  EXPECT_EQ(parse_cards("3 3, 4,4"), parse_cards("3344"));
  EXPECT_EQ(parse_cards(" 10, J, Q "), parse_cards("TJQ"));
  EXPECT_EQ(parse_cards("3\t4"), parse_cards("34"));
  EXPECT_EQ(parse_cards(""), Hand());
  EXPECT_EQ(parse_cards(" , "), Hand());
  EXPECT_EQ(to_string(parse_cards("2 a k q j 10 9 8 7 6 5 4 3 r b")), "3456789TJQKA2XD");
}

void expect_error(const std::string& text, const std::string& fragment) {
  try {
    parse_cards(text);
    ADD_FAILURE() << "\"" << text << "\" parsed";
  } catch (const NotationError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(fragment), std::string::npos) << msg;
  }
  std::string error;
  EXPECT_FALSE(try_parse_cards(text, &error).has_value());
  EXPECT_FALSE(error.empty());
}

TEST(Notation, ErrorsNameTheInput) {
  expect_error("33333", "\"33333\"");
  expect_error("33333", "four");
  expect_error("XX", "more than one X");
  expect_error("BX", "more than one X");
  expect_error("DR", "more than one D");
  expect_error("1", "\"1\"");
  expect_error("11", "'1'");
  expect_error("0", "'0'");
  expect_error("3Z4", "'Z'");
  expect_error("3Z4", "position 2");
  expect_error("pass", "'p'");
  expect_error("3\x01", "\\x01");
  expect_error("TTTT10", "T");
  expect_error("1 0", "'1'");  // "10" must be written without a space inside
}

TEST(Notation, HandArithmetic) {
  const Hand a = parse_cards("33345XD");
  EXPECT_EQ(a.size(), 7);
  EXPECT_EQ(a.count(R3), 3);
  EXPECT_TRUE(a.contains(parse_cards("33X")));
  EXPECT_FALSE(a.contains(parse_cards("3333")));
  EXPECT_FALSE(a.contains(parse_cards("6")));
  EXPECT_EQ(a - parse_cards("3X"), parse_cards("3345D"));
  EXPECT_EQ(a.ranks_with_at_least(1), (1u << R3) | (1u << R4) | (1u << R5) | (1u << RX) | (1u << RD));
  EXPECT_EQ(a.ranks_with_at_least(3), 1u << R3);
  EXPECT_EQ(a.ranks_with_at_least(4), 0u);
  EXPECT_TRUE(Hand::deck().is_valid());
  EXPECT_FALSE((Hand::deck() + Hand::of(RX)).is_valid());
  EXPECT_FALSE((Hand::deck() + Hand::of(R3)).is_valid());
  Rng rng(3);
  for (int i = 0; i < 20000; ++i) {  // contains/size agree with per-rank counts
    Hand x, y;
    for (int r = 0; r < kNumRanks; ++r)
      x.add(r, int(rng.below(r >= RX ? 2 : 5))), y.add(r, int(rng.below(r >= RX ? 2 : 5)));
    bool sub = true;
    int size = 0;
    for (int r = 0; r < kNumRanks; ++r) sub = sub && y.count(r) <= x.count(r), size += x.count(r);
    ASSERT_EQ(x.contains(y), sub);
    ASSERT_EQ(x.size(), size);
    for (int n = 1; n <= 4; ++n) {
      uint32_t mask = 0;
      for (int r = 0; r < kNumRanks; ++r) mask |= uint32_t(x.count(r) >= n) << r;
      ASSERT_EQ(x.ranks_with_at_least(n), mask);
    }
  }
}

TEST(Notation, CardIds) {
  EXPECT_EQ(card_id_rank(0), R3);
  EXPECT_EQ(card_id_rank(3), R3);
  EXPECT_EQ(card_id_rank(4), R4);
  EXPECT_EQ(card_id_rank(51), R2);
  EXPECT_EQ(card_id_rank(52), RX);
  EXPECT_EQ(card_id_rank(53), RD);
  EXPECT_THROW(card_id_rank(-1), NotationError);
  EXPECT_THROW(card_id_rank(54), NotationError);
  std::vector<int> all;
  for (int id = 0; id < kNumCards; ++id) all.push_back(id);
  EXPECT_EQ(hand_from_ids(all), Hand::deck());
  EXPECT_EQ(hand_from_ids({0, 1, 2, 4, 53}), parse_cards("3334D"));
  EXPECT_THROW(hand_from_ids({5, 5}), NotationError);
  EXPECT_THROW(hand_from_ids({60}), NotationError);
  try {
    hand_from_ids({7, 7});
    FAIL();
  } catch (const NotationError& e) { EXPECT_NE(std::string(e.what()).find("7"), std::string::npos); }
}

// A reference parser written independently: counts per rank, or false on any error.
bool reference_parse(const std::string& text, int counts[kNumRanks]) {
  const std::string upper = "3456789TJQKA2XD";
  for (int r = 0; r < kNumRanks; ++r) counts[r] = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ' || c == ',' || c == '\t') continue;
    int rank = -1;
    if (c == '1') {
      if (i + 1 < text.size() && text[i + 1] == '0') rank = RT, ++i;
      else return false;
    } else {
      if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
      if (c == 'B') c = 'X';
      if (c == 'R') c = 'D';
      const size_t pos = upper.find(c);
      if (pos == std::string::npos || c == '\0') return false;
      rank = int(pos);
    }
    if (++counts[rank] > (rank >= RX ? 1 : 4)) return false;
  }
  return true;
}

TEST(Notation, RandomGarbageNeverCrashes) {
  Rng rng(2026);
  const std::string alphabet = "3456789TJQKA2XDtjqkaxdBRbr10 ,\t-pZz\x01\xff\"\\";
  int valid = 0, invalid = 0;
  for (int i = 0; i < 120000; ++i) {
    std::string text;
    const int len = int(rng.below(24));
    for (int k = 0; k < len; ++k) {
      // Mostly notation characters (so some strings are valid), sometimes any byte.
      text += rng.below(6) ? alphabet[rng.below(uint32_t(alphabet.size()))] : char(rng.below(256));
    }
    int counts[kNumRanks];
    const bool ok = reference_parse(text, counts);
    std::string error;
    auto hand = try_parse_cards(text, &error);
    ASSERT_EQ(hand.has_value(), ok) << "input \"" << text << "\" error: " << error;
    if (ok) {
      ++valid;
      for (int r = 0; r < kNumRanks; ++r) ASSERT_EQ(hand->count(r), counts[r]);
      ASSERT_EQ(parse_cards(to_string(*hand)), *hand);
    } else {
      ++invalid;
      ASSERT_FALSE(error.empty());
      ASSERT_THROW(parse_cards(text), NotationError);
    }
  }
  EXPECT_GT(valid, 5000);
  EXPECT_GT(invalid, 5000);
}

}  // namespace
}  // namespace ddz
