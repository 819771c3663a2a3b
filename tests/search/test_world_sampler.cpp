// Tests of world sampling: every sampled world is consistent with the observation (property test
// over thousands of observations from random games), draws are uniform, bad observations throw.
#include <gtest/gtest.h>

#include <vector>

#include "game/movegen.h"
#include "search/rollout_evaluator.h"
#include "search/world_sampler.h"

namespace ddz {
namespace {

// Observations from seeded random games: every seat's view at every `stride`-th position.
std::vector<Observation> random_observations(int games, int stride, uint64_t seed) {
  std::vector<Observation> out;
  Rng rng(seed);
  std::vector<Move> moves;
  for (int g = 0; g < games; ++g) {
    Rules rules;
    rules.fixed_landlord = g % 3;
    GameState s(Rng::mix(seed, uint64_t(g)), rules);
    for (int ply = 0; s.phase() == Phase::Play; ++ply) {
      if (ply % stride == 0)
        for (int seat = 0; seat < kNumSeats; ++seat) out.push_back(observe(s, seat));
      s.legal(moves);
      s.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
    }
  }
  return out;
}

TEST(WorldSampler, SampledWorldsAreConsistent) {
  const std::vector<Observation> observations = random_observations(120, 3, 7);
  ASSERT_GT(observations.size(), 3000u);
  UniformWorldSampler sampler;
  Rng rng(11);
  int checked = 0;
  for (const Observation& obs : observations) {
    for (int k = 0; k < 3; ++k) {
      const GameState w = sampler.sample(obs, rng);
      ASSERT_EQ(check_world(obs, w), "");
      // Spelled out as the property: the observer's hand exactly, cards left per seat, the
      // landlord's unplayed kitty cards, and the deck.
      ASSERT_EQ(w.hand(obs.seat), obs.hand);
      Hand all;
      for (int s = 0; s < kNumSeats; ++s) {
        ASSERT_EQ(w.hand(s).size(), obs.cards_left[size_t(s)]);
        all += w.hand(s) + obs.played[size_t(s)];
      }
      ASSERT_EQ(all, Hand::deck());
      ASSERT_TRUE(w.hand(obs.landlord).contains(obs.landlord_known_cards()));
      ASSERT_EQ(w.to_move(), obs.to_move);
      ASSERT_EQ(w.to_beat(), obs.to_beat);
      ASSERT_EQ(w.phase(), Phase::Play);
      // Worlds are replayed games: the public record is the real one.
      ASSERT_EQ(w.history().size(), obs.history.size());
      for (int s = 0; s < kNumSeats; ++s) ASSERT_EQ(w.played(s), obs.played[size_t(s)]);
      ++checked;
    }
  }
  EXPECT_GT(checked, 9000);
}

TEST(WorldSampler, CheckWorldCatchesWrongWorlds) {
  Rules rules;
  GameState s(5, rules);
  const Observation obs = observe(s, 1);
  // The true world is consistent; swapping the observer's hand with another seat's is not.
  EXPECT_EQ(check_world(obs, world_from_hands(obs, s.hands())), "");
  auto hands = s.hands();
  std::swap(hands[1], hands[2]);
  EXPECT_NE(check_world(obs, world_from_hands(obs, hands)), "");
}

TEST(WorldSampler, DrawsAreUniform) {
  // Farmer seat 1 at the start: the landlord (seat 0) holds the 3 kitty cards for sure plus 17
  // of the 34 other hidden cards; seat 2 holds the other 17. Each non-kitty hidden card of a
  // rank lies with the landlord with probability 1/2.
  Rules rules;
  GameState s(99, rules);
  const Observation obs = observe(s, 1);
  const HiddenCards h = hidden_cards(obs);
  EXPECT_EQ(h.need[0], 17);
  EXPECT_EQ(h.need[1], 0);
  EXPECT_EQ(h.need[2], 17);
  EXPECT_EQ(h.pool.size(), 34);
  UniformWorldSampler sampler;
  Rng rng(3);
  const int n = 20000;
  std::vector<int> at_landlord(kNumRanks, 0);
  for (int i = 0; i < n; ++i) {
    const GameState w = sampler.sample(obs, rng);
    const Hand extra = w.hand(0) - h.fixed[0];
    for (int r = 0; r < kNumRanks; ++r) at_landlord[size_t(r)] += extra.count(r);
  }
  for (int r = 0; r < kNumRanks; ++r) {
    const int c = h.pool.count(r);
    if (c == 0) continue;
    const double mean = double(at_landlord[size_t(r)]) / n;  // expected c / 2
    EXPECT_NEAR(mean, c / 2.0, 0.05) << "rank " << rank_char(r);
  }
}

TEST(WorldSampler, DealsForBidding) {
  Rules rules;
  rules.bidding = true;
  GameState s(42, rules);
  const Observation obs = observe(s, 2);
  ASSERT_EQ(obs.phase, Phase::Bidding);
  UniformWorldSampler sampler;
  Rng rng(1);
  for (int i = 0; i < 500; ++i) {
    const Deal d = sampler.sample_deal(obs, rng);
    EXPECT_EQ(d.hands[2], obs.hand);
    EXPECT_EQ(d.hands[0].size(), 17);
    EXPECT_EQ(d.hands[1].size(), 17);
    EXPECT_EQ(d.kitty.size(), 3);
    EXPECT_EQ(d.hands[0] + d.hands[1] + d.hands[2] + d.kitty, Hand::deck());
  }
}

// Farmer seat 1 observes a landlord whose kitty was 345; the other farmer played everything else.
Observation endgame_view(Hand landlord_hand, Hand farmer1, Hand farmer2) {
  Observation o;
  o.seat = 1;
  o.landlord = 0;
  o.to_move = 1;
  o.hand = farmer1;
  o.kitty = parse_cards("345");
  o.cards_left = {landlord_hand.size(), farmer1.size(), farmer2.size()};
  o.played[2] = Hand::deck() - landlord_hand - farmer1 - farmer2;
  return o;
}

TEST(WorldSampler, DeterminedObservations) {
  Rules rules;
  EXPECT_FALSE(world_is_determined(observe(GameState(8, rules), 0)));
  // The landlord holds only its known kitty cards: the other farmer's cards follow.
  const Observation determined = endgame_view(parse_cards("345"), parse_cards("66"), parse_cards("77"));
  EXPECT_TRUE(world_is_determined(determined));
  UniformWorldSampler sampler;
  Rng rng(2);
  const GameState w = sampler.sample(determined, rng);
  EXPECT_EQ(w.hand(0), parse_cards("345"));
  EXPECT_EQ(w.hand(2), parse_cards("77"));
  // One unknown card with the landlord: the 8 and the 7s can be split several ways.
  EXPECT_FALSE(world_is_determined(endgame_view(parse_cards("3458"), parse_cards("66"), parse_cards("77"))));
}

TEST(WorldSampler, InconsistentObservationsThrow) {
  Rules rules;
  GameState s(3, rules);
  Observation obs = observe(s, 1);
  UniformWorldSampler sampler;
  Rng rng(1);
  obs.cards_left[2] += 1;
  EXPECT_THROW(sampler.sample(obs, rng), std::invalid_argument);
  obs = observe(s, 1);
  obs.played[0] = obs.hand;  // played cards overlapping the observer's hand
  EXPECT_THROW(sampler.sample(obs, rng), std::invalid_argument);
  obs = observe(s, 1);
  obs.landlord = kNoSeat;
  EXPECT_THROW(sampler.sample(obs, rng), std::invalid_argument);
}

}  // namespace
}  // namespace ddz
