// Sure-win test for the endgame solver: a hand that splits into combinations none of which the
// opponents can beat, plus at most one more, wins by leading them in turn. Used only as a proof.
#pragma once
#include <cstddef>
#include <vector>

#include "game/move.h"

namespace ddz::endgame {

// A cheap necessary condition for `h` being one combination (false: it is not one; true: it may
// be, classify() decides). Lets the tests below skip most catalogue look-ups.
bool may_be_one_combination(Hand h);

// A cheap necessary condition for the split below: cards of `me` at ranks outside `covered` (no
// unbeatable lead uses them) can only go into the last combination, so they must fit in one
// combination made from `me`. False: no split exists; true claims nothing.
bool last_may_hold(Hand me, uint32_t covered);

// True when no opponent hand can beat m (bombs and rocket included).
bool unbeatable_by(const Move& m, const Hand* opps, int nopp);

// Searches for a split of a hand into combinations c1..ck where c1..c(k-1) cannot be beaten by
// any opponent hand and ck is any combination. When one exists the side holding the hand wins
// whenever it has the lead: each unbeatable lead comes back to it after the others pass
// (partners pass by choice), and the last lead empties the hand. A true answer is a proof; a
// false one claims nothing (the search is bounded by a budget of steps).
// Relay (three players): a farmer with the lead hands it to its partner, who then wins. The
// leader leads c; when the partner moves next (farmer1 leading) the partner beats c at once,
// otherwise (farmer2 leading) the landlord must be unable to beat c and passes first. The
// partner's reply d must be one the landlord cannot beat: he passes, the leader passes by
// choice, and the partner leads with what it keeps, which must be empty or one combination, or
// split into leads the landlord cannot beat plus one last combination (SureWin below, with
// `budget` steps). `leader_leads` and `partner_leads` are all the leads of the two hands. A true
// answer is a proof that the farmers win; false claims nothing.
bool relay_wins(Hand leader, Hand partner, Hand landlord, bool partner_next, const std::vector<Move>& leader_leads,
                const std::vector<Move>& partner_leads, int budget = 8);

class SureWin {
 public:
  // Generates the hand's leads itself.
  bool lead_wins(Hand me, const Hand* opps, int nopp, int budget = 256);
  // `unbeatable` must hold every lead of `me` that no opponent can beat (any order; other
  // moves must not be in it). Every lead of a part of `me` is a lead of `me`, and whether it
  // can be beaten does not change as `me` shrinks, so no further move generation is needed.
  bool lead_wins(Hand me, const std::vector<Move>& unbeatable, int budget = 256);

 private:
  bool search(Hand rest, size_t from);
  const std::vector<Move>* list_ = nullptr;
  int budget_ = 0;
  std::vector<Move> tmp_;
};

}  // namespace ddz::endgame
