// The generalized SPRT: for each hypothesis the maximum-likelihood pentanomial distribution with
// the hypothesis's mean, p_i = q_i / (1 + lambda (x_i - s)), lambda by safeguarded Newton steps.
#include "arena/sprt.h"

#include <cmath>
#include <stdexcept>

namespace ddz {
namespace {

constexpr double kEmptyBin = 1e-3;

// The mean-s distribution closest to q (in likelihood), for min x < s < max x.
std::array<double, 5> constrained_mle(const std::array<double, 5>& q, double s) {
  const std::array<double, 5> x{0.0, 0.25, 0.5, 0.75, 1.0};
  // f(lambda) = sum q_i (x_i - s) / (1 + lambda (x_i - s)) falls with lambda on the interval where
  // every denominator is positive: (-1 / (1 - s), 1 / s).
  auto f = [&](double lambda) {
    double v = 0;
    for (size_t i = 0; i < 5; ++i) v += q[i] * (x[i] - s) / (1 + lambda * (x[i] - s));
    return v;
  };
  // Newton's method from 0 inside the bracket, bisecting whenever a step leaves it.
  auto df = [&](double lambda) {
    double v = 0;
    for (size_t i = 0; i < 5; ++i) {
      const double d = x[i] - s, den = 1 + lambda * d;
      v -= q[i] * d * d / (den * den);
    }
    return v;
  };
  double lo = -1.0 / (1.0 - s), hi = 1.0 / s, lambda = 0.0;
  for (int it = 0; it < 100; ++it) {
    const double v = f(lambda);
    if (v > 0) lo = lambda;
    else hi = lambda;
    double next = lambda - v / df(lambda);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (std::abs(next - lambda) < 1e-14 * (1 + std::abs(lambda))) {
      lambda = next;
      break;
    }
    lambda = next;
  }
  std::array<double, 5> p{};
  for (size_t i = 0; i < 5; ++i) p[i] = q[i] / (1 + lambda * (x[i] - s));
  return p;
}

}  // namespace

SprtConfig parse_sprt_bounds(const std::string& text) {
  const size_t comma = text.find(',');
  SprtConfig c;
  try {
    if (comma == std::string::npos) throw std::invalid_argument("");
    size_t used0 = 0, used1 = 0;
    const std::string a = text.substr(0, comma), b = text.substr(comma + 1);
    c.elo0 = std::stod(a, &used0);
    c.elo1 = std::stod(b, &used1);
    if (used0 != a.size() || used1 != b.size()) throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw std::invalid_argument("--sprt '" + text + "': expected ELO0,ELO1, e.g. 0,5");
  }
  if (!(c.elo0 < c.elo1) || std::abs(c.elo0) > 2000 || std::abs(c.elo1) > 2000)
    throw std::invalid_argument("--sprt '" + text + "': need ELO0 < ELO1, both within +-2000");
  return c;
}

double elo_to_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }
double score_to_elo(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

const char* sprt_state_name(SprtState state) {
  return state == SprtState::AcceptH0 ? "H0" : state == SprtState::AcceptH1 ? "H1" : "continue";
}

Sprt::Sprt(const SprtConfig& config) : config_(config) {
  if (!(config.alpha > 0 && config.alpha < 0.5 && config.beta > 0 && config.beta < 0.5))
    throw std::invalid_argument("SPRT alpha and beta must lie in (0, 0.5)");
  if (!(config.elo0 < config.elo1)) throw std::invalid_argument("SPRT needs elo0 < elo1");
}

void Sprt::add_half_points(int half_points) {
  if (half_points < 0 || half_points > 4)
    throw std::invalid_argument("SPRT: a deal pair scores 0..4 half points, got " + std::to_string(half_points));
  ++counts_[size_t(half_points)];
  ++pairs_;
}

double Sprt::score() const {
  if (pairs_ == 0) return 0.5;
  double total = 0;
  for (size_t i = 0; i < 5; ++i) total += double(counts_[i]) * double(i) / 4.0;
  return total / double(pairs_);
}

double Sprt::llr() const {
  if (pairs_ == 0) return 0.0;
  std::array<double, 5> q{};
  double sum = 0;
  for (size_t i = 0; i < 5; ++i) sum += q[i] = counts_[i] > 0 ? double(counts_[i]) : kEmptyBin;
  for (double& v : q) v /= sum;
  const auto p0 = constrained_mle(q, elo_to_score(config_.elo0));
  const auto p1 = constrained_mle(q, elo_to_score(config_.elo1));
  double llr = 0;
  for (size_t i = 0; i < 5; ++i) llr += q[i] * std::log(p1[i] / p0[i]);
  return double(pairs_) * llr;
}

double Sprt::lower_bound() const { return std::log(config_.beta / (1 - config_.alpha)); }
double Sprt::upper_bound() const { return std::log((1 - config_.beta) / config_.alpha); }

SprtState Sprt::state() const {
  const double l = llr();
  return l >= upper_bound() ? SprtState::AcceptH1 : l <= lower_bound() ? SprtState::AcceptH0 : SprtState::Continue;
}

}  // namespace ddz
