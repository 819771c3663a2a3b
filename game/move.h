// A move is one combination (or pass): its type, key rank, chain length and the cards it uses.
// The beating rule of RULES.md lives here.
#pragma once
#include <cstdint>
#include <string>

#include "game/cards.h"

namespace ddz {

// In the order of RULES.md's table; that order is also the catalogue's primary sort key.
enum class MoveType : uint8_t {
  Pass = 0,
  Solo,
  Pair,
  Trio,
  TrioSolo,
  TrioPair,
  SoloChain,
  PairChain,
  TrioChain,
  TrioSoloChain,
  TrioPairChain,
  FourTwoSolo,
  FourTwoPair,
  Bomb,
  Rocket,
};
constexpr int kNumMoveTypes = 15;

// "solo", "pair", ..., "rocket", "pass" as RULES.md names them.
const char* type_name(MoveType type);
// Inverse of type_name; nullopt-like: returns false when the name is unknown.
bool type_from_name(const std::string& name, MoveType* type);

struct Move {
  Hand cards;
  MoveType type = MoveType::Pass;
  uint8_t key = 0;  // key rank (0 for pass and rocket)
  uint8_t len = 0;  // chain length: number of consecutive chain ranks; 1 for non-chains, 0 for pass

  static Move pass() { return Move{}; }
  bool is_pass() const { return type == MoveType::Pass; }
  bool is_bomb_or_rocket() const { return type == MoveType::Bomb || type == MoveType::Rocket; }
  bool operator==(const Move& o) const { return cards == o.cards && type == o.type && key == o.key && len == o.len; }
  bool operator!=(const Move& o) const { return !(*this == o); }
};

// True when `move` may be played on `last` (last = pass means the player leads: any non-pass move).
// Pass itself never "beats"; whether passing is allowed is a turn rule, not a beating rule.
bool beats(const Move& move, const Move& last);

// Canonical notation of the cards, or "pass".
std::string to_string(const Move& move);

}  // namespace ddz
