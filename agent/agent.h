// The Agent interface: a player that sees only its seat's Observation and answers bids and
// moves. Every agent kind (random, heuristic, mcts, net, mcts+net) implements it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "game/observation.h"

namespace ddz {

class Agent {
 public:
  virtual ~Agent() = default;
  // Called before each game with a seed derived from the match seed, so that an agent's own
  // randomness is reproducible game by game whatever thread plays the game.
  virtual void new_game(uint64_t seed) { (void)seed; }
  // A bid for obs.seat in the bidding phase: 0 (pass) or a value in obs.legal_bids().
  virtual int bid(const Observation& obs) = 0;
  // A legal move for obs.seat in the play phase (pass only when following).
  virtual Move play(const Observation& obs) = 0;
  // The spec string this agent was built from (for reports and records).
  virtual std::string spec() const = 0;
};

}  // namespace ddz
