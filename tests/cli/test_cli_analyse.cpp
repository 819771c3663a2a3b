// End-to-end tests of `ddz analyse`: the search table for a record position (text and JSON),
// the same answer for the same seed, and clear errors (exit 2) for bad input.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "tests/cli/cli_runner.h"

namespace {

using Result = ddz::testing::CliResult;
using ddz::testing::slurp_file;
std::string temp_path(const std::string& name) { return ddz::testing::cli_temp_path(name); }
Result run(const std::string& args) { return ddz::testing::run_ddz(args); }

// A finished heuristic game's record.
std::string record_file() {
  const std::string path = temp_path("record.json");
  const Result r = run("game --seed 5 --agent heuristic --json > " + path);
  EXPECT_EQ(r.code, 0) << r.err;
  return path;
}

TEST(CliAnalyse, ShowsTheSearchOfARecordPosition) {
  const std::string record = record_file();
  const Result text = run("analyse --record " + record + " --move 8 --agent mcts:sims=60");
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("60 simulations"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("chosen: "), std::string::npos) << text.out;
  // The values' unit and the rule that picked the move (docs/web.md, "What the values mean").
  EXPECT_NE(text.out.find("values: mean result from the mover's side"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("rule: The most visited move"), std::string::npos) << text.out;

  const Result a = run("analyse --record " + record + " --move 8 --agent mcts:sims=60 --seed 4 --json");
  const Result b = run("analyse --record " + record + " --move 8 --agent mcts:sims=60 --seed 4 --json");
  ASSERT_EQ(a.code, 0) << a.err;
  const auto j = nlohmann::json::parse(a.out);
  EXPECT_EQ(j["simulations"], 60);
  EXPECT_EQ(j["value_unit"], "win");
  EXPECT_FALSE(j.contains("stakes"));
  int visits = 0;
  bool chosen_listed = false;
  for (const auto& m : j["moves"]) {
    visits += m["visits"].get<int>();
    chosen_listed = chosen_listed || m["move"] == j["chosen"];
  }
  EXPECT_EQ(visits, 59);  // the first simulation expands the root
  EXPECT_TRUE(chosen_listed);
  auto strip_time = [](nlohmann::json x) {
    x.erase("seconds");
    return x;
  };
  EXPECT_EQ(strip_time(j), strip_time(nlohmann::json::parse(b.out)));  // same seed, same search
}

// --bid: the bid head's outputs and, with bid=lookahead, every legal bid's mean score, the chosen
// bid marked and the same answer for the same seed; errors name the flag (exit 2).
TEST(CliAnalyse, ShowsABidOfARecord) {
  const std::string record = temp_path("bid_record.json");
  Result r = run("game --seed 3 --bidding --agent heuristic --json > " + record);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto game = nlohmann::json::parse(slurp_file(record));
  ASSERT_GE(game["bids"].size(), 1u);
  const std::string args = "analyse --record " + record + " --bid 0 --agent pretrained-net:bid=lookahead,bid_worlds=16";
  r = run(args);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("bid head: wins as landlord"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pass"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bid (lookahead): "), std::string::npos) << r.out;
  const Result a = run(args + " --seed 7 --json");
  const Result b = run(args + " --seed 7 --json");
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const auto j = nlohmann::json::parse(a.out);
  EXPECT_EQ(j["seat"], game["first_bidder"]);
  EXPECT_EQ(j["bids"].size(), 0u);
  ASSERT_EQ(j["lookahead"].size(), 4u);  // the first bidder may pass or bid 1, 2, 3
  double best = -1e9;
  int best_bid = -1;
  for (const auto& o : j["lookahead"])
    if (o["mean_score"].get<double>() > best) best = o["mean_score"].get<double>(), best_bid = o["bid"].get<int>();
  EXPECT_EQ(j["chosen"], best_bid);
  // The head alone reports no lookahead (bid=head given: the shipped file's default is lookahead).
  r = run("analyse --record " + record + " --bid 0 --agent pretrained-net:bid=head --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_FALSE(nlohmann::json::parse(r.out).contains("lookahead"));

  r = run("analyse --record " + record + " --bid 9 --agent pretrained-net");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bids"), std::string::npos) << r.err;
  r = run("analyse --record " + record + " --bid 0 --agent mcts");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("network agent"), std::string::npos) << r.err;
  r = run("analyse --record " + record + " --bid 0 --move 3 --agent pretrained-net");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--bid"), std::string::npos) << r.err;
  std::remove(record.c_str());
}

// The gumbel search (the shipped agent's default) is analysed too: its candidates' visits add up
// to the simulations, the chosen move is listed among them, and the shipped file's search works
// through `pretrained:search=gumbel`.
TEST(CliAnalyse, GumbelSearchOfTheShippedNetwork) {
  const std::string record = record_file();
  const Result r = run("analyse --record " + record + " --move 8 --agent pretrained:search=gumbel,sims=40,k=4 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  int visits = 0, visited = 0;
  bool chosen_listed = false;
  for (const auto& m : j["moves"]) {
    visits += m["visits"].get<int>();
    visited += m["visits"].get<int>() > 0;
    chosen_listed = chosen_listed || m["move"] == j["chosen"];
  }
  EXPECT_EQ(visits, j["simulations"].get<int>());
  EXPECT_GE(visits, 30);
  EXPECT_LE(visited, 4);
  EXPECT_TRUE(chosen_listed);
  // The shipped file searches with stakes=1: its values are results in units of the stake now.
  EXPECT_EQ(j["value_unit"], "stake");
  EXPECT_EQ(j["stakes"], 1.0);
  EXPECT_NE(j["rule"].get<std::string>().find("Sequential halving over the network's 4 most probable"),
            std::string::npos)
      << j["rule"];
}

TEST(CliAnalyse, ProtocolRequestPosition) {
  const std::string path = temp_path("request.json");
  std::ofstream(path) << R"({"type":"play","role":"landlord_up","hand":"5677899TJQQKKKA22","kitty":"5JQ",)"
                      << R"("history":[{"role":"landlord","cards":"33"},{"role":"landlord_down","cards":"55"}]})";
  const Result r = run("analyse --observation " + path + " --agent mcts:sims=40 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["role"], "landlord_up");
  EXPECT_EQ(j["to_beat"], "55");
  EXPECT_EQ(j["cards_left"], nlohmann::json::parse("[18,15,17]"));
  std::ofstream(path) << R"({"type":"play","role":"landlord_up","hand":"33","kitty":"5JQ","history":[]})";
  const Result bad = run("analyse --observation " + path + " --agent mcts:sims=10");
  EXPECT_EQ(bad.code, 2);
}

TEST(CliAnalyse, BadInputIsAUsageError) {
  const std::string record = record_file();
  Result r = run("analyse --record " + record + " --move 999 --agent mcts:sims=10");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("999"), std::string::npos) << r.err;
  r = run("analyse --record " + record + " --agent mcts:sims=10");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--move"), std::string::npos) << r.err;
  r = run("analyse --record " + record + " --move 3 --agent heuristic");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("needs a search agent spec"), std::string::npos) << r.err;
  r = run("analyse --record " + record + " --move 3 --agent mcts:sims=10,bogus=1");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bogus"), std::string::npos) << r.err;
  r = run("analyse --record /nonexistent/file.json --move 3 --agent mcts:sims=10");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("/nonexistent/file.json"), std::string::npos) << r.err;
  r = run("analyse --move 3 --agent mcts:sims=10");
  EXPECT_EQ(r.code, 2);
}

}  // namespace
