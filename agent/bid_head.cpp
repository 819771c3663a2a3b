// The bid head's outputs and its bidding rule (agent/bid_head.h).
#include "agent/bid_head.h"

#include "models/features.h"

namespace ddz {

HeadOutput bid_head(const EigenNet& net, const Observation& obs) {
  std::vector<float> in(kBidDim);
  encode_bid(obs, in.data());
  return net.bid(in.data());
}

HeadOutput bid_head(const EigenNet& net, Hand hand, int seat, int first_bidder, const std::vector<BidRecord>& bids,
                    float* buffer) {
  encode_bid(hand, seat, first_bidder, bids, buffer);
  return net.bid(buffer);
}

int head_rule(const HeadOutput& head, const std::vector<int>& legal_bids, double threshold) {
  return head.score > threshold && legal_bids.size() > 1 ? legal_bids.back() : 0;
}

}  // namespace ddz
