// The bid head's rule, in one place for every bidder that uses it (NetBidder's bid=head, the
// other seats simulated by bid=lookahead, and self-play's bids).
#pragma once
#include <vector>

#include "game/observation.h"
#include "models/eigen_net.h"

namespace ddz {

// The bid head's outputs for obs (bidding phase).
HeadOutput bid_head(const EigenNet& net, const Observation& obs);
// The same for `seat` holding `hand` after `bids`; `buffer` holds kBidDim floats (reused by loops).
HeadOutput bid_head(const EigenNet& net, Hand hand, int seat, int first_bidder, const std::vector<BidRecord>& bids,
                    float* buffer);
// The rule: the most allowed bid when the predicted landlord score per unit of base exceeds
// `threshold`, else pass (0). The stake scales with the bid, so with a positive expectation the
// highest bid is best; passing is taken as worth 0 (bid=lookahead weighs it instead).
int head_rule(const HeadOutput& head, const std::vector<int>& legal_bids, double threshold);

}  // namespace ddz
