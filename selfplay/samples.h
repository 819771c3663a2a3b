// What self-play records for the learner: one PlaySample per searched move (the true full deal
// at that moment, the legal moves, the search policy, the outcome) and one BidSample per
// landlord hand (bid features and the landlord's result).
#pragma once
#include <cstdint>
#include <vector>

#include "game/state.h"

namespace ddz::selfplay {

struct PlaySample {
  // The true position (all hands) with the mover to move: the policy sees it through
  // encode_state(state, seat) (only what the seat may know), the value through encode_value.
  GameState state;
  std::vector<Move> moves;  // legal moves of the mover, the policy's support
  std::vector<float> policy;  // search policy over `moves` (sums to 1)
  bool has_policy = true;  // false for fast (playout-cap) moves: value target only
  float win = 0;  // 1 when the mover's side won the game, else 0
  float score = 0;  // mover's final score / kScoreScale
  int64_t policy_version = 0;  // the published weights that played the game (learner step)
};

struct BidSample {
  Hand hand;  // the 17 cards before the kitty
  int seat = 0, first_bidder = 0;
  std::vector<BidRecord> bids;  // bids made before this seat spoke
  float win = 0;  // 1 when this seat, as landlord, won
  float score = 0;  // landlord score / base score / kScoreScale
  int64_t policy_version = 0;  // as PlaySample::policy_version
};

}  // namespace ddz::selfplay
