// Plain minimax for endgame positions: no table, no move ordering, no structural cut-offs; a
// node stops only once its value is settled (a winning child found). Slow and obviously right.
#pragma once
#include "solver/endgame_position.h"

namespace ddz {

// True when the side to move wins. Three players play through GameState (the rules engine's own
// trick rules); two players through the two-player rule (one pass gives the lead back).
// For small positions only (a few cards a hand).
bool reference_side_to_move_wins(const TwoPlayerPosition& p);
bool reference_side_to_move_wins(const ThreePlayerPosition& p);

}  // namespace ddz
