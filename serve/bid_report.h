// The last bid of a network agent (net, gumbel, mcts+net, pretrained) with what it rested on: the
// bid head's outputs and, for bid=lookahead, each legal bid's mean score. Used by `ddz analyse`.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "agent/agent.h"
#include "agent/net_bidder.h"

namespace ddz {

// The report of the agent's last bid(), or nullptr for agents without networks.
const BidReport* last_bid_of(const Agent& agent);

// The bidding position (seat, hand, bids so far) and the report; `spec` names the agent.
nlohmann::ordered_json bid_report_to_json(const Observation& obs, const BidReport& report, const std::string& spec);
// The same as a few lines of text.
std::string format_bid_report(const Observation& obs, const BidReport& report);

}  // namespace ddz
