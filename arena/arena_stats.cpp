// Statistics for arena matches: Welford running moments, normal and Wilson 95% intervals.
// Kept free of any game types so the arithmetic can be tested against known samples.
#include "arena/arena_stats.h"

#include <algorithm>
#include <cmath>

namespace ddz {

void RunningStat::add(double x) {
  ++n_;
  const double delta = x - mean_;
  mean_ += delta / double(n_);
  m2_ += delta * (x - mean_);
}

void RunningStat::merge(const RunningStat& other) {
  if (other.n_ == 0) return;
  if (n_ == 0) {
    *this = other;
    return;
  }
  // Chan et al.'s pairwise combination of moments.
  const int64_t n = n_ + other.n_;
  const double delta = other.mean_ - mean_;
  mean_ += delta * double(other.n_) / double(n);
  m2_ += other.m2_ + delta * delta * double(n_) * double(other.n_) / double(n);
  n_ = n;
}

double RunningStat::stddev() const { return std::sqrt(variance()); }

double RunningStat::std_error() const { return n_ > 1 ? std::sqrt(variance() / double(n_)) : 0.0; }

Interval RunningStat::ci95() const {
  const double half = kZ95 * std_error();
  return {mean() - half, mean() + half};
}

Interval wilson95(int64_t wins, int64_t n) {
  if (n <= 0) return {0.0, 1.0};
  const double p = double(wins) / double(n);
  const double z2 = kZ95 * kZ95;
  const double denom = 1.0 + z2 / double(n);
  const double centre = (p + z2 / (2.0 * double(n))) / denom;
  const double half = kZ95 * std::sqrt(p * (1.0 - p) / double(n) + z2 / (4.0 * double(n) * double(n))) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

void RoleStats::add(bool won, int side_score) {
  ++games;
  if (won) ++wins;
  score.add(double(side_score));
}

void RoleStats::merge(const RoleStats& other) {
  games += other.games;
  wins += other.wins;
  score.merge(other.score);
}

double two_sided_p(const RunningStat& diffs) {
  const double se = diffs.std_error();
  if (!(se > 0.0)) return 1.0;
  const double z = std::fabs(diffs.mean()) / se;
  return std::erfc(z / std::sqrt(2.0));
}

}  // namespace ddz
