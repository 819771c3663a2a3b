// A whole game for a person at a terminal (or a script on a pipe) against two agents: shows the
// hand, cards left and last plays, reads moves in card notation with `hint` and `pass`.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>

namespace ddz {

struct TerminalGameOptions {
  std::string opponents = "heuristic";  // agent spec of both opponents
  std::string hint_agent = "heuristic";  // agent spec that answers `hint`
  // The person's role when the landlord is fixed: 0 landlord, 1 landlord_down, 2 landlord_up,
  // -1 drawn from the seed. With bidding the person sits at seat 0 and the bidding decides roles.
  int role = -1;
  bool bidding = false;
  uint64_t seed = 0;
  bool color = false;  // ANSI colours (only for a terminal)
};

// Plays one game reading the person's lines from `in` and writing everything to `out`. Returns 0
// when the game ends, and also when `in` ends first (after saying the game was abandoned).
// Throws AgentSpecError for a bad opponent or hint spec.
int play_terminal_game(const TerminalGameOptions& options, std::istream& in, std::ostream& out);

}  // namespace ddz
