// Who plays each seat in the rollouts of a self-play game: the network's seats by the rollout
// policy, and the seats of a pool game either by the config's model (rollout_others) or seat by seat.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "agent/agent.h"
#include "agent/policy_rollout_agent.h"
#include "models/eigen_net.h"
#include "selfplay/actor.h"
#include "selfplay/config.h"

namespace ddz::selfplay {

// Plays each seat by the agent that sits there: the network's seats by `network`, a pool game's
// other seats by `pool` (every seat by `network` when pool is null).
class SeatwiseAgent final : public Agent {
 public:
  SeatwiseAgent(std::unique_ptr<Agent> network, std::unique_ptr<Agent> pool, const SeatPlan& plan)
      : network_(std::move(network)), pool_(std::move(pool)), plan_(plan) {}
  int bid(const Observation&) override { return 0; }  // rollouts start in the play phase
  Move play(const Observation& obs) override {
    return (plan_.network[size_t(obs.seat)] || !pool_ ? *network_ : *pool_).play(obs);
  }
  std::string spec() const override { return "seatwise"; }

 private:
  std::unique_ptr<Agent> network_, pool_;
  SeatPlan plan_;
};

// The network seats' rollout player: the policy's argmax (config.search.rollout_policy "net") or the heuristic.
std::unique_ptr<Agent> network_rollout_player(const EigenNet& net, const TrainConfig& config);

// The network's seats by network_rollout_player and, in a pool game (plan.pool_agent >= 0), the
// pool seats by a fresh `pool_spec` agent told new_game(pool_seed); the network alone otherwise.
std::unique_ptr<Agent> seatwise_rollouts(const EigenNet& net, const TrainConfig& config, const SeatPlan& plan,
                                         const std::string& pool_spec, uint64_t pool_seed);

// The agent that stands in for pool agent `spec` in rollouts: the agent itself when a move costs
// microseconds (heuristic, random, net:FILE), the heuristic for a searching agent (mcts,
// mcts+net, gumbel, pretrained), whose every rollout ply would cost a whole search.
std::string rollout_model_of(const std::string& spec);

// The rollout player of a searched self-play game: with config.search.rollout_others "seats" in a pool
// game, a SeatwiseAgent (the network's seats by config.search.rollout_policy, the pool seats by
// rollout_model_of the pool agent, seeded from `seed`); otherwise make_rollout_player
// (agent/policy_rollout_agent.h; "seats" without pool seats is "net"). *net_rollouts is set as
// make_rollout_player sets it (nullptr for the seatwise player, which needs no searched seat).
std::unique_ptr<Agent> searched_game_rollouts(const EigenNet& net, const TrainConfig& config, const SeatPlan& plan,
                                              uint64_t seed, PolicyRolloutAgent** net_rollouts);

}  // namespace ddz::selfplay
