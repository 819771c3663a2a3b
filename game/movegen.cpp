// Legal-move generation straight from the hand's rank counts: chains from bit masks of ranks
// holding enough cards, kickers by small enumerations. Tested against catalogue filtering.
#include "game/movegen.h"

namespace ddz {

namespace {

struct Gen {
  Hand hand;
  int c[kNumRanks];
  uint32_t m1, m2, m3, m4;  // ranks with at least 1, 2, 3, 4 cards
  std::vector<Move>& out;

  Gen(Hand h, std::vector<Move>& o) : hand(h), out(o) {
    for (int r = 0; r < kNumRanks; ++r) c[r] = h.count(r);
    m1 = h.ranks_with_at_least(1);
    m2 = h.ranks_with_at_least(2);
    m3 = h.ranks_with_at_least(3);
    m4 = h.ranks_with_at_least(4);
  }

  void emit(Hand cards, MoveType type, int key, int len) {
    out.push_back(Move{cards, type, uint8_t(key), uint8_t(len)});
  }

  // Ranks >= from with the rank mask bit set, lowest first.
  template <typename F>
  static void for_bits(uint32_t mask, F&& f) {
    while (mask) {
      const int r = __builtin_ctz(mask);
      mask &= mask - 1;
      f(r);
    }
  }
  static uint32_t from_mask(int from) { return from >= 32 ? 0 : ~((1u << from) - 1); }

  void singles(MoveType type, uint32_t mask, int n, int from) {
    for_bits(mask & from_mask(from), [&](int r) { emit(Hand::of(r, n), type, r, 1); });
  }

  void trio_solo(int from) {
    for_bits(m3 & 0x1FFF & from_mask(from), [&](int t) {
      const Hand trio = Hand::of(t, 3);
      for_bits(m1 & ~(1u << t), [&](int k) { emit(trio + Hand::of(k), MoveType::TrioSolo, t, 1); });
    });
  }

  void trio_pair(int from) {
    for_bits(m3 & 0x1FFF & from_mask(from), [&](int t) {
      const Hand trio = Hand::of(t, 3);
      for_bits(m2 & 0x1FFF & ~(1u << t), [&](int k) { emit(trio + Hand::of(k, 2), MoveType::TrioPair, t, 1); });
    });
  }

  // Starts s >= from of chains of length n inside `mask` (ranks 3..A only).
  template <typename F>
  static void chain_starts(uint32_t mask, int n, int from, F&& f) {
    const uint32_t run = (1u << n) - 1;
    for (int s = from; s + n - 1 <= kHighestChainRank; ++s)
      if (((mask >> s) & run) == run) f(s);
  }

  static Hand chain_cards(int s, int n, int per) {
    // per cards of each rank s..s+n-1: the pattern 0x111.. scaled, shifted into place.
    const uint64_t ones = (n >= 16 ? ~0ULL : ((1ULL << (4 * n)) - 1)) / 0xF;
    return Hand::from_bits((ones * uint64_t(per)) << (4 * s));
  }

  void chains(MoveType type, uint32_t mask, int per, int n, int from) {
    chain_starts(mask, n, from, [&](int s) { emit(chain_cards(s, n, per), type, s, n); });
  }

  // Kickers of trio_solo_chain: `left` cards over candidate ranks idx.. with per-rank caps.
  void solo_kickers(const int* ranks, const int* caps, int nranks, int idx, int left, Hand acc, Hand core, int s, int n,
                    bool has_x) {
    if (left == 0) {
      emit(core + acc, MoveType::TrioSoloChain, s, n);
      return;
    }
    for (int i = idx; i < nranks; ++i) {
      const int r = ranks[i];
      if (r == RD && has_x) continue;
      const int maxn = caps[i] < left ? caps[i] : left;
      for (int k = 1; k <= maxn; ++k)
        solo_kickers(ranks, caps, nranks, i + 1, left - k, acc + Hand::of(r, k), core, s, n, has_x || r == RX);
    }
  }

  void trio_solo_chains(int n, int from) {
    chain_starts(m3, n, from, [&](int s) {
      if (hand.size() < 4 * n) return;
      int ranks[kNumRanks], caps[kNumRanks], nr = 0;
      for (int r = 0; r < kNumRanks; ++r) {
        if (r >= s && r < s + n) continue;
        int cap = c[r];
        if (cap == 0) continue;
        if (cap > 3) cap = 3;  // no kicker rank four times
        if ((r == s - 1 || (r == s + n && r <= kHighestChainRank)) && cap > 2) cap = 2;
        ranks[nr] = r;
        caps[nr] = cap;
        ++nr;
      }
      solo_kickers(ranks, caps, nr, 0, n, Hand(), chain_cards(s, n, 3), s, n, false);
    });
  }

  void pair_kickers(const int* ranks, int nranks, int idx, int left, Hand acc, Hand core, int s, int n) {
    if (left == 0) {
      emit(core + acc, MoveType::TrioPairChain, s, n);
      return;
    }
    for (int i = idx; i <= nranks - left; ++i)
      pair_kickers(ranks, nranks, i + 1, left - 1, acc + Hand::of(ranks[i], 2), core, s, n);
  }

  void trio_pair_chains(int n, int from) {
    chain_starts(m3, n, from, [&](int s) {
      if (hand.size() < 5 * n) return;
      int ranks[kNumRanks], nr = 0;
      const uint32_t chain_mask = ((1u << n) - 1) << s;
      for_bits(m2 & 0x1FFF & ~chain_mask, [&](int r) { ranks[nr++] = r; });
      if (nr >= n) pair_kickers(ranks, nr, 0, n, Hand(), chain_cards(s, n, 3), s, n);
    });
  }

  void four_two_solo(int from) {
    for_bits(m4 & from_mask(from), [&](int f) {
      const Hand four = Hand::of(f, 4);
      const uint32_t others = m1 & ~(1u << f);
      for_bits(others, [&](int a) {
        if (c[a] >= 2 && a <= R2) emit(four + Hand::of(a, 2), MoveType::FourTwoSolo, f, 1);
        for_bits(others & ~((2u << a) - 1), [&](int b) {
          if (a == RX && b == RD) return;
          emit(four + Hand::of(a) + Hand::of(b), MoveType::FourTwoSolo, f, 1);
        });
      });
    });
  }

  void four_two_pair(int from) {
    for_bits(m4 & from_mask(from), [&](int f) {
      const Hand four = Hand::of(f, 4);
      const uint32_t others = m2 & 0x1FFF & ~(1u << f);
      for_bits(others, [&](int a) {
        for_bits(others & ~((2u << a) - 1),
                 [&](int b) { emit(four + Hand::of(a, 2) + Hand::of(b, 2), MoveType::FourTwoPair, f, 1); });
      });
    });
  }

  void rocket() {
    if (c[RX] && c[RD]) emit(Hand::of(RX) + Hand::of(RD), MoveType::Rocket, 0, 1);
  }

  void all() {
    singles(MoveType::Solo, m1, 1, 0);
    singles(MoveType::Pair, m2 & 0x1FFF, 2, 0);
    singles(MoveType::Trio, m3 & 0x1FFF, 3, 0);
    trio_solo(0);
    trio_pair(0);
    // Chains only where the shortest one of the kind fits (most hands hold none; the scans
    // over every length and start cost more than the rest of the generation).
    const uint32_t c1 = m1 & 0xFFF, c2 = m2 & 0xFFF, c3 = m3 & 0xFFF;
    if (c1 & (c1 >> 1) & (c1 >> 2) & (c1 >> 3) & (c1 >> 4))
      for (int n = 5; n <= 12; ++n) chains(MoveType::SoloChain, m1, 1, n, 0);
    if (c2 & (c2 >> 1) & (c2 >> 2))
      for (int n = 3; n <= 10; ++n) chains(MoveType::PairChain, m2, 2, n, 0);
    if (c3 & (c3 >> 1)) {
      for (int n = 2; n <= 6; ++n) chains(MoveType::TrioChain, m3, 3, n, 0);
      for (int n = 2; n <= 5; ++n) trio_solo_chains(n, 0);
      for (int n = 2; n <= 4; ++n) trio_pair_chains(n, 0);
    }
    four_two_solo(0);
    four_two_pair(0);
    singles(MoveType::Bomb, m4, 4, 0);
    rocket();
  }

  // Same type and length with a higher key (bombs and rocket are handled by the caller).
  void same_kind(const Move& last) {
    const int from = last.key + 1;
    const int n = last.len;
    switch (last.type) {
      case MoveType::Solo: singles(MoveType::Solo, m1, 1, from); break;
      case MoveType::Pair: singles(MoveType::Pair, m2 & 0x1FFF, 2, from); break;
      case MoveType::Trio: singles(MoveType::Trio, m3 & 0x1FFF, 3, from); break;
      case MoveType::TrioSolo: trio_solo(from); break;
      case MoveType::TrioPair: trio_pair(from); break;
      case MoveType::SoloChain: chains(MoveType::SoloChain, m1, 1, n, from); break;
      case MoveType::PairChain: chains(MoveType::PairChain, m2, 2, n, from); break;
      case MoveType::TrioChain: chains(MoveType::TrioChain, m3, 3, n, from); break;
      case MoveType::TrioSoloChain: trio_solo_chains(n, from); break;
      case MoveType::TrioPairChain: trio_pair_chains(n, from); break;
      case MoveType::FourTwoSolo: four_two_solo(from); break;
      case MoveType::FourTwoPair: four_two_pair(from); break;
      case MoveType::Pass:
      case MoveType::Bomb:
      case MoveType::Rocket: break;
    }
  }
};

}  // namespace

void legal_moves(Hand hand, const Move& to_beat, std::vector<Move>& out) {
  out.clear();
  Gen gen(hand, out);
  if (to_beat.is_pass()) {
    gen.all();
    return;
  }
  if (to_beat.type != MoveType::Rocket) {
    gen.same_kind(to_beat);
    gen.singles(MoveType::Bomb, gen.m4, 4, to_beat.type == MoveType::Bomb ? to_beat.key + 1 : 0);
    gen.rocket();
  }
  out.push_back(Move::pass());
}

std::vector<Move> legal_moves(Hand hand, const Move& to_beat) {
  std::vector<Move> out;
  legal_moves(hand, to_beat, out);
  return out;
}

bool can_beat(Hand hand, const Move& to_beat) {
  if (to_beat.is_pass()) return !hand.empty();
  if (to_beat.type == MoveType::Rocket) return false;
  if (hand.count(RX) && hand.count(RD)) return true;
  const uint32_t bombs = hand.ranks_with_at_least(4);
  if (to_beat.type != MoveType::Bomb ? bombs != 0 : (bombs >> (to_beat.key + 1)) != 0) return true;
  thread_local std::vector<Move> scratch;
  legal_moves(hand, to_beat, scratch);
  return scratch.size() > 1;
}

}  // namespace ddz
