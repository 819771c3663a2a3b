// One game a person plays in the browser against two agents: the person sits at seat 0, the
// agents answer their turns at once, and every action of the person is validated first.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "agent/agent.h"
#include "game/state.h"

namespace ddz::web {

struct GameOptions {
  uint64_t seed = 0;
  std::string opponents;  // agent spec of both opponents
  std::string hint_agent;  // agent spec that answers hints; empty: the opponents' spec
  bool bidding = true;  // false: the landlord is fixed and the person has `role`
  int role = -1;  // 0 landlord, 1 landlord_down, 2 landlord_up, -1 drawn from the seed
  // Hints solve the real deal exactly when all hands together hold at most this many cards.
  int solver_cards = 14;
};

// The person's seat.
constexpr int kPersonSeat = 0;

class GameSession {
 public:
  // Builds the agents and plays their turns until the person is to act. Throws AgentSpecError
  // for a bad spec.
  explicit GameSession(const GameOptions& options);

  // The person's bid (0 = pass) or move ("pass", or cards in notation); "" when accepted (the
  // agents then play until it is the person's turn again or the game ends), else the reason.
  std::string bid(int value);
  std::string play(const std::string& cards);
  // Whether `cards` would be accepted now, without playing it: {"legal", "reason", "move", "type"}.
  nlohmann::json check(const std::string& cards) const;
  // The hint agent's bid or move for the person now; for a move, its search (as `ddz analyse`
  // prints it) when it searches, and in small endgames the exact solver's verdict on the deal.
  nlohmann::json hint();
  // What the person may see; once the game is over, also every hand and the game record.
  nlohmann::json view() const;

  bool over() const { return state_.phase() == Phase::Over; }
  // Serialises requests on one game (several tabs may share it); the caller holds it.
  std::mutex& mutex() { return mutex_; }

 private:
  void run_agents();

  GameOptions options_;
  GameState state_;
  std::array<std::unique_ptr<Agent>, kNumSeats> agents_;  // freed once the game is over
  std::array<std::string, kNumSeats> names_{"person", "", ""};  // each seat's agent spec, for the record
  std::unique_ptr<Agent> hint_;  // built at the first hint
  std::mutex mutex_;
};

}  // namespace ddz::web
