// Tests of the SPRT: the constrained maximum-likelihood ratio against a slow one-parameter search
// on the trinomial, seeded simulations of many tests on synthetic deal pairs (error rates near
// alpha and beta, early stops with the right answer), and a real match that stops early.
#include <gtest/gtest.h>

#include <cmath>

#include "arena/sprt.h"
#include "arena/sprt_match.h"
#include "game/rng.h"

namespace ddz {
namespace {

// The slow reference for a match without draws: pair scores 0, 1/2 and 1 with counts n0, n1, n2.
// Under mean score s the distribution has one free parameter, p2 in [max(0, 2s - 1), s]
// (p1 = 2 (s - p2), p0 = 1 - p1 - p2); the largest likelihood is found by a golden-section
// search (the log-likelihood is concave in p2), with empty bins counted as 1e-3 as in Sprt.
double reference_max_loglik(const std::array<double, 3>& n, double s) {
  auto ll = [&](double p2) {
    const double p1 = 2 * (s - p2), p0 = 1 - p1 - p2;
    if (p0 <= 0 || p1 <= 0 || p2 <= 0) return -1e300;
    return n[0] * std::log(p0) + n[1] * std::log(p1) + n[2] * std::log(p2);
  };
  double lo = std::max(0.0, 2 * s - 1), hi = s;
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 300; ++it) {
    const double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    if (ll(x1) < ll(x2)) lo = x1;
    else hi = x2;
  }
  return ll(0.5 * (lo + hi));
}

// Pentanomial bins 1 and 3 stay empty (1e-3 each); the reference has no such bins, so its counts
// are compared on data where their contribution is far below the tolerance.
TEST(Sprt, LikelihoodRatioMatchesASlowSearch) {
  for (const auto& counts : std::vector<std::array<int, 3>>{{30, 50, 40}, {100, 20, 5}, {7, 0, 12}, {400, 390, 420}}) {
    Sprt sprt({-10.0, 25.0, 0.05, 0.05});
    for (int w = 0; w < 3; ++w)
      for (int k = 0; k < counts[size_t(w)]; ++k) sprt.add_wins(w);
    std::array<double, 3> n{};
    for (int w = 0; w < 3; ++w) n[size_t(w)] = counts[size_t(w)] > 0 ? counts[size_t(w)] : 1e-3;
    const double total = n[0] + n[1] + n[2];
    const double want = (reference_max_loglik(n, elo_to_score(25.0)) - reference_max_loglik(n, elo_to_score(-10.0))) *
                        double(sprt.pairs()) / total;
    EXPECT_NEAR(sprt.llr(), want, 1e-3 + 1e-4 * std::abs(want)) << counts[0] << " " << counts[1] << " " << counts[2];
  }
}

TEST(Sprt, EloAndBoundsParse) {
  EXPECT_NEAR(elo_to_score(0), 0.5, 1e-15);
  EXPECT_NEAR(score_to_elo(elo_to_score(37.5)), 37.5, 1e-9);
  const SprtConfig c = parse_sprt_bounds("-1.5,4");
  EXPECT_EQ(c.elo0, -1.5);
  EXPECT_EQ(c.elo1, 4.0);
  EXPECT_THROW(parse_sprt_bounds("5,0"), std::invalid_argument);
  EXPECT_THROW(parse_sprt_bounds("0;5"), std::invalid_argument);
  EXPECT_THROW(parse_sprt_bounds("0,5x"), std::invalid_argument);
  Sprt s({0, 5, 0.05, 0.1});
  EXPECT_NEAR(s.upper_bound(), std::log(0.9 / 0.05), 1e-12);
  EXPECT_NEAR(s.lower_bound(), std::log(0.1 / 0.95), 1e-12);
  EXPECT_THROW(s.add_wins(3), std::invalid_argument);
}

// One simulated test on synthetic deal pairs whose per-game score has logistic Elo `elo`: with
// probability 0.35 the cards decide both games for one side (duplicate pairs agree more often
// than independent games), else the games are independent.
struct Outcome {
  SprtState state;
  int64_t pairs;
};
Outcome simulate(const SprtConfig& c, double elo, Rng& rng, int64_t max_pairs) {
  const double p = elo_to_score(elo);
  Sprt sprt(c);
  while (sprt.pairs() < max_pairs) {
    int wins;
    if (rng.uniform() < 0.35) wins = rng.uniform() < p ? 2 : 0;
    else wins = int(rng.uniform() < p) + int(rng.uniform() < p);
    sprt.add_wins(wins);
    const SprtState s = sprt.state();
    if (s != SprtState::Continue) return {s, sprt.pairs()};
  }
  return {SprtState::Continue, sprt.pairs()};
}

TEST(Sprt, IdenticalAgentsAcceptH0AtTheRateAlphaAllows) {
  const SprtConfig c{0.0, 30.0, 0.05, 0.05};
  Rng rng(2024);
  int h1 = 0, undecided = 0;
  const int runs = 600;
  for (int r = 0; r < runs; ++r) {
    const Outcome o = simulate(c, 0.0, rng, 50000);
    h1 += o.state == SprtState::AcceptH1;
    undecided += o.state == SprtState::Continue;
  }
  EXPECT_EQ(undecided, 0);
  // The false-positive rate is at most alpha (Wald's bound; the overshoot makes it smaller).
  // Binomial(600, 0.05) exceeds 45 with probability below 0.1%.
  EXPECT_LE(h1, 45) << h1;
  EXPECT_GE(h1, 5) << h1;
}

TEST(Sprt, AtElo1TheTestAcceptsH1AtTheRateBetaAllows) {
  const SprtConfig c{0.0, 30.0, 0.05, 0.1};
  Rng rng(77);
  int h0 = 0;
  const int runs = 600;
  for (int r = 0; r < runs; ++r) h0 += simulate(c, 30.0, rng, 50000).state == SprtState::AcceptH0;
  // beta = 0.1: Binomial(600, 0.1) exceeds 80 with probability below 0.1%.
  EXPECT_LE(h0, 80) << h0;
  EXPECT_GE(h0, 15) << h0;
}

TEST(Sprt, ClearDifferencesStopEarlyWithTheRightAnswer) {
  const SprtConfig c{0.0, 10.0, 0.05, 0.05};
  Rng rng(5);
  for (int r = 0; r < 50; ++r) {
    const Outcome strong = simulate(c, 80.0, rng, 100000);
    EXPECT_EQ(strong.state, SprtState::AcceptH1);
    EXPECT_LT(strong.pairs, 1000);
    const Outcome weak = simulate(c, -80.0, rng, 100000);
    EXPECT_EQ(weak.state, SprtState::AcceptH0);
    EXPECT_LT(weak.pairs, 1000);
  }
}

TEST(SprtMatch, StrongAgainstWeakStopsEarlyWithH1WhateverTheThreads) {
  ArenaConfig config;
  config.agents = {"heuristic", "random"};
  config.deals = 400;
  config.seed = 4;
  config.cpu_clock = CpuClock::Off;
  const SprtConfig c{0.0, 30.0, 0.05, 0.05};
  config.threads = 1;
  const SprtMatchResult one = run_sprt_match(config, c);
  config.threads = 2;
  const SprtMatchResult two = run_sprt_match(config, c);
  EXPECT_EQ(one.state, SprtState::AcceptH1);
  EXPECT_LT(one.sprt.pairs(), 60);
  EXPECT_EQ(one.arena.deals, one.sprt.pairs());
  EXPECT_EQ(one.arena.pairs[0].deals, one.sprt.pairs());
  EXPECT_EQ(two.state, one.state);
  EXPECT_EQ(two.sprt.pairs(), one.sprt.pairs());
  EXPECT_EQ(two.sprt.counts(), one.sprt.counts());
  // Swapped, the weak agent comes first: H0.
  std::swap(config.agents[0], config.agents[1]);
  EXPECT_EQ(run_sprt_match(config, c).state, SprtState::AcceptH0);
  config.agents.push_back("heuristic");
  EXPECT_THROW(run_sprt_match(config, c), std::invalid_argument);
}

}  // namespace
}  // namespace ddz
