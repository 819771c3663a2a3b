// One self-play game (and one imitation game for the warm start): plays a whole game, bidding
// included when the config asks for it, and turns it into training samples.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "agent/agent.h"
#include "search/gumbel_search.h"
#include "game/observation.h"
#include "game/rng.h"
#include "models/eigen_net.h"
#include "models/network_spec.h"
#include "solver/endgame_solver.h"
#include "selfplay/config.h"
#include "selfplay/samples.h"

namespace ddz::selfplay {

struct GameSamples {
  std::vector<PlaySample> plays;
  std::vector<BidSample> bids;
  int decisions = 0;  // play-phase moves of the game
  int64_t policy_version = 0;  // the weights that played every move (one version per game)
};

// Records the version of the weights that played the game in the game and in each sample.
void set_policy_version(GameSamples& game, int64_t version);

// The networks' architecture that the config's layer widths describe (validated).
NetworkSpec network_spec(const TrainConfig& config);

// Rules of the run's games: bidding per config, all doublings counted.
Rules training_rules(const TrainConfig& config);
// Rules of game `seed`: training_rules, with a fixed landlord (seat 0) instead of bidding in the
// games that config.bidding_share leaves without (deterministic given seed).
Rules game_rules(const TrainConfig& config, uint64_t seed);
// Rules of the run's evaluations: the training rules, with a fixed landlord (seat 0) when
// config.eval_fixed_landlord is set.
Rules evaluation_rules(const TrainConfig& config);

// What one actor thread keeps between games: the exact solver's table (config.search.solver_cards > 0)
// and one instance of each pool agent (config.pool_agents; agents are not shared between threads).
struct ActorContext {
  explicit ActorContext(const TrainConfig& config);
  std::unique_ptr<EndgameSolver> solver;  // null when the config does not solve endgames
  std::vector<std::unique_ptr<Agent>> pool;
};

// Who sits where in one self-play game: seats played by the network (searched, sampled) and,
// in a pool game, the index into config.pool_agents of the agent in the other seats (-1: none).
struct SeatPlan {
  std::array<bool, kNumSeats> network{{true, true, true}};
  int pool_agent = -1;
};
// Deterministic given seed: a pool game with probability config.pool_share, the pool agent
// drawn uniformly, then with equal chance one network seat (uniform) or two. With
// config.pool_seats "sides" the network holds every seat until the bidding is over (it bids for
// all three), and seat_pool_side then gives the pool agent one whole side.
SeatPlan plan_seats(const TrainConfig& config, uint64_t seed);
// After the bidding, with config.pool_seats "sides" in a pool game: the pool agent takes the
// landlord's seat or both farmers' (equal chance, deterministic given seed), the network the
// other side, so that every pool game is a match of the network against that agent as the arena
// plays it. Otherwise plan stays as it is.
void seat_pool_side(SeatPlan& plan, const TrainConfig& config, int landlord, uint64_t seed);

// The pool agent of plan's game from context, told that a new game begins (null when the plan
// has no pool seat). Throws std::logic_error when the context holds no pool agents.
Agent* pool_agent_of(const SeatPlan& plan, ActorContext& context, uint64_t seed);
// Runs the bidding phase of state: the network's seats bid by network_bid (10% random), the
// pool agent's seats by the pool agent.
void play_bidding(const EigenNet& net, GameState& state, const SeatPlan& plan, Agent* pool_agent, Rng& rng);

// Writes the game's outcome into its play samples (the mover's side's win and score) and adds
// the landlord's bid samples when the landlord's seat was played by the network.
void finish_game(const GameState& end, GameSamples& out, const SeatPlan& plan = SeatPlan{});

// The rollout share of a simulation's value after `minutes` of training (the config's linear
// decay from rollout_mix to rollout_mix_final).
double rollout_mix_at(const TrainConfig& config, double minutes);

// Self-play with the network. A policy-gradient game (is_pg_game, config.pg_share) is played
// by play_pg_game (selfplay/pg_game.h). Otherwise every play-phase move is searched
// (search/gumbel_search.h) with playout-cap randomisation; bids come from the bid head with some exploration. In a pool game
// (plan_seats) the pool agent bids and plays its seats, and only the network's seats give
// samples (bid samples only when the network's seat became landlord). Deterministic
// given seed, net and rollout_mix. `rollout_mix` < 0 means config.search.rollout_mix.
GameSamples play_selfplay_game(const EigenNet& net, const TrainConfig& config, uint64_t seed,
                               ActorContext* context = nullptr, double rollout_mix = -1.0);

// The network's bid for obs: the highest legal bid when the bid head expects a positive
// landlord score, else pass. With explore > 0, a uniformly random legal bid that often.
int network_bid(const EigenNet& net, const Observation& obs, double explore, Rng& rng);

// A game of three heuristic agents (agent kind "heuristic"), recorded as one-hot policy targets
// for the warm start. Throws AgentSpecError if no heuristic agent is registered.
GameSamples play_imitation_game(const TrainConfig& config, uint64_t seed);

}  // namespace ddz::selfplay
