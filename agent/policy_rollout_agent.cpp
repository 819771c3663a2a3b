// GreedyPolicy: one policy evaluation per move (the state part once, the legal moves batched),
// shared by the `net` agent's argmax and the network rollouts of searches.
#include "agent/policy_rollout_agent.h"

#include <algorithm>

#include "agent/factory.h"
#include "models/features.h"

namespace ddz {

bool GreedyPolicy::score(const EigenNet& net, const Observation& obs, std::vector<Move>& moves) {
  obs.legal(moves);
  if (moves.size() < 2) return false;
  state.resize(size_t(kStateDim));
  encode_state(obs, state.data());
  encode_moves(moves, obs.hand, move_features);
  scores.resize(moves.size());
  net.policy_scores(state.data(), move_features.data(), int(moves.size()), scores.data());
  return true;
}

Move GreedyPolicy::choose(const EigenNet& net, const Observation& obs, std::vector<Move>& moves) {
  if (!score(net, obs, moves)) return moves.empty() ? Move::pass() : moves[0];  // pass: not this seat's turn
  return moves[size_t(std::max_element(scores.begin(), scores.end()) - scores.begin())];
}

Move PolicyRolloutAgent::play(const Observation& obs) {
  if (others_ && root_seat_ >= 0 && !obs.teammates(root_seat_, obs.seat)) return others_->play(obs);
  return policy_.choose(net_, obs, moves_);
}

std::unique_ptr<Agent> make_rollout_player(const EigenNet& net, const std::string& policy, const std::string& others,
                                           PolicyRolloutAgent** net_rollouts) {
  *net_rollouts = nullptr;
  if (policy != "net") return make_agent("heuristic");
  auto agent = std::make_unique<PolicyRolloutAgent>(net, others == "net" ? nullptr : make_agent(others));
  *net_rollouts = agent.get();
  return agent;
}

}  // namespace ddz
