// Tests of the arena: duplicate structure (same deal twice, seats swapped), determinism across
// thread counts (results and records), round robin bookkeeping, statistics of known samples,
// agent list splitting, bad settings, CPU time per move (counts against the games' moves) and
// records written into a FIFO.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <future>
#include <map>
#include <sstream>
#include <nlohmann/json.hpp>

#include "arena/arena.h"
#include "arena/arena_report.h"
#include "arena/arena_stats.h"
#include "arena/cpu_time.h"
#include "agent/factory.h"
#include "arena/progress.h"
#include "agent/random_agent.h"
#include "tests/models/fifo_reader.h"

namespace ddz {
namespace {

std::string temp_path(const std::string& name) { return std::string(DDZ_BINARY_DIR) + "/test_arena_" + name; }

TEST(ArenaStats, MeanVarianceAndIntervalOfKnownSample) {
  RunningStat s;
  for (double x : {2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0}) s.add(x);
  EXPECT_EQ(s.count(), 8);
  EXPECT_DOUBLE_EQ(s.mean(), 5.0);
  EXPECT_NEAR(s.variance(), 32.0 / 7.0, 1e-12);
  const Interval ci = s.ci95();
  const double half = 1.959963984540054 * std::sqrt(32.0 / 7.0 / 8.0);
  EXPECT_NEAR(ci.lo, 5.0 - half, 1e-12);
  EXPECT_NEAR(ci.hi, 5.0 + half, 1e-12);
}

TEST(ArenaStats, MergeEqualsSequentialAdds) {
  RunningStat all, a, b;
  for (int i = 0; i < 50; ++i) {
    const double x = std::sin(i * 1.7) * 3.0 + i * 0.1;
    all.add(x);
    (i < 20 ? a : b).add(x);
  }
  a.merge(b);
  EXPECT_EQ(a.count(), all.count());
  EXPECT_NEAR(a.mean(), all.mean(), 1e-12);
  EXPECT_NEAR(a.variance(), all.variance(), 1e-10);
}

TEST(ArenaStats, WilsonIntervalOfKnownProportions) {
  const Interval w = wilson95(8, 10);
  EXPECT_NEAR(w.lo, 0.4902, 1e-3);
  EXPECT_NEAR(w.hi, 0.9433, 1e-3);
  const Interval all = wilson95(100, 100);
  EXPECT_LT(all.lo, 1.0);
  EXPECT_GT(all.lo, 0.95);
  EXPECT_DOUBLE_EQ(all.hi, 1.0);
  const Interval none = wilson95(0, 0);
  EXPECT_DOUBLE_EQ(none.lo, 0.0);
  EXPECT_DOUBLE_EQ(none.hi, 1.0);
}

TEST(ArenaStats, PValueOfClearAndNullDifferences) {
  RunningStat clear, null;
  for (int i = 0; i < 100; ++i) {
    clear.add(1.0 + (i % 2 ? 0.5 : -0.5));
    null.add(i % 2 ? 1.0 : -1.0);
  }
  EXPECT_LT(two_sided_p(clear), 1e-6);
  EXPECT_GT(two_sided_p(null), 0.9);
}

TEST(Arena, DuplicateDealIsPlayedTwiceWithSeatsSwapped) {
  std::array<RandomAgent, kNumSeats> a{RandomAgent(0, "A"), RandomAgent(0, "A"), RandomAgent(0, "A")};
  std::array<RandomAgent, kNumSeats> b{RandomAgent(0, "B"), RandomAgent(0, "B"), RandomAgent(0, "B")};
  DuplicateAgents da;
  for (int s = 0; s < kNumSeats; ++s) {
    da.a[size_t(s)] = &a[size_t(s)];
    da.b[size_t(s)] = &b[size_t(s)];
  }
  da.index_a = 0;
  da.index_b = 1;
  for (int64_t deal = 0; deal < 20; ++deal) {
    std::array<std::string, 2> records;
    const auto games = play_duplicate_deal(7, deal, Rules(), da, &records);
    EXPECT_EQ(games[0].dealt.hands, games[1].dealt.hands);
    EXPECT_EQ(games[0].dealt.kitty, games[1].dealt.kitty);
    EXPECT_EQ(games[0].agent, (std::array<int, 3>{0, 1, 1}));
    EXPECT_EQ(games[1].agent, (std::array<int, 3>{1, 0, 0}));
    EXPECT_EQ(games[0].landlord, 0);
    EXPECT_EQ(games[1].landlord, 0);
    EXPECT_EQ(games[0].landlord_agent(), 0);
    EXPECT_EQ(games[1].landlord_agent(), 1);
    for (int r = 0; r < 2; ++r) {
      const auto j = nlohmann::json::parse(records[size_t(r)]);
      EXPECT_EQ(j.dump().find('\n'), std::string::npos);
      const std::string dumped = j.dump();
      EXPECT_NE(dumped.find(r == 0 ? "\"A\"" : "\"B\""), std::string::npos) << dumped;
      // Side scores are zero-sum and +-2 x stake.
      EXPECT_EQ(games[size_t(r)].side_score(0) + games[size_t(r)].side_score(1), 0);
      EXPECT_EQ(std::abs(games[size_t(r)].side_score(0)), 2 * games[size_t(r)].stake);
    }
  }
}

TEST(Arena, BiddingReplaySwapsSeatsAndKeepsTheDeal) {
  std::array<RandomAgent, kNumSeats> a, b;
  DuplicateAgents da;
  for (int s = 0; s < kNumSeats; ++s) {
    da.a[size_t(s)] = &a[size_t(s)];
    da.b[size_t(s)] = &b[size_t(s)];
  }
  Rules rules;
  rules.bidding = true;
  int same_deal = 0;
  for (int64_t deal = 0; deal < 30; ++deal) {
    const auto games = play_duplicate_deal(11, deal, rules, da);
    EXPECT_EQ(games[0].agent, (std::array<int, 3>{0, 1, 1}));
    EXPECT_EQ(games[1].agent, (std::array<int, 3>{1, 0, 0}));
    if (games[0].dealt.hands == games[1].dealt.hands) ++same_deal;
  }
  // Only deals that all three seats passed (redealt differently per replay) may differ.
  EXPECT_GE(same_deal, 20);
}

ArenaResult small_match(int threads, const std::string& records = "") {
  ArenaConfig c;
  c.agents = {"random", "heuristic", "random"};
  c.deals = 40;
  c.seed = 99;
  c.threads = threads;
  c.records_path = records;
  return run_arena(c);
}

TEST(Arena, SameResultsAndRecordsWithAnyThreadCount) {
  const std::string p1 = temp_path("records_t1.jsonl");
  const std::string p3 = temp_path("records_t3.jsonl");
  const ArenaResult r1 = small_match(1, p1);
  const ArenaResult r3 = small_match(3, p3);
  ASSERT_EQ(r1.agents.size(), r3.agents.size());
  for (size_t i = 0; i < r1.agents.size(); ++i) {
    EXPECT_EQ(r1.agents[i].landlord.wins, r3.agents[i].landlord.wins);
    EXPECT_EQ(r1.agents[i].farmer.wins, r3.agents[i].farmer.wins);
    EXPECT_EQ(r1.agents[i].landlord.score.mean(), r3.agents[i].landlord.score.mean());
    EXPECT_EQ(r1.agents[i].farmer.score.variance(), r3.agents[i].farmer.score.variance());
  }
  for (size_t p = 0; p < r1.pairs.size(); ++p) {
    EXPECT_EQ(r1.pairs[p].paired_score.mean(), r3.pairs[p].paired_score.mean());
    EXPECT_EQ(r1.pairs[p].paired_score.variance(), r3.pairs[p].paired_score.variance());
  }
  const std::string rec1 = slurp(p1);
  EXPECT_EQ(rec1, slurp(p3));
  EXPECT_FALSE(std::ifstream(p1 + ".tmp").good()) << "temporary records file left behind";
  // 3 pairs x 40 deals x 2 replays, one JSON object a line.
  std::istringstream lines(rec1);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    EXPECT_NO_THROW(nlohmann::json::parse(line));
    ++n;
  }
  EXPECT_EQ(n, 240);
  std::remove(p1.c_str());
  std::remove(p3.c_str());
}

// A records path that is a FIFO (as /dev/stdout can be) is written into, not replaced by a plain
// file: renaming the finished temporary file over a device would destroy the device.
TEST(Arena, RecordsIntoAFifoAreWrittenThrough) {
  const std::string fifo = temp_path("records.fifo");
  std::remove(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::future<std::string> reader = read_fifo_async(fifo);
  small_match(1, fifo);
  ASSERT_EQ(reader.wait_for(std::chrono::seconds(60)), std::future_status::ready) << "nothing written into the FIFO";
  const std::string records = reader.get();
  EXPECT_EQ(std::count(records.begin(), records.end(), '\n'), 240);
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced by a plain file";
  EXPECT_FALSE(std::ifstream(fifo + ".tmp").good());
  std::remove(fifo.c_str());
}

TEST(Arena, RoundRobinBookkeeping) {
  const ArenaResult r = small_match(2);
  ASSERT_EQ(r.pairs.size(), 3u);
  EXPECT_EQ(r.games, 240);
  for (const AgentResult& a : r.agents) {
    // Two pairs per agent, 40 deals each, one landlord and one farmer game per deal.
    EXPECT_EQ(a.landlord.games, 80);
    EXPECT_EQ(a.farmer.games, 80);
  }
  for (const PairResult& p : r.pairs) {
    EXPECT_EQ(p.deals, 40);
    EXPECT_EQ(p.a_landlord.games + p.a_farmer.games, 80);
    // Zero-sum: A's side scores and B's side scores cancel over the pair.
    const double a_total =
        p.a_landlord.score.mean() * double(p.a_landlord.games) + p.a_farmer.score.mean() * double(p.a_farmer.games);
    const double b_total =
        p.b_landlord.score.mean() * double(p.b_landlord.games) + p.b_farmer.score.mean() * double(p.b_farmer.games);
    EXPECT_NEAR(a_total + b_total, 0.0, 1e-6);
    EXPECT_NEAR(p.paired_score.mean() * double(p.deals), a_total, 1e-6);
    // A landlord win is a farmer loss of the other agent in the same game.
    EXPECT_EQ(p.a_landlord.wins + p.b_farmer.wins, p.a_landlord.games);
  }
  const std::string text = arena_text(r, 2);
  EXPECT_NE(text.find("verdict:"), std::string::npos);
  const auto j = nlohmann::json::parse(arena_json(r));
  EXPECT_EQ(j["agents"].size(), 3u);
  EXPECT_EQ(j["pairs"].size(), 3u);
  EXPECT_EQ(j["agents"][0]["name"], "random #1");
  const std::string csv = arena_csv(r);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 9 + 3 * 5);
}

TEST(CpuTime, QuantilesOfKnownTimesAreWithinTheBucketWidth) {
  CpuTimeStats c;
  EXPECT_EQ(c.quantile_ms(0.5), 0.0);
  for (int64_t us = 1; us <= 1000; ++us) c.add_play(us * 1000);
  EXPECT_EQ(c.moves(), 1000);
  EXPECT_NEAR(c.seconds(), 1000.0 * 1001.0 / 2.0 * 1e-6, 1e-9);
  EXPECT_NEAR(c.mean_ms(), 0.5005, 1e-9);
  // 8 buckets per doubling: within 2^(1/8) - 1 = 9% of the nearest-rank quantile.
  EXPECT_NEAR(c.quantile_ms(0.5), 0.500, 0.500 * 0.09);
  EXPECT_NEAR(c.quantile_ms(0.9), 0.900, 0.900 * 0.09);
  EXPECT_DOUBLE_EQ(c.quantile_ms(1.0), 1.0);  // clamped to the exact maximum
  EXPECT_DOUBLE_EQ(c.quantile_ms(0.0), 0.001);  // and minimum
  EXPECT_DOUBLE_EQ(c.max_ms(), 1.0);
  CpuTimeStats one;
  one.add_play(2500000);
  EXPECT_DOUBLE_EQ(one.quantile_ms(0.5), 2.5);  // a single time is exact
  one.add_play(-5);  // a clock step backwards counts as 0, never negative
  EXPECT_GE(one.quantile_ms(0.0), 0.0);
  c.merge(one);
  EXPECT_EQ(c.moves(), 1002);
  EXPECT_DOUBLE_EQ(c.max_ms(), 2.5);
}

// Plays and bids per agent spec in a records file, counted from the game records.
std::map<std::string, std::pair<int64_t, int64_t>> decisions_in_records(const std::string& path) {
  std::map<std::string, std::pair<int64_t, int64_t>> out;
  std::istringstream lines(slurp(path));
  std::string line;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line);
    for (const auto& p : j["plays"]) ++out[j["agents"][p["seat"].get<size_t>()].get<std::string>()].first;
    for (const auto& b : j["bids"]) ++out[j["agents"][b["seat"].get<size_t>()].get<std::string>()].second;
  }
  return out;
}

TEST(Arena, CpuTimesCountEveryMoveOfTheGames) {
  for (const bool bidding : {false, true}) {
    for (const int threads : {1, 3}) {
      const std::string records = temp_path("cpu_records.jsonl");
      ArenaConfig c;
      c.agents = {"random", "heuristic", "mcts:sims=8,solver=0"};
      c.deals = 12;
      c.seed = 5;
      c.threads = threads;
      c.rules.bidding = bidding;
      c.records_path = records;
      const ArenaResult r = run_arena(c);
      const auto counted = decisions_in_records(records);
      for (const AgentResult& a : r.agents) {
        SCOPED_TRACE(a.spec + (bidding ? " bidding" : "") + " threads " + std::to_string(threads));
        EXPECT_EQ(a.cpu.moves(), counted.at(a.spec).first);
        // A deal all three pass is redealt; its bids were made (and timed) but are not recorded.
        EXPECT_GE(a.cpu.bids(), counted.at(a.spec).second);
        if (bidding) {
          EXPECT_GT(a.cpu.bids(), 0);
        } else {
          EXPECT_EQ(a.cpu.bids(), 0);
        }
        EXPECT_GT(a.cpu.moves(), 0);
        EXPECT_GE(a.cpu.seconds(), 0.0);
        EXPECT_GE(a.cpu.bid_seconds(), 0.0);
        EXPECT_GE(a.cpu.quantile_ms(0.5), 0.0);
        EXPECT_LE(a.cpu.quantile_ms(0.5), a.cpu.quantile_ms(0.9));
        EXPECT_LE(a.cpu.quantile_ms(0.9), a.cpu.max_ms());
        EXPECT_NEAR(a.cpu.mean_ms() * double(a.cpu.moves()), a.cpu.seconds() * 1e3, 1e-6);
      }
      std::remove(records.c_str());
    }
  }
}

// Lines of `text` that start with `prefix` (after the name column's padding).
size_t rows_starting(const std::string& text, const std::string& prefix) {
  size_t n = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) n += line.rfind(prefix, 0) == 0;
  return n;
}

TEST(Arena, TextReportPrintsEachTableOnce) {
  ArenaConfig c;
  c.agents = {"random", "heuristic"};
  c.deals = 10;
  c.cpu_clock = CpuClock::Off;
  const std::string two = arena_text(run_arena(c), 1);
  // One pair: its role table is the summary's, printed once (three rows per agent).
  EXPECT_EQ(rows_starting(two, "random     landlord"), 1u) << two;
  EXPECT_EQ(rows_starting(two, "heuristic  farmers"), 1u) << two;
  EXPECT_NE(two.find("paired per deal for random"), std::string::npos) << two;
  EXPECT_NE(two.find("verdict: "), std::string::npos) << two;
  // Several pairs: each pair's own table follows the summary (random against each other agent).
  const std::string three = arena_text(small_match(1), 1);
  EXPECT_GT(rows_starting(three, "random #1  landlord"), 1u) << three;
}

TEST(Arena, ReportsCarryTheCpuTimes) {
  ArenaConfig c;
  c.agents = {"random", "heuristic"};
  c.deals = 10;
  const ArenaResult r = run_arena(c);
  const auto j = nlohmann::json::parse(arena_json(r));
  EXPECT_EQ(j["cpu_clock"], "thread");
  for (size_t i = 0; i < 2; ++i) {
    const auto& cpu = j["agents"][i]["cpu"];
    for (const char* key :
         {"clock", "moves", "seconds", "mean_ms", "p50_ms", "p90_ms", "max_ms", "bids", "bid_seconds", "bid_mean_ms"})
      EXPECT_TRUE(cpu.contains(key)) << key << " in " << cpu.dump();
    EXPECT_EQ(cpu["moves"].get<int64_t>(), r.agents[i].cpu.moves());
    EXPECT_GE(cpu["p50_ms"].get<double>(), 0.0);
  }
  const std::string text = arena_text(r, 1);
  EXPECT_NE(text.find("CPU time per move"), std::string::npos) << text;
  EXPECT_NE(text.find("not counted"), std::string::npos) << text;  // the thread clock's caveat
  const std::string csv = arena_csv(r);
  EXPECT_EQ(csv.rfind("scope,agent,role,games,wins,wp,wp_lo,wp_hi,adp,adp_lo,adp_hi,moves,cpu_s,cpu_ms_mean,"
                      "cpu_ms_p50,cpu_ms_p90,bids,bid_cpu_s\n",
                      0),
            0u)
      << csv;
  // Every row has the header's 18 columns; the agent's "all,all" row holds its move count.
  std::istringstream rows(csv);
  std::string row;
  while (std::getline(rows, row)) EXPECT_EQ(std::count(row.begin(), row.end(), ','), 17) << row;
  EXPECT_NE(csv.find(",random,all,"), std::string::npos);
  EXPECT_NE(csv.find("," + std::to_string(r.agents[0].cpu.moves()) + ","), std::string::npos) << csv;

  c.cpu_clock = CpuClock::Off;
  const ArenaResult off = run_arena(c);
  EXPECT_EQ(off.agents[0].cpu.moves(), 0);
  EXPECT_EQ(off.agents[0].landlord.wins, r.agents[0].landlord.wins);  // timing changes no result
  EXPECT_TRUE(nlohmann::json::parse(arena_json(off))["agents"][0]["cpu"].is_null());
  EXPECT_EQ(arena_text(off, 1).find("CPU time per move"), std::string::npos);
}

TEST(Progress, RendersFractionRateAndEta) {
  const std::string half = ProgressBar::render(500, 1000, 2.0, "games", 10);
  EXPECT_EQ(half.substr(0, 12), "[#####.....]");
  EXPECT_NE(half.find(" 50% 500/1000 games"), std::string::npos) << half;
  EXPECT_NE(half.find("250 games/s"), std::string::npos) << half;
  EXPECT_NE(half.find("ETA 0:02"), std::string::npos) << half;
  const std::string start = ProgressBar::render(0, 1000, 0.0, "games", 10);
  EXPECT_NE(start.find("ETA --:--"), std::string::npos) << start;
  const std::string done = ProgressBar::render(1000, 1000, 100.0, "games", 10);
  EXPECT_EQ(done.substr(0, 12), "[##########]");
  // A disabled bar writes nothing.
  std::FILE* f = std::tmpfile();
  {
    ProgressBar bar(10, "games", false, f);
    bar.update(5);
    bar.finish();
  }
  EXPECT_EQ(std::ftell(f), 0L);
  std::fclose(f);
}

TEST(Arena, SplitsAgentListsOnlyBetweenSpecs) {
  EXPECT_EQ(split_agent_list("heuristic,random"), (std::vector<std::string>{"heuristic", "random"}));
  EXPECT_EQ(split_agent_list("random:x=1,y=2,heuristic"), (std::vector<std::string>{"random:x=1,y=2", "heuristic"}));
  EXPECT_EQ(split_agent_list("heuristic"), (std::vector<std::string>{"heuristic"}));
  EXPECT_EQ(split_agent_list("nonsense,random"), (std::vector<std::string>{"nonsense", "random"}));
  EXPECT_EQ(split_agent_list("mcts+net:m.ddz,sims=5,heuristic:danger=2"),
            (std::vector<std::string>{"mcts+net:m.ddz,sims=5", "heuristic:danger=2"}));
  EXPECT_EQ(split_agent_list("net:runs/a=b/m.ddz,random"), (std::vector<std::string>{"net:runs/a=b/m.ddz", "random"}));
}

TEST(Arena, RejectsBadSettings) {
  ArenaConfig c;
  c.agents = {"random"};
  EXPECT_THROW(run_arena(c), std::invalid_argument);
  c.agents = {"random", "random:fast=1"};
  EXPECT_THROW(run_arena(c), AgentSpecError);
  c.agents = {"random", "random"};
  c.deals = 0;
  EXPECT_THROW(run_arena(c), std::invalid_argument);
  c.deals = 1;
  c.threads = 0;
  EXPECT_THROW(run_arena(c), std::invalid_argument);
  c.threads = 1;
  c.records_path = "/nonexistent-dir/x.jsonl";
  EXPECT_THROW(run_arena(c), std::runtime_error);
}

}  // namespace
}  // namespace ddz
