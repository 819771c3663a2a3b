// The two-card rule of the two-player endgame search (endgame_two_cards.h): A's leads and
// replies enumerated, B's answers spelled out, results of A-to-lead hands memoized.
#include "solver/endgame_two_cards.h"

#include "game/catalogue.h"
#include "game/movegen.h"
#include "solver/endgame_search.h"

namespace ddz::endgame {

namespace {

constexpr uint64_t kValueBit = uint64_t(1) << 63;

bool is_rocket(Hand b) { return b.count(RX) && b.count(RD); }

Move solo(int rank) {
  Move m;
  m.type = MoveType::Solo;
  m.key = uint8_t(rank);
  m.len = 1;
  m.cards.add(rank);
  return m;
}

}  // namespace

// One buffer per depth, made once (see OneCardRace).
TwoCardRace::TwoCardRace(OneCardRace& one, RaceLeads& leads)
    : one_(one),
      leads_(leads),
      cache_(size_t(1) << kCacheBits),
      follow_cache_(size_t(1) << kCacheBits),
      moves_(kMaxDepth) {}

bool TwoCardRace::after_play(Hand rest, const Move& m, Hand b, int depth) {
  const uint32_t ranks = at_least(b, 1);
  const int p = __builtin_ctz(ranks), q = 31 - __builtin_clz(ranks);
  if (p == q) {
    // B holds a pair: it plays out on a lower pair, or splits it on a lower solo.
    if (m.type == MoveType::Pair && m.key < p) return false;
    if (m.type == MoveType::Solo && m.key < p && !one_.follow_wins(rest, solo(p), p)) return false;
  } else if (m.type == MoveType::Solo) {
    // Two singles: B may beat a solo with either one, keeping the other.
    if (m.key < q && !one_.follow_wins(rest, solo(q), p)) return false;
    if (m.key < p && !one_.follow_wins(rest, solo(p), q)) return false;
  }
  // B passes (its only answer to anything else): A leads again.
  return lead(rest, b, depth + 1);
}

bool TwoCardRace::lead(Hand hand, Hand b, int depth) {
  Entry& e =
      cache_[size_t(((hand.bits() ^ (b.bits() * 0xC2B2AE3D27D4EB4FULL)) * 0x9E3779B97F4A7C15ULL) >> (64 - kCacheBits))];
  if (e.hand == hand.bits() && (e.b & ~kValueBit) == b.bits()) return (e.b & kValueBit) != 0;
  std::vector<Move>& moves = moves_[size_t(depth)];
  leads_.moves(hand, Move::pass(), moves);
  bool win = false;
  // Larger combinations first (the end of the generated list: chains, trios with kickers,
  // bombs): a win sheds the hand in fewer plays, so it is found sooner (9 positions around the
  // 13-vs-13 median 99.6M -> 97.9M instructions against generation order).
  for (size_t j = moves.size(); j-- > 0 && !win;) {
    const Move& m = moves[j];
    win = m.cards == hand || after_play(hand - m.cards, m, b, depth);
  }
  // The recursion may have reused the slot (the cache never moves): written whole.
  e.hand = hand.bits();
  e.b = b.bits() | (win ? kValueBit : 0);
  return win;
}

bool TwoCardRace::lead_wins(Hand hand, Hand b) {
  if (is_rocket(b)) return classify(hand).has_value();  // A must empty its hand now
  return lead(hand, b, 0);
}

bool TwoCardRace::follow_wins(Hand hand, const Move& beat, Hand b) {
  if (is_rocket(b)) {
    // A must empty its hand now, on the rocket's holder's combination.
    const auto whole = classify(hand);
    return whole && beats(*whole, beat);
  }
  // Replies depend on the combination only through its type, key and length.
  const uint32_t tag = 0x80000000u | uint32_t(beat.type) << 16 | uint32_t(beat.key) << 8 | uint32_t(beat.len);
  FollowEntry& e = follow_cache_[size_t(
      ((hand.bits() ^ (b.bits() * 0xC2B2AE3D27D4EB4FULL) ^ tag) * 0x9E3779B97F4A7C15ULL) >> (64 - kCacheBits))];
  if (e.hand == hand.bits() && e.b == b.bits() && (e.tag & ~0x40000000u) == tag) return (e.tag & 0x40000000u) != 0;
  const bool win = follow_search(hand, beat, b);
  // The search below never calls follow_wins of this class, so the slot is still this call's.
  e.hand = hand.bits();
  e.b = b.bits();
  e.tag = tag | (win ? 0x40000000u : 0);
  return win;
}

bool TwoCardRace::follow_search(Hand hand, const Move& beat, Hand b) {
  const uint32_t ranks = at_least(b, 1);
  const int p = __builtin_ctz(ranks), q = 31 - __builtin_clz(ranks);
  // Passing: B leads its pair (and wins), or one of its singles, whichever A cannot handle (its
  // higher single first: 9 positions around the 13-vs-13 median 92.4M -> 91.1M instructions).
  if (p != q && one_.follow_wins(hand, solo(q), p) && one_.follow_wins(hand, solo(p), q)) return true;
  auto wins_with = [&](const Move& m) { return m.cards == hand || after_play(hand - m.cards, m, b, 0); };
  // Replies to solos, pairs and trios without a list (the same moves in the same order).
  if (RaceLeads::simple_kind(beat)) return RaceLeads::any_simple_reply(hand, beat, wins_with);
  if (!can_beat_fast(hand, beat)) return false;  // only passing is left
  // Depth 0's buffer: the recursion below starts at depth 1.
  std::vector<Move>& replies = moves_[0];
  leads_.moves(hand, beat, replies);
  for (const Move& m : replies) {
    if (m.is_pass()) continue;
    if (wins_with(m)) return true;
  }
  return false;
}

}  // namespace ddz::endgame
