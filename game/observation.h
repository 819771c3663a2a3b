// What one seat may know: its own hand, the public history, the kitty once shown, cards left
// per seat. Agents only ever see an Observation; nothing in it reveals another seat's cards.
#pragma once
#include <array>
#include <vector>

#include "game/state.h"

namespace ddz {

struct Observation {
  int seat = 0;
  Phase phase = Phase::Play;
  Rules rules;
  int landlord = kNoSeat;  // kNoSeat while bidding
  Hand hand;  // this seat's cards now
  Hand kitty;  // empty while bidding (the kitty is shown once a landlord is known)
  int first_bidder = 0;
  std::vector<BidRecord> bids;
  std::vector<PlayRecord> history;
  std::array<int, kNumSeats> cards_left{};
  std::array<Hand, kNumSeats> played{};
  int base_score = 1;
  int bombs_played = 0;  // bombs and rockets so far
  int to_move = 0;
  Move to_beat;  // pass when this seat leads
  int to_beat_seat = kNoSeat;

  Role role() const { return Role((seat - landlord + kNumSeats) % kNumSeats); }
  Role role_of(int s) const { return Role((s - landlord + kNumSeats) % kNumSeats); }
  int seat_of(Role r) const { return (landlord + int(r)) % kNumSeats; }
  bool is_landlord_side(int s) const { return s == landlord; }
  bool teammates(int a, int b) const { return a == b || (a != landlord && b != landlord); }
  // Cards this seat cannot see: the deck less its own hand and every card played.
  Hand unseen() const;
  // Kitty cards the landlord still holds (public knowledge about its hand).
  Hand landlord_known_cards() const;
  // Legal moves for this seat to play now (play phase).
  void legal(std::vector<Move>& out) const;
  std::vector<int> legal_bids() const;
};

Observation observe(const GameState& state, int seat);

}  // namespace ddz
