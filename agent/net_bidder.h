// NetBidder: how a network agent bids (its bid= settings): the bid head alone, a lookahead over
// the bid head and value net, or another agent kind's bidding, so the arena can compare them.
#pragma once
#include <memory>
#include <set>
#include <string>

#include "agent/agent.h"
#include "agent/agent_spec.h"
#include "game/settings_table.h"
#include "agent/bid_head.h"
#include "agent/bid_lookahead.h"
#include "game/rng.h"
#include "models/eigen_net.h"

namespace ddz {

struct NetBidOptions {
  // bid=: "head": the bid head predicts s, the landlord's expected score per unit of base with
  // this hand, and the agent bids the most allowed when s > threshold, else passes (as if passing
  // were worth 0). "lookahead": agent/bid_lookahead.h, which also weighs what passing is worth.
  // "heuristic" or "mcts": that agent kind's bidding at its defaults.
  std::string source = "head";
  double threshold = 0.0;  // bid_threshold=
  BidLookaheadOptions lookahead;  // bid_worlds=, bid_infer=
};

// The declarations of bid=, bid_threshold=, bid_worlds= and bid_infer=.
const SettingsTable<NetBidOptions>& net_bid_settings_table();
// The spec keys net_bid_options reads, for the agents' spec checks.
const std::set<std::string>& net_bid_keys();
// bid, bid_threshold, bid_worlds and bid_infer from `spec`, falling back on `file` (an exported
// file's default settings), then on the defaults above. Throws AgentSpecError naming the spec for
// an unknown bid= or a value out of range.
NetBidOptions net_bid_options(const AgentSpec& spec, const AgentSpec& file);
// The bid= values accepted, for spec errors and help texts.
constexpr const char* kBidSources = "head, lookahead, heuristic or mcts";

// What the last bid of a NetBidder rested on (ddz analyse shows it).
struct BidReport {
  std::string source;  // the bid= setting that decided
  HeadOutput head;  // the bid head on this hand and the bids so far
  BidLookaheadResult lookahead;  // bid=lookahead: each legal bid's mean score (empty otherwise)
  int chosen = 0;
};

class NetBidder {
 public:
  NetBidder(std::shared_ptr<const EigenNet> net, const NetBidOptions& options);
  void new_game(uint64_t seed);
  int bid(const Observation& obs);
  const BidReport& last_bid() const { return last_; }

 private:
  std::shared_ptr<const EigenNet> net_;
  NetBidOptions options_;
  std::unique_ptr<Agent> other_;  // bid=heuristic or mcts
  Rng rng_;
  BidReport last_;
};

// The bid head's decision for obs (agent/bid_head.h).
int bid_by_head(const EigenNet& net, const Observation& obs, double threshold);

}  // namespace ddz
