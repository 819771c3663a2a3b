// Feature encoding for the networks: a position seen by one seat, a candidate move, the full deal
// for the value head, and the bidding situation. Versioned: a model records kFeatureVersion.
#pragma once
#include <cstddef>
#include <vector>

#include "game/observation.h"
#include "game/state.h"

namespace ddz {

// Bump whenever any layout below changes. Each version's policy and value inputs extend the
// previous version's by appending, so a model of an older version (kMinFeatureVersion..) reads a
// prefix of each row: it still loads, and models/net_growth.h carries it into the new version
// with zero weights on the new inputs. Versions outside that range are refused.
constexpr int kFeatureVersion = 2;
constexpr int kMinFeatureVersion = 1;

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
// That is version 1 (kStateDimV1). Version 2 appends the history block (kHistoryDim):
//   plays 4..15 back, newest first (12 x (54 + pass flag)); the seat of the play k back is the
//   seat k places before the mover, so the order also names who played what;
//   per role and per group (solo, pair, trio with or without kickers, chains of any kind), a
//   thermometer over the 15 ranks of the lowest key that role passed on when an opponent had
//   played it (3 x 4 x 15): a pass over an opponent's pair of nines says that seat holds no
//   higher pair, or keeps it.
constexpr int kStateDimV1 =
    3 * kCardSetDim + 3 * kCardSetDim + 3 * (kCardSetDim + 1) + kMoveBaseDim + 2 + 3 * 21 + 3 + 4 + 3 + 15;
constexpr int kOlderPlays = 12;
constexpr int kPassGroups = 4;
constexpr int kHistoryDim = kOlderPlays * (kCardSetDim + 1) + 3 * kPassGroups * 15;
constexpr int kStateDim = kStateDimV1 + kHistoryDim;
// Value input: the version-1 state of the seat to move, the actual hands of the next seat and
// the previous seat, then (version 2) the history block. Search evaluates sampled full deals, so
// the value head may see every hand; it is trained on the true deals of self-play games, where it
// learns the outcome of the real cards. The history comes last so that version 1 is a prefix.
constexpr int kValueDimV1 = kStateDimV1 + 2 * kCardSetDim;
constexpr int kValueDim = kValueDimV1 + kHistoryDim;
// Input widths of a model of feature `version` (kMinFeatureVersion..kFeatureVersion): each row of
// an encoding written by this build holds kStateDim / kValueDim / kBidDim floats, of which such a model
// reads the first state_dim_of / value_dim_of / bid_dim_of.
int state_dim_of(int version);
int value_dim_of(int version);
int bid_dim_of(int version);
// Bidding input: own 17-card hand (54), own position after the first bidder one-hot (3), the bids
// so far by position after the first bidder one-hot {none, pass, 1, 2, 3} (3 x 5), highest bid
// so far one-hot 0..3 (4); version 2 appends the fewest plays that empty the hand
// (solver/min_plays.h) one-hot 1..10 (10, 10 = ten or more): heuristic's bidding rests on it,
// and it is the one hand property the card planes do not show at a glance.
constexpr int kBidDimV1 = kCardSetDim + 3 + 15 + 4;
constexpr int kMinPlaysSlots = 10;
constexpr int kBidDim = kBidDimV1 + kMinPlaysSlots;

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
// The policy input (kStateDim floats) contained in a value input: equal to encode_state(state,
// state.to_move()) for the state `value_in` encodes.
void state_of_value(const float* value_in, float* state_out);
// Bidding input for obs.seat in the bidding phase: kBidDim floats.
void encode_bid(const Observation& obs, float* out);
void encode_bid(Hand hand, int seat, int first_bidder, const std::vector<BidRecord>& bids, float* out);

// All legal moves of a position in one row-major matrix (moves.size() x kMoveDim), reusing `out`.
void encode_moves(const std::vector<Move>& moves, Hand hand, std::vector<float>& out);

}  // namespace ddz
