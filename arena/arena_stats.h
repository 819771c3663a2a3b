// Statistics for arena matches: running mean/variance, 95% confidence intervals for means
// (normal approximation) and proportions (Wilson score), and per agent x role aggregates.
#pragma once
#include <cstdint>
#include <string>

namespace ddz {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% normal quantile

struct Interval {
  double lo = 0.0;
  double hi = 0.0;
  bool contains(double x) const { return lo <= x && x <= hi; }
};

// Mean and sample variance by Welford's method (numerically stable for long matches).
class RunningStat {
 public:
  void add(double x);
  void merge(const RunningStat& other);
  int64_t count() const { return n_; }
  double mean() const { return n_ ? mean_ : 0.0; }
  // Sample variance (n - 1 denominator); 0 with fewer than two samples.
  double variance() const { return n_ > 1 ? m2_ / double(n_ - 1) : 0.0; }
  double stddev() const;
  double std_error() const;
  // mean +- 1.96 standard errors; a zero-width interval at the mean with fewer than two samples.
  Interval ci95() const;

 private:
  int64_t n_ = 0;
  double mean_ = 0.0;
  double m2_ = 0.0;
};

// Wilson score interval for `wins` successes out of `n` trials at 95% (sensible near 0 and 1,
// where the normal approximation leaves [0, 1]). n = 0 gives [0, 1].
Interval wilson95(int64_t wins, int64_t n);

// Results of one agent in one role (landlord, or farmer side) over a set of games.
struct RoleStats {
  int64_t games = 0;
  int64_t wins = 0;
  RunningStat score;  // the side's score per game: +-2 x stake (RULES.md "ADP")
  void add(bool won, int side_score);
  void merge(const RoleStats& other);
  double wp() const { return games ? double(wins) / double(games) : 0.0; }
  Interval wp_ci() const { return wilson95(wins, games); }
  double adp() const { return score.mean(); }
  Interval adp_ci() const { return score.ci95(); }
};

// Two-sided p-value of a mean difference under the normal approximation (z = mean / SE);
// 1 when there is no spread to test against.
double two_sided_p(const RunningStat& diffs);

}  // namespace ddz
