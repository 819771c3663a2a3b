// The rollout players of self-play searches (selfplay/seat_rollouts.h): seat by seat in pool games
// with rollout_others "seats", a searching pool agent modelled by the heuristic.
#include "selfplay/seat_rollouts.h"

#include "agent/agent_spec.h"
#include "agent/factory.h"

namespace ddz::selfplay {

std::unique_ptr<Agent> network_rollout_player(const EigenNet& net, const TrainConfig& config) {
  if (config.search.rollout_policy == "net") return std::make_unique<PolicyRolloutAgent>(net);
  return make_agent("heuristic");
}

std::string rollout_model_of(const std::string& spec) {
  const std::string kind = AgentSpec::parse(spec).kind();
  if (kind == "heuristic" || kind == "random" || kind == "net") return spec;
  return "heuristic";
}

std::unique_ptr<Agent> searched_game_rollouts(const EigenNet& net, const TrainConfig& config, const SeatPlan& plan,
                                              uint64_t seed, PolicyRolloutAgent** net_rollouts) {
  if (config.search.rollout_others != "seats" || plan.pool_agent < 0)
    return make_rollout_player(net, config.search.rollout_policy,
                               config.search.rollout_others == "seats" ? "net" : config.search.rollout_others,
                               net_rollouts);
  *net_rollouts = nullptr;
  return seatwise_rollouts(net, config, plan, rollout_model_of(config.pool_agents.at(size_t(plan.pool_agent))),
                           Rng::mix(seed, 0x7014));
}

std::unique_ptr<Agent> seatwise_rollouts(const EigenNet& net, const TrainConfig& config, const SeatPlan& plan,
                                         const std::string& pool_spec, uint64_t pool_seed) {
  std::unique_ptr<Agent> network = network_rollout_player(net, config);
  if (plan.pool_agent < 0) return network;
  std::unique_ptr<Agent> pool = make_agent(pool_spec);
  pool->new_game(pool_seed);
  return std::make_unique<SeatwiseAgent>(std::move(network), std::move(pool), plan);
}

}  // namespace ddz::selfplay
