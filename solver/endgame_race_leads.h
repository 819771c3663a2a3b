// Lead lists for the small-hand rules of the two-player endgame search (one, two, three opposing
// cards): a direct-mapped cache of every lead of a hand; replies are generated.
#pragma once
#include <cstdint>
#include <vector>

#include "game/move.h"
#include "game/movegen.h"
#include "solver/endgame_bits.h"
#include "solver/endgame_dominance.h"

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
      // A new slot starts with room for the lists of most hands the rules see, instead of
      // doubling its way there move by move (a fresh process paid about 5 allocations a fill).
      if (s.moves.capacity() < kFirstCapacity) s.moves.reserve(kFirstCapacity);
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
    // generating the few replies that beat). Solos, pairs and trios, most of what the rules
    // answer, straight from rank masks.
    if (!simple_replies(hand, beat, out)) legal_moves(hand, beat, out);
  }

  // Cards per rank of a solo, pair or trio (the combinations simple_replies answers), else 0.
  static int simple_kind(const Move& beat) {
    switch (beat.type) {
      case MoveType::Solo: return 1;
      case MoveType::Pair: return 2;
      case MoveType::Trio: return 3;
      default: return 0;
    }
  }
  // The moves of simple_replies(hand, beat) but pass, in the same order, handed to f without a
  // list until f returns true (then true); beat must be a solo, pair or trio.
  template <typename F>
  static bool any_simple_reply(Hand hand, const Move& beat, F&& f) {
    const int per = simple_kind(beat);
    // Pairs and trios only of ranks 3..2 (a joker is one card; at_least cannot count two anyway).
    for (uint32_t mask = at_least(hand, per) & ~((2u << beat.key) - 1); mask; mask &= mask - 1) {
      const int r = __builtin_ctz(mask);
      if (f(Move{Hand::of(r, per), beat.type, uint8_t(r), 1})) return true;
    }
    for (uint32_t bombs = at_least(hand, 4); bombs; bombs &= bombs - 1) {
      const int r = __builtin_ctz(bombs);
      if (f(Move{Hand::of(r, 4), MoveType::Bomb, uint8_t(r), 1})) return true;
    }
    return hand.count(RX) && hand.count(RD) && f(Move{Hand::of(RX) + Hand::of(RD), MoveType::Rocket, 0, 1});
  }

  // any_simple_reply in the reverse order: the rocket, bombs from the highest, then the kind
  // from the highest rank.
  template <typename F>
  static bool any_simple_reply_high_first(Hand hand, const Move& beat, F&& f) {
    const int per = simple_kind(beat);
    if (hand.count(RX) && hand.count(RD) && f(Move{Hand::of(RX) + Hand::of(RD), MoveType::Rocket, 0, 1})) return true;
    for (uint32_t bombs = at_least(hand, 4); bombs;) {
      const int r = 31 - __builtin_clz(bombs);
      bombs &= ~(1u << r);
      if (f(Move{Hand::of(r, 4), MoveType::Bomb, uint8_t(r), 1})) return true;
    }
    for (uint32_t mask = at_least(hand, per) & ~((2u << beat.key) - 1); mask;) {
      const int r = 31 - __builtin_clz(mask);
      mask &= ~(1u << r);
      if (f(Move{Hand::of(r, per), beat.type, uint8_t(r), 1})) return true;
    }
    return false;
  }

  // legal_moves(hand, beat, out) when beat is a solo, pair or trio (same moves, same order:
  // higher ones of the kind by rank, bombs, the rocket, pass), without the generator's general
  // setup (per-rank counts, four masks), which cost more than these few moves; false (out
  // untouched) for other combinations.
  static bool simple_replies(Hand hand, const Move& beat, std::vector<Move>& out) {
    if (!simple_kind(beat)) return false;
    out.clear();
    any_simple_reply(hand, beat, [&](const Move& m) {
      out.push_back(m);
      return false;  // every reply
    });
    out.push_back(Move::pass());
    return true;
  }

 private:
  static constexpr int kBits = 12;
  static constexpr size_t kFirstCapacity = 32;
  struct Slot {
    Hand hand;
    bool filled = false;
    std::vector<Move> moves;
  };
  std::vector<Slot> slots_;
};

}  // namespace ddz::endgame
