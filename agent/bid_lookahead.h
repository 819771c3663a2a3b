// Bidding by lookahead over the networks: in sampled deals, play out the rest of the bidding with
// the bid head for every other seat and score each landlord's start by the value net.
#pragma once
#include <vector>

#include "game/observation.h"
#include "game/rng.h"
#include "models/eigen_net.h"

namespace ddz {

struct BidLookaheadOptions {
  int worlds = 64;  // sampled deals (the other two hands and the kitty) per decision
  // Weight of a sampled deal per earlier bid that the bid head, holding that seat's cards in the
  // deal, would not have made (bid where it passed or the reverse): 1 = every deal counts the
  // same, small = deals must explain the bids so far.
  double mismatch_weight = 0.25;
  double head_threshold = 0.0;  // the other seats bid (the most allowed) when their head says > this
};

// What one lookahead decided: each legal bid with its weighted mean score for the bidder.
struct BidLookaheadResult {
  std::vector<int> bids;  // obs.legal_bids()
  std::vector<double> value;  // mean final score of obs.seat (points: landlord +-2 x stake)
  int chosen = 0;
};

// Picks the legal bid of obs.seat (bidding phase) with the best mean score over
// options.worlds deals drawn uniformly from the cards it cannot see, each weighted by how well it
// explains the bids so far. In every deal and for every legal bid: the seats still to speak bid
// by their bid head (threshold options.head_threshold, the most allowed or pass); if all pass the
// deal is worth 0 (a redeal); otherwise the value net scores the landlord's first move and the
// bidder takes that score as landlord, or minus half of it as a farmer (the game is zero-sum).
// Unlike the bid head alone this weighs what passing is worth: farming against the seat that
// would bid instead. Ties go to the lower bid (pass first).
BidLookaheadResult bid_lookahead(const EigenNet& net, const Observation& obs, const BidLookaheadOptions& options,
                                 Rng& rng);

}  // namespace ddz
