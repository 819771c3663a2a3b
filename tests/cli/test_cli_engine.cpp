// End-to-end tests of the engine's subcommands (classify, moves, catalogue, game, bench): run the
// built `ddz` with popen and check stdout, stderr and exit codes, bad input included.
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

int count_lines(const std::string& s) { return int(std::count(s.begin(), s.end(), '\n')); }

TEST(CliEngine, Classify) {
  Result r = run("classify 33344455");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("33344455: trio_solo_chain, key 3, length 2"), std::string::npos) << r.out;
  r = run("classify '10 10 10 j'");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("TTTJ: trio_solo"), std::string::npos) << r.out;
  r = run("classify 333444XD");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("not a combination"), std::string::npos);
  r = run("classify 3Z4");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("3Z4"), std::string::npos) << r.err;
}

TEST(CliEngine, Moves) {
  Result r = run("moves --hand 34 --beat 3");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "4\npass\n");
  r = run("moves --hand 33344455XD --beat 6");
  EXPECT_EQ(r.out, "X\nD\nXD\npass\n");
  r = run("moves --hand 3334");
  EXPECT_EQ(r.out, "3\n4\n33\n333\n3334\n");
  r = run("moves --hand 3334 --beat pass");
  EXPECT_EQ(r.out, "3\n4\n33\n333\n3334\n");
  r = run("moves --hand 44 --beat 33 --json");
  ASSERT_EQ(r.code, 0);
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["moves"].size(), 2u);
  EXPECT_EQ(j["moves"][0]["cards"], "44");
  EXPECT_EQ(j["moves"][0]["type"], "pair");
  EXPECT_EQ(j["moves"][0]["key"], "4");
  EXPECT_EQ(j["moves"][0]["action_id"], 16);
  EXPECT_EQ(j["moves"][1]["cards"], "pass");
  EXPECT_EQ(j["moves"][1]["action_id"], 27471);
}

TEST(CliEngine, MovesBadInput) {
  Result r = run("moves --hand 3Q3Y");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("3Q3Y"), std::string::npos) << r.err;
  r = run("moves --hand 34 --beat 3456");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("3456"), std::string::npos) << r.err;
  r = run("moves --hand 33333");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("33333"), std::string::npos) << r.err;
  r = run("moves --hand 3333 --beat 3");
  EXPECT_EQ(r.code, 2);
  r = run("moves");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("--hand"), std::string::npos) << r.err;
}

TEST(CliEngine, Catalogue) {
  Result r = run("catalogue");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(count_lines(r.out), 27471);
  EXPECT_EQ(r.out.substr(0, 12), "0 3 solo 3 1");
  r = run("catalogue --type rocket");
  EXPECT_EQ(r.out, "27470 XD rocket - 1\n");
  r = run("catalogue --type trio_pair_chain");
  EXPECT_EQ(count_lines(r.out), 2939);
  r = run("catalogue --type bomb --json");
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 13u);
  EXPECT_EQ(j[0]["cards"], "3333");
  EXPECT_EQ(j[0]["id"], 27457);
  r = run("catalogue --type bombs");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bombs"), std::string::npos) << r.err;
}

TEST(CliEngine, GamePlaysAndReplays) {
  Result a = run("game --seed 5");
  Result b = run("game --seed 5");
  EXPECT_EQ(a.code, 0);
  EXPECT_EQ(a.out, b.out) << "same seed, same game";
  EXPECT_NE(a.out.find("winner: seat"), std::string::npos);
  EXPECT_NE(a.out.find("scores:"), std::string::npos);
  Result c = run("game --seed 11 --bidding --json");
  ASSERT_EQ(c.code, 0);
  const auto j = nlohmann::json::parse(c.out);
  EXPECT_EQ(j["format"], "ddz-game");
  EXPECT_EQ(j["seed"], 11);
  EXPECT_TRUE(j["rules"]["bidding"].get<bool>());
  EXPECT_FALSE(j["bids"].empty());
  const auto scores = j["scores"];
  EXPECT_EQ(scores[0].get<int>() + scores[1].get<int>() + scores[2].get<int>(), 0);
  const std::string path = temp_path("record.json");
  std::ofstream(path) << c.out;
  Result r = run("game --replay " + path);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("record replayed and validated"), std::string::npos);
  r = run("game --replay " + path + " --json");
  EXPECT_EQ(nlohmann::json::parse(r.out), j) << "replay reproduces the record";
  // JSON lines: pick the second record.
  Result d = run("game --seed 12 --json");
  std::ofstream(path) << c.out << d.out;
  r = run("game --replay " + path + " --index 1 --json");
  EXPECT_EQ(nlohmann::json::parse(r.out), nlohmann::json::parse(d.out));
  r = run("game --replay " + path + " --index 2");
  EXPECT_EQ(r.code, 2);
}

TEST(CliEngine, GameBadInput) {
  Result r = run("game --replay /nonexistent/record.json");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("/nonexistent/record.json"), std::string::npos) << r.err;
  const std::string path = temp_path("bad.json");
  Result c = run("game --seed 3 --json");
  auto j = nlohmann::json::parse(c.out);
  j["plays"][0]["cards"] = "3456";
  std::ofstream(path) << j.dump();
  r = run("game --replay " + path);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("plays[0]"), std::string::npos) << r.err;
  j = nlohmann::json::parse(c.out);
  j["scores"][0] = 999;
  std::ofstream(path) << j.dump();
  r = run("game --replay " + path);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("scores"), std::string::npos) << r.err;
  std::ofstream(path) << "{not json";
  r = run("game --replay " + path);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("JSON"), std::string::npos) << r.err;
  r = run("game --agent nosuchagent");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("nosuchagent"), std::string::npos) << r.err;
  r = run("game --no-double bombs");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bombs"), std::string::npos) << r.err;
}

TEST(CliEngine, DocumentedExampleReplays) {
  const std::string doc = slurp_file(std::string(DDZ_SOURCE_DIR) + "/docs/game_record.md");
  const size_t start = doc.find("```json\n");
  ASSERT_NE(start, std::string::npos);
  const size_t end = doc.find("\n```", start + 8);
  ASSERT_NE(end, std::string::npos);
  const std::string path = temp_path("doc_example.json");
  std::ofstream(path) << doc.substr(start + 8, end - start - 8);
  Result r = run("game --replay " + path);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("record replayed and validated"), std::string::npos);
}

TEST(CliEngine, BenchJson) {
  Result r = run("bench --games 30 --reps 1 --positions 20 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_GT(j["games_per_second"]["engine"].get<double>(), 0);
  EXPECT_GT(j["games_per_second"]["agents"].get<double>(), 0);
  EXPECT_GT(j["legal_moves_leading_20"]["median_ns"].get<double>(), 0);
  EXPECT_GT(j["legal_moves_leading_20"]["mean_moves"].get<double>(), 1);
  EXPECT_GT(j["legal_moves_following"]["median_ns"].get<double>(), 0);
}

TEST(CliEngine, HelpEverywhere) {
  for (const char* cmd : {"classify", "moves", "catalogue", "game", "bench"}) {
    Result r = run(std::string(cmd) + " --help");
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << cmd;
  }
}

}  // namespace
