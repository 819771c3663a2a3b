// Feature encoding (layouts documented in features.h). Observation and GameState both go through
// one internal view, so the policy sees identical inputs at the table and inside search.
#include "models/features.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "solver/min_plays.h"

namespace ddz {
namespace {

// The facts the state encoding reads, from either an Observation or a GameState.
struct View {
  int seat = 0;
  int landlord = 0;
  Hand hand;
  Hand unseen;
  Hand kitty;
  std::array<Hand, kNumSeats> played{};
  std::array<int, kNumSeats> cards_left{};
  const std::vector<PlayRecord>* history = nullptr;
  const std::vector<BidRecord>* bids = nullptr;
  Move to_beat;
  int to_beat_seat = kNoSeat;
  int bombs = 0;
  int base = 1;
};

int role_of(int seat, int landlord) { return (seat - landlord + kNumSeats) % kNumSeats; }

void one_hot(float* out, int n, int index) {
  std::fill(out, out + n, 0.0f);
  if (index >= 0 && index < n) out[index] = 1.0f;
}

// Bid slot: 0 none, 1 pass, 2..4 bids 1..3.
int bid_slot(int bid) { return bid <= 0 ? 1 : 1 + std::min(bid, 3); }

// The pass group of a combination to beat (features.h), or -1 for those whose passes say little
// (four-with-two, bombs, the rocket).
int pass_group(MoveType type) {
  switch (type) {
    case MoveType::Solo: return 0;
    case MoveType::Pair: return 1;
    case MoveType::Trio:
    case MoveType::TrioSolo:
    case MoveType::TrioPair: return 2;
    case MoveType::SoloChain:
    case MoveType::PairChain:
    case MoveType::TrioChain:
    case MoveType::TrioSoloChain:
    case MoveType::TrioPairChain: return 3;
    default: return -1;
  }
}

// Plays `from`..`to` - 1 back (0 = the newest), 54 card planes and a pass flag each, zeros before
// the first play; returns the end of what it wrote.
float* encode_plays(const View& v, size_t from, size_t to, float* p) {
  const size_t n = v.history ? v.history->size() : 0;
  for (size_t back = from; back < to; ++back) {
    if (back < n) {
      const Move& m = (*v.history)[n - 1 - back].move;
      encode_cards(m.cards, p);
      p[kCardSetDim] = m.is_pass() ? 1.0f : 0.0f;
    } else {
      std::fill(p, p + kCardSetDim + 1, 0.0f);
    }
    p += kCardSetDim + 1;
  }
  return p;
}

// The version-2 history block (features.h), kHistoryDim floats.
void encode_history(const View& v, float* p) {
  const size_t n = v.history ? v.history->size() : 0;
  p = encode_plays(v, 3, 3 + kOlderPlays, p);
  // lowest[role][group]: the lowest key rank that role passed on when an opponent had played it.
  int lowest[kNumSeats][kPassGroups];
  for (auto& row : lowest) std::fill(row, row + kPassGroups, kNumRanks);
  const PlayRecord* last = nullptr;  // the play a pass faces: the newest non-pass of the trick
  for (size_t i = 0; i < n; ++i) {
    const PlayRecord& r = (*v.history)[i];
    if (!r.move.is_pass()) {
      last = &r;
      continue;
    }
    if (!last) continue;
    const bool opponents = (r.seat == v.landlord) != (last->seat == v.landlord);
    const int group = pass_group(last->move.type);
    if (!opponents || group < 0) continue;
    int& low = lowest[role_of(r.seat, v.landlord)][group];
    low = std::min(low, int(last->move.key));
  }
  for (int role = 0; role < kNumSeats; ++role)
    for (int g = 0; g < kPassGroups; ++g) {
      for (int k = 0; k < 15; ++k) p[k] = lowest[role][g] <= k ? 1.0f : 0.0f;
      p += 15;
    }
}

void encode_view(const View& v, float* out) {
  float* p = out;
  encode_cards(v.hand, p);
  p += kCardSetDim;
  encode_cards(v.unseen, p);
  p += kCardSetDim;
  Hand known;
  for (int r = 0; r < kNumRanks; ++r) {
    const int left = v.kitty.count(r) - v.played[size_t(v.landlord)].count(r);
    if (left > 0) known.add(r, left);
  }
  encode_cards(known, p);
  p += kCardSetDim;
  for (int role = 0; role < kNumSeats; ++role) {
    encode_cards(v.played[size_t((v.landlord + role) % kNumSeats)], p);
    p += kCardSetDim;
  }
  p = encode_plays(v, 0, 3, p);
  encode_move_base(v.to_beat, p);
  p += kMoveBaseDim;
  p[0] = p[1] = 0.0f;
  if (!v.to_beat.is_pass() && v.to_beat_seat != kNoSeat) {
    const bool mate = v.seat == v.to_beat_seat || (v.seat != v.landlord && v.to_beat_seat != v.landlord);
    p[mate ? 0 : 1] = 1.0f;
  }
  p += 2;
  for (int role = 0; role < kNumSeats; ++role) {
    one_hot(p, 21, std::min(v.cards_left[size_t((v.landlord + role) % kNumSeats)], 20));
    p += 21;
  }
  one_hot(p, 3, role_of(v.seat, v.landlord));
  p += 3;
  for (int k = 0; k < 4; ++k) p[k] = v.bombs > k ? 1.0f : 0.0f;
  p += 4;
  one_hot(p, 3, std::clamp(v.base, 1, 3) - 1);
  p += 3;
  std::fill(p, p + 15, 0.0f);
  for (int role = 0; role < kNumSeats; ++role) p[role * 5] = 1.0f;
  if (v.bids) {
    for (const BidRecord& b : *v.bids) {
      float* slot = p + role_of(b.seat, v.landlord) * 5;
      std::fill(slot, slot + 5, 0.0f);
      slot[bid_slot(b.bid)] = 1.0f;
    }
  }
  p += 15;
  encode_history(v, p);
}

}  // namespace

int state_dim_of(int version) {
  if (version < kMinFeatureVersion || version > kFeatureVersion)
    throw std::invalid_argument("feature version " + std::to_string(version) + " is outside " +
                                std::to_string(kMinFeatureVersion) + ".." + std::to_string(kFeatureVersion));
  return version == 1 ? kStateDimV1 : kStateDim;
}

int value_dim_of(int version) { return state_dim_of(version) == kStateDimV1 ? kValueDimV1 : kValueDim; }
int bid_dim_of(int version) { return state_dim_of(version) == kStateDimV1 ? kBidDimV1 : kBidDim; }

void encode_cards(Hand cards, float* out) {
  for (int r = 0; r < RX; ++r) {
    const int c = cards.count(r);
    for (int k = 0; k < 4; ++k) out[r * 4 + k] = c > k ? 1.0f : 0.0f;
  }
  out[52] = cards.count(RX) > 0 ? 1.0f : 0.0f;
  out[53] = cards.count(RD) > 0 ? 1.0f : 0.0f;
}

void encode_move_base(const Move& move, float* out) {
  encode_cards(move.cards, out);
  float* p = out + kCardSetDim;
  one_hot(p, 15, int(move.type));
  p += 15;
  one_hot(p, 15, move.is_pass() || move.type == MoveType::Rocket ? -1 : int(move.key));
  p += 15;
  p[0] = float(move.len) / 12.0f;
  p[1] = float(move.cards.size()) / 20.0f;
}

void encode_move(const Move& move, Hand hand, float* out) {
  encode_move_base(move, out);
  const Hand left = hand - move.cards;
  encode_cards(left, out + kMoveBaseDim);
  out[kMoveBaseDim + kCardSetDim] = left.empty() ? 1.0f : 0.0f;
}

void encode_moves(const std::vector<Move>& moves, Hand hand, std::vector<float>& out) {
  out.resize(moves.size() * size_t(kMoveDim));
  for (size_t i = 0; i < moves.size(); ++i) encode_move(moves[i], hand, out.data() + i * kMoveDim);
}

void encode_state(const Observation& obs, float* out) {
  View v;
  v.seat = obs.seat;
  v.landlord = obs.landlord == kNoSeat ? 0 : obs.landlord;
  v.hand = obs.hand;
  v.unseen = obs.unseen();
  v.kitty = obs.kitty;
  v.played = obs.played;
  v.cards_left = obs.cards_left;
  v.history = &obs.history;
  v.bids = &obs.bids;
  v.to_beat = obs.to_beat;
  v.to_beat_seat = obs.to_beat_seat;
  v.bombs = obs.bombs_played;
  v.base = obs.base_score;
  encode_view(v, out);
}

void encode_state(const GameState& state, int seat, float* out) {
  View v;
  v.seat = seat;
  v.landlord = state.phase() == Phase::Bidding ? 0 : state.landlord();
  v.hand = state.hand(seat);
  // The other two hands: equal to deck - hand - played on a real game, and still right on
  // from_position worlds, which hold no played cards.
  for (int s = 0; s < kNumSeats; ++s) {
    if (s != seat) v.unseen += state.hand(s);
    v.played[size_t(s)] = state.played(s);
    v.cards_left[size_t(s)] = state.hand(s).size();
  }
  v.kitty = state.phase() == Phase::Bidding ? Hand() : state.kitty();
  v.history = &state.history();
  v.bids = &state.bids();
  v.to_beat = state.to_beat();
  v.to_beat_seat = state.to_beat_seat();
  v.bombs = state.bombs_played() + state.rockets_played();
  v.base = state.base_score();
  encode_view(v, out);
}

void encode_value(const GameState& state, float* out) {
  const int seat = state.to_move();
  encode_state(state, seat, out);
  // [version-1 state, history] becomes [version-1 state, two hands, history]
  std::memmove(out + kValueDimV1, out + kStateDimV1, sizeof(float) * size_t(kHistoryDim));
  encode_cards(state.hand((seat + 1) % kNumSeats), out + kStateDimV1);
  encode_cards(state.hand((seat + 2) % kNumSeats), out + kStateDimV1 + kCardSetDim);
}

void state_of_value(const float* value_in, float* state_out) {
  std::copy(value_in, value_in + kStateDimV1, state_out);
  std::copy(value_in + kValueDimV1, value_in + kValueDim, state_out + kStateDimV1);
}

void encode_bid(Hand hand, int seat, int first_bidder, const std::vector<BidRecord>& bids, float* out) {
  float* p = out;
  encode_cards(hand, p);
  p += kCardSetDim;
  const auto pos = [&](int s) { return (s - first_bidder + kNumSeats) % kNumSeats; };
  one_hot(p, 3, pos(seat));
  p += 3;
  std::fill(p, p + 15, 0.0f);
  for (int k = 0; k < kNumSeats; ++k) p[k * 5] = 1.0f;
  int highest = 0;
  for (const BidRecord& b : bids) {
    float* slot = p + pos(b.seat) * 5;
    std::fill(slot, slot + 5, 0.0f);
    slot[bid_slot(b.bid)] = 1.0f;
    highest = std::max(highest, b.bid);
  }
  p += 15;
  one_hot(p, 4, std::min(highest, 3));
  p += 4;
  one_hot(p, kMinPlaysSlots, std::clamp(min_plays_count(hand), 1, kMinPlaysSlots) - 1);
}

void encode_bid(const Observation& obs, float* out) { encode_bid(obs.hand, obs.seat, obs.first_bidder, obs.bids, out); }

}  // namespace ddz
