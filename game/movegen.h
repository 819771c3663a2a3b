// Legal-move generation: every combination a hand may play on the combination to beat.
// Fast and allocation-free once the output vector has grown (callers reuse it).
#pragma once
#include <vector>

#include "game/move.h"

namespace ddz {

// Replaces `out` with the legal moves of `hand` against `to_beat`:
// - to_beat is pass (the hand leads): every combination contained in the hand; no pass.
// - otherwise: every combination in the hand that beats to_beat (RULES.md), then pass last.
// Order within the list: by type, then chain length, then key rank (not the catalogue order).
void legal_moves(Hand hand, const Move& to_beat, std::vector<Move>& out);

// Convenience form that allocates; not for hot loops.
std::vector<Move> legal_moves(Hand hand, const Move& to_beat);

// True when the hand holds at least one move that beats to_beat (to_beat not pass); cheaper than
// generating the list.
bool can_beat(Hand hand, const Move& to_beat);

}  // namespace ddz
