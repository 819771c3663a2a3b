// Tests of the heuristic agent and its hand split: plans cover the hand with real combinations,
// only legal moves over many games, a clear win over random, and the cooperation and bombing
// rules in constructed positions.
#include <gtest/gtest.h>

#include "arena/arena.h"
#include "agent/hand_value.h"
#include "agent/heuristic_agent.h"
#include "game/catalogue.h"
#include "game/observation.h"

namespace ddz {
namespace {

Move mv(const char* cards) { return parse_move(cards); }

TEST(HandValue, PlansPartitionTheHandIntoCombinations) {
  Rng rng(2024);
  for (int i = 0; i < 3000; ++i) {
    const Deal d = deal_cards(rng);
    Hand hand = i % 3 == 0 ? d.hands[0] + d.kitty : d.hands[size_t(i % 3)];
    // Also smaller hands, as in the middle and end of games.
    const int keep = 1 + int(rng.below(uint32_t(hand.size())));
    while (hand.size() > keep) {
      const int r = int(rng.below(kNumRanks));
      if (hand.count(r)) hand.remove(r);
    }
    const HandPlan plan = plan_hand(hand);
    Hand sum;
    for (int g = 0; g < plan.count; ++g) {
      const Move& m = plan.groups[size_t(g)];
      const auto c = classify(m.cards);
      ASSERT_TRUE(c.has_value()) << to_string(hand) << ": group " << to_string(m.cards);
      EXPECT_EQ(*c, m);
      sum += m.cards;
    }
    ASSERT_EQ(sum, hand) << to_string(hand);
    EXPECT_EQ(plan.plays, plan.count);
    EXPECT_EQ(plan.value, hand_value(hand));
  }
}

TEST(HandValue, KnownSplits) {
  EXPECT_EQ(plan_hand(parse_cards("3456789TJQKA")).plays, 1);
  EXPECT_EQ(plan_hand(parse_cards("33445566778899")).plays, 1);
  EXPECT_EQ(plan_hand(parse_cards("333444555666789T")).plays, 1);
  EXPECT_EQ(plan_hand(parse_cards("33344455")).plays, 1);
  EXPECT_EQ(plan_hand(parse_cards("3456789TJQKA2XD")).plays, 3);  // chain, rocket, 2
  EXPECT_EQ(plan_hand(Hand()).plays, 0);
  // A rocket is worth more than two lone jokers; a bomb more than a trio and a solo.
  EXPECT_GT(hand_value(parse_cards("XD")), hand_value(parse_cards("2X")));
  EXPECT_GT(hand_value(parse_cards("7777")), hand_value(parse_cards("7773")));
}

GameState position(const char* landlord, const char* down, const char* up, int to_move, const char* to_beat,
                   int to_beat_seat) {
  const std::array<Hand, kNumSeats> hands{parse_cards(landlord), parse_cards(down), parse_cards(up)};
  return GameState::from_position(hands, 0, to_move, mv(to_beat), to_beat_seat);
}

TEST(Heuristic, FarmerDoesNotOvertakeWinningPartner) {
  HeuristicAgent agent;
  // Seat 1 (partner) played a 9 and the landlord passed... here seat 2 answers its partner.
  const GameState partner_led = position("3456789TJQKA22XD", "5566", "47TJK8", 2, "9", 1);
  EXPECT_TRUE(agent.play(observe(partner_led, 2)).is_pass());
  // The same cards when the landlord played the 9: the last farmer beats it.
  const GameState landlord_led = position("3456789TJQKA22XD", "5566", "47TJK8", 2, "9", 0);
  const Move m = agent.play(observe(landlord_led, 2));
  EXPECT_FALSE(m.is_pass());
  EXPECT_EQ(m.type, MoveType::Solo);
  // Seat 1 answering its partner (seat 2) after the landlord passed: also no overtaking.
  const GameState up_led = position("3456789TJQKA22XD", "47TJK8", "5566", 1, "9", 2);
  EXPECT_TRUE(agent.play(observe(up_led, 1)).is_pass());
}

TEST(Heuristic, BombsWhenAnOpponentIsAboutToGoOut) {
  HeuristicAgent agent;
  // The landlord played KK and holds two cards: the farmer's only answer is its bomb.
  const GameState danger = position("34", "356777799J", "44556688TT", 1, "KK", 0);
  const Move m = agent.play(observe(danger, 1));
  EXPECT_EQ(m.type, MoveType::Bomb) << to_string(m);
  // With the landlord far from going out the bomb is kept.
  const GameState calm = position("3456889TJQKA2XD", "356777799J", "44556688TT", 1, "KK", 0);
  EXPECT_TRUE(agent.play(observe(calm, 1)).is_pass());
}

TEST(Heuristic, BombsWhenTheBombWinsTheGame) {
  HeuristicAgent agent;
  // After the bomb only the pair of aces is left, which the landlord then leads out.
  const GameState win = position("7777AA", "3456889TJQKA", "34589TJQK2XD", 0, "22", 2);
  const Move m = agent.play(observe(win, 0));
  EXPECT_EQ(m.type, MoveType::Bomb) << to_string(m);
}

TEST(Heuristic, GoesOutWhenItCan) {
  HeuristicAgent agent;
  const GameState g = position("3456789TJQKA22XD", "QQ", "4TJQKA78", 1, "99", 0);
  EXPECT_EQ(agent.play(observe(g, 1)).cards, parse_cards("QQ"));
  // Leading a hand that is one combination plays all of it.
  const GameState lead = position("3456789TJQKA22XD", "33344455", "4TJQKA78", 1, "pass", -1);
  EXPECT_EQ(agent.play(observe(lead, 1)).cards, parse_cards("33344455"));
  // Also a four with two kickers, which the hand split keeps as a bomb.
  const GameState four = position("3456789TJQKA22XD", "777789", "4TJQKA78", 1, "pass", -1);
  EXPECT_EQ(agent.play(observe(four, 1)).cards, parse_cards("777789"));
}

TEST(Heuristic, LeadsLowSoloToPartnerWithOneCard) {
  HeuristicAgent agent;
  const GameState g = position("3456789TJQKA22XD", "59JJQQQK", "A", 1, "pass", -1);
  const Move m = agent.play(observe(g, 1));
  EXPECT_EQ(m.cards, parse_cards("5")) << to_string(m);
}

TEST(Heuristic, AvoidsSolosWhenAnOpponentHasOneCard) {
  HeuristicAgent agent;
  // The landlord (seat 0) has one card: the farmer leads its pair rather than a low solo.
  const GameState g = position("A", "3568QQ", "4TJQK78", 1, "pass", -1);
  const Move m = agent.play(observe(g, 1));
  EXPECT_NE(m.type, MoveType::Solo) << to_string(m);
}

// A deal whose seat 0 holds `seat0` and kitty `kitty`; the other cards go in rank order to seats 1, 2.
Deal deal_with(const char* seat0, const char* kitty) {
  Deal d;
  d.hands[0] = parse_cards(seat0);
  d.kitty = parse_cards(kitty);
  Hand rest = Hand::deck() - d.hands[0] - d.kitty;
  for (int r = 0; r < kNumRanks; ++r)
    for (int k = rest.count(r); k > 0; --k) (d.hands[1].size() < 17 ? d.hands[1] : d.hands[2]).add(r);
  return d;
}

TEST(Heuristic, BidsByHandStrength) {
  HeuristicAgent agent;
  Rules rules;
  rules.bidding = true;
  rules.first_bidder = 0;
  GameState strong(deal_with("XD2222AAAKKQQJ333", "456"), rules);
  EXPECT_EQ(agent.bid(observe(strong, 0)), 3);
  GameState weak(deal_with("33445566789TJQK89", "456"), rules);
  EXPECT_EQ(agent.bid(observe(weak, 0)), 0);
  // A bid must beat the highest so far: after a 3 nothing is bid.
  GameState after(deal_with("33445566789TJQK89", "456"), rules);
  ASSERT_EQ(after.apply_bid(3), "");
  ASSERT_EQ(after.phase(), Phase::Play);
}

TEST(Heuristic, PlaysOnlyLegalMovesOverManyGames) {
  // The arena applies every move through the validating apply_move and throws on an illegal one.
  for (bool bidding : {false, true}) {
    ArenaConfig c;
    c.agents = {"heuristic", "heuristic", "random"};
    c.deals = 100;
    c.seed = bidding ? 5 : 6;
    c.rules.bidding = bidding;
    ArenaResult r;
    ASSERT_NO_THROW(r = run_arena(c));
    EXPECT_EQ(r.games, 600);
  }
}

TEST(Heuristic, BeatsRandomClearlyInBothRoles) {
  ArenaConfig c;
  c.agents = {"heuristic", "random"};
  c.deals = 300;
  c.seed = 2026;
  c.threads = 2;
  const ArenaResult r = run_arena(c);
  EXPECT_GT(r.agents[0].landlord.wp(), 0.85);
  EXPECT_GT(r.agents[0].farmer.wp(), 0.85);
  EXPECT_GT(r.pairs[0].paired_score.ci95().lo, 0.0);
}

}  // namespace
}  // namespace ddz
