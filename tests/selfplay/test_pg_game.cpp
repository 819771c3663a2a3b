// Policy-gradient self-play games (selfplay/pg_game.h): the GAE advantages against their
// definition, the policy target's gradient against finite differences, the games' samples, and
// a learner step on such targets moving the policy the way the advantage says.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "game/rng.h"
#include "models/features.h"
#include "selfplay/actor.h"
#include "selfplay/learner.h"
#include "selfplay/pg_game.h"

#include "tests/selfplay/tiny_spec.h"

namespace ddz::selfplay {
namespace {

using testing::tiny_config;
using testing::tiny_spec;

// The definition, term by term: A_t = sum_{k >= 0} lambda^k (v[t+k+1] - v[t+k]).
TEST(PgGame, GaeAdvantagesMatchTheDefinition) {
  Rng rng(5);
  std::vector<float> v(13);
  for (float& x : v) x = float(rng.uniform() * 2 - 1);
  for (double lambda : {0.0, 0.5, 0.8, 1.0}) {
    const std::vector<float> a = gae_advantages(v, lambda);
    ASSERT_EQ(a.size(), v.size() - 1);
    for (size_t t = 0; t + 1 < v.size(); ++t) {
      double expect = 0, w = 1;
      for (size_t k = t; k + 1 < v.size(); ++k, w *= lambda) expect += w * (double(v[k + 1]) - double(v[k]));
      EXPECT_NEAR(a[t], expect, 1e-5) << "lambda " << lambda << " t " << t;
    }
  }
  const std::vector<float> mc = gae_advantages(v, 1.0);
  for (size_t t = 0; t + 1 < v.size(); ++t) EXPECT_NEAR(mc[t], v.back() - v[t], 1e-5);
  EXPECT_TRUE(gae_advantages({0.5f}, 0.8).empty());
  EXPECT_THROW(gae_advantages({}, 0.8), std::invalid_argument);
}

std::vector<double> softmax(const std::vector<double>& z) {
  const double m = *std::max_element(z.begin(), z.end());
  std::vector<double> p(z.size());
  double sum = 0;
  for (size_t i = 0; i < z.size(); ++i) sum += p[i] = std::exp(z[i] - m);
  for (double& x : p) x /= sum;
  return p;
}
// At the logits that gave `probs`, the gradient of the cross-entropy with the target equals
// -A * d log pi(chosen)/dz, each side by central differences.
TEST(PgGame, TargetGradientIsThePolicyGradient) {
  Rng rng(9);
  for (int trial = 0; trial < 20; ++trial) {
    const size_t n = 2 + rng.below(7);
    std::vector<double> z(n);
    for (double& x : z) x = rng.uniform() * 4 - 2;
    const std::vector<double> p = softmax(z);
    const std::vector<float> probs(p.begin(), p.end());
    const int chosen = int(rng.below(uint32_t(n)));
    const double advantage = rng.uniform() * 2 - 1;
    const std::vector<float> target = pg_target(probs, chosen, advantage);
    ASSERT_EQ(target.size(), n);
    EXPECT_NEAR(std::accumulate(target.begin(), target.end(), 0.0), 1.0, 1e-5);
    const double h = 1e-4;
    for (size_t i = 0; i < n; ++i) {
      auto loss = [&](double dz) {
        std::vector<double> y = z;
        y[i] += dz;
        const std::vector<double> q = softmax(y);
        double l = 0;
        for (size_t j = 0; j < n; ++j) l -= double(target[j]) * std::log(q[j]);
        return l;
      };
      auto logp = [&](double dz) {
        std::vector<double> y = z;
        y[i] += dz;
        return std::log(softmax(y)[size_t(chosen)]);
      };
      const double got = (loss(h) - loss(-h)) / (2 * h);
      const double want = -advantage * (logp(h) - logp(-h)) / (2 * h);
      EXPECT_NEAR(got, want, 1e-4) << "trial " << trial << " logit " << i;
    }
  }
  EXPECT_THROW(pg_target({0.5f, 0.5f}, 2, 1.0), std::invalid_argument);
}

TEST(PgGame, GamesFollowTheShare) {
  TrainConfig cfg;
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
  for (uint64_t seed = 1; seed <= 100; ++seed) EXPECT_FALSE(is_pg_game(cfg, seed));
  cfg.pg_share = 0.3;
  int pg = 0;
  for (uint64_t seed = 1; seed <= 2000; ++seed) pg += is_pg_game(cfg, seed);
  EXPECT_GT(pg, 500);  // 600 expected
  EXPECT_LT(pg, 700);
  cfg.pg_share = 1.0;
  for (uint64_t seed = 1; seed <= 100; ++seed) EXPECT_TRUE(is_pg_game(cfg, seed));
}

// bidding_share: with bidding, that share of the games bid and the rest have the fixed landlord
// (seat 0, no bids); deterministic given the seed; without bidding no game bids whatever the share.
TEST(PgGame, BiddingShareGivesFixedLandlordGames) {
  TrainConfig cfg = tiny_config();
  cfg.pg_share = 1.0;
  cfg.bidding = true;
  int bidding = 0;
  for (uint64_t seed = 1; seed <= 2000; ++seed) EXPECT_TRUE(game_rules(cfg, seed).bidding);
  cfg.bidding_share = 0.25;
  for (uint64_t seed = 1; seed <= 2000; ++seed) {
    const Rules r = game_rules(cfg, seed);
    bidding += r.bidding;
    EXPECT_EQ(r.bidding, game_rules(cfg, seed).bidding);
    if (!r.bidding) { EXPECT_EQ(r.fixed_landlord, 0); }
  }
  EXPECT_GT(bidding, 430);  // 500 expected
  EXPECT_LT(bidding, 570);
  cfg.bidding = false;
  for (uint64_t seed = 1; seed <= 100; ++seed) EXPECT_FALSE(game_rules(cfg, seed).bidding);
  // The games follow their rules: a fixed-landlord game has seat 0 as landlord and no bids, and
  // its one bid sample is seat 0's hand as the first bidder with no bids before it.
  cfg.bidding = true;
  cfg.bidding_share = 0.5;
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  int fixed = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    const GameSamples g = play_pg_game(net, cfg, seed);
    ASSERT_FALSE(g.plays.empty());
    const GameState& s = g.plays.front().state;
    EXPECT_EQ(s.rules().bidding, game_rules(cfg, seed).bidding) << seed;
    if (s.rules().bidding) {
      EXPECT_FALSE(s.bids().empty());
      continue;
    }
    ++fixed;
    EXPECT_EQ(s.landlord(), 0) << seed;
    EXPECT_TRUE(s.bids().empty());
    ASSERT_EQ(g.bids.size(), 1u) << seed;
    EXPECT_EQ(g.bids[0].seat, 0);
    EXPECT_EQ(g.bids[0].first_bidder, 0);
    EXPECT_TRUE(g.bids[0].bids.empty());
  }
  EXPECT_GT(fixed, 0);
}

// A policy-gradient game's samples: a target over the legal moves summing to 1 that is not the
// policy itself (some move has a non-zero advantage), outcomes filled in; deterministic; and
// play_selfplay_game hands pg games to it.
TEST(PgGame, GameSamplesCarryAdvantageTargets) {
  TrainConfig cfg = tiny_config();
  cfg.pg_share = 1.0;
  for (bool bidding : {false, true}) {
    cfg.bidding = bidding;
    Learner learner(tiny_spec(), cfg, 3);
    const EigenNet net(tiny_spec(), learner.weights());
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      const GameSamples g = play_pg_game(net, cfg, seed);
      ASSERT_FALSE(g.plays.empty());
      ASSERT_FALSE(g.bids.empty());
      EXPECT_GE(g.decisions, int(g.plays.size()));
      int moved = 0;
      for (const PlaySample& s : g.plays) {
        ASSERT_EQ(s.moves.size(), s.policy.size());
        ASSERT_GT(s.moves.size(), 1u);
        EXPECT_TRUE(s.has_policy);
        EXPECT_NEAR(std::accumulate(s.policy.begin(), s.policy.end(), 0.0), 1.0, 1e-4);
        ASSERT_TRUE(s.win == 0.0f || s.win == 1.0f);
        ASSERT_EQ(s.win > 0.5f, s.score > 0.0f);
        // The net's own policy for comparison: the target differs by the advantage step.
        std::vector<float> st(static_cast<size_t>(kStateDim)), mv, sc(s.moves.size());
        encode_state(s.state, s.state.to_move(), st.data());
        encode_moves(s.moves, s.state.hand(s.state.to_move()), mv);
        net.policy_scores(st.data(), mv.data(), int(s.moves.size()), sc.data());
        EigenNet::softmax(sc.data(), int(sc.size()));
        double diff = 0;
        for (size_t i = 0; i < sc.size(); ++i) diff += std::fabs(double(sc[i]) - double(s.policy[i]));
        moved += diff > 1e-4;
      }
      EXPECT_GT(moved, 0) << seed;
      const GameSamples again = play_pg_game(net, cfg, seed);
      ASSERT_EQ(again.plays.size(), g.plays.size());
      EXPECT_EQ(again.decisions, g.decisions);
      for (size_t i = 0; i < g.plays.size(); ++i) EXPECT_EQ(again.plays[i].policy, g.plays[i].policy);
      const GameSamples via = play_selfplay_game(net, cfg, seed);
      ASSERT_EQ(via.plays.size(), g.plays.size());
      for (size_t i = 0; i < g.plays.size(); ++i) EXPECT_EQ(via.plays[i].policy, g.plays[i].policy);
    }
  }
}

// With a pool agent in the other seats, only the network's seats give samples.
TEST(PgGame, PoolSeatsGiveNoSamples) {
  TrainConfig cfg = tiny_config();
  cfg.pg_share = 1.0;
  cfg.pool_agents = {"random"};
  cfg.pool_share = 1.0;
  ActorContext context(cfg);
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    const SeatPlan plan = plan_seats(cfg, seed);
    ASSERT_GE(plan.pool_agent, 0);
    const GameSamples g = play_pg_game(net, cfg, seed, &context);
    ASSERT_FALSE(g.plays.empty()) << seed;
    for (const PlaySample& s : g.plays) EXPECT_TRUE(plan.network[size_t(s.state.to_move())]) << seed;
  }
}

// Counterfactual bids: besides the landlord's own bid samples, every other seat gets one sample
// per bid decision that allowed a bid, with its own 17 cards, the bids before it and a result
// of its replay as landlord; without the key only the landlord's decisions give samples.
TEST(PgGame, CounterfactualBidsCoverEverySeat) {
  TrainConfig cfg = tiny_config();
  cfg.pg_share = 1.0;
  cfg.bidding = true;
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  int others = 0;
  for (uint64_t seed = 1; seed <= 80; ++seed) {
    cfg.counterfactual_bids = false;
    const GameSamples plain = play_pg_game(net, cfg, seed);
    cfg.counterfactual_bids = true;
    const GameSamples g = play_pg_game(net, cfg, seed);
    ASSERT_FALSE(g.plays.empty());
    const GameState& first = g.plays.front().state;
    const int landlord = first.landlord();
    for (const BidSample& b : plain.bids) EXPECT_EQ(b.seat, landlord);
    size_t expected = plain.bids.size();
    int highest = 0;
    std::vector<BidRecord> before;
    for (const BidRecord& r : first.bids()) {
      if (r.seat != landlord && highest < 3) ++expected;
      highest = std::max(highest, r.bid);
      before.push_back(r);
    }
    ASSERT_EQ(g.bids.size(), expected) << seed;
    for (size_t i = 0; i < g.bids.size(); ++i) {
      const BidSample& b = g.bids[i];
      EXPECT_EQ(b.hand, first.initial_deal().hands[size_t(b.seat)]) << seed;
      EXPECT_EQ(b.first_bidder, first.first_bidder());
      ASSERT_TRUE(b.win == 0.0f || b.win == 1.0f);
      EXPECT_EQ(b.win > 0.5f, b.score > 0.0f);
      // The bids before the decision are the record's prefix up to this seat's bid.
      ASSERT_LE(b.bids.size(), first.bids().size());
      for (size_t k = 0; k < b.bids.size(); ++k) EXPECT_EQ(b.bids[k].seat, first.bids()[k].seat);
      EXPECT_EQ(first.bids()[b.bids.size()].seat, b.seat);
      if (b.seat != landlord) ++others;
    }
    // The main game is the same with or without the replays.
    ASSERT_EQ(plain.plays.size(), g.plays.size());
    for (size_t i = 0; i < g.plays.size(); ++i) EXPECT_EQ(plain.plays[i].policy, g.plays[i].policy);
  }
  EXPECT_GT(others, 10);
}

// Learner steps on one position's pg target raise the chosen move's probability when its
// advantage is positive and lower it when negative.
TEST(PgGame, LearnerFollowsTheAdvantage) {
  TrainConfig cfg = tiny_config();
  cfg.pg_share = 1.0;
  cfg.lr = 3e-3;
  cfg.value_weight = 0;
  Learner probe(tiny_spec(), cfg, 3);
  const EigenNet start(tiny_spec(), probe.weights());
  const GameSamples g = play_pg_game(start, cfg, 21);
  ASSERT_FALSE(g.plays.empty());
  PlaySample sample = g.plays.front();
  const int seat = sample.state.to_move();
  std::vector<float> st(static_cast<size_t>(kStateDim)), mv, sc(sample.moves.size());
  encode_state(sample.state, seat, st.data());
  encode_moves(sample.moves, sample.state.hand(seat), mv);
  auto probs = [&](const EigenNet& net) {
    net.policy_scores(st.data(), mv.data(), int(sample.moves.size()), sc.data());
    EigenNet::softmax(sc.data(), int(sc.size()));
    return sc;
  };
  const std::vector<float> p0 = probs(start);
  for (double advantage : {0.5, -0.5}) {
    Learner learner(tiny_spec(), cfg, 3);
    sample.policy = pg_target(p0, 0, advantage);
    for (int step = 0; step < 20; ++step) learner.step({sample}, {});
    const std::vector<float> p1 = probs(EigenNet(tiny_spec(), learner.weights()));
    if (advantage > 0) EXPECT_GT(p1[0], p0[0] * 1.05f);
    else EXPECT_LT(p1[0], p0[0] * 0.95f);
  }
}

}  // namespace
}  // namespace ddz::selfplay
