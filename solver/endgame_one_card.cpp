// The one-card rule of the two-player endgame search (endgame_one_card.h): a memoized search over
// the ways to split a hand, covering its lowest card first.
#include "solver/endgame_one_card.h"

#include "game/movegen.h"
#include "solver/endgame_search.h"

namespace ddz::endgame {

// One buffer per depth, made once: a buffer may not move while a caller's loop reads it. Every
// step of the recursion removes at least one card, so the depth stays below a hand's 20 cards.
OneCardRace::OneCardRace(RaceLeads& leads)
    : leads_(leads), cache_(size_t(1) << kCacheBits), follow_cache_(size_t(1) << kCacheBits), moves_(kMaxDepth) {}

bool OneCardRace::splits(Hand hand, int b, bool spare, int depth) {
  if (hand.empty()) return true;
  const uint32_t held = at_least(hand, 1);
  const int low = __builtin_ctz(held);
  // Every card at or above b can be led as a solo that b does not beat.
  if (low >= b) return true;
  // Only single cards below b need care: a pair, trio or four of a rank is a combination b does
  // not answer, and cards at or above b are safe solos. Each low single must be in a chain or be
  // a kicker, but one (the spare, led last).
  const uint32_t m2 = at_least(hand, 2), m3 = at_least(hand, 3), m4 = at_least(hand, 4);
  const uint32_t below = (1u << b) - 1;
  const uint32_t low_singles = held & ~m2 & below;
  const int trios = __builtin_popcount(m3 & ~m4), fours = __builtin_popcount(m4);
  const int carriers = trios + 2 * fours;
  const int spare_n = spare ? 1 : 0;
  // Enough: one low single is spare, each trio carries one (trio_solo), the rest go to fours two
  // by two (four_two_solo; an odd one out is not counted on).
  const int rest = __builtin_popcount(low_singles) - spare_n - trios;
  if (rest <= 0 || (rest % 2 == 0 && rest <= 2 * fours)) return true;
  // Too many: singles that can never be in a chain (no neighbouring chain rank held, or 2, X, D)
  // must all be kickers or the spare; a trio carries at most one solo, a four at most two.
  const uint32_t chain_held = held & 0xFFF;
  const uint32_t chainable = chain_held & ((chain_held << 1) | (chain_held >> 1));
  if (__builtin_popcount(low_singles & ~chainable) > spare_n + carriers) return false;
  // Below b: the lowest card must go into some combination; try each one that holds it.
  const uint8_t tag = uint8_t(0x80 | (b << 2) | (spare ? 2 : 0));
  Entry& e = cache_[size_t(((hand.bits() ^ (uint64_t(tag) << 59)) * 0x9E3779B97F4A7C15ULL) >> (64 - kCacheBits))];
  if (e.hand == hand.bits() && (e.tag & 0xFE) == tag) return e.tag & 1;
  std::vector<Move>& moves = moves_[size_t(depth)];
  leads_.moves(hand, Move::pass(), moves);
  bool win = false;
  for (const Move& m : moves) {
    if (!m.cards.count(low)) continue;
    if (m.type == MoveType::Solo) {
      if (spare && splits(hand - m.cards, b, false, depth + 1)) win = true;
    } else if (splits(hand - m.cards, b, spare, depth + 1)) {
      win = true;
    }
    if (win) break;
  }
  // The recursion may have reused the slot (the cache never moves): written whole.
  e.hand = hand.bits();
  e.tag = uint8_t(tag | (win ? 1 : 0));
  return win;
}

bool OneCardRace::follow_wins(Hand hand, const Move& beat, int b) {
  // Replies depend on the combination only through its type, key and length.
  const uint32_t tag =
      0x80000000u | uint32_t(beat.type) << 16 | uint32_t(beat.key) << 8 | uint32_t(beat.len) << 4 | uint32_t(b);
  FollowEntry& e = follow_cache_[size_t(
      ((hand.bits() ^ (uint64_t(tag) * 0xC2B2AE3D27D4EB4FULL)) * 0x9E3779B97F4A7C15ULL) >> (64 - kCacheBits))];
  if (e.hand == hand.bits() && (e.tag & ~0x40000000u) == tag) return (e.tag & 0x40000000u) != 0;
  const bool win = follow_search(hand, beat, b);
  e.hand = hand.bits();  // lead_wins uses its own cache: the slot is still this call's
  e.tag = tag | (win ? 0x40000000u : 0);
  return win;
}

bool OneCardRace::follow_search(Hand hand, const Move& beat, int b) {
  if (const int per = RaceLeads::simple_kind(beat)) {
    // Replies to solos, pairs and trios without a list (the same moves in the same order);
    // passing loses (B leads its card).
    const bool more = hand.size() > 1;
    return RaceLeads::any_simple_reply(hand, beat, [&](const Move& m) {
      if (per == 1 && m.type == MoveType::Solo && m.key < b && more) return false;  // B plays out on it
      return m.cards == hand || lead_wins(hand - m.cards, b);
    });
  }
  if (!can_beat_fast(hand, beat)) return false;  // A passes and B leads its card
  leads_.moves(hand, beat, replies_);
  for (const Move& m : replies_) {
    if (m.is_pass()) continue;
    if (m.cards == hand) return true;
    if (m.type == MoveType::Solo && m.key < b) continue;
    if (lead_wins(hand - m.cards, b)) return true;
  }
  return false;
}

}  // namespace ddz::endgame
