// Lead lists for the small-hand rules of the two-player endgame search (one, two, three opposing
// cards): a direct-mapped cache of every lead of a hand; replies are generated.
#pragma once
#include <cstdint>
#include <vector>

#include "game/move.h"
#include "game/movegen.h"
#include "search/endgame_dominance.h"

namespace ddz::endgame {

// The rules revisit the same hands of the side to move many times (every opposing answer leads
// back to them), and generating moves was a quarter of their cost. Lists hold no move that
// kicker dominance drops (two players: endgame_dominance.h), which loses no win. Callers copy a
// list before recursing: a nested look-up may overwrite the slot.
class RaceLeads {
 public:
  RaceLeads() : slots_(size_t(1) << kBits) {}
  // Every lead of `hand` (no pass), without dominated kicker moves.
  const std::vector<Move>& leads(Hand hand) {
    Slot& s = slots_[size_t((hand.bits() * 0x9E3779B97F4A7C15ULL) >> (64 - kBits))];
    if (s.hand != hand || !s.filled) {
      legal_moves(hand, Move::pass(), s.moves);
      drop_dominated(KickerDominance(hand, 0), s.moves);
      s.hand = hand;
      s.filled = true;
    }
    return s.moves;
  }
  // Into out: the leads of `hand` (beat is pass), or pass and the leads that beat `beat`.
  void moves(Hand hand, const Move& beat, std::vector<Move>& out) {
    if (beat.is_pass()) {
      const std::vector<Move>& all = leads(hand);
      out.assign(all.begin(), all.end());
      return;
    }
    // Replies: generated (filtering the lead list through beats() took more instructions than
    // generating the few replies that beat).
    legal_moves(hand, beat, out);
  }

 private:
  static constexpr int kBits = 12;
  struct Slot {
    Hand hand;
    bool filled = false;
    std::vector<Move> moves;
  };
  std::vector<Slot> slots_;
};

}  // namespace ddz::endgame
