// NetBidder and its settings: one place for the bid= choices of net, gumbel, mcts+net and
// pretrained, so that every network agent bids the same way under the same spec.
#include "agent/net_bidder.h"

#include "agent/factory.h"

namespace ddz {

const std::set<std::string>& net_bid_keys() {
  static const std::set<std::string> keys{"bid", "bid_threshold", "bid_worlds", "bid_infer"};
  return keys;
}

NetBidOptions net_bid_options(const AgentSpec& spec, const AgentSpec& file) {
  NetBidOptions o;
  o.source = spec.get_string("bid", file.get_string("bid", o.source));
  if (o.source != "head" && o.source != "lookahead" && o.source != "heuristic" && o.source != "mcts" &&
      o.source != "search")
    throw AgentSpecError("agent spec \"" + spec.text() + "\": bid must be " + kBidSources + ", got \"" + o.source +
                         "\"");
  o.threshold =
      spec.get_double("bid_threshold", file.get_double("bid_threshold", o.threshold, -100.0, 100.0), -100.0, 100.0);
  BidLookaheadOptions& l = o.lookahead;
  l.worlds = spec.get_int("bid_worlds", file.get_int("bid_worlds", l.worlds, 1, 100000), 1, 100000);
  l.mismatch_weight = spec.get_double("bid_infer", file.get_double("bid_infer", l.mismatch_weight, 0.0, 1.0), 0.0, 1.0);
  return o;
}

NetBidder::NetBidder(std::shared_ptr<const EigenNet> net, const NetBidOptions& options)
    : net_(std::move(net)), options_(options) {
  if (options_.source == "heuristic" || options_.source == "mcts" || options_.source == "search")
    other_ = make_agent(options_.source == "heuristic" ? "heuristic" : "mcts");
}

void NetBidder::new_game(uint64_t seed) {
  rng_.reseed(Rng::mix(seed, 0xb1d));
  if (other_) other_->new_game(Rng::mix(seed, 0xb1d));
}

int NetBidder::bid(const Observation& obs) {
  last_ = BidReport{};
  last_.source = options_.source;
  last_.head = bid_head(*net_, obs);
  if (other_) {
    last_.chosen = other_->bid(obs);
  } else if (options_.source == "lookahead") {
    last_.lookahead = bid_lookahead(*net_, obs, options_.lookahead, rng_);
    last_.chosen = last_.lookahead.chosen;
  } else {
    last_.chosen = head_rule(last_.head, obs.legal_bids(), options_.threshold);
  }
  return last_.chosen;
}

int bid_by_head(const EigenNet& net, const Observation& obs, double threshold) {
  return head_rule(bid_head(net, obs), obs.legal_bids(), threshold);
}

}  // namespace ddz
