// RLCard's Dou Dizhu observation computed from the C++ game, so that a model trained on RLCard's
// environment reads the same numbers from ddz.Env(compat="rlcard"); tests/python compares it with
// RLCard's own encoder on the same raw states.
#include "python/rlcard_encoding.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace ddz::py {
namespace {

constexpr int kTraceRows = 9;  // the last nine plays, oldest first, missing ones zero

// RLCard's one-hot of a card count: position count - 1 of `size`. A seat with no card left sets
// the last position (RLCard indexes with -1 there), which only shows in final states.
void one_hot_count(int count, int size, int8_t* out) {
  std::memset(out, 0, size_t(size));
  out[(count - 1 + size) % size] = 1;
}

// The cards of the latest play of `seat` in the history (a pass counts), none if it has not played.
Hand last_play_of(const std::vector<PlayRecord>& history, int seat) {
  for (auto it = history.rbegin(); it != history.rend(); ++it)
    if (it->seat == seat) return it->move.cards;
  return Hand();
}

}  // namespace

void rlcard_encode_cards(Hand cards, int8_t* out) {
  std::memset(out, 0, kRlcardCardsDim);
  for (int rank = 0; rank < 13; ++rank)
    for (int k = 0; k < cards.count(rank); ++k) out[4 * rank + k] = 1;
  out[52] = int8_t(cards.count(13) > 0);
  out[53] = int8_t(cards.count(14) > 0);
}

// Landlord (790): own hand, the other two hands together, the play to answer (the last non-pass
// of the last two plays), the last nine plays, cards played by seat 2 then seat 1, and the cards
// left of seat 2 then seat 1 one-hot over 17.
// Farmer (901): own hand, the other two hands, the play to answer, the last nine plays, cards
// played by the landlord and by the teammate, the landlord's and the teammate's latest plays, the
// landlord's cards left one-hot over 20 and the teammate's one-hot over 17.
void rlcard_encode_obs(const GameState& game, int seat, int8_t* out) {
  const auto& history = game.history();
  const int other1 = (seat + 1) % kNumSeats, other2 = (seat + 2) % kNumSeats;
  int8_t* p = out;
  const auto cards = [&p](Hand h) {
    rlcard_encode_cards(h, p);
    p += kRlcardCardsDim;
  };
  cards(game.hand(seat));
  cards(game.hand(other1) + game.hand(other2));
  Hand last;
  if (!history.empty()) {
    last = history.back().move.cards;
    if (history.back().move.is_pass() && history.size() >= 2) last = history[history.size() - 2].move.cards;
  }
  cards(last);
  const size_t shown = std::min<size_t>(kTraceRows, history.size());
  for (size_t row = 0; row < kTraceRows - shown; ++row) cards(Hand());
  for (size_t i = history.size() - shown; i < history.size(); ++i) cards(history[i].move.cards);
  if (seat == kRlcardLandlord) {
    cards(game.played(2));
    cards(game.played(1));
    one_hot_count(game.hand(2).size(), 17, p);
    one_hot_count(game.hand(1).size(), 17, p + 17);
  } else {
    const int teammate = 3 - seat;
    cards(game.played(kRlcardLandlord));
    cards(game.played(teammate));
    cards(last_play_of(history, kRlcardLandlord));
    cards(last_play_of(history, teammate));
    one_hot_count(game.hand(kRlcardLandlord).size(), 20, p);
    one_hot_count(game.hand(teammate).size(), 17, p + 20);
  }
}

size_t rlcard_write_cards(Hand cards, char* out) {
  const size_t n = write_cards(cards, out);
  for (size_t i = 0; i < n; ++i) {
    if (out[i] == 'X') out[i] = 'B';
    else if (out[i] == 'D') out[i] = 'R';
  }
  return n;
}

}  // namespace ddz::py
