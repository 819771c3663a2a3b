// Perfect-information endgame positions for the exact solver: a two-player position (one hand
// against one hand) and a three-player position (landlord against two farmers), with checks.
#pragma once
#include <array>
#include <string>

#include "game/move.h"
#include "game/state.h"

namespace ddz {

// Two players, each alone: the hand to move, the other hand and the combination to beat (pass
// when the hand to move leads). One pass gives the lead back to the player who played to_beat.
struct TwoPlayerPosition {
  Hand to_move;
  Hand other;
  Move to_beat;
};

// Three seats in play order (seat s is followed by seat (s+1) % 3). `landlord` plays alone,
// the other two seats are a team. to_beat_seat is the seat that played to_beat (kNoSeat when
// to_beat is pass); after two passes in a row that seat leads again.
struct ThreePlayerPosition {
  std::array<Hand, kNumSeats> hands{};
  int landlord = 0;
  int to_move = 0;
  Move to_beat;
  int to_beat_seat = kNoSeat;
};

// "" when the position can be solved, else what is wrong: a hand with more of a rank than a
// deck holds, more of a rank across all hands (and to_beat) than a deck holds, an empty hand
// (the game is already over), a to_beat that is not a combination, a missing or wrong
// to_beat_seat.
std::string check_position(const TwoPlayerPosition& p);
std::string check_position(const ThreePlayerPosition& p);

// The solver's view of a GameState in the play phase (all three hands). Throws
// std::invalid_argument when the state is not in the play phase.
ThreePlayerPosition position_of(const GameState& s);

}  // namespace ddz
