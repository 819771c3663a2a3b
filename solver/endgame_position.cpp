// Validation of solver positions and conversion from a GameState: every user-facing mistake
// (too many cards of a rank, finished game, bad combination to beat) gets a message.
#include "solver/endgame_position.h"

#include <stdexcept>

#include "game/catalogue.h"

namespace ddz {

namespace {

// "" when `cards` (all cards in the position) fit in one deck, else which rank overflows.
std::string check_total(Hand a, Hand b, Hand c) {
  for (int r = 0; r < kNumRanks; ++r) {
    const int n = a.count(r) + b.count(r) + c.count(r);
    const int cap = r >= RX ? 1 : 4;
    if (n > cap)
      return std::string("the position holds ") + std::to_string(n) + " cards of rank " + rank_char(r) +
             " but a deck has only " + std::to_string(cap);
  }
  return "";
}

std::string check_beat(const Move& to_beat) {
  if (to_beat.is_pass()) return "";
  auto m = classify(to_beat.cards);
  if (!m || *m != to_beat) return "the combination to beat (" + to_string(to_beat.cards) + ") is not a combination";
  return "";
}

}  // namespace

std::string check_position(const TwoPlayerPosition& p) {
  if (!p.to_move.is_valid() || !p.other.is_valid()) return "a hand holds more cards of a rank than a deck has";
  if (p.to_move.empty() || p.other.empty()) return "a hand is empty: the game is already over";
  if (auto e = check_beat(p.to_beat); !e.empty()) return e;
  return check_total(p.to_move, p.other, p.to_beat.cards);
}

std::string check_position(const ThreePlayerPosition& p) {
  for (Hand h : p.hands) {
    if (!h.is_valid()) return "a hand holds more cards of a rank than a deck has";
    if (h.empty()) return "a hand is empty: the game is already over";
  }
  if (p.landlord < 0 || p.landlord >= kNumSeats) return "the landlord must be seat 0, 1 or 2";
  if (p.to_move < 0 || p.to_move >= kNumSeats) return "the seat to move must be 0, 1 or 2";
  if (auto e = check_beat(p.to_beat); !e.empty()) return e;
  if (!p.to_beat.is_pass()) {
    if (p.to_beat_seat < 0 || p.to_beat_seat >= kNumSeats)
      return "the combination to beat needs the seat that played it";
    if (p.to_beat_seat == p.to_move) return "the seat that played the combination to beat cannot be the seat to move";
  }
  if (auto e = check_total(p.hands[0], p.hands[1], p.hands[2]); !e.empty()) return e;
  return check_total(p.hands[0] + p.hands[1], p.hands[2], p.to_beat.cards);
}

ThreePlayerPosition position_of(const GameState& s) {
  if (s.phase() != Phase::Play) throw std::invalid_argument("the endgame solver needs a game in the play phase");
  ThreePlayerPosition p;
  p.hands = s.hands();
  p.landlord = s.landlord();
  p.to_move = s.to_move();
  p.to_beat = s.to_beat();
  p.to_beat_seat = s.to_beat().is_pass() ? kNoSeat : s.to_beat_seat();
  return p;
}

}  // namespace ddz
