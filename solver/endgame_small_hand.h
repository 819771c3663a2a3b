// Exact search for two-player positions where the opponent holds three cards: plain minimax over
// both hands with the opponent's few moves generated, memoized, handing over to the one- and
// two-card rules as the opponent's hand shrinks.
#pragma once
#include <cstdint>
#include <vector>

#include "game/move.h"
#include "solver/endgame_one_card.h"
#include "solver/endgame_two_cards.h"

namespace ddz::endgame {

// A against B, B holding three cards. Every move of both sides is tried (B's are few), so this
// is plain minimax; what makes it cheap is what it leaves out: the table keys, move ordering and
// sure-win tests of the main search, which cost more than these small subtrees. Once B plays
// down to one or two cards the exact rules of OneCardRace and TwoCardRace take over.
class SmallHandRace {
 public:
  SmallHandRace(OneCardRace& one, TwoCardRace& two, RaceLeads& leads);
  // A to lead with `hand` (not empty) against B's hand `b` (three cards).
  bool lead_wins(Hand hand, Hand b) { return lead(hand, b, 0); }
  // A with `hand` facing B's combination `beat`, B holding `b` (three cards).
  bool follow_wins(Hand hand, const Move& beat, Hand b) { return follow(hand, beat, b, 0); }
  // The same game seen from the small hand's side: B (holding `b`, any size up to three) to lead
  // against A's `hand`, or B facing A's combination `beat`. True when B wins.
  bool small_lead_wins(Hand b, Hand hand) { return !b_leads(hand, b, 0); }
  bool small_follow_wins(Hand b, const Move& beat, Hand hand);

 private:
  bool lead(Hand a, Hand b, int depth);
  bool follow(Hand a, const Move& beat, Hand b, int depth);
  // A has just played m (not emptying its hand; `a` is the rest): true when A wins whatever B
  // answers. `b_can_answer`: whether B can beat m (the caller knows it).
  bool answered(Hand a, const Move& m, Hand b, int depth, bool b_can_answer);
  // A's value when A (holding a) faces B's combination r and B holds b (any size >= 1).
  bool facing(Hand a, const Move& r, Hand b, int depth);
  // A's value when B (holding b) leads.
  bool b_leads(Hand a, Hand b, int depth);
  OneCardRace& one_;
  TwoCardRace& two_;
  RaceLeads& leads_;
  static constexpr int kCacheBits = 12;  // 14 measured: fewer instructions, slower (cache misses)
  static constexpr int kMaxDepth = 64;  // each level removes cards from A or B
  struct Entry {
    uint64_t a = ~uint64_t(0);
    uint64_t b = 0;  // B's hand; bit 62: B leads, bit 63: the value for A
  };
  bool cached(Hand a, uint64_t tagged_b, bool* value) const;
  void store(Hand a, uint64_t tagged_b, bool value);
  std::vector<Entry> cache_;
  std::vector<std::vector<Move>> a_moves_, b_moves_;  // per depth
};

}  // namespace ddz::endgame
