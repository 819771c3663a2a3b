// Policy-gradient self-play games (selfplay/pg_game.h): the advantage of each move by GAE over
// the value head's estimates of the true deal, written as a policy target.
#include "selfplay/pg_game.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "agent/heuristic_evaluator.h"
#include "agent/policy_rollout_agent.h"
#include "models/features.h"
#include "selfplay/bid_games.h"
#include "selfplay/seat_rollouts.h"

namespace ddz::selfplay {

bool is_pg_game(const TrainConfig& config, uint64_t seed) {
  if (config.pg_share <= 0) return false;
  Rng rng(Rng::mix(seed, 0x96a3));
  return rng.uniform() < config.pg_share;
}

std::vector<float> gae_advantages(const std::vector<float>& values, double lambda) {
  if (values.empty()) throw std::invalid_argument("gae_advantages: needs at least the final result");
  const size_t plies = values.size() - 1;
  std::vector<float> out(plies);
  double running = 0;
  for (size_t t = plies; t-- > 0;) {
    running = double(values[t + 1]) - double(values[t]) + lambda * running;
    out[t] = float(running);
  }
  return out;
}

std::vector<float> pg_target(const std::vector<float>& probs, int chosen, double advantage, double entropy_bonus) {
  if (chosen < 0 || size_t(chosen) >= probs.size()) throw std::invalid_argument("pg_target: chosen move out of range");
  double entropy = 0;
  if (entropy_bonus > 0)
    for (float p : probs)
      if (p > 0) entropy -= double(p) * std::log(double(p));
  std::vector<float> target(probs.size());
  for (size_t i = 0; i < probs.size(); ++i) {
    const double p = probs[i];
    double t = p + advantage * ((int(i) == chosen ? 1.0 : 0.0) - p);
    if (entropy_bonus > 0 && p > 0) t -= entropy_bonus * p * (std::log(p) + entropy);
    target[i] = float(t);
  }
  return target;
}

std::vector<float> rollout_target(const std::vector<float>& probs, const std::vector<int>& candidates,
                                  const std::vector<float>& results, double scale) {
  if (candidates.size() != results.size()) throw std::invalid_argument("rollout_target: one result per candidate");
  std::vector<float> target = probs;
  double mass = 0, mean = 0;
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (candidates[i] < 0 || size_t(candidates[i]) >= probs.size())
      throw std::invalid_argument("rollout_target: candidate out of range");
    mass += probs[size_t(candidates[i])];
    mean += double(probs[size_t(candidates[i])]) * results[i];
  }
  if (mass <= 0) return target;
  mean /= mass;
  std::vector<double> w(candidates.size());
  double total = 0;
  for (size_t i = 0; i < candidates.size(); ++i) {
    w[i] = double(probs[size_t(candidates[i])]) * std::exp(scale * (double(results[i]) - mean));
    total += w[i];
  }
  for (size_t i = 0; i < candidates.size(); ++i) target[size_t(candidates[i])] = float(mass * w[i] / total);
  return target;
}

namespace {

std::unique_ptr<Agent> rollout_agent(const EigenNet& net, const TrainConfig& config, const SeatPlan& plan,
                                     uint64_t seed) {
  const std::string pool_spec = plan.pool_agent < 0 ? "" : config.pool_agents.at(size_t(plan.pool_agent));
  return seatwise_rollouts(net, config, plan, pool_spec, Rng::mix(seed, 0x7013));
}

// Scores the policy's likeliest moves at a position by one rollout each on the true deal: the
// result for the mover's side (+1 won, -1 lost) after the move, the game then played to the end
// by rollout_agent (the rollout policy in the network's seats, the pool agent in its own).
class RolloutScorer {
 public:
  RolloutScorer(const EigenNet& net, const TrainConfig& config, const SeatPlan& plan, uint64_t seed)
      : k_(config.pg_rollout_k), rollouts_(rollout_agent(net, config, plan, seed), Rng::mix(seed, 0x7012)) {}

  std::vector<float> target(const GameState& state, const std::vector<Move>& moves, const std::vector<float>& probs,
                            double scale) {
    std::vector<int> order(moves.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
    const size_t k = std::min(order.size(), size_t(k_));
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(k), order.end(),
                      [&](int a, int b) { return probs[size_t(a)] > probs[size_t(b)]; });
    order.resize(k);
    const bool landlord_side = state.to_move() == state.landlord();
    std::vector<float> results;
    for (int c : order) {
      GameState world = state;
      world.apply_trusted(moves[size_t(c)]);
      const int winner = world.phase() == Phase::Play ? rollouts_.rollout(world) : world.winner();
      const bool landlord_won = winner == world.landlord();
      results.push_back(landlord_won == landlord_side ? 1.0f : -1.0f);
    }
    return rollout_target(probs, order, results, scale);
  }

 private:
  int k_;
  HeuristicEvaluator rollouts_;
};

// Samples the mover's move from the policy at temperature 1; `probs` receives the policy over
// `moves` (legal moves of the state, more than one). Buffers are kept between calls.
struct PolicySampler {
  std::vector<float> state_in = std::vector<float>(static_cast<size_t>(kStateDim));
  std::vector<float> move_in;

  int sample(const EigenNet& net, const GameState& state, const std::vector<Move>& moves, Rng& rng,
             std::vector<float>& probs) {
    const int seat = state.to_move();
    encode_state(state, seat, state_in.data());
    encode_moves(moves, state.hand(seat), move_in);
    probs.resize(moves.size());
    net.policy_scores(state_in.data(), move_in.data(), int(moves.size()), probs.data());
    EigenNet::softmax(probs.data(), int(probs.size()));
    const double u = rng.uniform();
    double acc = 0;
    for (size_t i = 0; i < moves.size(); ++i) {
      acc += double(probs[i]);
      if (u < acc) return int(i);
    }
    return int(moves.size()) - 1;
  }
};

// For every network seat other than the landlord, the deal is played again with that seat as
// the fixed landlord (every seat by the sampled policy), and each of its bid decisions that
// allowed a bid gets a bid sample with that result: the bid head then sees every hand as
// landlord, not only the hands that bidding picked.
void add_counterfactual_bids(const EigenNet& net, const GameState& end, const SeatPlan& plan, Rng& rng,
                             PolicySampler& sampler, GameSamples& out) {
  std::vector<Move> moves;
  std::vector<float> probs;
  for (int seat = 0; seat < kNumSeats; ++seat) {
    if (seat == end.landlord() || !plan.network[size_t(seat)]) continue;
    const std::vector<std::vector<BidRecord>> decisions = bid_decisions(end, seat);
    if (decisions.empty()) continue;
    GameState game = fixed_landlord_game(end, seat);
    while (game.phase() == Phase::Play) {
      game.legal(moves);
      const int chosen = moves.size() > 1 ? sampler.sample(net, game, moves, rng, probs) : 0;
      game.apply_trusted(moves[size_t(chosen)]);
    }
    add_landlord_bids(end, seat, decisions, game, out);
  }
}

}  // namespace

GameSamples play_pg_game(const EigenNet& net, const TrainConfig& config, uint64_t seed, ActorContext* context) {
  GameSamples out;
  Rng rng(Rng::mix(seed, 0x96a4));
  GameState state(seed, game_rules(config, seed));
  SeatPlan plan = plan_seats(config, seed);
  std::unique_ptr<ActorContext> own;
  if (plan.pool_agent >= 0 && !context) {
    own = std::make_unique<ActorContext>(config);
    context = own.get();
  }
  Agent* pool_agent = context ? pool_agent_of(plan, *context, seed) : nullptr;
  play_bidding(net, state, plan, pool_agent, rng);
  seat_pool_side(plan, config, state.landlord(), seed);
  // Per ply: the landlord side's value before it; per sample: its ply, the mover's side sign
  // (+1 landlord), the policy that played and the move it chose.
  std::vector<float> values;
  struct Pending {
    size_t sample;
    size_t ply;
    float sign;
    std::vector<float> probs;
    int chosen;
  };
  std::vector<Pending> pending;
  std::vector<Move> moves;
  std::vector<float> value_in(static_cast<size_t>(kValueDim)), probs;
  PolicySampler sampler;
  std::unique_ptr<RolloutScorer> scorer;
  if (config.pg_rollout_share > 0 && (plan.pool_agent < 0 || config.pg_rollout_pool))
    scorer = std::make_unique<RolloutScorer>(net, config, plan, seed);
  Rng rollout_rng(Rng::mix(seed, 0x96a5));  // its own stream: games without rollouts stay as they were
  const int landlord = state.landlord();
  while (state.phase() == Phase::Play) {
    const int seat = state.to_move();
    const float sign = seat == landlord ? 1.0f : -1.0f;
    encode_value(state, value_in.data());
    values.push_back(sign * net.value(value_in.data()).value());
    if (!plan.network[size_t(seat)]) {
      const Move move = pool_agent->play(observe(state, seat));
      const std::string why = state.apply_move(move);
      if (!why.empty()) throw std::logic_error("pool agent move rejected: " + why);
      ++out.decisions;
      continue;
    }
    state.legal(moves);
    int chosen = 0;
    if (moves.size() > 1) {
      chosen = sampler.sample(net, state, moves, rng, probs);
      out.plays.push_back(PlaySample{state, moves, {}, true, 0.0f, 0.0f});
      if (scorer && rollout_rng.uniform() < config.pg_rollout_share)
        out.plays.back().policy = scorer->target(state, moves, probs, config.pg_scale);
      else pending.push_back(Pending{out.plays.size() - 1, values.size() - 1, sign, probs, chosen});
    }
    state.apply_trusted(moves[size_t(chosen)]);
    ++out.decisions;
  }
  values.push_back(state.landlord_won() ? 1.0f : -1.0f);
  const std::vector<float> advantages = gae_advantages(values, config.pg_lambda);
  for (size_t i = 0; i < pending.size(); ++i) {
    const Pending& p = pending[i];
    const double advantage = double(p.sign) * double(advantages[p.ply]) * config.pg_scale;
    out.plays[p.sample].policy = pg_target(p.probs, p.chosen, advantage, config.pg_entropy);
  }
  finish_game(state, out, plan);
  if (config.counterfactual_bids && state.rules().bidding) add_counterfactual_bids(net, state, plan, rng, sampler, out);
  return out;
}

}  // namespace ddz::selfplay
