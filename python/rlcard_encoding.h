// RLCard's Dou Dizhu encodings for ddz.Env(compat="rlcard"): its observation (790 int8 for the
// landlord, 901 for a farmer), its 54-dim card vectors and its card strings (jokers B and R).
#pragma once
#include <cstddef>
#include <cstdint>

#include "game/state.h"

namespace ddz::py {

// A card set as RLCard's 54 int8: per rank 3..2 four count planes (at least 1..4), then B and R.
constexpr int kRlcardCardsDim = 54;
// RLCard's observation sizes: the landlord sees 790 values, a farmer 901.
constexpr int kRlcardLandlordDim = 790;
constexpr int kRlcardFarmerDim = 901;
// RLCard's env has no bidding: the landlord is seat 0, seat 1 plays after it, seat 2 before.
constexpr int kRlcardLandlord = 0;

inline int rlcard_obs_dim(int seat) { return seat == kRlcardLandlord ? kRlcardLandlordDim : kRlcardFarmerDim; }

void rlcard_encode_cards(Hand cards, int8_t* out);
// The observation of `seat` in a game whose landlord is seat 0, as RLCard's env builds it from
// its raw state (the layout is written out in rlcard_encoding.cpp).
void rlcard_encode_obs(const GameState& game, int seat, int8_t* out);
// Cards in RLCard's notation (the project's order, B and R for the jokers) into `out`, which has
// room for kMaxCardsText characters; returns the length.
size_t rlcard_write_cards(Hand cards, char* out);

}  // namespace ddz::py
