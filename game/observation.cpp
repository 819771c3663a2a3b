// Builds a seat's Observation from the full state, copying only public facts and its own hand.
#include "game/observation.h"

#include "game/movegen.h"

namespace ddz {

Hand Observation::unseen() const {
  Hand seen = hand;
  for (Hand p : played) seen += p;
  return Hand::deck() - seen;
}

Hand Observation::landlord_known_cards() const {
  if (landlord == kNoSeat) return Hand();
  // Kitty cards the landlord has played no longer count; take per rank the part still held.
  Hand known;
  for (int r = 0; r < kNumRanks; ++r) {
    const int left = kitty.count(r) - played[size_t(landlord)].count(r);
    if (left > 0) known.add(r, left);
  }
  return known;
}

void Observation::legal(std::vector<Move>& out) const {
  if (phase != Phase::Play) {
    out.clear();
    return;
  }
  legal_moves(hand, to_beat, out);
}

std::vector<int> Observation::legal_bids() const {
  std::vector<int> out;
  if (phase != Phase::Bidding) return out;
  int highest = 0;
  for (const auto& b : bids) highest = std::max(highest, b.bid);
  out.push_back(0);
  for (int b = highest + 1; b <= 3; ++b) out.push_back(b);
  return out;
}

Observation observe(const GameState& state, int seat) {
  Observation o;
  o.seat = seat;
  o.phase = state.phase();
  o.rules = state.rules();
  o.landlord = state.phase() == Phase::Bidding ? kNoSeat : state.landlord();
  o.hand = state.hand(seat);
  o.kitty = state.phase() == Phase::Bidding ? Hand() : state.kitty();
  o.first_bidder = state.first_bidder();
  o.bids = state.bids();
  o.history = state.history();
  for (int s = 0; s < kNumSeats; ++s) {
    o.cards_left[size_t(s)] = state.hand(s).size();
    o.played[size_t(s)] = state.played(s);
  }
  o.base_score = state.base_score();
  o.bombs_played = state.bombs_played() + state.rockets_played();
  o.to_move = state.to_move();
  o.to_beat = state.to_beat();
  o.to_beat_seat = state.to_beat_seat();
  return o;
}

}  // namespace ddz
