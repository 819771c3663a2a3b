// The endgame search: negamax over AND-OR trees with a full-key transposition table, an
// immediate-win test before move generation, forced passes without table traffic, and move
// ordering that tries moves the opponents cannot beat and moves that leave few plays first.
#include "solver/endgame_search.h"

#include <algorithm>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "game/catalogue.h"
#include "game/movegen.h"
#include "solver/endgame_dominance.h"
#include "solver/endgame_duel.h"

namespace ddz::endgame {

namespace {

constexpr uint32_t kNonJokers = 0x1FFF;  // ranks 3..2: the only ranks that form pairs and trios

// Lowest rank s > from where ranks s..s+len-1 (all 3..A) are set in mask.
bool has_chain_above(uint32_t mask, int len, int from) {
  const uint32_t run = (1u << len) - 1;
  for (int s = from + 1; s + len - 1 <= kHighestChainRank; ++s)
    if (((mask >> s) & run) == run) return true;
  return false;
}

// Steps (subsets tried, one classify() each) of the sure-win test per node: it proves almost as
// much with 8 steps as with 256 (puzzle 201k against 200k nodes) and a failing test, the
// common case, costs far less (with 256 steps the time per node rose by half).
constexpr int kSureWinBudget = 8;
// The full sure-win test when following needs the hand's leads generated; on large hands that
// costs more than it saves. Up to 8 cards measured best (puzzle 240k -> 203k nodes; 2..20
// tried).
constexpr int kFollowSureWinCards = 8;

}  // namespace

int plays_estimate(Hand h) {
  const uint32_t m1 = at_least(h, 1), m2 = at_least(h, 2);
  const uint32_t m3 = at_least(h, 3), m4 = at_least(h, 4);
  const int fours = __builtin_popcount(m4);
  const int trios = __builtin_popcount(m3 & ~m4);
  const int pairs = __builtin_popcount(m2 & ~m3);
  int singles = __builtin_popcount(m1 & ~m2);
  if (h.count(RX) && h.count(RD)) --singles;  // the rocket is one play
  int small = singles + pairs;
  const int carried = std::min(trios, small);
  small -= carried;
  const int carried4 = std::min(2 * fours, small);
  return fours + trios + small - carried4;
}

bool Beater::beats_rest(const Move& m) const {
  switch (m.type) {
    case MoveType::TrioPair: {
      const uint32_t pairs = m2 & kNonJokers;
      uint32_t trios = (m3 & kNonJokers) >> (m.key + 1) << (m.key + 1);
      while (trios) {
        const int t = __builtin_ctz(trios);
        trios &= trios - 1;
        if (pairs & ~(1u << t)) return true;
      }
      return false;
    }
    case MoveType::SoloChain: return has_chain_above(m1, m.len, m.key);
    case MoveType::PairChain: return has_chain_above(m2, m.len, m.key);
    case MoveType::TrioChain: return has_chain_above(m3, m.len, m.key);
    case MoveType::FourTwoSolo:
    case MoveType::FourTwoPair: return false;  // no four of a rank in this hand
    default:
      if (!has_chain_above(m3, m.len, m.key)) return false;
      return can_beat(h, m);
  }
}

template <int N>
bool Search<N>::holds_no_chain(Hand h) {
  const uint32_t s = at_least(h, 1) & 0xFFF, p = at_least(h, 2) & 0xFFF, t = at_least(h, 3) & 0xFFF;
  return !(s & (s >> 1) & (s >> 2) & (s >> 3) & (s >> 4)) && !(p & (p >> 1) & (p >> 2)) && !(t & (t >> 1));
}

template <int N>
int Search<N>::chain_free_plays(Hand h) {
  if (!holds_no_chain(h)) return min_plays_relaxed(h);
  const uint32_t m1 = at_least(h, 1), m2 = at_least(h, 2), m3 = at_least(h, 3), m4 = at_least(h, 4);
  const uint32_t k = uint32_t(__builtin_popcount(m1 & ~m2 & kNonJokers)) | uint32_t(__builtin_popcount(m2 & ~m3)) << 4 |
                     uint32_t(__builtin_popcount(m3 & ~m4)) << 8 | uint32_t(__builtin_popcount(m4)) << 12 |
                     ((m1 >> 13) & 3u) << 16;
  int8_t& e = chain_free_cache_[k];
  if (e == 0) e = int8_t(min_plays_relaxed(h) + 1);
  return e - 1;
}

template <int N>
bool Search<N>::finishes_now(const Node& n) {
  const Hand me = n.h[n.to_move];
  if (!n.beat.is_pass()) {
    const int size = me.size();
    if (size != n.beat.cards.size() && size != 4 && size != 2) return false;  // not same kind, bomb or rocket
  }
  // may_be_one_combination is a necessary condition (tested on every combination) and cheap;
  // most hands fail it, which saves the catalogue look-up (13M calls on the 14/12/12 set).
  if (!may_be_one_combination(me)) return false;
  auto whole = classify(me);
  if (!whole) return false;
  return n.beat.is_pass() || beats(*whole, n.beat);
}

template <int N>
Node Search<N>::child(const Node& n, const Move& m) {
  Node c = n;
  c.to_move = next_seat(n.to_move);
  if (!m.is_pass()) {
    c.h[n.to_move] -= m.cards;
    c.beat = m;
    c.passes = 0;
  } else if (N == 2 || n.passes == 1) {
    c.beat = Move::pass();  // the player who made the last play leads again
    c.passes = 0;
  } else {
    c.passes = 1;
  }
  return c;
}

namespace {

constexpr uint64_t kChainRankBits = 0xFFFFFFFFFFFFULL;  // nibbles of ranks 3..A

// Bits of `x` selected by `mask`, packed to the low end (BMI2 pext when available).
uint64_t extract_bits(uint64_t x, uint64_t mask) {
#if defined(__BMI2__)
  return _pext_u64(x, mask);
#else
  uint64_t out = 0;
  for (uint64_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
    if (x & mask & -mask) out |= bit;
  return out;
#endif
}

// Bits of `x`, low first, deposited at the set bits of `mask` (BMI2 pdep when available).
uint64_t deposit_bits(uint64_t x, uint64_t mask) {
#if defined(__BMI2__)
  return _pdep_u64(x, mask);
#else
  uint64_t out = 0;
  for (uint64_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
    if (x & bit) out |= mask & -mask;
  return out;
#endif
}

constexpr uint64_t kLowNibbleBits = 0x0111111111111111ULL;  // bit 0 of every rank's nibble

// Rank compression: ranks 3..A that no hand holds are squeezed out (held ranks move down, in
// order) and a mask records which neighbouring held ranks are really adjacent, which is all
// that chains and the kicker rules look at. 2, X and D keep their places. Positions with equal
// compressed hands, adjacency and beat class are the same game up to renaming ranks.
struct Compressor {
  uint32_t held;  // chain ranks (3..A) held by anyone
  uint32_t joined;  // chain ranks r held by a seat that also holds r - 1
  uint64_t nibbles;  // their nibbles
  Compressor(uint32_t held_ranks, uint32_t joined_ranks)
      : held(held_ranks & 0xFFF), joined(joined_ranks & 0xFFF), nibbles(0) {
#if defined(__BMI2__)
    nibbles = _pdep_u64(held, 0x111111111111ULL) * 0xF;
#else
    for (uint32_t m = held; m; m &= m - 1) nibbles |= uint64_t(0xF) << (4 * __builtin_ctz(m));
#endif
  }
  uint64_t hand(Hand h) const {
    return extract_bits(h.bits() & kChainRankBits, nibbles) | (h.bits() & ~kChainRankBits);
  }
  // Adjacency of neighbouring held ranks, recorded only where one seat holds both: every rule
  // that looks at adjacency (chains, the kicker rule of trio_solo_chain, classification) looks
  // at ranks within one card set, so one seat's cards. Where no seat holds both, the two
  // positions (adjacent or not) are the same game.
  uint64_t adjacency() const { return extract_bits(joined, held); }
  // A real key rank as a compressed one: chain ranks by how many held ranks are at or below it.
  uint64_t key(int rank) const {
    if (rank > kHighestChainRank) return uint64_t(16 + rank);
    return uint64_t(__builtin_popcount(held & ((2u << rank) - 1)));
  }
};

}  // namespace

namespace {

// Count permutation: rank counts of one seat may be permuted within a block of ranks that
// (a) no other seat holds, with no rank of another seat between them (the seat's own other
// ranks may lie between), (b) are 3..2 (not jokers, which hold one card at most and form the
// rocket), (c) can never be in a chain of that seat: for 3..A, the seat holds neither
// neighbouring chain rank, and (d) lie on one side of the key of the combination to beat.
// Proof: permuting the counts maps the seat's combinations to combinations of the same type
// (none is a chain or next to one, kicker ranks stay distinct from the main ranks) and keeps
// every comparison with another seat's combination (partners included: their ranks are all
// below or all above the block) and with the combination to beat; a seat's combinations are
// never compared with each other. The seat's hand only shrinks, so (c) stays true, and the
// held ranks do not change. So the two positions are the same game; the key takes the counts
// sorted.
// A template on the seat count, so that the seat loops unroll (keys are computed at every node).
template <int N>
void permute_counts(Hand* h, const uint32_t* mine, int beat_key) {
  for (int i = 0; i < N; ++i) {
    const uint32_t others = N == 2 ? mine[1 - i] : mine[(i + 1) % 3] | mine[(i + 2) % 3];
    const uint32_t chain = mine[i] & 0xFFF;
    const uint32_t eligible = mine[i] & ~others & 0x1FFF & (~((chain << 1) | (chain >> 1)) | 0x1000);
    if (__builtin_popcount(eligible) < 2) continue;
    // Positions in the order of the ranks that matter here: eligible ones and other seats' ones
    // (which separate blocks); ranks at or below the beat key come first, a block may not
    // straddle them.
    const uint32_t space = eligible | others;
    const int split = beat_key >= kNumRanks ? 32 : __builtin_popcount(space & ((2u << beat_key) - 1));
    const uint32_t packed = uint32_t(extract_bits(eligible, space));
    uint32_t link = packed & (packed >> 1);  // bit p: positions p and p+1 are in one block
    if (split >= 1 && split < 32) link &= ~(1u << (split - 1));
    if (!link) continue;
    uint64_t bits = h[i].bits();
    const uint32_t m2 = at_least(h[i], 2), m3 = at_least(h[i], 3), m4 = at_least(h[i], 4);
    while (link) {
      // One block: a run of linked positions, as real ranks B; its sorted counts give the
      // highest ranks of B the most cards (as many ranks with >= c cards as before, per c).
      const int lo = __builtin_ctz(link);
      const uint32_t from_lo = link >> lo;
      const int len = __builtin_ctz(~from_lo) + 1;  // positions lo .. lo+len-1
      const uint32_t run = ((1u << len) - 1) << lo;
      link &= ~run;
      const uint32_t b = uint32_t(deposit_bits(run, space));
      const int k = __builtin_popcount(b);
      auto top = [&](uint32_t mask) -> uint64_t {
        const int c = __builtin_popcount(mask & b);
        return c ? deposit_bits(((1u << c) - 1) << (k - c), b) : 0;
      };
      const uint64_t block_nibbles = deposit_bits(b, kLowNibbleBits);
      bits = (bits & ~(block_nibbles * 0xF)) |
             (block_nibbles + deposit_bits(top(m2), kLowNibbleBits) + deposit_bits(top(m3), kLowNibbleBits) +
              deposit_bits(top(m4), kLowNibbleBits));
    }
    h[i] = Hand::from_bits(bits);
  }
}

}  // namespace

template <int N>
__attribute__((always_inline)) inline EndgameKey Search<N>::compute_key(const Node& n) const {
  uint32_t held = 0, joined = 0, mine[3] = {0, 0, 0};
  for (int i = 0; i < N; ++i) {
    mine[i] = at_least(n.h[i], 1);
    held |= mine[i];
    joined |= mine[i] & (mine[i] << 1);
  }
  const Compressor c(held, joined);
  const uint64_t beat = beat_class(n);
  Hand h[3] = {n.h[0], n.h[1], N == 3 ? n.h[2] : Hand()};
  permute_counts<N>(h, mine, beat ? int(beat >> 8) : kNumRanks);
  EndgameKey k;
  if (N == 2) {
    // Seats do not matter in the two-player game: key by (hand to move, other hand).
    k.w[0] = c.hand(h[n.to_move]);
    k.w[1] = c.hand(h[1 - n.to_move]);
    k.w[2] = 0;
  } else {
    k.w[0] = c.hand(h[0]) | (uint64_t(n.to_move) << 60) | (uint64_t(n.passes) << 62) | (uint64_t(1) << 63);
    k.w[1] = c.hand(h[1]);
    k.w[2] = c.hand(h[2]);
  }
  const uint64_t beat_key = beat ? c.key(int(beat >> 8)) : 0;
  k.w[3] = (beat & 0xFF) | (beat_key << 8) | (c.adjacency() << 16);
  return k;
}

template <int N>
EndgameKey Search<N>::key_of(const Node& n) const {
  return compute_key(n);
}

template <int N>
uint64_t Search<N>::beat_class(const Node& n) {
  // Replies to a combination depend only on its type, length and key rank (the cards are out of
  // the game), and a key may be raised past ranks that no seat able to reply holds: nobody can
  // start a beating combination there. Kicker variants and such keys then share one entry.
  if (n.beat.is_pass()) return 0;
  uint32_t held = 0;
  for (int i = 0; i < N; ++i)
    if (i != beat_seat(n)) held |= at_least(n.h[i], 1);
  int key = n.beat.key;
  if (n.beat.type != MoveType::Rocket) {
    // Up to just below the lowest held rank above the key (or the top rank).
    const uint32_t above = held >> (key + 1);
    key = above ? key + __builtin_ctz(above) : kNumRanks - 1;
  }
  return uint64_t(n.beat.type) | (uint64_t(n.beat.len) << 4) | (uint64_t(key) << 8);
}

namespace {

// The part of the move ordering score that does not depend on the opponents: moves leaving
// fewer plays (cheap estimate) first, then more cards, then lower keys.
int static_score(Hand me, const Move& m) { return -1024 * plays_estimate(me - m.cards) + 16 * m.cards.size() - m.key; }

}  // namespace

template <int N>
typename Search<N>::LeadEntry& Search<N>::lead_entry(Hand h) {
  LeadEntry& e = lead_cache_[lead_slot(h)];
  if (e.hand != h || e.moves.empty()) {
    legal_moves(h, Move::pass(), e.moves);
    if (N == 2) drop_dominated(KickerDominance(h, 0), e.moves);
    if (e.moves.capacity() > 2 * e.moves.size() + 64) e.moves.shrink_to_fit();  // memory follows the lists held
    e.hand = h;
    e.order.resize(e.moves.size());
    if (e.order.capacity() > 2 * e.order.size() + 64) e.order.shrink_to_fit();
    if (score_tmp_.size() < e.moves.size()) score_tmp_.resize(e.moves.size());
    for (size_t i = 0; i < e.moves.size(); ++i) {
      e.order[i] = uint16_t(i);
      score_tmp_[i] = static_score(h, e.moves[i]);
    }
    // Stable order by score (generation order breaks ties) without std::stable_sort's buffer
    // allocation: lead-cache misses are mostly new hands, so their cost counts.
    std::sort(e.order.begin(), e.order.end(), [&](uint16_t a, uint16_t b) {
      return score_tmp_[a] != score_tmp_[b] ? score_tmp_[a] > score_tmp_[b] : a < b;
    });
  }
  return e;
}

template <int N>
void Search<N>::ordered_moves(const Node& n, std::vector<Move>& out, bool complete) {
  const int s = n.to_move;
  const Hand me = n.h[s];
  // Opponents whose replies decide whether a move keeps the lead.
  Beater opp[2];
  int nopp = 0;
  if (N == 2) {
    opp[nopp++] = Beater(n.h[1 - s]);
  } else if (s == 0) {
    opp[nopp++] = Beater(n.h[1]);
    opp[nopp++] = Beater(n.h[2]);
  } else {
    opp[nopp++] = Beater(n.h[0]);
  }
  auto unbeatable_move = [&](const Move& m) {
    for (int j = 0; j < nopp; ++j)
      if (opp[j].beats(m)) return false;
    return true;
  };
  // One step of the stable partition: moves no opponent can beat go to `out` (and to the
  // unbeatable list of the sure-win tests), the rest to follow_tmp_, appended after them.
  auto place = [&](const Move& m) {
    if (unbeatable_move(m)) {
      out.push_back(m);
      unbeatable_.push_back(m);
    } else {
      follow_tmp_.push_back(m);
    }
  };
  unbeatable_.clear();
  if (n.beat.is_pass() && !complete) {
    // Leads: the cached list is already in static-score order, so the full order (moves no
    // opponent can beat first, each group in static order) is one stable partition, in one
    // pass. Two players: the unbeatable list (for the sure-win test) is in static order too: its
    // subsets are then tried best-first (generation order before: same or fewer nodes on 20 of
    // 21 13-vs-13 positions, 3% fewer instructions).
    const LeadEntry& e = lead_entry(me);
    out.clear();
    follow_tmp_.clear();
    if (N == 3) {
      // Three players keep the unbeatable list in generation order: in static order one
      // 14/12/12 position took 531k -> 989k nodes (the sure-win and relay proofs found within
      // their budgets change, and the proof-number search follows them).
      const size_t k = e.moves.size();
      if (flag_tmp_.size() < k) flag_tmp_.resize(k);
      for (size_t i = 0; i < k; ++i) {
        const bool unbeatable = unbeatable_move(e.moves[i]);
        flag_tmp_[i] = unbeatable;
        if (unbeatable) unbeatable_.push_back(e.moves[i]);
      }
      for (const uint16_t i : e.order) (flag_tmp_[i] ? out : follow_tmp_).push_back(e.moves[i]);
      out.insert(out.end(), follow_tmp_.begin(), follow_tmp_.end());
      return;
    }
    for (const uint16_t i : e.order) place(e.moves[i]);
    out.insert(out.end(), follow_tmp_.begin(), follow_tmp_.end());
    return;
  }
  // Following: the replies are the hand's leads that beat the combination (every combination of
  // the hand is a lead), so the cached lead list in static order gives them already ordered; the
  // full order is again one stable partition (moves no opponent can beat first), pass last. This
  // replaced move generation, scoring and an insertion sort per follow node. Kicker dominance
  // (two players) depends on the hand and the move only, so the replies left in the filtered
  // lead list are the replies that survive the same filter. Complete lists (all-wins roots,
  // leads included) are generated unfiltered.
  // Pass first only where it hands the lead straight back to the partner: farmer1 facing
  // farmer2's combination after the landlord passed. Elsewhere pass comes last (measured on
  // random three-player positions; passing first in other cases cost more nodes).
  const bool pass_first = N == 3 && s == 1 && !n.beat.is_pass() && n.passes == 1;
  const LeadEntry* cached = &lead_cache_[lead_slot(me)];
  if (N == 3 || complete || cached->hand != me || cached->moves.empty()) {
    // Not cached: generating every lead of the hand (about 2.5k instructions for a large hand)
    // costs far more than generating the replies and sorting them, and the hand may never lead.
    // Three players always generate: their hands are larger, and scanning a hand's whole lead
    // list per follow node took fewer instructions but more time (one 14/12/12 position:
    // 45-55 ms -> 64-72 ms, minimum of 8 solves, three interleaved runs each).
    legal_moves(me, n.beat, out);
    if (N == 2 && !complete) drop_dominated(KickerDominance(me, 0), out);
    if (score_tmp_.size() < out.size()) score_tmp_.resize(out.size());
    for (size_t i = 0; i < out.size(); ++i) {
      const Move& m = out[i];
      int score;
      if (m.is_pass()) {
        score = pass_first ? (1 << 24) : -(1 << 24);
      } else {
        const bool unbeatable = unbeatable_move(m);
        if (unbeatable) unbeatable_.push_back(m);
        score = (unbeatable ? (1 << 20) : 0) + static_score(me, m);
      }
      score_tmp_[i] = score;
    }
    // Stable insertion sort by descending score: lists are short and mostly small.
    for (size_t i = 1; i < out.size(); ++i) {
      const Move m = out[i];
      const int sc = score_tmp_[i];
      size_t j = i;
      while (j > 0 && score_tmp_[j - 1] < sc) {
        out[j] = out[j - 1];
        score_tmp_[j] = score_tmp_[j - 1];
        --j;
      }
      out[j] = m;
      score_tmp_[j] = sc;
    }
    return;
  }
  const LeadEntry& e = *cached;
  const Move& b = n.beat;
  out.clear();
  if (pass_first) out.push_back(Move::pass());
  follow_tmp_.clear();
  for (const uint16_t i : e.order) {
    const Move& m = e.moves[i];
    // beats(m, b) of game/move.h, inline; b is not pass.
    const bool beats_b = m.type == b.type
                             ? m.len == b.len && m.key > b.key
                             : m.type == MoveType::Rocket || (m.type == MoveType::Bomb && b.type != MoveType::Rocket);
    if (beats_b) place(m);
  }
  out.insert(out.end(), follow_tmp_.begin(), follow_tmp_.end());
  if (!pass_first) out.push_back(Move::pass());
}

namespace {

// A hand of at most two cards that is one combination (a solo, a pair or the rocket): the only
// play that empties it. Larger hands are not looked at: the test runs at every depth-first node
// and the classification of larger hands cost more than the children it saved (measured).
struct Finisher {
  MoveType type = MoveType::Pass;  // Pass: none
  int key = 0;
  explicit Finisher(Hand h) {
    const int size = h.size();
    if (size == 1) {
      type = MoveType::Solo;
      key = __builtin_ctz(at_least(h, 1));
    } else if (size == 2) {
      const uint32_t pair = at_least(h, 2);
      if (pair) {
        type = MoveType::Pair;
        key = __builtin_ctz(pair);
      } else if (h.count(RX) && h.count(RD)) {
        type = MoveType::Rocket;
      }
    }
  }
  explicit operator bool() const { return type != MoveType::Pass; }
  // Whether this finishing play beats m (m not pass); beats() of game/move.h for these types.
  bool beats(const Move& m) const {
    if (type == MoveType::Rocket) return m.type != MoveType::Rocket;
    return m.type == type && m.key < key;
  }
  bool leads() const { return type != MoveType::Pass; }
};

}  // namespace

// Three players: a move after which an opponent empties its hand before the mover's side plays
// again loses at once, and the depth-first search would only visit its child to find that out
// (a node, a key and the immediate-win tests; about 10% of the depth-first nodes of the
// 14/12/12 median position). Play order is landlord (0) -> farmer 1 -> farmer 2 -> landlord; W_i
// is seat i's whole hand when it is one combination (the only way to empty it in one play),
// looked at for hands of one or two cards.
// - Landlord plays m (not emptying its hand): farmer 1 may play W1 if it beats m; else farmer 1
//   passes (by choice or by force) and farmer 2, facing m, may play W2 if it beats m. Either
//   way the farmers can win: m loses if W1 or W2 beats m.
// - Landlord passes on farmer 1's combination c (farmer 2 passed, passes == 1): farmer 1 leads
//   and may play W1: a loss if W1 exists. On farmer 2's c (passes == 0): farmer 1 faces c and may
//   play W1 if it beats c, or pass, and then farmer 2 leads and may play W2: a loss if W1 beats
//   c or W2 exists.
// - Farmer 2 plays m (not emptying): the landlord faces m next and may play W0 if it beats m.
//   Farmer 2 passes on the landlord's combination (farmer 1 passed, passes == 1): the landlord
//   leads and may play W0. Farmer 2 passes on farmer 1's combination c (passes == 0): the
//   landlord faces c and may play W0 if it beats c.
// - Farmer 1 plays m (not emptying) that farmer 2 cannot beat: farmer 2 must pass and the
//   landlord, facing m, may play W0 if it beats m. (When farmer 2 can beat m it may, so nothing
//   is decided at once.)
// Each case gives the opponents a move that ends the game in their favour, so the dropped move
// loses; dropping losing moves from the mover's choices keeps the node's value, and the move
// kept when all are dropped keeps the list non-empty. A move that empties the mover's hand is
// never dropped (the game ends before any reply).
template <int N>
void Search<N>::drop_immediate_losses(const Node& n, std::vector<Move>& moves) const {
  if (N != 3 || moves.empty()) return;
  const int s = n.to_move;
  const int size = n.h[s].size();
  bool pass_loses = false;
  if (s == 0) {
    const Finisher w1(n.h[1]), w2(n.h[2]);
    if (!w1 && !w2) return;
    if (!n.beat.is_pass()) pass_loses = n.passes == 1 ? w1.leads() : (w1 && w1.beats(n.beat)) || w2.leads();
    auto loses = [&](const Move& m) {
      if (m.is_pass()) return pass_loses;
      return m.cards.size() != size && ((w1 && w1.beats(m)) || (w2 && w2.beats(m)));
    };
    const Move first = moves.front();
    moves.erase(std::remove_if(moves.begin(), moves.end(), loses), moves.end());
    if (moves.empty()) moves.push_back(first);
    return;
  }
  const Finisher w0(n.h[0]);
  if (!w0) return;
  pass_loses = s == 2 && !n.beat.is_pass() && (n.passes == 1 || w0.beats(n.beat));
  auto loses = [&](const Move& m) {
    if (m.is_pass()) return pass_loses;
    return m.cards.size() != size && w0.beats(m) && (s == 2 || !can_beat_fast(n.h[2], m));
  };
  const Move first = moves.front();
  moves.erase(std::remove_if(moves.begin(), moves.end(), loses), moves.end());
  if (moves.empty()) moves.push_back(first);
}

template <int N>
bool Search<N>::sure_win_after_ordering(const Node& n) {
  const int s = n.to_move;
  // Leading: the hand splits into leads no opponent can beat plus one last combination; or, for
  // a farmer, a relay to the partner (endgame_sure_win.h).
  if (n.beat.is_pass()) {
    if (!unbeatable_.empty() && sure_win_.lead_wins(n.h[s], unbeatable_, kSureWinBudget)) return true;
    if (N == 3 && s != 0) {
      const int partner = 3 - s;
      // Both lists come from the direct-mapped lead cache: when the two hands share a slot, the
      // second look-up overwrites the first list, so the leader's is copied first in that case
      // (else the relay would "lead" the partner's combinations: an unsound proof).
      const std::vector<Move>& partner_leads = leads_of(n.h[partner]);
      const std::vector<Move>& leader_leads = leads_of(n.h[s]);
      if (&leader_leads != &partner_leads)
        return relay_wins(n.h[s], n.h[partner], n.h[0], s == 1, leader_leads, partner_leads, kSureWinBudget);
      relay_tmp_ = leader_leads;
      return relay_wins(n.h[s], n.h[partner], n.h[0], s == 1, relay_tmp_, leads_of(n.h[partner]), kSureWinBudget);
    }
    return false;
  }
  // Following: a reply no opponent can beat gives this seat the lead with the rest of its hand
  // (the others pass); a rest that is one combination, or for small hands a rest with a sure
  // win, then wins. Leads of the rest are leads of the whole hand, so one list of unbeatable
  // leads serves every reply.
  for (const Move& r : unbeatable_)
    if (may_be_one_combination(n.h[s] - r.cards) && classify(n.h[s] - r.cards)) return true;
  if (!unbeatable_.empty() && n.h[s].size() <= kFollowSureWinCards) {
    replies_.assign(unbeatable_.begin(), unbeatable_.end());
    Beater opp[2];
    int nopp = 0;
    for (int j = 0; j < N; ++j)
      if (!same_team(j, s)) opp[nopp++] = Beater(n.h[j]);
    unbeatable_.clear();
    for (const Move& m : leads_of(n.h[s])) {
      bool unbeatable = true;
      for (int j = 0; j < nopp && unbeatable; ++j) unbeatable = !opp[j].beats(m);
      if (unbeatable) unbeatable_.push_back(m);
    }
    for (const Move& r : replies_)
      if (sure_win_.lead_wins(n.h[s] - r.cards, unbeatable_, kSureWinBudget)) return true;
  }
  return false;
}

template <int N>
bool Search<N>::value(const Node& n, int ply, bool can_reply) {
  if (aborted_) return false;
  if (++nodes_ > limit_.load(std::memory_order_relaxed) && !over_limit()) return false;
  const int s = n.to_move;
  if (!can_reply && !n.beat.is_pass() && !can_beat_fast(n.h[s], n.beat)) {
    // Forced pass: one child, nothing worth storing. (The immediate-win tests below cannot fire
    // here: this seat cannot beat the combination, and a partner who can empty its hand does so
    // in the child.)
    const Node c = child(n, Move::pass());
    const bool v = value(c, ply + 1);
    return same_team(c.to_move, s) ? v : !v;
  }
  if (N == 2 && n.h[1 - s].size() == 1) {
    // A lone opposing card: the game is a puzzle for the mover alone (endgame_one_card.h).
    const int b = __builtin_ctz(at_least(n.h[1 - s], 1));
    return n.beat.is_pass() ? one_card_.lead_wins(n.h[s], b) : one_card_.follow_wins(n.h[s], n.beat, b);
  }
  if (N == 2 && n.h[1 - s].size() == 2) {
    // Two opposing cards: their few answers are enumerated (endgame_two_cards.h).
    const Hand b = n.h[1 - s];
    return n.beat.is_pass() ? two_cards_.lead_wins(n.h[s], b) : two_cards_.follow_wins(n.h[s], n.beat, b);
  }
  if (N == 2 && n.h[1 - s].size() == 3) {
    const Hand b = n.h[1 - s];
    return n.beat.is_pass() ? three_cards_.lead_wins(n.h[s], b) : three_cards_.follow_wins(n.h[s], n.beat, b);
  }
  if (N == 2 && n.h[s].size() <= 3) {
    // The small hand to move: the same rule from the other side.
    return n.beat.is_pass() ? three_cards_.small_lead_wins(n.h[s], n.h[1 - s])
                            : three_cards_.small_follow_wins(n.h[s], n.beat, n.h[1 - s]);
  }
  // The key's bucket is fetched while the immediate-win tests run (table probes are mostly cache
  // misses).
  const EndgameKey key = compute_key(n);  // key_of, inlined here (1.3% fewer instructions)
  const uint64_t hash = EndgameTable::hash_of(key);  // once for prefetch, probe and store
  table_.prefetch(hash);
  if (finishes_now(n)) return true;
  if (N == 3 && s != 0 && !n.beat.is_pass()) {
    // A following farmer also wins at once when passing hands the turn to a partner who can
    // empty its hand on it (the partner leads, or beats the landlord's combination).
    const Node c = child(n, Move::pass());
    if (c.to_move != 0 && finishes_now(c)) return true;
  }
  bool stored = false;
  if (table_.probe(key, hash, &stored)) return stored;
  const uint64_t start = nodes_;
  while (move_buf_.size() <= size_t(ply)) move_buf_.push_back(std::make_unique<std::vector<Move>>());
  std::vector<Move>& moves = *move_buf_[size_t(ply)];
  ordered_moves(n, moves);
  if (N == 3) drop_immediate_losses(n, moves);
  // Moves no opponent can beat are answered by forced passes and give this seat the lead again.
  // For two players and for the landlord they are the first `unbeatable` moves of the list (the
  // sure-win test below may reuse unbeatable_, so the count is taken now); for a farmer the
  // partner may still reply, so nothing is resolved.
  size_t unb_begin = 0, unb_end = N == 2 || s == 0 ? unbeatable_.size() : 0;
  if (sure_win_after_ordering(n)) {
    table_.store(key, hash, true, nodes_ - start);
    return true;
  }
  if (killers_.size() <= size_t(ply)) killers_.resize(size_t(ply) + 1);
  {
    // Killer move: the (non-pass) move that last won at this ply, in a sibling subtree, is tried
    // first when legal here; refutations repeat across siblings (a third fewer nodes measured).
    const Move& killer = killers_[size_t(ply)];
    if (!killer.is_pass())
      for (size_t i = 1; i < moves.size(); ++i)
        if (moves[i] == killer) {
          // Moves to the front, the others keep their order (std::rotate's general algorithm
          // cost 0.7% of the two-player instructions for this one-place shift).
          const Move k = moves[i];
          for (size_t j = i; j > 0; --j) moves[j] = moves[j - 1];
          moves[0] = k;
          if (i >= unb_end) ++unb_begin, ++unb_end;  // a beatable killer went in front of them
          break;
        }
  }
  bool win = false;
  for (size_t i = 0; i < moves.size() && !win; ++i) {
    if (i > 0 && par_ && wants_split(n)) {
      // The first child did not win: the rest will likely all be searched, in parallel.
      win = split(n, moves, i, ply);
      if (aborted_) return false;
      break;
    }
    bool v;
    if (i >= unb_begin && i < unb_end) {
      // The forced passes are resolved here, without a call or a beat test: the position is this
      // seat leading with the rest of its hand (not empty: finishes_now found no move that
      // empties it). It is searched at ply + N, the ply it had after the N - 1 passes (ply + 2
      // for three players gave the landlord's leads farmer 2's killer slot: other trees), so
      // killer moves stay as before; the passes still count as nodes (N - 1 of them), so node
      // counts, node budgets (the proof-number search's depth-first attempt) and trees stay as
      // before.
      nodes_ += N - 1;
      if (nodes_ > limit_.load(std::memory_order_relaxed) && !over_limit()) return false;
      Node c = n;
      c.h[s] -= moves[i].cards;
      c.beat = Move::pass();
      c.passes = 0;
      v = value(c, ply + N);
      if (aborted_) return false;
      win = v;
    } else {
      const Node c = child(n, moves[i]);
      // Two players: a move outside the unbeatable ones can be beaten by the one opponent.
      v = value(c, ply + 1, N == 2);
      if (aborted_) return false;
      win = same_team(c.to_move, s) ? v : !v;
    }
    if (win && !moves[i].is_pass()) killers_[size_t(ply)] = moves[i];
  }
  table_.store(key, hash, win, nodes_ - start);
  return win;
}

template <int N>
Search<N>::Search(EndgameTable& table, uint64_t max_nodes) : table_(table), max_nodes_(max_nodes) {
  reset_limit();
}

template <int N>
Search<N>::~Search() = default;

template <int N>
bool Search<N>::duel_proves_farmers(const Node& n, uint64_t budget) {
  if (N != 3) return false;
  if (!duel_) duel_ = std::make_unique<FarmerDuel>(table_);
  uint64_t used = 0;
  const bool win = duel_->farmers_win(n, budget, &used);
  nodes_ += used;
  if (nodes_ > limit_.load(std::memory_order_relaxed) && !over_limit()) return false;
  return win;
}

template class Search<2>;
template class Search<3>;

}  // namespace ddz::endgame
