// Exact rule for two-player positions where the opponent holds a single card: the game is then a
// puzzle for the side to move alone (split the hand safely), solved without a game tree.
#pragma once
#include <cstdint>
#include <vector>

#include "game/move.h"
#include "solver/endgame_race_leads.h"

namespace ddz::endgame {

// Two players, B holds one card b, A to lead. B's only moves are playing b (which empties B's
// hand: B wins) and passing; B may play b when it leads or faces a solo below b. B leads only
// after A passed on B's combination, and B cannot play a combination without winning. So A
// leads combinations one after another while B passes, and A loses exactly when it leads a
// solo below b that does not empty its hand: A wins iff its hand splits into combinations of
// which at most one is a solo of rank below b's (led last). Bombs and the rocket are combinations
// like any other here (B cannot answer them).
class OneCardRace {
 public:
  explicit OneCardRace(RaceLeads& leads);
  // True when A, to lead with `hand` (not empty), wins against a lone card of rank `b`.
  bool lead_wins(Hand hand, int b) { return splits(hand, b, true, 0); }
  // True when A, with `hand`, facing B's combination `beat` (B then holds one card of rank b),
  // wins. Passing hands B the lead (B wins); a reply that empties the hand wins; a solo below b
  // lets B play out; any other reply makes B pass and A leads the rest.
  bool follow_wins(Hand hand, const Move& beat, int b);

 private:
  // True when `hand` splits into combinations with no solo below b, or with one when `spare`.
  bool splits(Hand hand, int b, bool spare, int depth);
  bool follow_search(Hand hand, const Move& beat, int b);
  static constexpr int kCacheBits = 12;  // 14 measured: fewer instructions, slower (cache misses)
  static constexpr int kMaxDepth = 24;  // > 20 cards a hand + 1
  struct Entry {
    uint64_t hand = ~uint64_t(0);
    uint8_t tag = 0;  // b, spare, value
  };
  RaceLeads& leads_;
  std::vector<Entry> cache_;
  // follow_wins results by (hand, the combination's type, key and length, b): the two- and
  // three-card rules ask the same questions again and again (a third of their instructions).
  struct FollowEntry {
    uint64_t hand = ~uint64_t(0);
    uint32_t tag = 0;  // type, key, len, b, value
  };
  std::vector<FollowEntry> follow_cache_;
  std::vector<std::vector<Move>> moves_;  // per recursion depth
  std::vector<Move> replies_;
};

}  // namespace ddz::endgame
