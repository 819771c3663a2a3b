// HeuristicAgent: a fast rule-based player in the spirit of classic hand-value Dou Dizhu AIs.
// It needs no model and no search: every decision scores a few candidate moves by the value of
// the hand they leave (agent/hand_value.h), so a decision takes microseconds.
//
// Rules, in the order they are tried:
// Bidding: strength = 8 (big joker) + 6 (small joker) + 4 per 2 + 8 per bomb + 1 per ace, less
//   2 per play above 5 in the hand's best split; bid 3 at >= bid_threshold + 8, 2 at
//   >= bid_threshold + 4, 1 at >= bid_threshold (default 2), and only when that beats the
//   highest bid so far (else pass). Paired bidding matches favoured low thresholds (2 beat 3, 4,
//   6, 10 and 14 against heuristic and random opponents; 0 beat 2 but bids 3 on very little).
// Leading (split the hand with plan_hand, lead one of its combinations):
//   1. One combination left: play it and win.
//   2. At most one combination that an opponent could beat (checked against all unseen cards):
//      lead an unbeatable one first, keeping the beatable one for last.
//   3. Farmer whose partner has 1 card: lead the lowest single card; partner with 2 cards and
//      we hold a pair: lead the lowest pair (to let the partner out).
//   4. An opponent has 1 card: lead the weakest non-solo combination, or the highest solo when
//      only solos remain; an opponent with 2 cards: likewise avoid pairs.
//   5. Otherwise lead the weakest combination of the split, bombs and the rocket last:
//      lowest (value - cards + 1), so low cards go first and long chains a little earlier.
// Following (candidates: every legal beating move; of moves that differ only in kickers, the
//   one with the cheapest kickers):
//   1. A move that empties the hand is played.
//   2. A farmer never overtakes its partner's winning combination (it passes), unless rule 1.
//   3. Each candidate m scores value(hand - m) - cost(m), where cost charges spending control
//      cards (2: 2, X: 3, D: 4 each) and bombs/rocket 20 unless the bomb wins the game (what
//      remains is one combination). Passing scores value(hand) + margin; the best wins.
//   4. Margin: -1000 (beat with anything, bombs free) when the opponent who played has at most
//      `danger` (3) cards left, or it is the landlord with at most `last_danger` (6) and the
//      partner already passed; otherwise `landlord_margin` (-5) for the landlord,
//      `last_margin` (-6) for the farmer who is the last to answer the landlord and
//      `down_margin` (-5) for the farmer right after the landlord. Negative margins make a side
//      keener to take the trick; the defaults won paired arena matches against other values.
#pragma once
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "agent/agent_spec.h"
#include "game/settings_table.h"

namespace ddz {

// Tunable thresholds (spec settings of the same names; defaults measured best against random
// and against the other settings).
struct HeuristicConfig {
  int danger = 3;  // beat with anything when the opponent who played has <= this many cards
  int last_danger = 6;  // same for the last farmer answering the landlord
  int landlord_margin = -5;  // the landlord answering a farmer
  int down_margin = -5;  // the farmer right after the landlord answering it (its partner follows)
  int last_margin = -6;  // the last farmer answering the landlord
  int bid_threshold = 2;  // bid 1 at this strength, 2 at +4, 3 at +8
};

// The declarations of the heuristic agent's spec settings.
const SettingsTable<HeuristicConfig>& heuristic_settings_table();

class HeuristicAgent : public Agent {
 public:
  explicit HeuristicAgent(std::string spec = "heuristic", HeuristicConfig config = HeuristicConfig());

  int bid(const Observation& obs) override;
  Move play(const Observation& obs) override;
  std::string spec() const override { return spec_; }

 private:
  Move lead(const Observation& obs);
  Move follow(const Observation& obs);
  // hand_value with a small direct-mapped cache: successive decisions of a game score many of
  // the same remaining hands.
  int value(Hand hand);

  std::string spec_;
  HeuristicConfig config_;
  std::vector<Move> moves_;
  struct CacheEntry {
    uint64_t bits = ~0ULL;
    int value = 0;
  };
  std::vector<CacheEntry> cache_;
};

// Factory entry for "heuristic[:danger=3,last_danger=6,landlord_margin=-5,down_margin=-5,last_margin=-6]".
std::unique_ptr<Agent> make_heuristic_agent(const AgentSpec& spec);

}  // namespace ddz
