// End-to-end tests of `ddz league` and `ddz arena --sprt`: the table and its files, entrants from
// YAML, a rerun that plays nothing, a kill -9 in the middle, and bad input (exit 2 naming it).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "tests/cli/cli_runner.h"

namespace {

using Result = ddz::testing::CliResult;
using ddz::testing::slurp_file;
std::string temp_path(const std::string& name) {
  const std::string p = ddz::testing::cli_temp_path("league_" + name);
  std::remove(p.c_str());
  return p;
}
Result league(const std::string& args) { return ddz::testing::run_ddz("league " + args); }

TEST(CliLeague, PlaysPrintsAndWritesTheStandings) {
  const std::string file = temp_path("a.jsonl");
  const std::string out = temp_path("a_out");
  const std::string args = "--league " + file +
                           " --entrant heuristic=heuristic --entrant random=random --deals 10 --seed 3 "
                           "--bootstrap 50 --out " +
                           out;
  const Result r = league(args);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("heuristic anchored at 1000"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("WP of the row against the column"), std::string::npos);
  const auto j = nlohmann::json::parse(slurp_file(out + ".json"));
  EXPECT_EQ(j["deals"], 10);
  EXPECT_EQ(j["entrants"][0]["name"], "heuristic");
  EXPECT_NE(slurp_file(out + ".csv").find("rank,name,spec"), std::string::npos);
  EXPECT_NE(slurp_file(out + ".svg").find("<svg"), std::string::npos);
  // Run again: nothing to play, the same table.
  const Result again = league(args);
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(again.out, r.out);
  // Without entrants: the standings of the file.
  const Result only = league("--league " + file + " --bootstrap 50 --seed 3");
  ASSERT_EQ(only.code, 0) << only.err;
  EXPECT_EQ(only.out, r.out);
}

TEST(CliLeague, EntrantsFromYaml) {
  const std::string yaml = temp_path("entrants.yaml");
  std::ofstream(yaml) << "- {name: h, spec: heuristic}\n- {name: r, spec: random}\n";
  const Result r = league("--league " + temp_path("y.jsonl") + " --entrants " + yaml + " --deals 4 --bootstrap 20");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("h anchored"), std::string::npos) << r.out;
  std::ofstream(yaml) << "- {name: h}\n";
  const Result bad = league("--league " + temp_path("y2.jsonl") + " --entrants " + yaml);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find(yaml + ":1:"), std::string::npos) << bad.err;
}

TEST(CliLeague, BadInputIsExit2NamingIt) {
  const std::string file = temp_path("bad.jsonl");
  Result r = league("--league " + file + " --entrant a=heuristic --entrant a=random");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("two entrants are named 'a'"), std::string::npos) << r.err;
  r = league("--league " + file + " --entrant a=heuristic --entrant b=mcts:sims=x");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("entrant b"), std::string::npos) << r.err;
  r = league("--league " + file + " --entrant heuristic --entrant b=random");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("expected NAME=SPEC"), std::string::npos) << r.err;
  // Another rules version than the file's: exit 2, the file untouched.
  ASSERT_EQ(league("--league " + file + " --entrant a=heuristic --entrant b=random --deals 2").code, 0);
  const std::string before = slurp_file(file);
  r = league("--league " + file + " --entrant a=heuristic --entrant b=random --deals 2 --bidding");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("was played with rules"), std::string::npos) << r.err;
  // A damaged line: exit 2 naming file and line, the file untouched.
  std::ofstream(file, std::ios::app) << "{\"format\":\"ddz-league\"\n";
  const std::string damaged = slurp_file(file);
  r = league("--league " + file + " --entrant a=heuristic --entrant b=random --deals 3");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(file + ":3:"), std::string::npos) << r.err;
  EXPECT_EQ(slurp_file(file), damaged);
  EXPECT_NE(before, damaged);
}

TEST(CliLeague, KillNineLosesAtMostTheDealInProgress) {
  const std::string file = temp_path("kill.jsonl");
  const std::string args = "--league " + file +
                           " --entrant h=heuristic --entrant m=mcts:sims=30 --entrant r=random --deals 40 "
                           "--bootstrap 50";
  const std::string cmd = std::string(DDZ_BINARY_DIR) + "/ddz league " + args + " >/dev/null 2>&1";
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", ("exec " + cmd).c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Wait until some deals are in the file, then kill -9 mid-run.
  for (int i = 0; i < 400 && slurp_file(file).size() < 4000; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  const Result resumed = league(args);
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  const Result fresh = league("--league " + temp_path("fresh.jsonl") + args.substr(args.find(" --entrant")));
  ASSERT_EQ(fresh.code, 0) << fresh.err;
  // The same ratings and intervals; only the ms/move column (CPU times) may differ.
  auto without_times = [](const std::string& text) {
    std::string out;
    size_t pos = 0;
    while (pos < text.size()) {
      const size_t nl = text.find('\n', pos);
      std::string line = text.substr(pos, nl - pos);
      if (line.find("  mcts:sims") != std::string::npos || line.find("  heuristic") != std::string::npos ||
          line.find("  random") != std::string::npos)
        line = line.substr(0, 40);
      out += line + "\n";
      pos = nl == std::string::npos ? text.size() : nl + 1;
    }
    return out;
  };
  EXPECT_EQ(without_times(resumed.out), without_times(fresh.out));
}

TEST(CliLeague, RunCheckpointsBecomeEntrantsWithTheirTrainingTime) {
  // A run of two checkpoints: the shipped run's checkpoint under steps 1000 and 2000, with
  // their counters rewritten.
  const std::string run = ddz::testing::cli_temp_path("league_run");
  ASSERT_EQ(std::system(("rm -rf " + run + " && mkdir -p " + run + "/checkpoints").c_str()), 0);
  const std::string stem = std::string(DDZ_SOURCE_DIR) + "/models/pretrained/run/checkpoints/ckpt-01243359";
  ASSERT_TRUE(std::ifstream(stem + ".json").good());
  for (int step : {1000, 2000}) {
    char name[64];
    std::snprintf(name, sizeof name, "/checkpoints/ckpt-%08d", step);
    std::ofstream(run + name + ".weights", std::ios::binary) << slurp_file(stem + ".weights");
    auto meta = nlohmann::json::parse(slurp_file(stem + ".json"));
    meta["elapsed_s"] = 1.8 * step;
    meta["games"] = 100 * step;
    std::ofstream(run + name + ".json") << meta.dump();
  }
  const std::string out = temp_path("run_out");
  const Result r = league("--league " + temp_path("run.jsonl") + " --entrant heuristic=heuristic --run " + run +
                          " --deals 4 --bootstrap 20 --out " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("league_run-1000"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Training progress of " + run), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("      2000     1.00      200000"), std::string::npos) << r.out;
  EXPECT_TRUE(std::ifstream(run + "/league/ckpt-00002000.ddz").good());
  EXPECT_NE(slurp_file(out + "-run.svg").find("training hours"), std::string::npos);
  const Result none = league("--league " + temp_path("run2.jsonl") + " --run " + run + "/nothing");
  EXPECT_EQ(none.code, 2);
}

TEST(CliArenaSprt, StopsEarlyWithTheRightHypothesis) {
  Result r = ddz::testing::run_ddz("arena --agent heuristic --agent random --sprt 0,50 --deals 500 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["sprt"]["result"], "H1");
  EXPECT_LT(j["sprt"]["deals"].get<int>(), 100);
  EXPECT_EQ(j["deals_per_pair"], j["sprt"]["deals"]);
  EXPECT_EQ(j["pairs"][0]["deals"], j["sprt"]["deals"]);
  r = ddz::testing::run_ddz("arena --agent random --agent heuristic --sprt 0,50 --deals 500");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("H0 accepted after"), std::string::npos) << r.out;
  r = ddz::testing::run_ddz("arena --agent random --agent heuristic --sprt 5,0");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("ELO0 < ELO1"), std::string::npos) << r.err;
  r = ddz::testing::run_ddz("arena --agents random,heuristic,random --sprt 0,5");
  EXPECT_EQ(r.code, 2);
}

}  // namespace
