// Gumbel top-k + sequential halving over sampled worlds (see the header for the reasoning).
// Each halving phase evaluates every remaining candidate on the same freshly drawn worlds
// (common random numbers), so candidates are compared on equal luck of the hidden cards.
#include "search/gumbel_search.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <stdexcept>

#include "search/rollout_evaluator.h"

namespace ddz {

namespace {

// The policy's softmax at temperature 1, in float as the networks compute it.
void softmax_in_place(std::vector<float>& scores) {
  if (scores.empty()) return;
  const float mx = *std::max_element(scores.begin(), scores.end());
  float sum = 0;
  for (float& v : scores) sum += (v = std::exp(v - mx));
  for (float& v : scores) v /= sum;
}

}  // namespace

std::vector<float> policy_logits(const PolicyValueNetwork& net, const Observation& obs,
                                 const std::vector<Move>& moves) {
  std::vector<float> logits;
  net.policy_logits(obs, moves, logits);
  return logits;
}

ConfidentMove confident_move(const PolicyValueNetwork& net, const Observation& obs, const std::vector<Move>& moves,
                             double confident) {
  ConfidentMove out;
  out.prior = policy_logits(net, obs, moves);
  softmax_in_place(out.prior);
  const size_t best = size_t(std::max_element(out.prior.begin(), out.prior.end()) - out.prior.begin());
  if (double(out.prior[best]) >= confident) out.index = int(best);
  return out;
}

namespace {

double gumbel(Rng& rng) {
  double u = rng.uniform();
  if (u < 1e-12) u = 1e-12;
  return -std::log(-std::log(u));
}

void softmax_inplace(std::vector<double>& x) {
  const double mx = *std::max_element(x.begin(), x.end());
  double sum = 0;
  for (double& v : x) sum += (v = std::exp(v - mx));
  for (double& v : x) v /= sum;
}

}  // namespace

GumbelResult gumbel_search(const PolicyValueNetwork& net, const Observation& obs, const std::vector<Move>& moves,
                           const GumbelSettings& s, Rng& rng, PlayoutEvaluator* rollouts, EndgameSolver* solver) {
  if (s.rollout_mix < 0.0 || s.rollout_mix > 1.0)
    throw std::invalid_argument("gumbel_search: rollout_mix must be in [0, 1]");
  if (s.rollout_mix > 0.0 && !rollouts)
    throw std::invalid_argument("gumbel_search: rollout_mix > 0 needs a rollout policy");
  if (s.solver_cards > 0 && !solver) throw std::invalid_argument("gumbel_search: solver_cards > 0 needs a solver");
  if (s.rollout_solver_cards > 0 && !solver)
    throw std::invalid_argument("gumbel_search: rollout_solver_cards > 0 needs a solver");
  if (s.stake_weight < 0.0 || s.stake_weight > 1.0)
    throw std::invalid_argument("gumbel_search: stake_weight must be in [0, 1]");
  if (s.inference.active() && !rollouts)
    throw std::invalid_argument("gumbel_search: world inference needs a rollout policy");
  const double mix = s.rollout_mix;
  const bool use_net_value = mix < 1.0;
  const int n = int(moves.size());
  GumbelResult res;
  res.policy.assign(size_t(n), 0.0f);
  res.q.assign(size_t(n), 0.0f);
  res.visits.assign(size_t(n), 0);
  if (n == 1) {
    res.policy[0] = 1.0f;
    return res;
  }
  const std::vector<float> logits = policy_logits(net, obs, moves);
  std::vector<double> g(size_t(n), 0.0);
  if (s.noise)
    for (double& x : g) x = gumbel(rng);

  // Gumbel top-k: the k largest g + logits (a sample without replacement from the policy).
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  auto base = [&](int a) { return g[size_t(a)] + double(logits[size_t(a)]); };
  std::sort(order.begin(), order.end(), [&](int a, int b) { return base(a) > base(b); });
  const int m = std::max(1, std::min({s.k, n, s.sims}));
  std::vector<int> cand(order.begin(), order.begin() + m);

  // Value sums and world-weight sums per move (with uniform worlds every weight is 1, so the
  // weighted mean is the plain mean of the visits).
  std::vector<double> qsum(size_t(n), 0.0);
  std::vector<double> wsum_of(size_t(n), 0.0);
  auto q_of = [&](int a) { return wsum_of[size_t(a)] > 0 ? qsum[size_t(a)] / wsum_of[size_t(a)] : 0.0; };
  // q in [-1, 1] mapped to [0, 1] for sigma.
  auto sigma = [&](double q, int max_visits) { return (s.c_visit + max_visits) * s.c_scale * (q + 1.0) / 2.0; };

  const int phases = m > 1 ? int(std::ceil(std::log2(double(m)))) : 1;
  int used = 0;
  std::vector<GameState> pending;  // worlds waiting for the value network, one batch per phase
  std::vector<const GameState*> pending_ptrs;
  std::vector<float> values;
  std::vector<int> owner;
  std::vector<double> pending_q_sign;  // +-1 times the world's weight, stake ratio and share
  while (true) {
    const int per = std::max(1, s.sims / (phases * int(cand.size())));
    if (used > 0 && used + per * int(cand.size()) > s.sims + int(cand.size())) break;  // budget spent
    pending.clear();
    owner.clear();
    pending_q_sign.clear();
    for (int w = 0; w < per; ++w) {
      const WeightedWorld drawn =
          sample_weighted_world(obs, rng, s.inference, rollouts ? &rollouts->policy() : nullptr);
      const GameState& world = drawn.world;
      const double weight = drawn.weight;
      // The stake a scored state reached, relative to now (1 with stake_weight 0).
      const double root_stake = double(world.stake());
      auto stake_ratio = [&](const GameState& scored) {
        return 1.0 + s.stake_weight * (double(scored.stake()) / root_stake - 1.0);
      };
      // The exact result from the mover's side (+-1), if the solver finishes within its cap. The
      // solver knows who wins, not what bombs or spring the rest adds: the stake so far counts.
      auto solved = [&](const GameState& state) -> std::optional<double> {
        const std::optional<bool> win = solver->side_to_move_wins(state);
        if (!win) return std::nullopt;
        return (*win == obs.teammates(obs.seat, state.to_move())) ? 1.0 : -1.0;
      };
      // Queues a state for the value network's batch, its value to count `share` of a's sum.
      auto score_by_net = [&](int a, GameState&& state, double share) {
        const double signed_share = share * stake_ratio(state);
        owner.push_back(a);
        pending_q_sign.push_back(obs.teammates(obs.seat, state.to_move()) ? signed_share : -signed_share);
        pending.push_back(std::move(state));
      };
      for (int a : cand) {
        GameState next = world;
        next.apply_trusted(moves[size_t(a)]);
        res.visits[size_t(a)]++;
        wsum_of[size_t(a)] += weight;
        ++used;
        if (next.phase() == Phase::Over) {
          qsum[size_t(a)] += weight * stake_ratio(next) * team_result(next, obs.seat);
          continue;
        }
        if (s.solver_cards > 0 && next.cards_in_hands() <= s.solver_cards) {
          if (const std::optional<double> exact = solved(next)) {
            qsum[size_t(a)] += weight * stake_ratio(next) * *exact;
            continue;
          }
        }
        if (mix > 0.0) {
          GameState rolled = next;
          const bool stopped = rollouts->rollout(rolled, s.rollout_solver_cards, s.rollout_plies) < 0;
          const bool at_solver =
              stopped && s.rollout_solver_cards > 0 && rolled.cards_in_hands() <= s.rollout_solver_cards;
          if (stopped && !at_solver) {  // cut after rollout_plies: the value net scores where it stopped
            score_by_net(a, std::move(rolled), weight * mix);
          } else {
            std::optional<double> result;
            if (at_solver) result = solved(rolled);
            if (!result) {  // over, or over the solver's node cap: the rollout goes on to the end
              rollouts->rollout(rolled);
              result = team_result(rolled, obs.seat);
            }
            qsum[size_t(a)] += weight * stake_ratio(rolled) * mix * *result;
          }
        }
        if (use_net_value) score_by_net(a, std::move(next), weight * (1.0 - mix));
      }
    }
    if (!owner.empty()) {
      pending_ptrs.clear();
      for (const GameState& w : pending) pending_ptrs.push_back(&w);
      net.values(pending_ptrs, values);
      for (size_t i = 0; i < owner.size(); ++i) qsum[size_t(owner[i])] += pending_q_sign[i] * double(values[i]);
    }
    if (cand.size() == 1) break;
    const int max_visits = *std::max_element(res.visits.begin(), res.visits.end());
    std::sort(cand.begin(), cand.end(), [&](int a, int b) {
      return base(a) + sigma(q_of(a), max_visits) > base(b) + sigma(q_of(b), max_visits);
    });
    cand.resize((cand.size() + 1) / 2);
    if (cand.size() == 1 || used >= s.sims) break;
  }
  const int max_visits = *std::max_element(res.visits.begin(), res.visits.end());
  res.chosen = *std::max_element(cand.begin(), cand.end(), [&](int a, int b) {
    return base(a) + sigma(q_of(a), max_visits) < base(b) + sigma(q_of(b), max_visits);
  });

  // Completed Q: visited moves keep their mean, the others get the prior-weighted mean of the
  // visited ones (an estimate of the position's value under the policy).
  std::vector<double> prior(logits.begin(), logits.end());
  softmax_inplace(prior);
  res.prior.assign(prior.begin(), prior.end());
  double wsum = 0, vsum = 0;
  for (int a = 0; a < n; ++a)
    if (res.visits[size_t(a)]) {
      wsum += prior[size_t(a)];
      vsum += prior[size_t(a)] * q_of(a);
    }
  res.root_value = wsum > 0 ? float(vsum / wsum) : 0.0f;
  std::vector<double> improved(static_cast<size_t>(n));
  for (int a = 0; a < n; ++a) {
    const double q = res.visits[size_t(a)] ? q_of(a) : double(res.root_value);
    res.q[size_t(a)] = res.visits[size_t(a)] ? float(q) : 0.0f;
    improved[size_t(a)] = double(logits[size_t(a)]) + sigma(q, max_visits);
  }
  // The noise-free decision: the visited move whose improved logit is largest.
  res.decision = -1;
  for (int a = 0; a < n; ++a)
    if (res.visits[size_t(a)] && (res.decision < 0 || improved[size_t(a)] > improved[size_t(res.decision)]))
      res.decision = a;
  if (s.candidate_target) {
    // Softmax among the visited moves, scaled to their prior mass; the rest keep their prior.
    std::vector<double> visited;
    double visited_mass = 0;
    for (int a = 0; a < n; ++a)
      if (res.visits[size_t(a)]) {
        visited.push_back(improved[size_t(a)]);
        visited_mass += prior[size_t(a)];
      }
    softmax_inplace(visited);
    for (int a = 0, v = 0; a < n; ++a)
      res.policy[size_t(a)] = float(res.visits[size_t(a)] ? visited_mass * visited[size_t(v++)] : prior[size_t(a)]);
    return res;
  }
  softmax_inplace(improved);
  for (int a = 0; a < n; ++a) res.policy[size_t(a)] = float(improved[size_t(a)]);
  return res;
}

}  // namespace ddz
