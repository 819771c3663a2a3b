// Self-play and imitation games turned into samples. Outcomes are filled in once the game is
// over: the value targets are the final result of the side that was to move.
#include "selfplay/actor.h"

#include <algorithm>
#include <memory>

#include "agent/bid_head.h"
#include "agent/factory.h"
#include "models/network_spec.h"
#include "models/net_evaluator.h"
#include "search/gumbel_search.h"
#include "agent/policy_rollout_agent.h"
#include "selfplay/bid_games.h"
#include "selfplay/pg_game.h"
#include "selfplay/seat_rollouts.h"

namespace ddz::selfplay {

void finish_game(const GameState& end, GameSamples& out, const SeatPlan& plan) {
  const auto scores = end.scores();
  const int landlord = end.landlord();
  for (PlaySample& s : out.plays) {
    const int seat = s.state.to_move();
    const bool landlord_side = seat == landlord;
    s.win = (landlord_side == end.landlord_won()) ? 1.0f : 0.0f;
    s.score = float(scores[size_t(seat)]) / kScoreScale;
  }
  // The bid head learns the landlord's result from the hand it was dealt. Without bidding that
  // is the fixed landlord's 17 cards with no bids yet; with bidding, each of its bid decisions.
  if (!plan.network[size_t(landlord)]) return;
  const std::vector<std::vector<BidRecord>> decisions =
      end.rules().bidding ? bid_decisions(end, landlord) : std::vector<std::vector<BidRecord>>{{}};
  add_landlord_bids(end, landlord, decisions, end, out);
}

NetworkSpec network_spec(const TrainConfig& c) {
  NetworkSpec spec = default_spec();
  spec.policy_hidden = c.policy_hidden;
  spec.value_hidden = c.value_hidden;
  spec.bid_hidden = c.bid_hidden;
  spec.validate();
  return spec;
}

Rules training_rules(const TrainConfig& config) {
  Rules rules;
  rules.bidding = config.bidding;
  rules.fixed_landlord = 0;
  return rules;
}

Rules game_rules(const TrainConfig& config, uint64_t seed) {
  Rules rules = training_rules(config);
  if (rules.bidding && config.bidding_share < 1) {
    Rng rng(Rng::mix(seed, 0xB1D5));
    rules.bidding = rng.uniform() < config.bidding_share;
  }
  return rules;
}

Rules evaluation_rules(const TrainConfig& config) {
  Rules rules = training_rules(config);
  if (config.eval_fixed_landlord) rules.bidding = false;
  return rules;
}

int network_bid(const EigenNet& net, const Observation& obs, double explore, Rng& rng) {
  const std::vector<int> legal = obs.legal_bids();
  if (explore > 0 && rng.uniform() < explore) return legal[rng.below(uint32_t(legal.size()))];
  return head_rule(bid_head(net, obs), legal, 0.0);
}

ActorContext::ActorContext(const TrainConfig& config) {
  if (config.search.solver_cards > 0) {
    SolverOptions o;
    o.table_mb = 8;  // per actor thread; entries stay valid between games
    o.max_nodes = uint64_t(config.search.solver_nodes);
    solver = std::make_unique<EndgameSolver>(o);
  }
  for (const std::string& spec : config.pool_agents) pool.push_back(make_agent(spec));
}

SeatPlan plan_seats(const TrainConfig& config, uint64_t seed) {
  SeatPlan plan;
  if (config.pool_share <= 0 || config.pool_agents.empty()) return plan;
  Rng rng(Rng::mix(seed, 0x9001));
  if (rng.uniform() >= config.pool_share) return plan;
  plan.pool_agent = int(rng.below(uint32_t(config.pool_agents.size())));
  if (config.pool_seats == "sides") return plan;  // the network bids in every seat; seat_pool_side splits
  const bool one_network_seat = rng.uniform() < 0.5;
  const int seat = int(rng.below(uint32_t(kNumSeats)));
  for (int s = 0; s < kNumSeats; ++s) plan.network[size_t(s)] = one_network_seat ? s == seat : s != seat;
  return plan;
}

void seat_pool_side(SeatPlan& plan, const TrainConfig& config, int landlord, uint64_t seed) {
  if (plan.pool_agent < 0 || config.pool_seats != "sides" || landlord < 0 || landlord >= kNumSeats) return;
  Rng rng(Rng::mix(seed, 0x51DE));
  const bool pool_is_landlord = rng.uniform() < 0.5;
  for (int s = 0; s < kNumSeats; ++s) plan.network[size_t(s)] = (s == landlord) != pool_is_landlord;
}

Agent* pool_agent_of(const SeatPlan& plan, ActorContext& context, uint64_t seed) {
  if (plan.pool_agent < 0) return nullptr;
  if (size_t(plan.pool_agent) >= context.pool.size())
    throw std::logic_error("self-play: the actor context holds no pool agents");
  Agent* agent = context.pool[size_t(plan.pool_agent)].get();
  agent->new_game(Rng::mix(seed, 0xA6E7));
  return agent;
}

void play_bidding(const EigenNet& net, GameState& state, const SeatPlan& plan, Agent* pool_agent, Rng& rng) {
  while (state.phase() == Phase::Bidding) {
    const Observation obs = observe(state, state.to_move());
    const int bid = plan.network[size_t(obs.seat)] ? network_bid(net, obs, 0.1, rng) : pool_agent->bid(obs);
    const std::string why = state.apply_bid(bid);
    if (!why.empty()) throw std::logic_error("self-play bid rejected: " + why);
  }
}

void set_policy_version(GameSamples& game, int64_t version) {
  game.policy_version = version;
  for (PlaySample& s : game.plays) s.policy_version = version;
  for (BidSample& b : game.bids) b.policy_version = version;
}

double rollout_mix_at(const TrainConfig& config, double minutes) {
  const double start = config.search.rollout_mix;
  if (config.rollout_mix_decay_minutes <= 0) return start;
  const double f = std::min(1.0, std::max(0.0, minutes / config.rollout_mix_decay_minutes));
  return start + f * (config.rollout_mix_final - start);
}

namespace {

// A game whose network moves are all searched (play_selfplay_game without the extras).
GameSamples play_searched_game(const EigenNet& net, const TrainConfig& config, uint64_t seed, ActorContext* context,
                               double rollout_mix) {
  std::unique_ptr<ActorContext> own;
  if (!context) {
    own = std::make_unique<ActorContext>(config);
    context = own.get();
  }
  const double mix = rollout_mix < 0 ? config.search.rollout_mix : rollout_mix;
  GameSamples out;
  Rng rng(Rng::mix(seed, 0x5e1f));
  GameState state(seed, game_rules(config, seed));
  SeatPlan plan = plan_seats(config, seed);
  Agent* pool_agent = pool_agent_of(plan, *context, seed);
  play_bidding(net, state, plan, pool_agent, rng);
  seat_pool_side(plan, config, state.landlord(), seed);
  GumbelSettings full = config.search;
  full.noise = true;  // self-play explores: the candidates are a sample of the policy
  full.candidate_target = config.search_target == "candidates";
  full.rollout_mix = mix;
  GumbelSettings fast = full;
  fast.sims = config.fast_sims;
  fast.k = std::min(config.search.k, config.fast_sims);
  std::unique_ptr<PlayoutEvaluator> rollouts;
  PolicyRolloutAgent* net_rollouts = nullptr;  // told whose move is searched (rollout_others)
  if (mix > 0 || full.inference.active())  // world inference asks the rollout player too
    rollouts = std::make_unique<PlayoutEvaluator>(searched_game_rollouts(net, config, plan, seed, &net_rollouts),
                                                  Rng::mix(seed, 0x7011));
  const NetEvaluator network = NetEvaluator::borrowing(net);  // search/'s network interface
  std::vector<Move> moves;
  while (state.phase() == Phase::Play) {
    const Observation obs = observe(state, state.to_move());
    if (!plan.network[size_t(obs.seat)]) {
      const Move move = pool_agent->play(obs);
      const std::string why = state.apply_move(move);
      if (!why.empty()) throw std::logic_error("pool agent move rejected: " + why);
      ++out.decisions;
      continue;
    }
    state.legal(moves);
    if (config.search.confident < 1.0 && moves.size() > 1) {
      const ConfidentMove sure = confident_move(network, obs, moves, config.search.confident);
      if (sure.index >= 0) {  // the policy is sure: its argmax, unsearched, a value target only
        out.plays.push_back(PlaySample{state, moves, sure.prior, false, 0.0f, 0.0f});
        state.apply_trusted(moves[size_t(sure.index)]);
        ++out.decisions;
        continue;
      }
    }
    const bool is_full = rng.uniform() < config.full_search_prob;
    if (net_rollouts) net_rollouts->set_root_seat(obs.seat);
    const GumbelResult r =
        gumbel_search(network, obs, moves, is_full ? full : fast, rng, rollouts.get(), context->solver.get());
    if (moves.size() > 1) {  // forced moves teach nothing about the policy, and little value
      out.plays.push_back(PlaySample{state, moves, r.policy, is_full, 0.0f, 0.0f});
    }
    state.apply_trusted(moves[size_t(r.chosen)]);
    ++out.decisions;
  }
  finish_game(state, out, plan);
  return out;
}

}  // namespace

GameSamples play_selfplay_game(const EigenNet& net, const TrainConfig& config, uint64_t seed, ActorContext* context,
                               double rollout_mix) {
  GameSamples out = is_pg_game(config, seed) ? play_pg_game(net, config, seed, context)
                                             : play_searched_game(net, config, seed, context, rollout_mix);
  add_bid_games(net, config, seed, out);
  return out;
}

GameSamples play_imitation_game(const TrainConfig& config, uint64_t seed) {
  GameSamples out;
  std::array<std::unique_ptr<Agent>, kNumSeats> agents;
  for (int s = 0; s < kNumSeats; ++s) {
    agents[size_t(s)] = make_agent("heuristic");
    agents[size_t(s)]->new_game(Rng::mix(seed, uint64_t(s) + 1));
  }
  GameState state(seed, game_rules(config, seed));
  while (state.phase() == Phase::Bidding) {
    const int seat = state.to_move();
    const std::string why = state.apply_bid(agents[size_t(seat)]->bid(observe(state, seat)));
    if (!why.empty()) throw std::logic_error("heuristic bid rejected: " + why);
  }
  std::vector<Move> moves;
  while (state.phase() == Phase::Play) {
    const int seat = state.to_move();
    const Move move = agents[size_t(seat)]->play(observe(state, seat));
    state.legal(moves);
    if (moves.size() > 1) {
      std::vector<float> target(moves.size(), 0.0f);
      bool found = false;
      for (size_t i = 0; i < moves.size(); ++i)
        if (moves[i] == move) {
          target[i] = 1.0f;
          found = true;
        }
      if (!found) throw std::logic_error("heuristic move is not legal: " + to_string(move));
      out.plays.push_back(PlaySample{state, moves, std::move(target), true, 0.0f, 0.0f});
    }
    const std::string why = state.apply_move(move);
    if (!why.empty()) throw std::logic_error("heuristic move rejected: " + why);
    ++out.decisions;
  }
  finish_game(state, out);
  return out;
}

}  // namespace ddz::selfplay
