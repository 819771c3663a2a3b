// Sure-win test for the endgame solver: a depth-first search over disjoint sets of unbeatable
// leads whose removal leaves one combination, bounded by a budget of steps.
#include "solver/endgame_sure_win.h"

#include "game/catalogue.h"
#include "game/move.h"
#include "game/movegen.h"
#include "solver/endgame_search.h"

namespace ddz::endgame {

bool may_be_one_combination(Hand h) {
  const uint32_t m1 = at_least(h, 1);
  const int k = __builtin_popcount(m1);
  if (k <= 3) return true;  // singles to bombs, trios and fours with kickers, rocket
  // Pure chains: one run of consecutive ranks, every rank held the same number of times.
  const uint32_t low = m1 & (0u - m1);
  const bool one_run = ((m1 + low) & m1) == 0;
  if (one_run && (m1 == at_least(h, 2) || (m1 & ~at_least(h, 2)) == m1 || m1 == at_least(h, 3))) return true;
  // Trio chains with kickers: at least two trios in a row and 4 or 5 cards per trio.
  const uint32_t m3 = at_least(h, 3);
  if (!(m3 & (m3 >> 1))) return false;
  const int size = h.size();
  for (int len = 2; 4 * len <= size; ++len)
    if (size == 4 * len || size == 5 * len) return true;
  return false;
}

bool last_may_hold(Hand me, uint32_t covered) {
  const uint32_t ranks = at_least(me, 1);
  const uint32_t u = ranks & ~covered;
  const int k = __builtin_popcount(u);
  if (k <= 1) return true;
  // Two or more ranks in one combination: the rocket; a trio or four with kickers or a trio
  // chain, which need a rank with three cards (four or more ranks: only a trio chain with
  // kickers, so two trios in a row of 3..A); or a solo or pair chain, so every rank of u is 3..A
  // and every rank from u's lowest to its highest is held.
  const uint32_t trios = at_least(me, 3);
  if (k <= 3 ? trios != 0 : (trios & (trios >> 1) & 0x7FF) != 0) return true;
  if (u == ((1u << RX) | (1u << RD))) return true;
  if (u & ~0xFFFu) return false;
  const uint32_t span = (2u << (31 - __builtin_clz(u))) - (u & (0u - u));
  return (ranks & span) == span;
}

bool unbeatable_by(const Move& m, const Hand* opps, int nopp) {
  for (int j = 0; j < nopp; ++j)
    if (can_beat_fast(opps[j], m)) return false;
  return true;
}

bool relay_wins(Hand leader, Hand partner, Hand landlord, bool partner_next, const std::vector<Move>& leader_leads,
                const std::vector<Move>& partner_leads, int budget) {
  const Beater lord(landlord);
  std::vector<Move> safe;  // the partner's leads the landlord cannot beat
  for (const Move& d : partner_leads)
    if (!lord.beats(d)) safe.push_back(d);
  SureWin sure;
  for (const Move& d : safe) {
    const Hand rest = partner - d.cards;
    if (!rest.empty() && !(may_be_one_combination(rest) && classify(rest)) && !sure.lead_wins(rest, safe, budget))
      continue;
    for (const Move& c : leader_leads)
      if (beats(d, c) && c.cards != leader && (partner_next || !lord.beats(c))) return true;
  }
  return false;
}

bool SureWin::lead_wins(Hand me, const Hand* opps, int nopp, int budget) {
  std::vector<Move> all;
  legal_moves(me, Move::pass(), all);
  tmp_.clear();
  for (const Move& m : all)
    if (!m.is_pass() && unbeatable_by(m, opps, nopp)) tmp_.push_back(m);
  const std::vector<Move> list = tmp_;
  return lead_wins(me, list, budget);
}

bool SureWin::lead_wins(Hand me, const std::vector<Move>& unbeatable, int budget) {
  // Most tests fail; most failures leave scattered low cards that no unbeatable lead uses.
  uint32_t covered = 0;
  for (const Move& m : unbeatable) covered |= at_least(m.cards, 1);
  if (!last_may_hold(me, covered)) return false;
  list_ = &unbeatable;
  budget_ = budget;
  return search(me, 0);
}

bool SureWin::search(Hand rest, size_t from) {
  if (rest.empty() || (may_be_one_combination(rest) && classify(rest)))
    return true;  // the last combination empties the hand
  // The set of unbeatable leads matters, not their order: take them in list order only, so no
  // set is visited twice.
  const std::vector<Move>& list = *list_;
  for (size_t i = from; i < list.size(); ++i) {
    if (!rest.contains(list[i].cards)) continue;
    if (--budget_ < 0) return false;
    if (search(rest - list[i].cards, i + 1)) return true;
    if (budget_ < 0) return false;
  }
  return false;
}

}  // namespace ddz::endgame
