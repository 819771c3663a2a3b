// One game a person plays in the browser against two agents: the person sits at seat 0, the
// agents answer their turns at once, every action of the person is validated first, each agent
// play keeps the search that chose it (to explain it), and the person may take back a move.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "game/state.h"

namespace ddz::web {

struct GameOptions {
  uint64_t seed = 0;
  std::string opponents;  // agent spec of both opponents
  std::string hint_agent;  // agent spec that answers hints; empty: the opponents' spec
  bool bidding = true;  // false: the landlord is fixed and the person has `role`
  int role = -1;  // 0 landlord, 1 landlord_down, 2 landlord_up, -1 drawn from the seed
  bool ranked = false;  // no undo
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
  // Why the agent of an opponent's play (index into the plays) chose it: its search as the hint
  // shows it (the moves with most visits), the rule that picked the move, and in small endgames
  // the exact solver's verdict on the deal at that point from the mover's side. {"error": ...}
  // naming "play" when the index is not an opponent's play.
  nlohmann::json explain(int64_t play) const;
  // Takes back the person's last bid or move and the agents' turns after it; "" when done, else
  // why not (a ranked game, nothing to take back).
  std::string undo();
  // What the person may see; once the game is over, also every hand and the game record.
  nlohmann::json view() const;

  bool over() const { return state_.phase() == Phase::Over; }
  // Serialises requests on one game (several tabs may share it); the caller holds it.
  std::mutex& mutex() { return mutex_; }

 private:
  void run_agents();
  void make_agents();
  // After a move was applied: the stake it left and, for an agent's play, its explanation.
  void note_play(const nlohmann::json& explanation);

  // Each play's stake after it and, for an agent's play, what explains it ("" for the person's),
  // kept as JSON text: about 1.5 KB a play, where the parsed tree took several times that.
  struct PlayNote {
    int stake = 0;
    std::string explanation;
  };

  GameOptions options_;
  GameState state_;
  std::vector<PlayNote> notes_;  // one per play of state_.history()
  // The game before each of the person's bids and moves, for undo (the notes then are a prefix).
  std::vector<GameState> before_;
  int undos_ = 0;
  std::array<std::unique_ptr<Agent>, kNumSeats> agents_;  // freed once the game is over
  std::array<std::string, kNumSeats> names_{"person", "", ""};  // each seat's agent spec, for the record
  std::unique_ptr<Agent> hint_;  // built at the first hint
  std::mutex mutex_;
};

}  // namespace ddz::web
