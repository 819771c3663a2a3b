// `ddz analyse`: runs the search on one position (from a game record and a move number, or from a
// protocol play request) and shows visits, values, priors and the move; or one bid of a record.
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "serve/bid_report.h"
#include "agent/factory.h"
#include "arena/game_record.h"
#include "serve/protocol.h"
#include "serve/search_report.h"
#include "cli/command_registry.h"

namespace ddz::cli {
namespace {

struct Options {
  std::string record;
  int index = 0;
  int move = -1;
  int bid = -1;
  std::string observation;
  std::string agent = "pretrained";
  uint64_t seed = 1;
  bool json = false;
};

std::string read_file(const std::string& flag, const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError(flag + " \"" + path + "\": cannot open the file");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// The whole file as one JSON value, or line `index` (0-based, blank lines skipped) of JSON lines.
nlohmann::json read_json(const std::string& flag, const std::string& path, int index) {
  const std::string text = read_file(flag, path);
  auto whole = nlohmann::json::parse(text, nullptr, false);
  if (!whole.is_discarded()) {
    if (index != 0)
      throw UsageError("--index " + std::to_string(index) + ": \"" + path + "\" holds a single JSON value");
    return whole;
  }
  std::istringstream lines(text);
  std::string line;
  int seen = 0;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (seen++ != index) continue;
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded()) throw UsageError(flag + " \"" + path + "\": line " + std::to_string(seen) + " is not JSON");
    return j;
  }
  throw UsageError("--index " + std::to_string(index) + ": \"" + path + "\" holds only " + std::to_string(seen) +
                   " JSON lines");
}

// The record of --record/--index replayed by `replay`; its errors name the file.
template <class Replay>
GameState replayed(const Options& o, Replay replay) {
  const nlohmann::json record = read_json("--record", o.record, o.index);
  try {
    return replay(record);
  } catch (const std::exception& e) { throw UsageError("--record \"" + o.record + "\": " + e.what()); }
}

Observation position(const Options& o) {
  if (o.record.empty() == o.observation.empty()) throw UsageError("give exactly one of --record or --observation");
  if (!o.observation.empty()) {
    const nlohmann::json request = read_json("--observation", o.observation, o.index);
    try {
      return rebuild_play(parse_play_position(request), 0);
    } catch (const ProtocolError& e) { throw UsageError("--observation \"" + o.observation + "\": " + e.what()); }
  }
  if (o.move < 0) throw UsageError("--record needs --move N (the number of plays made before the position) or --bid N");
  const GameState state = replayed(o, [&](const nlohmann::json& record) { return replay_record(record, o.move); });
  if (int(state.history().size()) < o.move)
    throw UsageError("--move " + std::to_string(o.move) + ": the game has only " +
                     std::to_string(state.history().size()) + " plays");
  if (state.phase() != Phase::Play) throw UsageError("--move " + std::to_string(o.move) + ": the game is over there");
  return observe(state, state.to_move());
}

// The position before bid o.bid of the record (bidding phase).
Observation bid_position(const Options& o) {
  if (o.record.empty() || !o.observation.empty() || o.move >= 0)
    throw UsageError("--bid needs --record and no --observation or --move");
  const GameState state = replayed(o, [&](const nlohmann::json& record) { return replay_record_bids(record, o.bid); });
  if (state.phase() != Phase::Bidding)
    throw UsageError("--bid " + std::to_string(o.bid) + ": the bidding is over there (the record holds " +
                     std::to_string(state.bids().size()) + " bids)");
  return observe(state, state.to_move());
}

// --bid: the agent's bid with the bid head's outputs and, for bid=lookahead, each bid's value.
int analyse_bid(const Options& o, Agent& agent) {
  const BidReport* report = last_bid_of(agent);
  if (!report)
    throw UsageError("--agent \"" + o.agent +
                     "\": analyse --bid needs a network agent (net, gumbel, mcts+net or pretrained)");
  const Observation obs = bid_position(o);
  agent.new_game(o.seed);
  agent.bid(obs);
  if (o.json) std::cout << bid_report_to_json(obs, *report, o.agent).dump() << "\n";
  else std::cout << format_bid_report(obs, *report);
  return 0;
}

CommandAction setup(CLI::App& sub) {
  auto o = std::make_shared<Options>();
  sub.add_option("--record", o->record,
                 "Game record file (one JSON object, or JSON lines as `ddz arena --records` writes)");
  sub.add_option("--index", o->index, "Which JSON line of the file to read (0-based)")->check(CLI::NonNegativeNumber);
  sub.add_option("--move", o->move, "Analyse the position after this many plays of the record (passes count)");
  sub.add_option("--bid", o->bid,
                 "Analyse the bid with this index in the record instead (0 = the first bid): the bid head's outputs "
                 "and, with bid=lookahead in the agent spec, the mean score of each legal bid")
      ->check(CLI::NonNegativeNumber);
  sub.add_option("--observation", o->observation, "A protocol play request (JSON) instead of a record");
  sub.add_option("--agent", o->agent,
                 "Search agent spec giving the search settings: mcts[:...], mcts+net:FILE[,...], gumbel:FILE[,...] or "
                 "pretrained[:...] "
                 "(the default: the shipped network with search, models/pretrained/agent.ddz or $DDZ_PRETRAINED), "
                 "e.g. mcts:sims=2000")
      ->capture_default_str();
  sub.add_option("--seed", o->seed, "Search seed")->capture_default_str();
  sub.add_flag("--json", o->json, "Print one JSON object");
  return [o]() {
    std::unique_ptr<Agent> agent;
    try {
      agent = make_agent(o->agent);
    } catch (const AgentSpecError& e) {
      const bool shipped = o->agent.rfind("pretrained", 0) == 0;
      throw UsageError(std::string("--agent: ") + e.what() +
                       (shipped ? "; to analyse with the search without a network: ddz analyse --agent mcts" : ""));
    }
    if (o->bid >= 0) return analyse_bid(*o, *agent);
    if (!last_search_of(*agent))
      throw UsageError("--agent \"" + o->agent +
                       "\": analyse needs a search agent spec (mcts, mcts+net, gumbel or pretrained)");
    const Observation obs = position(*o);
    agent->new_game(o->seed);
    agent->play(obs);
    const SearchResult& r = *last_search_of(*agent);
    if (o->json) {
      std::cout << search_to_json(*agent, obs, r, o->agent).dump() << "\n";
      return 0;
    }
    std::cout << "position: seat " << obs.seat << " (" << role_name(obs.role()) << ") holds " << to_string(obs.hand)
              << ", to beat: " << to_string(obs.to_beat) << ", cards left " << obs.cards_left[0] << "/"
              << obs.cards_left[1] << "/" << obs.cards_left[2] << "\n";
    std::cout << format_search(r, obs);
    const ValueUnit unit = value_unit_of(*agent);
    std::cout << (unit.unit == "win"
                      ? "values: mean result from the mover's side, +1 a win, -1 a loss (2 x P(win) - 1)\n"
                      : "values: results times the stake reached over the stake now (stakes=" +
                            std::to_string(unit.stake_weight).substr(0, 4) + "): may leave [-1, 1]\n")
              << "rule: " << search_rule(*agent, obs, r) << "\n";
    return 0;
  };
}

}  // namespace
DDZ_COMMAND("analyse", "Show the search (visits, values, chosen move) for one position of a record, or one bid", setup);
}  // namespace ddz::cli
