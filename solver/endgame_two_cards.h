// Exact rule for two-player positions where the opponent holds two cards: the opponent's few
// choices are enumerated by hand, so the game is a memoized search over the mover's hands alone.
#pragma once
#include <cstdint>
#include <vector>

#include "game/move.h"
#include "solver/endgame_one_card.h"

namespace ddz::endgame {

// Two players, B holds two cards, A to move. B's moves:
// - the rocket (X with D) beats everything: A wins only by emptying its hand now;
// - a pair pp: B plays it when leading or on a lower pair (and wins), or plays one p on a lower
//   solo (then holds one card: OneCardRace), or passes; leading, B plays the pair;
// - two singles p < q: B plays one on a lower solo (then holds one card) or passes; leading, B
//   leads one of them (A then faces a solo with B holding the other).
// B can answer nothing but solos and lower pairs (no bomb in two cards), so A's other leads
// keep the lead. A to lead wins with a lead m when m empties its hand, or when every answer of
// B leaves A winning (B's pass: A leads again with the rest).
class TwoCardRace {
 public:
  TwoCardRace(OneCardRace& one, RaceLeads& leads);
  // A to lead with `hand` (not empty) against B's two cards `b`.
  bool lead_wins(Hand hand, Hand b);
  // A with `hand` facing B's combination `beat`, B holding the two cards `b`.
  bool follow_wins(Hand hand, const Move& beat, Hand b);

 private:
  bool lead(Hand hand, Hand b, int depth);
  // A has just played m (not emptying its hand, `rest` left) and B, holding b, answers.
  bool after_play(Hand rest, const Move& m, Hand b, int depth);
  OneCardRace& one_;
  RaceLeads& leads_;
  static constexpr int kCacheBits = 12;  // 14 measured: fewer instructions, slower (cache misses)
  static constexpr int kMaxDepth = 24;  // > 20 cards a hand + 1
  struct Entry {
    uint64_t hand = ~uint64_t(0);
    uint64_t b = 0;  // B's hand, with bit 63 holding the value
  };
  std::vector<Entry> cache_;
  // follow_wins results by (hand, the combination's type, key and length, B's cards): the
  // three-card rule asks the same questions again and again.
  struct FollowEntry {
    uint64_t hand = ~uint64_t(0);
    uint64_t b = 0;
    uint32_t tag = 0;  // type, key, len, value
  };
  std::vector<FollowEntry> follow_cache_;
  bool follow_search(Hand hand, const Move& beat, Hand b);
  std::vector<std::vector<Move>> moves_;  // per recursion depth
};

}  // namespace ddz::endgame
