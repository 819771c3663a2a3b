// `ddz game`: plays one seeded game between agents (random by default) and prints a readable
// record or the JSON game record; `--replay FILE` validates and prints a recorded game instead.
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "agent/factory.h"
#include "arena/game_record.h"
#include "agent/play_game.h"
#include "cli/command_registry.h"

namespace ddz::cli {
namespace {

struct Options {
  uint64_t seed = 1;
  bool bidding = false;
  int landlord = 0;
  int first_bidder = -1;
  std::vector<std::string> no_double;
  std::vector<std::string> agents;
  bool json = false;
  std::string replay;
  int index = 0;
  int plays = -1;
};

Rules rules_of(const Options& o) {
  Rules rules;
  rules.bidding = o.bidding;
  rules.fixed_landlord = o.landlord;
  rules.first_bidder = o.first_bidder;
  for (const std::string& name : o.no_double) {
    if (name == "bomb") rules.double_on_bomb = false;
    else if (name == "rocket") rules.double_on_rocket = false;
    else if (name == "spring") rules.double_on_spring = false;
    else if (name == "anti_spring" || name == "anti-spring") rules.double_on_anti_spring = false;
    else throw UsageError("--no-double \"" + name + "\" is not one of bomb, rocket, spring, anti_spring");
  }
  return rules;
}

// One record from FILE: the whole file as one JSON object, or line `index` (0-based, blank lines
// skipped) of a JSON-lines file such as `ddz arena --records` writes.
nlohmann::json read_record(const std::string& path, int index) {
  std::ifstream in(path);
  if (!in) throw UsageError("--replay \"" + path + "\": cannot open the file");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  auto whole = nlohmann::json::parse(text, nullptr, false);
  if (!whole.is_discarded()) {
    if (index != 0) throw UsageError("--index " + std::to_string(index) + ": \"" + path + "\" holds a single record");
    return whole;
  }
  std::istringstream lines(text);
  std::string line;
  int line_no = 0, seen = 0;
  while (std::getline(lines, line)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (seen++ != index) continue;
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded())
      throw UsageError("--replay \"" + path + "\" line " + std::to_string(line_no) + ": not valid JSON");
    return j;
  }
  if (seen == 0) throw UsageError("--replay \"" + path + "\": not valid JSON (neither one object nor JSON lines)");
  throw UsageError("--index " + std::to_string(index) + ": \"" + path + "\" holds only " + std::to_string(seen) +
                   " records");
}

int replay(const Options& o) {
  const nlohmann::json j = read_record(o.replay, o.index);
  GameState state = [&]() {
    try {
      return replay_record(j, o.plays);
    } catch (const std::runtime_error& e) { throw UsageError("--replay \"" + o.replay + "\": " + e.what()); }
  }();
  const uint64_t seed = j.contains("seed") && j["seed"].is_number() ? j["seed"].get<uint64_t>() : 0;
  const auto agents = record_agents(j);
  if (o.json) {
    nlohmann::json out = record_to_json(state, agents, seed);
    // A replay starts from the deal actually played, so the state counts no redeals: keep the record's.
    if (j.contains("redeals")) out["redeals"] = j["redeals"];
    std::cout << out.dump() << "\n";
  } else {
    std::cout << game_to_text(state, agents, seed) << "record replayed and validated\n";
  }
  return 0;
}

int play(const Options& o) {
  const Rules rules = rules_of(o);
  std::vector<std::string> specs = o.agents.empty() ? std::vector<std::string>{"random"} : o.agents;
  if (specs.size() == 1) specs = {specs[0], specs[0], specs[0]};
  if (specs.size() != kNumSeats)
    throw UsageError("--agent must be given once (all seats) or three times (seats 0, 1, 2)");
  std::array<std::unique_ptr<Agent>, kNumSeats> owned;
  std::array<Agent*, kNumSeats> agents{};
  std::array<std::string, kNumSeats> names;
  for (size_t i = 0; i < kNumSeats; ++i) {
    try {
      owned[i] = make_agent(specs[i]);
    } catch (const AgentSpecError& e) { throw UsageError(std::string("--agent: ") + e.what()); }
    agents[i] = owned[i].get();
    names[i] = owned[i]->spec();
  }
  const GameState state = play_game(agents, o.seed, rules);
  if (o.json) std::cout << record_to_json(state, names, o.seed).dump() << "\n";
  else std::cout << game_to_text(state, names, o.seed);
  return 0;
}

CommandAction setup(CLI::App& sub) {
  auto o = std::make_shared<Options>();
  sub.add_option("--seed", o->seed, "Deal seed (the same seed gives the same game)")->capture_default_str();
  sub.add_flag("--bidding", o->bidding, "Pick the landlord by bidding (default: fixed landlord, base score 1)");
  sub.add_option("--landlord", o->landlord, "Fixed landlord seat when not bidding")
      ->check(CLI::Range(0, 2))
      ->capture_default_str();
  sub.add_option("--first-bidder", o->first_bidder, "Seat that bids first (-1: drawn from the seed)")
      ->check(CLI::Range(-1, 2))
      ->capture_default_str();
  sub.add_option("--no-double", o->no_double,
                 "Do not double the stake for: bomb, rocket, spring, anti_spring (repeatable)")
      ->delimiter(',');
  std::string kinds;
  for (const auto& k : agent_kinds()) kinds += "\n    " + k;
  sub.add_option("--agent", o->agents,
                 "Agent spec: once for all seats or three times for seats 0, 1, 2 (default random); kinds:" + kinds);
  sub.add_flag("--json", o->json, "Print the JSON game record (docs/game_record.md) instead of text");
  sub.add_option("--replay", o->replay, "Replay a JSON game record (one object, or JSON lines), validating every move");
  sub.add_option("--index", o->index, "With --replay on a JSON-lines file: which record (0-based)")
      ->check(CLI::NonNegativeNumber);
  sub.add_option("--plays", o->plays, "With --replay: stop after this many plays (default: all)")
      ->check(CLI::NonNegativeNumber);
  return [o]() { return o->replay.empty() ? play(*o) : replay(*o); };
}

}  // namespace
DDZ_COMMAND("game", "Play one seeded game between agents and print its record, or replay a record", setup);
}  // namespace ddz::cli
