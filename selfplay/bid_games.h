// Bid samples from cheap games of the network against itself (config key bid_games): deals bid
// by the bid head and each bidding seat's hand played out as landlord by the policy alone.
#pragma once
#include <cstdint>
#include <vector>

#include "game/state.h"
#include "models/eigen_net.h"
#include "selfplay/actor.h"
#include "selfplay/config.h"

namespace ddz::selfplay {

// The bid decisions of `seat` in the bidding of `end` that could still raise (the highest bid
// so far below 3), each as the bids made before it. Empty when the game had no bidding.
std::vector<std::vector<BidRecord>> bid_decisions(const GameState& end, int seat);

// The deal of `bidding` (after its bidding) as a new game with `seat` the fixed landlord.
GameState fixed_landlord_game(const GameState& bidding, int seat);

// One bid sample per decision for `seat`'s 17 cards of end's deal, each with the result of
// `as_landlord`, a finished game of that deal with `seat` as landlord. In a game without bidding
// the seat counts as the first bidder (a fixed landlord's one decision, no bids before it).
void add_landlord_bids(const GameState& end, int seat, const std::vector<std::vector<BidRecord>>& decisions,
                       const GameState& as_landlord, GameSamples& out);

// The i-th extra deal of game `seed` (add_bid_games), its bidding done by the bid head in all
// three seats (10% random legal bids, as in self-play). Deterministic given its arguments.
GameState bid_game_deal(const EigenNet& net, const TrainConfig& config, uint64_t seed, int i);

// config.bid_games extra deals for game `seed`: each is bid by the bid head in all three seats
// (10% random, as in self-play), then played once for every seat with a bid decision that could
// still raise, that seat the fixed landlord and every seat the policy's argmax, and each such
// decision becomes a bid sample with that result. The head thus learns the landlord's result
// against the network's own farmers for every hand it is asked about, where the searched games
// of a fixed-landlord or pool run teach it only the fixed landlord's hand against whoever sits
// there. No search: a deal costs up to three policy-only games. Deterministic given seed and net;
// adds nothing when bid_games is 0 or the run does not bid.
void add_bid_games(const EigenNet& net, const TrainConfig& config, uint64_t seed, GameSamples& out);

}  // namespace ddz::selfplay
