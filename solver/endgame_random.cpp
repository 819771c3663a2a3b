// Random endgame positions: shuffle the 54 cards with the project's Rng, deal the requested
// sizes, and draw a combination to beat by type first so rare types are not drowned by kickers.
#include "solver/endgame_random.h"

#include <stdexcept>
#include <vector>

#include "game/movegen.h"

namespace ddz {

namespace {

// Deals `sizes` hands from a shuffled deck; returns the cards left over.
Hand deal(Rng& rng, const std::vector<int>& sizes, std::vector<Hand>& hands) {
  int ids[kNumCards];
  for (int i = 0; i < kNumCards; ++i) ids[i] = i;
  for (int i = kNumCards - 1; i > 0; --i) std::swap(ids[i], ids[rng.below(uint32_t(i + 1))]);
  int total = 0;
  for (int n : sizes) total += n;
  if (total > kNumCards) throw std::invalid_argument("random endgame hands hold more than 54 cards");
  int next = 0;
  hands.assign(sizes.size(), Hand());
  for (size_t h = 0; h < sizes.size(); ++h) {
    if (sizes[h] < 1) throw std::invalid_argument("random endgame hands need at least one card");
    for (int k = 0; k < sizes[h]; ++k) hands[h] += Hand::of(card_id_rank(ids[next++]));
  }
  Hand rest;
  for (int i = next; i < kNumCards; ++i) rest += Hand::of(card_id_rank(ids[i]));
  return rest;
}

Move random_combination(Rng& rng, Hand cards) {
  std::vector<Move> moves;
  legal_moves(cards, Move::pass(), moves);
  if (moves.empty()) return Move::pass();
  uint32_t types = 0;
  for (const Move& m : moves) types |= 1u << int(m.type);
  const int pick_index = int(rng.below(uint32_t(__builtin_popcount(types))));
  int type = -1;
  for (int t = 0, seen = 0; t < kNumMoveTypes; ++t)
    if (types >> t & 1) {
      if (seen++ == pick_index) type = t;
    }
  std::vector<const Move*> of_type;
  for (const Move& m : moves)
    if (int(m.type) == type) of_type.push_back(&m);
  return *of_type[rng.below(uint32_t(of_type.size()))];
}

}  // namespace

TwoPlayerPosition random_two_player(Rng& rng, int size_a, int size_b, bool with_beat) {
  std::vector<Hand> hands;
  const Hand rest = deal(rng, {size_a, size_b}, hands);
  TwoPlayerPosition p;
  p.to_move = hands[0];
  p.other = hands[1];
  if (with_beat) p.to_beat = random_combination(rng, rest);
  return p;
}

ThreePlayerPosition random_three_player(Rng& rng, int landlord, int farmer1, int farmer2, bool with_beat) {
  std::vector<Hand> hands;
  const Hand rest = deal(rng, {landlord, farmer1, farmer2}, hands);
  ThreePlayerPosition p;
  for (int s = 0; s < kNumSeats; ++s) p.hands[size_t(s)] = hands[size_t(s)];
  p.landlord = 0;
  p.to_move = int(rng.below(kNumSeats));
  if (with_beat) {
    p.to_beat = random_combination(rng, rest);
    if (!p.to_beat.is_pass()) p.to_beat_seat = (p.to_move + 1 + int(rng.below(2))) % kNumSeats;
  }
  return p;
}

}  // namespace ddz
