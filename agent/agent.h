// The Agent interface: a player that sees only its seat's Observation and answers bids and
// moves. Every agent kind (random, heuristic, mcts, net, mcts+net) implements it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "game/observation.h"
#include "search/move_policy.h"

namespace ddz {

// new_game(seed) (called before each game with a seed derived from the match seed) and play(obs)
// come from MovePolicy, so that any agent can play a search's rollouts.
class Agent : public MovePolicy {
 public:
  // A bid for obs.seat in the bidding phase: 0 (pass) or a value in obs.legal_bids().
  virtual int bid(const Observation& obs) = 0;
  // The spec string this agent was built from (for reports and records).
  virtual std::string spec() const = 0;
};

}  // namespace ddz
