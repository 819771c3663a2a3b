// Feature encoding for the networks: a position seen by one seat, a candidate move, the full deal
// for the value head, and the bidding situation. Versioned: a model records kFeatureVersion.
#pragma once
#include <cstddef>
#include <vector>

#include "game/observation.h"
#include "game/state.h"

namespace ddz {

// Bump whenever any layout below changes; models trained on another version are refused.
constexpr int kFeatureVersion = 1;

// A card set as 54 floats: for each rank 3..2 four thermometer planes (count >= 1..4), then one
// plane each for X and D. Thermometer (not one-hot) so "at least a pair" is a single unit.
constexpr int kCardSetDim = 54;
// A combination without context: cards (54), type one-hot (15), key rank one-hot (15),
// chain length / 12, card count / 20.
constexpr int kMoveBaseDim = kCardSetDim + 15 + 15 + 1 + 1;
// A candidate move of the seat to move: the base encoding, the hand left after it (54) and a flag
// for emptying the hand. The hand left after the move is what kicker choices change most.
constexpr int kMoveDim = kMoveBaseDim + kCardSetDim + 1;
// A position seen by the seat to move (policy input). Seats are named by role (landlord,
// landlord_down, landlord_up), so the same situation looks the same from every seat number:
//   own hand (54), unseen cards (54), kitty cards the landlord still holds (54),
//   cards played per role (3 x 54), the last three plays newest first (3 x (54 + pass flag)),
//   the combination to beat (kMoveBaseDim) and whether a teammate or an opponent played it (2),
//   cards left per role one-hot 0..20 (3 x 21), own role (3), bombs so far thermometer 1..4 (4),
//   base score one-hot 1..3 (3), each role's bid one-hot {none, pass, 1, 2, 3} (3 x 5).
constexpr int kStateDim = 3 * kCardSetDim + 3 * kCardSetDim + 3 * (kCardSetDim + 1) + kMoveBaseDim + 2 +
                          3 * 21 + 3 + 4 + 3 + 15;
// Value input: the state of the seat to move plus the actual hands of the next seat and the
// previous seat. Search evaluates sampled full deals, so the value head may see every hand; it
// is trained on the true deals of self-play games, where it learns the outcome of the real cards.
constexpr int kValueDim = kStateDim + 2 * kCardSetDim;
// Bidding input: own 17-card hand (54), own position after the first bidder one-hot (3), the bids
// so far by position after the first bidder one-hot {none, pass, 1, 2, 3} (3 x 5), highest bid
// so far one-hot 0..3 (4).
constexpr int kBidDim = kCardSetDim + 3 + 15 + 4;

void encode_cards(Hand cards, float* out);  // writes kCardSetDim floats
void encode_move_base(const Move& move, float* out);  // writes kMoveBaseDim floats
// `hand` is the mover's hand before the move (it must contain the move's cards).
void encode_move(const Move& move, Hand hand, float* out);  // writes kMoveDim floats

// Policy input for obs.seat (play phase). Writes kStateDim floats.
void encode_state(const Observation& obs, float* out);
// The same for `seat` of a full state; equal to encode_state(observe(state, seat)) on any state
// reached by play (for from_position states it uses what they hold: played cards and history
// start empty, unseen cards are the other two hands).
void encode_state(const GameState& state, int seat, float* out);
// Value input for state.to_move(): kValueDim floats.
void encode_value(const GameState& state, float* out);
// Bidding input for obs.seat in the bidding phase: kBidDim floats.
void encode_bid(const Observation& obs, float* out);
void encode_bid(Hand hand, int seat, int first_bidder, const std::vector<BidRecord>& bids, float* out);

// All legal moves of a position in one row-major matrix (moves.size() x kMoveDim), reusing `out`.
void encode_moves(const std::vector<Move>& moves, Hand hand, std::vector<float>& out);

}  // namespace ddz
