// Policy-gradient self-play games (selfplay/pg_game.h): the advantage of each move by GAE over
// the value head's estimates of the true deal, written as a policy target.
#include "selfplay/pg_game.h"

#include <memory>
#include <stdexcept>

#include "models/features.h"
#include "selfplay/bid_games.h"

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

std::vector<float> pg_target(const std::vector<float>& probs, int chosen, double advantage) {
  if (chosen < 0 || size_t(chosen) >= probs.size()) throw std::invalid_argument("pg_target: chosen move out of range");
  std::vector<float> target(probs.size());
  for (size_t i = 0; i < probs.size(); ++i) {
    const double p = probs[i];
    target[i] = float(p + advantage * ((int(i) == chosen ? 1.0 : 0.0) - p));
  }
  return target;
}

namespace {

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
      pending.push_back(Pending{out.plays.size() - 1, values.size() - 1, sign, probs, chosen});
    }
    state.apply_trusted(moves[size_t(chosen)]);
    ++out.decisions;
  }
  values.push_back(state.landlord_won() ? 1.0f : -1.0f);
  const std::vector<float> advantages = gae_advantages(values, config.pg_lambda);
  for (size_t i = 0; i < pending.size(); ++i) {
    const Pending& p = pending[i];
    const double advantage = double(p.sign) * double(advantages[p.ply]) * config.pg_scale;
    out.plays[p.sample].policy = pg_target(p.probs, p.chosen, advantage);
  }
  finish_game(state, out, plan);
  if (config.counterfactual_bids && state.rules().bidding) add_counterfactual_bids(net, state, plan, rng, sampler, out);
  return out;
}

}  // namespace ddz::selfplay
