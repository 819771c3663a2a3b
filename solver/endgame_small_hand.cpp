// The three-card rule of the two-player endgame search (endgame_small_hand.h): minimax with a
// small memo of the positions where one side leads.
#include "solver/endgame_small_hand.h"

#include "game/movegen.h"
#include "solver/endgame_search.h"

namespace ddz::endgame {

namespace {

constexpr uint64_t kValueBit = uint64_t(1) << 63;
constexpr uint64_t kBLeadsBit = uint64_t(1) << 62;

size_t slot_of(Hand a, uint64_t tagged_b, int bits) {
  return size_t(((a.bits() ^ (tagged_b * 0xC2B2AE3D27D4EB4FULL)) * 0x9E3779B97F4A7C15ULL) >> (64 - bits));
}

}  // namespace

// Buffers per depth, made once: a buffer may not move while a caller's loop reads it.
SmallHandRace::SmallHandRace(OneCardRace& one, TwoCardRace& two, RaceLeads& leads)
    : one_(one), two_(two), leads_(leads), cache_(size_t(1) << kCacheBits), a_moves_(kMaxDepth), b_moves_(kMaxDepth) {}

bool SmallHandRace::cached(Hand a, uint64_t tagged_b, bool* value) const {
  const Entry& e = cache_[slot_of(a, tagged_b, kCacheBits)];
  if (e.a != a.bits() || (e.b & ~kValueBit) != tagged_b) return false;
  *value = (e.b & kValueBit) != 0;
  return true;
}

void SmallHandRace::store(Hand a, uint64_t tagged_b, bool value) {
  Entry& e = cache_[slot_of(a, tagged_b, kCacheBits)];
  e.a = a.bits();
  e.b = tagged_b | (value ? kValueBit : 0);
}

bool SmallHandRace::facing(Hand a, const Move& r, Hand b, int depth) {
  switch (b.size()) {
    case 1: return one_.follow_wins(a, r, __builtin_ctz(at_least(b, 1)));
    case 2: return two_.follow_wins(a, r, b);
    default: return follow(a, r, b, depth + 1);
  }
}

bool SmallHandRace::answered(Hand a, const Move& m, Hand b, int depth, bool b_can_answer) {
  // Most of A's plays are ones B cannot answer: no replies to generate.
  if (!b_can_answer) return lead(a, b, depth + 1);
  if (RaceLeads::simple_kind(m)) {
    // B's replies to a solo, pair or trio without a list, in the same order (passing last).
    if (RaceLeads::any_simple_reply_high_first(
            b, m, [&](const Move& r) { return r.cards == b || !facing(a, r, b - r.cards, depth); }))
      return false;
    return lead(a, b, depth + 1);
  }
  std::vector<Move>& replies = b_moves_[size_t(depth)];
  leads_.moves(b, m, replies);
  for (const Move& r : replies) {
    if (r.is_pass()) {
      if (!lead(a, b, depth + 1)) return false;
    } else if (r.cards == b || !facing(a, r, b - r.cards, depth)) {
      return false;
    }
  }
  return true;
}

bool SmallHandRace::small_follow_wins(Hand b, const Move& beat, Hand hand) {
  return !answered(hand, beat, b, 0, can_beat_fast(b, beat));
}

bool SmallHandRace::lead(Hand a, Hand b, int depth) {
  bool v;
  if (cached(a, b.bits(), &v)) return v;
  std::vector<Move>& moves = a_moves_[size_t(depth)];
  leads_.moves(a, Move::pass(), moves);
  // Larger leads first (from the end of the list), in one pass: first the leads B cannot answer
  // and then the others (tried 2026-11-30) took more instructions (9 positions around the 13-vs-13
  // median 94.4M -> 92.4M without that split). B's rank masks once.
  const Beater beater(b);
  v = false;
  for (size_t j = moves.size(); j-- > 0 && !v;) {
    const Move& m = moves[j];
    v = m.cards == a || answered(a - m.cards, m, b, depth, beater.beats(m));
  }
  store(a, b.bits(), v);
  return v;
}

bool SmallHandRace::b_leads(Hand a, Hand b, int depth) {
  bool v;
  if (cached(a, b.bits() | kBLeadsBit, &v)) return v;
  std::vector<Move>& leads = b_moves_[size_t(depth)];
  leads_.moves(b, Move::pass(), leads);
  v = true;
  // B's larger leads first (the end of the list: its pair or trio before its singles), which
  // refute A sooner (9 positions around the 13-vs-13 median 97.9M -> 95.0M instructions).
  for (size_t i = leads.size(); i-- > 0 && v;)
    v = leads[i].cards != b && facing(a, leads[i], b - leads[i].cards, depth);
  store(a, b.bits() | kBLeadsBit, v);
  return v;
}

bool SmallHandRace::follow(Hand a, const Move& beat, Hand b, int depth) {
  if (RaceLeads::simple_kind(beat)) {
    // A's replies to a solo, pair or trio without a list, in the same order (passing last).
    return RaceLeads::any_simple_reply(a, beat,
                                       [&](const Move& m) {
                                         return m.cards == a ||
                                                answered(a - m.cards, m, b, depth + 1, can_beat_fast(b, m));
                                       }) ||
           b_leads(a, b, depth + 1);
  }
  std::vector<Move>& moves = a_moves_[size_t(depth)];
  leads_.moves(a, beat, moves);
  for (size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    if (m.is_pass() ? b_leads(a, b, depth + 1)
                    : (m.cards == a || answered(a - m.cards, m, b, depth + 1, can_beat_fast(b, m))))
      return true;
  }
  return false;
}

}  // namespace ddz::endgame
