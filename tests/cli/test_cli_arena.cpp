// End-to-end tests of `ddz arena`: text, JSON and CSV reports, records file, determinism across
// thread counts, CPU times per move, and errors for bad agents and options (exit 2 naming the input).
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
Result run(const std::string& args) { return ddz::testing::run_ddz("arena " + args); }

TEST(CliArena, TextReportHasRolesAndVerdict) {
  const Result r = run("--agents heuristic,random --deals 30 --seed 3");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("landlord"), std::string::npos);
  EXPECT_NE(r.out.find("farmers"), std::string::npos);
  EXPECT_NE(r.out.find("verdict: heuristic is stronger than random"), std::string::npos) << r.out;
  // Not a terminal: no progress bar on stderr.
  EXPECT_EQ(r.err.find('\r'), std::string::npos);
}

// Each kind's settings come from its one declaration: the gumbel kind lists the search's settings
// (shared with training configs) with their defaults, and an unknown kind is exit 2 naming it.
TEST(CliArena, ListsAKindsSettings) {
  const Result g = run("--list-settings gumbel");
  ASSERT_EQ(g.code, 0) << g.err;
  for (const char* line : {"rollout_mix", "rollout_solver", "stakes", "search_cards", "bid_threshold"})
    EXPECT_NE(g.out.find(line), std::string::npos) << line << " in " << g.out;
  EXPECT_NE(g.out.find("default 0.5"), std::string::npos) << g.out;  // rollout_mix
  const Result m = run("--list-settings mcts --markdown");
  ASSERT_EQ(m.code, 0) << m.err;
  EXPECT_NE(m.out.find("| `sims` | integer | `200` |"), std::string::npos) << m.out;
  EXPECT_EQ(run("--list-settings random").out, "(no settings)\n");
  const Result bad = run("--list-settings nosuchkind");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("nosuchkind"), std::string::npos) << bad.err;
}

TEST(CliArena, JsonIsTheSameWithAnyThreadCount) {
  const Result a = run("--agents heuristic,random --deals 25 --seed 9 --threads 1 --json");
  const Result b = run("--agent heuristic --agent random --deals 25 --seed 9 --threads 2 --json");
  ASSERT_EQ(a.code, 0) << a.err;
  ASSERT_EQ(b.code, 0) << b.err;
  auto ja = nlohmann::json::parse(a.out);
  auto jb = nlohmann::json::parse(b.out);
  EXPECT_EQ(ja["games"], 50);
  EXPECT_EQ(ja["agents"][0]["landlord"]["games"], 25);
  // Times vary from run to run, and one thread uses the process clock, more the thread clock.
  EXPECT_EQ(ja["cpu_clock"], "process");
  EXPECT_EQ(jb["cpu_clock"], "thread");
  EXPECT_EQ(ja["agents"][0]["cpu"]["moves"], jb["agents"][0]["cpu"]["moves"]);
  EXPECT_EQ(ja["agents"][1]["cpu"]["moves"], jb["agents"][1]["cpu"]["moves"]);
  for (auto* j : {&ja, &jb}) {
    j->erase("seconds");
    j->erase("cpu_clock");
    for (auto& agent : (*j)["agents"]) agent.erase("cpu");
  }
  EXPECT_EQ(ja, jb);
}

TEST(CliArena, CpuTimesPerMoveCanBeTurnedOff) {
  Result r = run("--agents heuristic,random --deals 5 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_GT(j["agents"][0]["cpu"]["moves"].get<int>(), 0);
  EXPECT_GE(j["agents"][0]["cpu"]["p50_ms"].get<double>(), 0.0);
  r = run("--agents heuristic,random --deals 5");
  EXPECT_NE(r.out.find("CPU time per move"), std::string::npos) << r.out;
  r = run("--agents heuristic,random --deals 5 --json --no-cpu-times");
  ASSERT_EQ(r.code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["cpu_clock"], "off");
  EXPECT_TRUE(j["agents"][0]["cpu"].is_null());
}

TEST(CliArena, CsvAndRecords) {
  const std::string records = temp_path("records.jsonl");
  std::remove(records.c_str());
  const Result r = run("--agents random,random --deals 10 --csv --no-spring --records " + records);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("scope,agent,role,games,wins,wp,wp_lo,wp_hi,adp,adp_lo,adp_hi,moves,cpu_s,cpu_ms_mean,"
                        "cpu_ms_p50,cpu_ms_p90,bids,bid_cpu_s\n",
                        0),
            0u)
      << r.out;
  std::istringstream lines(slurp_file(records));
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line);
    EXPECT_TRUE(j.is_object());
    ++n;
  }
  EXPECT_EQ(n, 20);
  std::remove(records.c_str());
}

TEST(CliArena, RoundRobinWithCommaSpecs) {
  const Result r = run("--agents heuristic:danger=4,last_margin=-6,random,heuristic --deals 10 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["agents"].size(), 3u);
  EXPECT_EQ(j["agents"][0]["spec"], "heuristic:danger=4,last_margin=-6");
  EXPECT_EQ(j["pairs"].size(), 3u);
}

TEST(CliArena, BiddingRuns) {
  const Result r = run("--agents heuristic,random --deals 10 --bidding --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["bidding"], true);
}

TEST(CliArena, BadInputIsAClearError) {
  Result r = run("--agents heuristic,bogus --deals 5");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bogus"), std::string::npos) << r.err;
  r = run("--agents heuristic:danger=x,random --deals 5");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("danger=x"), std::string::npos) << r.err;
  r = run("--agents heuristic --deals 5");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("two agents"), std::string::npos) << r.err;
  r = run("--agents heuristic,random --deals 0");
  EXPECT_NE(r.code, 0);
  r = run("--agents heuristic,random --json --csv");
  EXPECT_EQ(r.code, 2);
}

}  // namespace
