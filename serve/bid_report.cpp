// The last bid of a network agent in JSON and text form (serve/bid_report.h).
#include "serve/bid_report.h"

#include <cstdio>
#include <sstream>

#include "agent/gumbel_agent.h"
#include "agent/mcts_net_agent.h"
#include "agent/net_agent.h"

namespace ddz {
namespace {

std::string bid_name(int bid) { return bid == 0 ? "pass" : std::to_string(bid); }

std::string bids_so_far(const Observation& obs) {
  std::string out;
  for (const BidRecord& b : obs.bids)
    out += (out.empty() ? "" : ", ") + std::string("seat ") + std::to_string(b.seat) + " " + bid_name(b.bid);
  return out.empty() ? "none" : out;
}

std::string fixed(double x, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.*f", digits, x);
  return buf;
}

}  // namespace

const BidReport* last_bid_of(const Agent& agent) {
  if (const auto* net = dynamic_cast<const NetAgent*>(&agent)) return &net->last_bid();
  if (const auto* gumbel = dynamic_cast<const GumbelAgent*>(&agent)) return &gumbel->last_bid();
  if (const auto* mcts_net = dynamic_cast<const MctsNetAgent*>(&agent)) return &mcts_net->last_bid();
  return nullptr;
}

nlohmann::ordered_json bid_report_to_json(const Observation& obs, const BidReport& report, const std::string& spec) {
  nlohmann::ordered_json j;
  j["agent"] = spec;
  j["seat"] = obs.seat;
  j["first_bidder"] = obs.first_bidder;
  j["hand"] = to_string(obs.hand);
  auto bids = nlohmann::ordered_json::array();
  for (const BidRecord& b : obs.bids) bids.push_back({{"seat", b.seat}, {"bid", b.bid}});
  j["bids"] = bids;
  j["source"] = report.source;
  j["head_win_probability"] = report.head.win_probability();
  j["head_score_per_base"] = report.head.score;
  if (!report.lookahead.bids.empty()) {
    auto options = nlohmann::ordered_json::array();
    for (size_t i = 0; i < report.lookahead.bids.size(); ++i)
      options.push_back({{"bid", report.lookahead.bids[i]}, {"mean_score", report.lookahead.value[i]}});
    j["lookahead"] = options;
  }
  j["chosen"] = report.chosen;
  return j;
}

std::string format_bid_report(const Observation& obs, const BidReport& report) {
  std::ostringstream out;
  out << "bidding: seat " << obs.seat << " (first bidder: seat " << obs.first_bidder << ") holds "
      << to_string(obs.hand) << "; bids so far: " << bids_so_far(obs) << "\n";
  char buf[96];
  std::snprintf(buf, sizeof buf, "bid head: wins as landlord %.3f, landlord score per unit of base %s\n",
                double(report.head.win_probability()), fixed(report.head.score, 3).c_str());
  out << buf;
  if (!report.lookahead.bids.empty()) {
    out << "lookahead (mean final score of this seat over the sampled deals):\n";
    for (size_t i = 0; i < report.lookahead.bids.size(); ++i)
      out << "  " << (report.lookahead.bids[i] == report.chosen ? "* " : "  ") << bid_name(report.lookahead.bids[i])
          << "  " << fixed(report.lookahead.value[i], 3) << "\n";
  }
  out << "bid (" << report.source << "): " << bid_name(report.chosen) << "\n";
  return out.str();
}

}  // namespace ddz
