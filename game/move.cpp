// Move type names and the beating rule (RULES.md, "Beating").
#include "game/move.h"

namespace ddz {

namespace {
constexpr const char* kTypeNames[kNumMoveTypes] = {"pass",
                                                   "solo",
                                                   "pair",
                                                   "trio",
                                                   "trio_solo",
                                                   "trio_pair",
                                                   "solo_chain",
                                                   "pair_chain",
                                                   "trio_chain",
                                                   "trio_solo_chain",
                                                   "trio_pair_chain",
                                                   "four_two_solo",
                                                   "four_two_pair",
                                                   "bomb",
                                                   "rocket"};
}

const char* type_name(MoveType type) { return kTypeNames[static_cast<int>(type)]; }

bool type_from_name(const std::string& name, MoveType* type) {
  for (int i = 0; i < kNumMoveTypes; ++i) {
    if (name == kTypeNames[i]) {
      *type = static_cast<MoveType>(i);
      return true;
    }
  }
  return false;
}

bool beats(const Move& move, const Move& last) {
  if (move.is_pass()) return false;
  if (last.is_pass()) return true;
  if (last.type == MoveType::Rocket) return false;
  if (move.type == MoveType::Rocket) return true;
  if (move.type == MoveType::Bomb) return last.type != MoveType::Bomb || move.key > last.key;
  return move.type == last.type && move.len == last.len && move.key > last.key;
}

std::string to_string(const Move& move) { return move.is_pass() ? "pass" : to_string(move.cards); }

}  // namespace ddz
