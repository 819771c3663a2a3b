// Tests of the rating fit: Newton's maximum-likelihood strengths against a plain gradient ascent
// on the per-deal likelihood, recovery of known strengths from synthetic deals, the bootstrap's
// determinism and order independence, and errors for entrants without a chain to the anchor.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <cmath>
#include <random>

#include "arena/rating_fit.h"
#include "game/rng.h"

namespace ddz {
namespace {

// Synthetic deals: each game of a deal won by a with the logistic probability of the true Elo
// difference, plus a shared deal effect (the cards) that makes the two games agree more often.
std::vector<DealOutcome> synthetic_deals(const std::vector<double>& elo, const std::vector<std::pair<int, int>>& pairs,
                                         const std::vector<int>& deals_per_pair, uint64_t seed) {
  Rng rng(seed);
  std::vector<DealOutcome> out;
  for (size_t k = 0; k < pairs.size(); ++k) {
    const auto [a, b] = pairs[k];
    const double p = 1.0 / (1.0 + std::pow(10.0, (elo[size_t(b)] - elo[size_t(a)]) / 400.0));
    for (int d = 0; d < deals_per_pair[k]; ++d) {
      // With probability 0.3 one side has the better cards and wins both games; its chance is
      // still p, so the mean per game stays p.
      int wins;
      if (rng.uniform() < 0.3) wins = rng.uniform() < p ? 2 : 0;
      else wins = int(rng.uniform() < p) + int(rng.uniform() < p);
      out.push_back({a, b, wins});
    }
  }
  return out;
}

// The slow reference: gradient ascent, one deal at a time, on the log-likelihood
// sum over deals of w log sigmoid(s_a - s_b) + (2 - w) log sigmoid(s_b - s_a) plus the prior's
// virtual games (prior/2 won by each side of every pair that played), the anchor held at 0.
std::vector<double> reference_strengths(int n, int anchor, const std::vector<DealOutcome>& deals, double prior) {
  std::vector<double> s(size_t(n), 0.0);
  std::vector<std::pair<int, int>> played;
  for (const auto& d : deals) {
    const std::pair<int, int> p{std::min(d.a, d.b), std::max(d.a, d.b)};
    if (std::find(played.begin(), played.end(), p) == played.end()) played.push_back(p);
  }
  // Step 1 / (G / 2), G the most games any entrant played: by Gershgorin's bound no eigenvalue
  // of the Hessian exceeds G / 2 (p(1-p) <= 1/4), so the ascent cannot overshoot.
  std::vector<double> games(size_t(n), prior * double(n));
  for (const auto& d : deals) games[size_t(d.a)] += 2, games[size_t(d.b)] += 2;
  const double rate = 1.0 / (*std::max_element(games.begin(), games.end()) / 2);
  // Identical deals grouped once (the likelihood is a sum over deals), so each step is cheap.
  std::map<std::array<int, 3>, double> grouped;
  for (const auto& d : deals) grouped[{d.a, d.b, d.a_wins}] += 1;
  for (int it = 0; it < 40000; ++it) {
    std::vector<double> g(size_t(n), 0.0);
    auto add = [&](int a, int b, double wins_a, double n_games) {
      const double p = 1.0 / (1.0 + std::exp(s[size_t(b)] - s[size_t(a)]));
      g[size_t(a)] += wins_a - n_games * p;
      g[size_t(b)] -= wins_a - n_games * p;
    };
    for (const auto& [d, count] : grouped) add(d[0], d[1], count * d[2], count * 2);
    for (const auto& [a, b] : played) add(a, b, prior / 2, prior);
    g[size_t(anchor)] = 0;
    for (int i = 0; i < n; ++i) s[size_t(i)] += rate * g[size_t(i)];
  }
  return s;
}

TEST(RatingFit, NewtonMatchesGradientAscentOnTheLikelihood) {
  const std::vector<double> elo{0, 120, -80, 260, 40};
  // An incomplete schedule with uneven counts: not every pair plays.
  const std::vector<std::pair<int, int>> pairs{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {3, 4}, {2, 4}, {0, 4}};
  const std::vector<int> counts{300, 150, 80, 200, 120, 60, 90};
  const auto deals = synthetic_deals(elo, pairs, counts, 7);
  const WinMatrix m = win_matrix(5, deals, 1.0);
  const auto fast = fit_strengths(m, 0);
  const auto slow = reference_strengths(5, 0, deals, 1.0);
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(fast[size_t(i)] * kEloPerLogit, slow[size_t(i)] * kEloPerLogit, 0.01) << i;
  EXPECT_EQ(fast[0], 0.0);
}

TEST(RatingFit, RecoversKnownStrengthsWithinTheirIntervals) {
  const std::vector<double> elo{1000, 1150, 850, 1300, 1050, 700};
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> counts;
  for (int a = 0; a < 6; ++a)
    for (int b = a + 1; b < 6; ++b) {
      pairs.emplace_back(a, b);
      counts.push_back(1500);
    }
  const auto deals = synthetic_deals(elo, pairs, counts, 11);
  RatingFitConfig c;
  c.entrants = 6;
  c.anchor = 0;
  c.anchor_rating = 1000;
  c.bootstrap = 200;
  c.seed = 5;
  const RatingTable t = fit_ratings(deals, c);
  EXPECT_EQ(t.rating[0], 1000.0);
  EXPECT_EQ(t.lo[0], 1000.0);
  EXPECT_EQ(t.hi[0], 1000.0);
  int covered = 0;
  for (int i = 1; i < 6; ++i) {
    EXPECT_NEAR(t.rating[size_t(i)], elo[size_t(i)], 25.0) << i;
    EXPECT_LT(t.lo[size_t(i)], t.rating[size_t(i)]);
    EXPECT_GT(t.hi[size_t(i)], t.rating[size_t(i)]);
    EXPECT_LT(t.hi[size_t(i)] - t.lo[size_t(i)], 60.0) << i;
    covered += t.lo[size_t(i)] <= elo[size_t(i)] && elo[size_t(i)] <= t.hi[size_t(i)];
  }
  EXPECT_GE(covered, 4);  // 95% intervals: at most one of five may miss by chance
  // Stronger entrants rank higher.
  EXPECT_GT(t.rating[3], t.rating[1]);
  EXPECT_GT(t.rating[1], t.rating[4]);
  EXPECT_GT(t.rating[2], t.rating[5]);
}

TEST(RatingFit, BootstrapIsSeededAndIndependentOfDealOrder) {
  const std::vector<double> elo{0, 100, 200};
  auto deals = synthetic_deals(elo, {{0, 1}, {1, 2}, {0, 2}}, {100, 100, 100}, 3);
  RatingFitConfig c;
  c.entrants = 3;
  c.bootstrap = 100;
  c.seed = 9;
  const RatingTable a = fit_ratings(deals, c);
  std::mt19937 shuffle(1);
  std::shuffle(deals.begin(), deals.end(), shuffle);
  // Some deals recorded from the other side: a and b swapped, wins complemented.
  for (size_t k = 0; k < deals.size(); k += 3) deals[k] = {deals[k].b, deals[k].a, 2 - deals[k].a_wins};
  const RatingTable b = fit_ratings(deals, c);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(a.rating[size_t(i)], b.rating[size_t(i)], 1e-9);
    EXPECT_EQ(a.lo[size_t(i)], b.lo[size_t(i)]);
    EXPECT_EQ(a.hi[size_t(i)], b.hi[size_t(i)]);
  }
  c.seed = 10;
  const RatingTable d = fit_ratings(deals, c);
  EXPECT_NE(a.lo[1], d.lo[1]);
}

TEST(RatingFit, OneSidedPairStillHasAFiniteRating) {
  std::vector<DealOutcome> deals;
  for (int d = 0; d < 50; ++d) deals.push_back({0, 1, 2});  // entrant 0 wins every game
  RatingFitConfig c;
  c.entrants = 2;
  c.bootstrap = 20;
  const RatingTable t = fit_ratings(deals, c);
  EXPECT_TRUE(std::isfinite(t.rating[1]));
  // 100 games won of 101 (one virtual game split) puts the gap at log10(100.5/0.5) x 400.
  EXPECT_NEAR(t.rating[0] - t.rating[1], 400 * std::log10(100.5 / 0.5), 1e-6);
}

TEST(RatingFit, EntrantsWithoutAChainToTheAnchorAreAnError) {
  RatingFitConfig c;
  c.entrants = 4;
  c.names = {"a", "b", "c", "d"};
  std::vector<DealOutcome> deals{{0, 1, 1}, {2, 3, 1}};
  try {
    fit_ratings(deals, c);
    FAIL() << "expected RatingFitError";
  } catch (const RatingFitError& e) {
    EXPECT_NE(std::string(e.what()).find("c has no chain of games to the anchor a"), std::string::npos) << e.what();
  }
  c.entrants = 3;
  c.names = {"a", "b", "c"};
  try {
    fit_ratings({{0, 1, 1}}, c);
    FAIL() << "expected RatingFitError";
  } catch (const RatingFitError& e) {
    EXPECT_NE(std::string(e.what()).find("c has no games"), std::string::npos) << e.what();
  }
  EXPECT_THROW(fit_ratings({{0, 1, 3}}, c), RatingFitError);
}

}  // namespace
}  // namespace ddz
