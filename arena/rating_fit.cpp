// Bradley-Terry fit by Newton's method (a Cholesky solve per step, entrants are few) and the
// bootstrap over each pair's deals, drawn from the pair's histogram of 0, 1 and 2 wins.
#include "arena/rating_fit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <utility>

#include "game/rng.h"

namespace ddz {
namespace {

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

std::string entrant_name(const std::vector<std::string>& names, int i) {
  return size_t(i) < names.size() ? names[size_t(i)] : "entrant " + std::to_string(i);
}

double log_likelihood(const WinMatrix& m, const std::vector<double>& s) {
  double ll = 0.0;
  for (int i = 0; i < m.n; ++i)
    for (int j = 0; j < m.n; ++j)
      if (i != j && m.at(i, j) > 0) ll += m.at(i, j) * std::log(sigmoid(s[size_t(i)] - s[size_t(j)]));
  return ll;
}

// Solves A x = b for a symmetric positive definite A (Cholesky); false when A is not.
bool cholesky_solve(std::vector<std::vector<double>> a, std::vector<double>& b) {
  const size_t k = b.size();
  for (size_t c = 0; c < k; ++c) {
    double d = a[c][c];
    for (size_t t = 0; t < c; ++t) d -= a[c][t] * a[c][t];
    if (!(d > 0.0)) return false;
    a[c][c] = std::sqrt(d);
    for (size_t r = c + 1; r < k; ++r) {
      double v = a[r][c];
      for (size_t t = 0; t < c; ++t) v -= a[r][t] * a[c][t];
      a[r][c] = v / a[c][c];
    }
  }
  for (size_t r = 0; r < k; ++r) {
    for (size_t t = 0; t < r; ++t) b[r] -= a[r][t] * b[t];
    b[r] /= a[r][r];
  }
  for (size_t r = k; r-- > 0;) {
    for (size_t t = r + 1; t < k; ++t) b[r] -= a[t][r] * b[t];
    b[r] /= a[r][r];
  }
  return true;
}

// The observed information (minus the Hessian) over the free entrants (all but the anchor).
std::vector<std::vector<double>> information(const WinMatrix& m, const std::vector<int>& free,
                                             const std::vector<double>& s) {
  const size_t k = free.size();
  std::vector<std::vector<double>> info(k, std::vector<double>(k, 0.0));
  std::vector<int> slot(static_cast<size_t>(m.n), -1);
  for (size_t r = 0; r < k; ++r) slot[size_t(free[r])] = int(r);
  for (int i = 0; i < m.n; ++i)
    for (int j = i + 1; j < m.n; ++j) {
      const double g = m.games(i, j);
      if (g <= 0) continue;
      const double p = sigmoid(s[size_t(i)] - s[size_t(j)]);
      const double w = g * p * (1.0 - p);
      const int si = slot[size_t(i)], sj = slot[size_t(j)];
      if (si >= 0) info[size_t(si)][size_t(si)] += w;
      if (sj >= 0) info[size_t(sj)][size_t(sj)] += w;
      if (si >= 0 && sj >= 0) {
        info[size_t(si)][size_t(sj)] -= w;
        info[size_t(sj)][size_t(si)] -= w;
      }
    }
  return info;
}

void check_linked(const WinMatrix& m, int anchor, const std::vector<std::string>& names) {
  if (anchor < 0 || anchor >= m.n)
    throw RatingFitError("anchor index " + std::to_string(anchor) + " outside 0.." + std::to_string(m.n - 1));
  for (int i = 0; i < m.n; ++i) {
    double g = 0;
    for (int j = 0; j < m.n; ++j)
      if (j != i) g += m.games(i, j);
    if (g <= 0) throw RatingFitError(entrant_name(names, i) + " has no games, so it has no rating");
  }
  std::vector<bool> seen(static_cast<size_t>(m.n), false);
  std::vector<int> stack{anchor};
  seen[size_t(anchor)] = true;
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    for (int j = 0; j < m.n; ++j)
      if (!seen[size_t(j)] && m.games(i, j) > 0) {
        seen[size_t(j)] = true;
        stack.push_back(j);
      }
  }
  for (int i = 0; i < m.n; ++i)
    if (!seen[size_t(i)])
      throw RatingFitError(entrant_name(names, i) + " has no chain of games to the anchor " +
                           entrant_name(names, anchor) + ", so their ratings cannot be compared");
}

}  // namespace

WinMatrix win_matrix(int entrants, const std::vector<DealOutcome>& deals, double prior_games) {
  WinMatrix m;
  m.n = entrants;
  m.wins.assign(size_t(entrants) * size_t(entrants), 0.0);
  std::vector<bool> played(m.wins.size(), false);
  for (const DealOutcome& d : deals) {
    if (d.a < 0 || d.b < 0 || d.a >= entrants || d.b >= entrants || d.a == d.b || d.a_wins < 0 || d.a_wins > 2)
      throw RatingFitError("bad deal outcome: entrants " + std::to_string(d.a) + " and " + std::to_string(d.b) + ", " +
                           std::to_string(d.a_wins) + " wins of 2");
    m.at(d.a, d.b) += d.a_wins;
    m.at(d.b, d.a) += 2 - d.a_wins;
    played[size_t(std::min(d.a, d.b) * entrants + std::max(d.a, d.b))] = true;
  }
  for (int i = 0; i < entrants; ++i)
    for (int j = i + 1; j < entrants; ++j)
      if (played[size_t(i * entrants + j)]) {
        m.at(i, j) += prior_games / 2;
        m.at(j, i) += prior_games / 2;
      }
  return m;
}

std::vector<double> fit_strengths(const WinMatrix& m, int anchor, const std::vector<std::string>& names) {
  check_linked(m, anchor, names);
  std::vector<int> free;
  for (int i = 0; i < m.n; ++i)
    if (i != anchor) free.push_back(i);
  std::vector<double> s(static_cast<size_t>(m.n), 0.0);
  double ll = log_likelihood(m, s);
  for (int iter = 0; iter < 200; ++iter) {
    std::vector<double> step(free.size());
    for (size_t r = 0; r < free.size(); ++r) {
      const int i = free[r];
      double g = 0;
      for (int j = 0; j < m.n; ++j)
        if (j != i) g += m.at(i, j) - m.games(i, j) * sigmoid(s[size_t(i)] - s[size_t(j)]);
      step[r] = g;
    }
    if (!cholesky_solve(information(m, free, s), step))
      throw RatingFitError("rating fit: the information matrix is singular");
    // Damped Newton: halve the step until the likelihood does not fall (it is concave, so the
    // full step is taken near the optimum and convergence is quadratic).
    double scale = 1.0, max_step = 0;
    for (double v : step) max_step = std::max(max_step, std::abs(v));
    for (int h = 0; h < 60; ++h, scale /= 2) {
      std::vector<double> t = s;
      for (size_t r = 0; r < free.size(); ++r) t[size_t(free[r])] += scale * step[r];
      const double tl = log_likelihood(m, t);
      if (tl >= ll - 1e-12 * std::abs(ll)) {
        s = t;
        ll = tl;
        break;
      }
    }
    if (max_step * scale < 1e-12) break;
  }
  return s;
}

std::vector<std::vector<double>> strength_covariance(const WinMatrix& m, int anchor,
                                                     const std::vector<double>& strengths) {
  std::vector<int> free;
  for (int i = 0; i < m.n; ++i)
    if (i != anchor) free.push_back(i);
  const auto info = information(m, free, strengths);
  std::vector<std::vector<double>> cov(static_cast<size_t>(m.n), std::vector<double>(size_t(m.n), 0.0));
  for (size_t c = 0; c < free.size(); ++c) {
    std::vector<double> e(free.size(), 0.0);
    e[c] = 1.0;
    if (!cholesky_solve(info, e)) throw RatingFitError("rating covariance: the information matrix is singular");
    for (size_t r = 0; r < free.size(); ++r) cov[size_t(free[r])][size_t(free[c])] = e[r];
  }
  return cov;
}

RatingTable fit_ratings(const std::vector<DealOutcome>& deals, const RatingFitConfig& config) {
  const int n = config.entrants;
  const WinMatrix m = win_matrix(n, deals, config.prior_games);
  const std::vector<double> s = fit_strengths(m, config.anchor, config.names);
  RatingTable table;
  for (double v : s) table.rating.push_back(config.anchor_rating + kEloPerLogit * v);

  // Each pair's deals as a histogram of a's wins (a < b), in pair order: the bootstrap then
  // depends on the multiset of deals only.
  std::map<std::pair<int, int>, std::array<int64_t, 3>> hist;
  for (const DealOutcome& d : deals) {
    const bool forward = d.a < d.b;
    auto& h = hist[{std::min(d.a, d.b), std::max(d.a, d.b)}];
    ++h[size_t(forward ? d.a_wins : 2 - d.a_wins)];
  }
  std::vector<std::vector<double>> samples(static_cast<size_t>(n));
  Rng rng(config.seed);
  for (int b = 0; b < config.bootstrap; ++b) {
    WinMatrix r;
    r.n = n;
    r.wins.assign(size_t(n) * size_t(n), 0.0);
    for (const auto& [pair, h] : hist) {
      const int64_t total = h[0] + h[1] + h[2];
      int64_t a_wins = 0;
      for (int64_t k = 0; k < total; ++k) {
        const int64_t u = int64_t(rng.below(uint32_t(total)));
        a_wins += u < h[0] ? 0 : u < h[0] + h[1] ? 1 : 2;
      }
      // The same games per pair as the data (2 a deal), plus the same virtual games.
      r.at(pair.first, pair.second) += double(a_wins) + config.prior_games / 2;
      r.at(pair.second, pair.first) += double(2 * total - a_wins) + config.prior_games / 2;
    }
    // A resample keeps every pair's deal count, so every entrant keeps its games and links.
    const std::vector<double> bs = fit_strengths(r, config.anchor, config.names);
    for (int i = 0; i < n; ++i) samples[size_t(i)].push_back(config.anchor_rating + kEloPerLogit * bs[size_t(i)]);
  }
  for (int i = 0; i < n; ++i) {
    auto& v = samples[size_t(i)];
    if (v.empty()) {
      table.lo.push_back(table.rating[size_t(i)]);
      table.hi.push_back(table.rating[size_t(i)]);
      continue;
    }
    std::sort(v.begin(), v.end());
    auto at = [&v](double q) {
      const double pos = q * double(v.size() - 1);
      const size_t k = size_t(pos);
      const double f = pos - double(k);
      return k + 1 < v.size() ? v[k] * (1 - f) + v[k + 1] * f : v[k];
    };
    table.lo.push_back(at(0.025));
    table.hi.push_back(at(0.975));
  }
  return table;
}

}  // namespace ddz
