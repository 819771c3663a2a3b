// bid_lookahead: per sampled deal, one simulated rest of the bidding per legal bid (bid head for
// the other seats), then one batched value-net pass over all the landlords' starting positions.
#include "agent/bid_lookahead.h"

#include <stdexcept>

#include "agent/bid_head.h"
#include "models/features.h"
#include "search/world_sampler.h"

namespace ddz {

BidLookaheadResult bid_lookahead(const EigenNet& net, const Observation& obs, const BidLookaheadOptions& options,
                                 Rng& rng) {
  if (obs.phase != Phase::Bidding) throw std::invalid_argument("bid_lookahead: not the bidding phase");
  BidLookaheadResult r;
  r.bids = obs.legal_bids();
  r.value.assign(r.bids.size(), 0.0);
  if (r.bids.size() <= 1) {
    r.chosen = r.bids.empty() ? 0 : r.bids[0];
    return r;
  }
  Rules rules = obs.rules;
  rules.bidding = true;
  rules.first_bidder = obs.first_bidder;
  const UniformWorldSampler sampler;
  std::vector<float> bid_in(kBidDim);
  std::vector<float> value_in;  // one kValueDim row per (deal, bid) that found a landlord
  std::vector<std::pair<size_t, int>> rows;  // (bid index, landlord's sign: +1 me, else farmer)
  std::vector<double> row_weight;
  double total_weight = 0.0;
  for (int w = 0; w < options.worlds; ++w) {
    const Deal deal = sampler.sample_deal(obs, rng);
    // How well the deal explains the bids so far, under the bid head as every seat's model.
    double weight = 1.0;
    std::vector<BidRecord> before;
    for (const BidRecord& b : obs.bids) {
      const HeadOutput head =
          bid_head(net, deal.hands[size_t(b.seat)], b.seat, obs.first_bidder, before, bid_in.data());
      const bool bid = head.score > options.head_threshold;  // the rule, whatever the bid's height
      if (bid != (b.bid > 0)) weight *= options.mismatch_weight;
      before.push_back(b);
    }
    total_weight += weight;
    GameState now(deal, rules);  // this deal with the bids so far, copied for each legal bid
    for (const BidRecord& b : obs.bids) {
      const std::string err = now.apply_bid(b.bid);
      if (!err.empty()) throw std::invalid_argument("bid_lookahead: bids so far are not legal: " + err);
    }
    for (size_t i = 0; i < r.bids.size(); ++i) {
      GameState state = now;
      state.apply_bid(r.bids[i]);
      while (state.phase() == Phase::Bidding && state.redeals() == 0) {
        const int seat = state.to_move();
        const HeadOutput head = bid_head(net, state.hand(seat), seat, obs.first_bidder, state.bids(), bid_in.data());
        state.apply_bid(head_rule(head, state.legal_bids(), options.head_threshold));
      }
      if (state.redeals() > 0) continue;  // all passed: a redeal, worth 0
      const size_t at = value_in.size();
      value_in.resize(at + size_t(kValueDim));
      encode_value(state, value_in.data() + at);
      rows.emplace_back(i, state.landlord() == obs.seat ? 1 : -1);
      row_weight.push_back(weight);
    }
  }
  std::vector<HeadOutput> out(rows.size());
  if (!rows.empty()) net.value_batch(value_in.data(), int(rows.size()), out.data());
  for (size_t k = 0; k < rows.size(); ++k) {
    const double landlord_score = out[k].score;
    r.value[rows[k].first] += row_weight[k] * (rows[k].second > 0 ? landlord_score : -0.5 * landlord_score);
  }
  size_t best = 0;
  for (size_t i = 0; i < r.bids.size(); ++i) {
    r.value[i] /= total_weight;
    if (r.value[i] > r.value[best]) best = i;
  }
  r.chosen = r.bids[best];
  return r;
}

}  // namespace ddz
