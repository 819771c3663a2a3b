// NetBidder and its settings: one place for the bid= choices of net, gumbel, mcts+net and
// pretrained, so that every network agent bids the same way under the same spec.
#include "agent/net_bidder.h"

#include "agent/factory.h"
#include "agent/spec_settings.h"

namespace ddz {

const SettingsTable<NetBidOptions>& net_bid_settings_table() {
  static const SettingsTable<NetBidOptions> table = [] {
    SettingsTable<BidLookaheadOptions> lookahead;
    lookahead.group("bidding");
    lookahead.add("bid_worlds", &BidLookaheadOptions::worlds, ints(1, 100000),
                  "bid=lookahead: sampled deals per bidding decision");
    lookahead.add("bid_infer", &BidLookaheadOptions::mismatch_weight, reals(0, 1),
                  "bid=lookahead: weight of a deal per earlier bid it makes unlikely (1 = all deals alike)");
    SettingsTable<NetBidOptions> t;
    t.group("bidding");
    t.add("bid", &NetBidOptions::source, one_of({"head", "lookahead", "heuristic", "mcts"}),
          "head: the bid head decides; lookahead: the rest of the bidding simulated in sampled deals and scored by "
          "the value net; heuristic or mcts: that agent kind's bidding");
    t.add("bid_threshold", &NetBidOptions::threshold, reals(-100, 100),
          "bid=head: bid the most allowed when the head's expected landlord score per unit of base exceeds this");
    t.embed(lookahead, &NetBidOptions::lookahead);
    return t;
  }();
  return table;
}

const std::set<std::string>& net_bid_keys() {
  static const std::set<std::string> keys = setting_names(net_bid_settings_table());
  return keys;
}

NetBidOptions net_bid_options(const AgentSpec& spec, const AgentSpec& file) {
  NetBidOptions o;
  read_spec_settings(spec, file, net_bid_settings_table(), o);
  return o;
}

NetBidder::NetBidder(std::shared_ptr<const EigenNet> net, const NetBidOptions& options)
    : net_(std::move(net)), options_(options) {
  if (options_.source == "heuristic" || options_.source == "mcts")
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
