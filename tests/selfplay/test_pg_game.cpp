// Policy-gradient self-play games (selfplay/pg_game.h): the GAE advantages against their
// definition, the policy target's gradient against finite differences, the games' samples, and
// a learner step on such targets moving the policy the way the advantage says.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

#include "agent/factory.h"
#include "game/observation.h"
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
double entropy(const std::vector<double>& z) {
  double h = 0;
  for (double p : softmax(z)) h -= p * std::log(p);
  return h;
}

// At the logits that gave `probs`, the gradient of the cross-entropy with the target equals
// -A * d log pi(chosen)/dz - bonus * dH/dz, each side by central differences.
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
    const double bonus = trial % 2 ? 0.05 : 0.0;
    const std::vector<float> target = pg_target(probs, chosen, advantage, bonus);
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
      auto ent = [&](double dz) {
        std::vector<double> y = z;
        y[i] += dz;
        return entropy(y);
      };
      const double got = (loss(h) - loss(-h)) / (2 * h);
      const double want = -advantage * (logp(h) - logp(-h)) / (2 * h) - bonus * (ent(h) - ent(-h)) / (2 * h);
      EXPECT_NEAR(got, want, 1e-4) << "trial " << trial << " logit " << i;
    }
  }
  EXPECT_THROW(pg_target({0.5f, 0.5f}, 2, 1.0, 0.0), std::invalid_argument);
}

TEST(PgGame, GamesFollowTheShare) {
  TrainConfig cfg;
  for (uint64_t seed = 1; seed <= 100; ++seed) EXPECT_FALSE(is_pg_game(cfg, seed));
  cfg.pg_share = 0.3;
  int pg = 0;
  for (uint64_t seed = 1; seed <= 2000; ++seed) pg += is_pg_game(cfg, seed);
  EXPECT_GT(pg, 500);  // 600 expected
  EXPECT_LT(pg, 700);
  cfg.pg_share = 1.0;
  for (uint64_t seed = 1; seed <= 100; ++seed) EXPECT_TRUE(is_pg_game(cfg, seed));
}

// The rollout target: total mass kept, the other moves untouched, the candidates reweighted by
// exp(scale x (result - their policy-weighted mean)) and nothing moved when the results agree.
TEST(PgGame, RolloutTargetMovesMassTowardsTheWinners) {
  const std::vector<float> probs{0.5f, 0.3f, 0.15f, 0.05f};
  const std::vector<int> cand{0, 1, 2};
  std::vector<float> t = rollout_target(probs, cand, {-1.0f, 1.0f, 1.0f}, 1.0);
  EXPECT_NEAR(std::accumulate(t.begin(), t.end(), 0.0), 1.0, 1e-6);
  EXPECT_FLOAT_EQ(t[3], 0.05f);
  EXPECT_NEAR(t[0] + t[1] + t[2], 0.95, 1e-6);
  // By hand: mean = (0.5 x -1 + 0.45 x 1) / 0.95; weights p exp(r - mean).
  const double mean = (-0.5 + 0.45) / 0.95;
  const double w0 = 0.5 * std::exp(-1 - mean), w1 = 0.3 * std::exp(1 - mean), w2 = 0.15 * std::exp(1 - mean);
  EXPECT_NEAR(t[0], 0.95 * w0 / (w0 + w1 + w2), 1e-6);
  EXPECT_NEAR(t[1], 0.95 * w1 / (w0 + w1 + w2), 1e-6);
  EXPECT_LT(t[0], probs[0]);
  EXPECT_GT(t[1], probs[1]);
  t = rollout_target(probs, cand, {1.0f, 1.0f, 1.0f}, 1.0);
  for (size_t i = 0; i < probs.size(); ++i) EXPECT_NEAR(t[i], probs[i], 1e-6);
  t = rollout_target(probs, cand, {-1.0f, 1.0f, -1.0f}, 0.0);
  for (size_t i = 0; i < probs.size(); ++i) EXPECT_NEAR(t[i], probs[i], 1e-6);
  EXPECT_THROW(rollout_target(probs, {0, 4}, {1.0f, 1.0f}, 1.0), std::invalid_argument);
  EXPECT_THROW(rollout_target(probs, {0, 1}, {1.0f}, 1.0), std::invalid_argument);
}

// The mover's side's result after `move`, the game then played to the end by `agent` in every
// seat: the slow reference of the rollouts behind rollout targets.
float reference_rollout(GameState world, const Move& move, const std::function<Move(const GameState&)>& player) {
  const bool landlord_side = world.to_move() == world.landlord();
  world.apply_trusted(move);
  while (world.phase() == Phase::Play) {
    const std::string why = world.apply_move(player(world));
    if (!why.empty()) throw std::logic_error(why);
  }
  return world.landlord_won() == landlord_side ? 1.0f : -1.0f;
}

// The policy over a position's legal moves, straight from the network.
std::vector<float> policy_of(const EigenNet& net, const GameState& s, const std::vector<Move>& moves) {
  std::vector<float> st(static_cast<size_t>(kStateDim)), mv, probs(moves.size());
  encode_state(s, s.to_move(), st.data());
  encode_moves(moves, s.hand(s.to_move()), mv);
  net.policy_scores(st.data(), mv.data(), int(moves.size()), probs.data());
  EigenNet::softmax(probs.data(), int(probs.size()));
  return probs;
}

// Every sample of g against the rollout target recomputed with `player` finishing the rollouts;
// returns how many samples had candidates with different results.
int expect_rollout_targets(const EigenNet& net, const GameSamples& g, int k, double scale,
                           const std::function<Move(const GameState&)>& player) {
  int moved = 0;
  for (const PlaySample& s : g.plays) {
    const std::vector<float> probs = policy_of(net, s.state, s.moves);
    std::vector<int> order(s.moves.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return probs[size_t(a)] > probs[size_t(b)]; });
    order.resize(std::min<size_t>(order.size(), size_t(k)));
    std::vector<float> results;
    for (int c : order) results.push_back(reference_rollout(s.state, s.moves[size_t(c)], player));
    const std::vector<float> expected = rollout_target(probs, order, results, scale);
    EXPECT_EQ(s.policy.size(), expected.size());
    if (s.policy.size() != expected.size()) continue;
    for (size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(s.policy[i], expected[i], 1e-5);
    moved += std::any_of(results.begin(), results.end(), [&](float r) { return r != results[0]; });
  }
  return moved;
}

// With pg_rollout_share 1, every sample of a game without pool seats carries the rollout target
// of its position: the k likeliest moves, each scored by a rollout of rollout_policy on the true
// deal (checked against a plain loop with the heuristic in every seat); with a pool seat, none.
TEST(PgGame, RolloutTargetsScoreTheLikeliestMovesOnTheTrueDeal) {
  TrainConfig cfg = tiny_config();
  cfg.pg_share = 1.0;
  cfg.pg_rollout_share = 1.0;
  cfg.pg_rollout_k = 3;
  cfg.rollout_policy = "heuristic";
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  std::unique_ptr<Agent> heuristic = make_agent("heuristic");
  const auto heuristic_player = [&](const GameState& w) { return heuristic->play(observe(w, w.to_move())); };
  int moved = 0;
  size_t checked = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const GameSamples g = play_pg_game(net, cfg, seed);
    ASSERT_FALSE(g.plays.empty());
    moved += expect_rollout_targets(net, g, 3, cfg.pg_scale, heuristic_player);
    checked += g.plays.size();
  }
  EXPECT_GT(checked, 20u);
  EXPECT_GT(moved, 0);
  // Network rollouts: valid targets, and deterministic given the seed.
  cfg.rollout_policy = "net";
  const GameSamples n1 = play_pg_game(net, cfg, 5), n2 = play_pg_game(net, cfg, 5);
  ASSERT_EQ(n1.plays.size(), n2.plays.size());
  for (size_t i = 0; i < n1.plays.size(); ++i) {
    EXPECT_EQ(n1.plays[i].policy, n2.plays[i].policy);
    EXPECT_NEAR(std::accumulate(n1.plays[i].policy.begin(), n1.plays[i].policy.end(), 0.0), 1.0, 1e-4);
  }
  // A pool game keeps the GAE targets: the same as with rollout targets off.
  cfg.pool_agents = {"random"};
  cfg.pool_share = 1.0;
  TrainConfig off = cfg;
  off.pg_rollout_share = 0.0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const GameSamples a = play_pg_game(net, cfg, seed), b = play_pg_game(net, off, seed);
    ASSERT_EQ(a.plays.size(), b.plays.size());
    for (size_t i = 0; i < a.plays.size(); ++i) EXPECT_EQ(a.plays[i].policy, b.plays[i].policy);
  }
  // With pg_rollout_pool, a pool game's rollouts play each seat by whoever sits there: the
  // network's argmax in its seats, the (deterministic) heuristic in the pool's.
  cfg.pool_agents = {"heuristic"};
  cfg.pg_rollout_pool = true;
  moved = 0;
  checked = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const SeatPlan plan = plan_seats(cfg, seed);
    ASSERT_EQ(plan.pool_agent, 0);
    const auto seatwise = [&](const GameState& w) {
      const int seat = w.to_move();
      if (!plan.network[size_t(seat)]) return heuristic->play(observe(w, seat));
      std::vector<Move> legal;
      w.legal(legal);
      const std::vector<float> p = policy_of(net, w, legal);
      return legal[size_t(std::max_element(p.begin(), p.end()) - p.begin())];
    };
    const GameSamples g = play_pg_game(net, cfg, seed);
    for (const PlaySample& s : g.plays) EXPECT_TRUE(plan.network[size_t(s.state.to_move())]);
    moved += expect_rollout_targets(net, g, 3, cfg.pg_scale, seatwise);
    checked += g.plays.size();
  }
  EXPECT_GT(checked, 10u);
  EXPECT_GT(moved, 0);
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
    sample.policy = pg_target(p0, 0, advantage, 0.0);
    for (int step = 0; step < 20; ++step) learner.step({sample}, {});
    const std::vector<float> p1 = probs(EigenNet(tiny_spec(), learner.weights()));
    if (advantage > 0) EXPECT_GT(p1[0], p0[0] * 1.05f);
    else EXPECT_LT(p1[0], p0[0] * 0.95f);
  }
}

}  // namespace
}  // namespace ddz::selfplay
