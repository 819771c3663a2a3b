// Kicker dominance for the endgame search (see endgame_dominance.h for the rule and its proof):
// rank masks of loose solos and pairs, and the per-move test.
#include "solver/endgame_dominance.h"

#include <algorithm>

#include "solver/endgame_search.h"

namespace ddz::endgame {

namespace {

constexpr uint32_t kChainRanks = 0xFFF;  // 3..A
constexpr uint32_t kJokers = (1u << RX) | (1u << RD);

}  // namespace

KickerDominance::KickerDominance(Hand h, uint32_t partner_ranks) : partner_(partner_ranks) {
  const uint32_t m1 = at_least(h, 1), m2 = at_least(h, 2), m3 = at_least(h, 3);
  once_ = m1 & ~m2;
  twice_ = m2 & ~m3;
  if (!m3) return;  // no trio or four: no move has kickers
  const uint32_t chain_held = m1 & kChainRanks;
  const uint32_t next_to_held = ((chain_held << 1) | (chain_held >> 1)) & kChainRanks;
  const uint32_t chain_free = ~next_to_held;  // 2, X, D are never in a chain
  // With both jokers held, each is part of the rocket: neither loose nor replaceable.
  const uint32_t no_rocket = (m1 & kJokers) == kJokers ? ~kJokers : ~0u;
  loose_solo_ = once_ & chain_free & no_rocket;
  loose_pair_ = twice_ & chain_free;
  solo_kicker_ok_ = once_ & no_rocket;
  auto above_lowest = [](uint32_t loose, uint32_t candidates) {
    return loose && (candidates >> (__builtin_ctz(loose) + 1)) != 0;
  };
  any_ = above_lowest(loose_solo_, solo_kicker_ok_) || above_lowest(loose_pair_, twice_);
}

bool KickerDominance::replaceable(uint32_t kicker_ranks, uint32_t loose, uint32_t move_ranks) const {
  const uint32_t free = loose & ~move_ranks;
  if (!free) return false;
  for (uint32_t ks = kicker_ranks; ks; ks &= ks - 1) {
    const int y = __builtin_ctz(ks);
    const uint32_t below = free & ((1u << y) - 1);
    if (!below) continue;
    // The highest candidate leaves the smallest interval (x, y] for the partner test.
    const int x = 31 - __builtin_clz(below);
    const uint32_t between = ((2u << y) - 1) & ~((2u << x) - 1);
    if (!(partner_ & between)) return true;
  }
  return false;
}

bool KickerDominance::dominated(const Move& m) const {
  if (!any_) return false;
  uint32_t main;
  bool pair_kickers;
  switch (m.type) {
    case MoveType::TrioSolo:
    case MoveType::FourTwoSolo:
      main = 1u << m.key;
      pair_kickers = false;
      break;
    case MoveType::TrioSoloChain:
      main = ((1u << m.len) - 1) << m.key;
      pair_kickers = false;
      break;
    case MoveType::TrioPair:
    case MoveType::FourTwoPair:
      main = 1u << m.key;
      pair_kickers = true;
      break;
    case MoveType::TrioPairChain:
      main = ((1u << m.len) - 1) << m.key;
      pair_kickers = true;
      break;
    default: return false;
  }
  const uint32_t move_ranks = at_least(m.cards, 1);
  const uint32_t kickers = move_ranks & ~main;
  if (pair_kickers) return replaceable(kickers & twice_, loose_pair_, move_ranks);
  // Solo kickers used once in the move whose rank the hand holds once.
  const uint32_t single_in_move = kickers & ~at_least(m.cards, 2);
  return replaceable(single_in_move & solo_kicker_ok_, loose_solo_, move_ranks);
}

void drop_dominated(const KickerDominance& d, std::vector<Move>& moves) {
  if (d.none()) return;
  moves.erase(std::remove_if(moves.begin(), moves.end(), [&](const Move& m) { return d.dominated(m); }), moves.end());
}

}  // namespace ddz::endgame
