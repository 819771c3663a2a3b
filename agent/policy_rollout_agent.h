// PolicyRolloutAgent: the argmax of a policy network in every seat, for rollouts. A search whose
// rollouts play the network itself judges a move by how the network would go on from it, which a
// heuristic rollout cannot do once the network plays better than the heuristic.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "models/eigen_net.h"

namespace ddz {

// The highest-scoring legal move of the network's policy for obs (play phase); `moves` holds the
// legal moves on return. The buffers are reused between calls.
struct GreedyPolicy {
  Move choose(const EigenNet& net, const Observation& obs, std::vector<Move>& moves);
  // Fills `moves` and, when there are two or more, `scores` (the policy's logits); returns whether
  // it scored them.
  bool score(const EigenNet& net, const Observation& obs, std::vector<Move>& moves);
  std::vector<float> state, move_features, scores;
};

class PolicyRolloutAgent final : public Agent {
 public:
  // `net` must outlive the agent (searches own it for the whole move or game). With `others`,
  // the seats of the side opposing the searching seat (set_root_seat) are played by that agent
  // instead: a model of opponents who do not play like the network.
  explicit PolicyRolloutAgent(const EigenNet& net, std::unique_ptr<Agent> others = nullptr)
      : net_(net), others_(std::move(others)) {}
  // The seat whose move is being searched; its side plays the network.
  void set_root_seat(int seat) { root_seat_ = seat; }
  // Rollouts start in the play phase; a bid is never asked for, and passes if it is.
  int bid(const Observation&) override { return 0; }
  Move play(const Observation& obs) override;
  std::string spec() const override { return others_ ? "policy-rollout, others " + others_->spec() : "policy-rollout"; }

 private:
  const EigenNet& net_;
  std::unique_ptr<Agent> others_;
  int root_seat_ = -1;
  GreedyPolicy policy_;
  std::vector<Move> moves_;
};

// The rollout player of a search: the heuristic (`policy` "heuristic"), or the network's argmax
// (`policy` "net") with `others` ("net", or an agent spec such as "heuristic") on the opposing
// side. *net_rollouts is set to the PolicyRolloutAgent (nullptr for the heuristic), which the
// caller tells the searched seat before each search.
std::unique_ptr<Agent> make_rollout_player(const EigenNet& net, const std::string& policy, const std::string& others,
                                           PolicyRolloutAgent** net_rollouts);

}  // namespace ddz
