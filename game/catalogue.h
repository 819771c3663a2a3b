// The catalogue of all 27,471 combinations with stable action ids, and classification of a card
// set into the one combination it is. Built once, straight from the wording of RULES.md.
#pragma once
#include <optional>
#include <string_view>
#include <vector>

#include "game/move.h"

namespace ddz {

constexpr int kNumCombinations = 27471;
constexpr int kPassAction = kNumCombinations;  // action id of pass
constexpr int kNumActions = kNumCombinations + 1;

// All combinations; the index is the action id. Order (documented and stable): by type in the
// order of RULES.md's table (solo, pair, trio, trio_solo, trio_pair, solo_chain, pair_chain,
// trio_chain, trio_solo_chain, trio_pair_chain, four_two_solo, four_two_pair, bomb, rocket),
// then chain length, then key rank, then the cards' packed rank counts (Hand::bits) ascending.
const std::vector<Move>& catalogue();

// The combination these cards form, or nullopt when they form none (empty cards included).
std::optional<Move> classify(Hand cards);

// Action id of a move (kPassAction for pass), or -1 when the move is not in the catalogue.
int action_id(const Move& move);
// The move with this action id; throws std::out_of_range outside 0..kPassAction.
const Move& move_of_action(int id);

// Parses a move in notation: "pass", "-" or "" for pass, otherwise cards that must form one
// combination. Throws NotationError naming the input otherwise.
Move parse_move(std::string_view text);

}  // namespace ddz
