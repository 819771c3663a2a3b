// Kicker dominance for the endgame search: moves whose kickers could be swapped for lower loose
// cards are never better than the swapped move, so the search skips them (proof below).
#pragma once
#include <cstdint>
#include <vector>

#include "game/move.h"

namespace ddz::endgame {

// Which moves of one hand H are dominated by another legal move of H.
//
// Definitions (counts in H): a rank x is a loose solo when H holds exactly one x, x is not a
// joker while H holds both jokers, and x can never be in a chain of H (x is 2, X or D, or H
// holds neither neighbouring chain rank). A loose pair: exactly two of x (3..2), no neighbouring
// chain rank held. In a hand that only shrinks, a loose solo can only ever be played as a solo
// or as a solo kicker (count 1: no pair, trio, bomb; no neighbour: no chain; no rocket), and a
// loose pair only as solos, a pair, or kickers (solo or pair ones).
//
// Rule: a move M with a kicker y (a solo kicker whose rank H holds once, not a joker while H
// holds both jokers; or a pair kicker whose rank H holds exactly twice) is dominated when H
// holds a loose solo (loose pair) x below y that M does not use, and no other member of the
// mover's side (a partner; none in the two-player game) holds a rank in (x, y].
//
// Proof. M' = M with y replaced by x is legal (x's rank is not in M, is not a main rank and not
// another kicker's rank; no kicker rule looks at more than that, and X is loose only without D)
// and has M's type and key, so every other seat faces the same combination after M and M'.
// After M the mover holds S + x, after M' it holds S + y (S = H - M - x, which holds no card of
// y's rank). Claim: the position with S + y is at least as good for the mover's side as the one
// with S + x, when the combination on the table after S + y's side played is of the same type
// and at least as high. Every move of S + x maps to a move of S + y: x as a solo becomes y (a
// higher solo: it beats whatever x beat, and fewer opposing moves beat it; the partner's
// options are unchanged since it holds nothing in (x, y]), x as a kicker becomes y (legal as
// above, same type and key), other moves stay; each keeps the relation (S shrinks, x stays
// loose, the partner's hand only shrinks) and empties the hand exactly when the original
// does. Every move of another seat in the S + y game is legal in the S + x game (it beats a
// combination no lower). By induction on the moves left, a win of S + x is a win of S + y. So
// if M wins, M' wins: skipping M loses no win, and a lost node stays lost. M' itself may be
// dominated, by a move with a strictly lower kicker sum, so some undominated move dominates M.
// Pairs: the same with both cards of the pair.
class KickerDominance {
 public:
  // `partner_ranks`: rank mask (bit r = rank r held) of the mover's partner, 0 when none.
  KickerDominance(Hand h, uint32_t partner_ranks);
  // True when m (a legal move of h, or pass) is dominated by another legal move of h.
  bool dominated(const Move& m) const;
  // True when no move of h can be dominated (no loose solo or pair below a candidate kicker):
  // the caller may skip the per-move test.
  bool none() const { return !any_; }

 private:
  bool replaceable(uint32_t kicker_ranks, uint32_t loose, uint32_t move_ranks) const;
  uint32_t once_ = 0, twice_ = 0;  // ranks H holds exactly once / twice
  uint32_t loose_solo_ = 0, loose_pair_ = 0;
  uint32_t solo_kicker_ok_ = 0;  // ranks that may be the replaced solo kicker y
  uint32_t partner_ = 0;
  bool any_ = false;
};

// Removes from `moves` (legal moves of one hand) the moves `d` calls dominated, keeping the
// order of the rest.
void drop_dominated(const KickerDominance& d, std::vector<Move>& moves);

}  // namespace ddz::endgame
