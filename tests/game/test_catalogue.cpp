// Catalogue tests: the 27,471 combinations, per-type and per-length counts from RULES.md, the
// kicker-rule examples, action-id round trips and the documented order.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "game/catalogue.h"

namespace ddz {
namespace {

TEST(Catalogue, HoldsExactly27471DistinctCardSets) {
  const auto& cat = catalogue();
  ASSERT_EQ(cat.size(), size_t(kNumCombinations));
  std::set<uint64_t> sets;
  for (const Move& m : cat) sets.insert(m.cards.bits());
  EXPECT_EQ(sets.size(), size_t(kNumCombinations));
  EXPECT_EQ(kPassAction, 27471);
  EXPECT_EQ(kNumActions, 27472);
}

TEST(Catalogue, PerTypeCountsMatchRules) {
  const std::map<std::string, int> expected = {{"solo", 15},
                                               {"pair", 13},
                                               {"trio", 13},
                                               {"trio_solo", 182},
                                               {"trio_pair", 156},
                                               {"solo_chain", 36},
                                               {"pair_chain", 52},
                                               {"trio_chain", 45},
                                               {"trio_solo_chain", 21822},
                                               {"trio_pair_chain", 2939},
                                               {"four_two_solo", 1326},
                                               {"four_two_pair", 858},
                                               {"bomb", 13},
                                               {"rocket", 1}};
  std::map<std::string, int> counts;
  for (const Move& m : catalogue()) ++counts[type_name(m.type)];
  EXPECT_EQ(counts, expected);
  int total = 0;
  for (const auto& kv : expected) total += kv.second;
  EXPECT_EQ(total, kNumCombinations);
}

TEST(Catalogue, PerLengthCountsOfTrioChainsWithKickers) {
  std::map<int, int> solo, pair;
  for (const Move& m : catalogue()) {
    if (m.type == MoveType::TrioSoloChain) ++solo[m.len];
    if (m.type == MoveType::TrioPairChain) ++pair[m.len];
  }
  EXPECT_EQ(solo, (std::map<int, int>{{2, 968}, {3, 3282}, {4, 7184}, {5, 10388}}));
  EXPECT_EQ(pair, (std::map<int, int>{{2, 605}, {3, 1200}, {4, 1134}}));
}

TEST(Catalogue, EveryEntryIsConsistentWithItsType) {
  for (const Move& m : catalogue()) {
    SCOPED_TRACE(to_string(m.cards));
    ASSERT_TRUE(m.cards.is_valid());
    const int size = m.cards.size();
    switch (m.type) {
      case MoveType::Solo: EXPECT_EQ(size, 1); break;
      case MoveType::Pair:
        EXPECT_EQ(size, 2);
        EXPECT_EQ(m.cards.count(m.key), 2);
        break;
      case MoveType::Trio:
        EXPECT_EQ(size, 3);
        EXPECT_EQ(m.cards.count(m.key), 3);
        break;
      case MoveType::TrioSolo:
        EXPECT_EQ(size, 4);
        EXPECT_EQ(m.cards.count(m.key), 3);
        break;
      case MoveType::TrioPair:
        EXPECT_EQ(size, 5);
        EXPECT_EQ(m.cards.count(m.key), 3);
        break;
      case MoveType::SoloChain:
        EXPECT_EQ(size, m.len);
        EXPECT_GE(m.len, 5);
        break;
      case MoveType::PairChain:
        EXPECT_EQ(size, 2 * m.len);
        EXPECT_GE(m.len, 3);
        break;
      case MoveType::TrioChain:
        EXPECT_EQ(size, 3 * m.len);
        EXPECT_GE(m.len, 2);
        break;
      case MoveType::TrioSoloChain: EXPECT_EQ(size, 4 * m.len); break;
      case MoveType::TrioPairChain: EXPECT_EQ(size, 5 * m.len); break;
      case MoveType::FourTwoSolo:
        EXPECT_EQ(size, 6);
        EXPECT_EQ(m.cards.count(m.key), 4);
        break;
      case MoveType::FourTwoPair:
        EXPECT_EQ(size, 8);
        EXPECT_EQ(m.cards.count(m.key), 4);
        break;
      case MoveType::Bomb:
        EXPECT_EQ(size, 4);
        EXPECT_EQ(m.cards.count(m.key), 4);
        break;
      case MoveType::Rocket: EXPECT_EQ(m.cards, parse_cards("XD")); break;
      case MoveType::Pass: ADD_FAILURE() << "pass in the catalogue"; break;
    }
    if (m.len > 1) {
      EXPECT_LE(m.key + m.len - 1, int(RA)) << "chains never reach 2";
      const int per = m.type == MoveType::SoloChain ? 1 : m.type == MoveType::PairChain ? 2 : 3;
      for (int r = m.key; r < m.key + m.len; ++r) EXPECT_GE(m.cards.count(r), per);
    }
  }
}

// Kicker rules and the examples RULES.md spells out.
TEST(Catalogue, KickerRuleExamples) {
  auto type_of = [](const char* cards) -> std::string {
    auto m = classify(parse_cards(cards));
    return m ? type_name(m->type) : "none";
  };
  EXPECT_EQ(type_of("33344455"), "trio_solo_chain");
  EXPECT_EQ(type_of("33334444"), "none");
  EXPECT_EQ(type_of("3333XD"), "none");
  EXPECT_EQ(type_of("333444XD"), "none");
  EXPECT_EQ(type_of("333344"), "four_two_solo");
  EXPECT_EQ(type_of("33334455"), "four_two_pair");
  EXPECT_EQ(type_of("33334444"), "none");
  EXPECT_EQ(type_of("33334X"), "four_two_solo");
  EXPECT_EQ(type_of("XD"), "rocket");
  EXPECT_EQ(type_of("3333"), "bomb");
  EXPECT_EQ(type_of("34567"), "solo_chain");
  EXPECT_EQ(type_of("3456"), "none");
  EXPECT_EQ(type_of("TJQKA"), "solo_chain");
  EXPECT_EQ(type_of("JQKA2"), "none");  // chains never contain 2
  EXPECT_EQ(type_of("3456789TJQKA"), "solo_chain");
  EXPECT_EQ(type_of("334455"), "pair_chain");
  EXPECT_EQ(type_of("3344"), "none");
  EXPECT_EQ(type_of("KKAA22"), "none");
  EXPECT_EQ(type_of("333444"), "trio_chain");
  EXPECT_EQ(type_of("AAA222"), "none");
  EXPECT_EQ(type_of("AAA2"), "trio_solo");
  EXPECT_EQ(type_of("AAA22"), "trio_pair");
  EXPECT_EQ(type_of("222XD"), "none");  // trio_pair kickers are a pair of 3..2
  EXPECT_EQ(type_of("3334"), "trio_solo");
  EXPECT_EQ(type_of("33344"), "trio_pair");
  EXPECT_EQ(type_of("3333444"), "none");
  EXPECT_EQ(type_of("3333444455"), "none");
  // trio_solo_chain: a kicker rank three times next to the chain makes a longer trio_chain.
  EXPECT_EQ(type_of("333444555666"), "trio_chain");
  EXPECT_EQ(type_of("444555666333"), "trio_chain");
  // ... but three kickers of a rank away from the chain are fine.
  EXPECT_EQ(type_of("333444555888"), "trio_solo_chain");
  EXPECT_EQ(type_of("QQQKKKAAA222"), "trio_solo_chain");  // 2 is next to A but not a chain rank
  EXPECT_EQ(type_of("33344466"), "trio_solo_chain");
  EXPECT_EQ(type_of("3334445X"), "trio_solo_chain");
  EXPECT_EQ(type_of("33344434"), "none");  // kickers of a chain rank
  EXPECT_EQ(type_of("333444555666XD77"), "none");  // both jokers among kickers
  EXPECT_EQ(type_of("33344455566677778"), "none");
  EXPECT_EQ(type_of("3334445555"), "none");
  // trio_pair_chain: pairs of different ranks outside the chain; no joker pair.
  EXPECT_EQ(type_of("3334446677"), "trio_pair_chain");
  EXPECT_EQ(type_of("3334446666"), "none");  // two pairs of one rank
  EXPECT_EQ(type_of("333444555667788"), "trio_pair_chain");
  EXPECT_EQ(type_of("3334442222"), "none");
  EXPECT_EQ(type_of("333444552222"), "none");
  EXPECT_EQ(type_of(""), "none");
}

TEST(Catalogue, ClassifyAgreesWithCatalogueForEveryEntry) {
  const auto& cat = catalogue();
  for (size_t id = 0; id < cat.size(); ++id) {
    auto m = classify(cat[id].cards);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(*m, cat[id]);
  }
}

TEST(Catalogue, ActionIdRoundTrips) {
  const auto& cat = catalogue();
  for (int id = 0; id < kNumCombinations; ++id) {
    ASSERT_EQ(action_id(cat[size_t(id)]), id);
    ASSERT_EQ(&move_of_action(id), &cat[size_t(id)]);
  }
  EXPECT_EQ(action_id(Move::pass()), kPassAction);
  EXPECT_TRUE(move_of_action(kPassAction).is_pass());
  EXPECT_THROW(move_of_action(-1), std::out_of_range);
  EXPECT_THROW(move_of_action(kPassAction + 1), std::out_of_range);
  // A move mislabelled (right cards, wrong type or key) has no action id.
  Move wrong = cat[0];
  wrong.type = MoveType::Pair;
  EXPECT_EQ(action_id(wrong), -1);
  Move not_combo{parse_cards("3456"), MoveType::SoloChain, 0, 4};
  EXPECT_EQ(action_id(not_combo), -1);
}

TEST(Catalogue, OrderIsTypeThenLengthThenKeyThenCards) {
  const auto& cat = catalogue();
  for (size_t i = 1; i < cat.size(); ++i) {
    const Move& a = cat[i - 1];
    const Move& b = cat[i];
    const auto ka = std::make_tuple(int(a.type), int(a.len), int(a.key), a.cards.bits());
    const auto kb = std::make_tuple(int(b.type), int(b.len), int(b.key), b.cards.bits());
    ASSERT_LT(ka, kb) << "entries " << i - 1 << " and " << i;
  }
  // Fixed anchors of the stable id space.
  EXPECT_EQ(to_string(cat[0].cards), "3");
  EXPECT_EQ(to_string(cat[14].cards), "D");
  EXPECT_EQ(to_string(cat[15].cards), "33");
  EXPECT_EQ(cat[kNumCombinations - 1].type, MoveType::Rocket);
  EXPECT_EQ(to_string(cat[kNumCombinations - 2].cards), "2222");
  EXPECT_EQ(to_string(cat[kNumCombinations - 14].cards), "3333");
}

TEST(Catalogue, ParseMove) {
  EXPECT_TRUE(parse_move("pass").is_pass());
  EXPECT_TRUE(parse_move("-").is_pass());
  EXPECT_TRUE(parse_move("").is_pass());
  EXPECT_TRUE(parse_move("  ").is_pass());
  const Move m = parse_move("10 10 10 j");
  EXPECT_EQ(m.type, MoveType::TrioSolo);
  EXPECT_EQ(m.key, RT);
  EXPECT_EQ(parse_move("br").type, MoveType::Rocket);
  EXPECT_THROW(parse_move("3456"), NotationError);
  EXPECT_THROW(parse_move("passs"), NotationError);
  try {
    parse_move("3456");
    FAIL();
  } catch (const NotationError& e) { EXPECT_NE(std::string(e.what()).find("3456"), std::string::npos); }
}

TEST(Catalogue, BeatsFollowsRules) {
  auto mv = [](const char* t) { return parse_move(t); };
  EXPECT_TRUE(beats(mv("4"), mv("3")));
  EXPECT_FALSE(beats(mv("3"), mv("3")));
  EXPECT_FALSE(beats(mv("3"), mv("4")));
  EXPECT_TRUE(beats(mv("D"), mv("X")));
  EXPECT_FALSE(beats(mv("44"), mv("3")));
  EXPECT_FALSE(beats(mv("45678"), mv("345678")));  // same type, different length
  EXPECT_TRUE(beats(mv("456789"), mv("345678")));
  EXPECT_TRUE(beats(mv("3333"), mv("2")));
  EXPECT_TRUE(beats(mv("3333"), mv("3456789TJQKA")));
  EXPECT_TRUE(beats(mv("4444"), mv("3333")));
  EXPECT_FALSE(beats(mv("3333"), mv("4444")));
  EXPECT_TRUE(beats(mv("XD"), mv("2222")));
  EXPECT_FALSE(beats(mv("2222"), mv("XD")));
  EXPECT_TRUE(beats(mv("3"), Move::pass()));
  EXPECT_FALSE(beats(Move::pass(), mv("3")));
  EXPECT_TRUE(beats(mv("444455"), mv("333366")));
  EXPECT_FALSE(beats(mv("44445566"), mv("333366")));
}

}  // namespace
}  // namespace ddz
