// Tests of the league: a run cut short (stopped after N deals, then its last line torn) and
// resumed reaches the same file contents and standings as one never stopped; damaged, foreign
// and inconsistent files are errors naming file and line and are left as they were; entrant
// checks; a changed model file is a new entrant; the adaptive schedule spends its budget.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "arena/league.h"
#include "arena/league_file.h"
#include "arena/league_report.h"

namespace ddz {
namespace {

std::string temp_path(const std::string& name) {
  const std::string p = std::string(DDZ_BINARY_DIR) + "/test_league_" + name;
  std::remove(p.c_str());
  return p;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

LeagueConfig small_league(const std::string& path, int threads) {
  LeagueConfig c;
  c.path = path;
  c.entrants = {{"heuristic", "heuristic"}, {"random", "random"}, {"mcts8", "mcts:sims=8"}};
  c.deals = 6;
  c.seed = 21;
  c.threads = threads;
  return c;
}

StandingsConfig standings_config() {
  StandingsConfig s;
  s.anchor = "heuristic";
  s.bootstrap = 50;
  return s;
}

// The lines of a file as a set of texts without the CPU times (which vary from run to run).
std::multiset<std::string> lines_without_times(const std::string& path) {
  std::multiset<std::string> out;
  for (LeagueLine l : read_league_file(path).lines) {
    l.cpu_ms = {0, 0};
    out.insert(league_line_text(l));
  }
  return out;
}

TEST(LeagueRun, ResumedAfterAnInterruptionEqualsAnUninterruptedRun) {
  const std::string whole = temp_path("whole.jsonl");
  const LeagueRunResult full = run_league(small_league(whole, 2));
  EXPECT_EQ(full.played, 18);
  EXPECT_EQ(full.lines.size(), 18u);

  const std::string cut = temp_path("cut.jsonl");
  LeagueConfig first = small_league(cut, 2);
  first.stop_after = 7;
  EXPECT_EQ(run_league(first).played, 7);
  EXPECT_EQ(read_league_file(cut).lines.size(), 7u);
  // A kill -9 during the next append: half a line at the end.
  const std::string text = slurp(cut);
  const size_t last_start = text.rfind('\n', text.size() - 2) + 1;
  write(cut, text + text.substr(last_start, (text.size() - last_start) / 2));
  const LeagueFileContents torn = read_league_file(cut);
  EXPECT_TRUE(torn.torn_tail);
  EXPECT_EQ(torn.lines.size(), 7u);

  std::vector<std::string> notices;
  LeagueConfig resume = small_league(cut, 1);
  resume.notice = [&notices](const std::string& t) { notices.push_back(t); };
  const LeagueRunResult rest = run_league(resume);
  EXPECT_EQ(rest.played, 11);
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_NE(notices[0].find("cut off"), std::string::npos);
  EXPECT_FALSE(read_league_file(cut).torn_tail);
  EXPECT_EQ(lines_without_times(cut), lines_without_times(whole));

  const LeagueStandings a = league_standings(full.lines, full.entrants, standings_config());
  const LeagueStandings b = league_standings(rest.lines, rest.entrants, standings_config());
  ASSERT_EQ(a.entrants.size(), 3u);
  ASSERT_EQ(b.entrants.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(a.entrants[i].id.name, b.entrants[i].id.name);
    EXPECT_NEAR(a.entrants[i].rating, b.entrants[i].rating, 1e-9);
    EXPECT_EQ(a.entrants[i].lo, b.entrants[i].lo);
    EXPECT_EQ(a.entrants[i].hi, b.entrants[i].hi);
    EXPECT_EQ(a.entrants[i].games, 24);
  }
  // A third run has nothing left to play; more deals play only the missing ones.
  EXPECT_EQ(run_league(small_league(cut, 2)).played, 0);
  LeagueConfig more = small_league(cut, 2);
  more.deals = 8;
  EXPECT_EQ(run_league(more).played, 6);
  // One more entrant plays only its pairs.
  LeagueConfig bigger = more;
  bigger.entrants.push_back({"mcts4", "mcts:sims=4"});
  EXPECT_EQ(run_league(bigger).played, 24);
}

TEST(LeagueRun, AdaptiveScheduleSpendsTheBudgetAndResumesToTheSameChoices) {
  const std::string whole = temp_path("adaptive.jsonl");
  LeagueConfig c = small_league(whole, 2);
  c.schedule = LeagueSchedule::Adaptive;
  c.deals = 32;  // 96 deals: a first batch of 16 per pair, then 3 batches chosen
  const LeagueRunResult full = run_league(c);
  EXPECT_EQ(full.played, 96);
  // Deals go to pairs a batch at a time.
  std::map<std::string, int> per_pair;
  for (const auto& l : full.lines) ++per_pair[std::min(l.a.name, l.b.name) + "-" + std::max(l.a.name, l.b.name)];
  for (const auto& [pair, n] : per_pair) EXPECT_EQ(n % kAdaptiveBatch, 0) << pair;

  const std::string cut = temp_path("adaptive_cut.jsonl");
  LeagueConfig first = c;
  first.path = cut;
  first.stop_after = 55;  // inside the first chosen batch
  run_league(first);
  LeagueConfig rest = c;
  rest.path = cut;
  rest.threads = 1;
  run_league(rest);
  EXPECT_EQ(lines_without_times(cut), lines_without_times(whole));
}

TEST(LeagueFile, DamagedLineIsAnErrorNamingFileAndLineAndNothingIsRewritten) {
  const std::string path = temp_path("damaged.jsonl");
  run_league(small_league(path, 1));
  std::string text = slurp(path);
  const size_t second = text.find('\n') + 1;
  text.erase(second + 40, 20);  // part of line 2 lost
  write(path, text);
  try {
    run_league(small_league(path, 1));
    FAIL() << "expected LeagueFileError";
  } catch (const LeagueFileError& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":2: not JSON"), std::string::npos) << e.what();
  }
  EXPECT_EQ(slurp(path), text);

  // A foreign line: JSON, but a game record.
  const std::string foreign = temp_path("foreign.jsonl");
  write(foreign, "{\"format\":\"ddz-game\",\"version\":1}\n");
  try {
    read_league_file(foreign);
    FAIL() << "expected LeagueFileError";
  } catch (const LeagueFileError& e) {
    EXPECT_NE(std::string(e.what()).find(foreign + ":1: not a league line"), std::string::npos) << e.what();
  }
}

TEST(LeagueFile, OtherSeedOrRulesOrARepeatedDealIsAnError) {
  const std::string path = temp_path("seed.jsonl");
  run_league(small_league(path, 1));
  const std::string before = slurp(path);
  LeagueConfig other_seed = small_league(path, 1);
  other_seed.seed = 22;
  EXPECT_THROW(run_league(other_seed), LeagueInputError);
  LeagueConfig other_rules = small_league(path, 1);
  other_rules.rules.bidding = true;
  try {
    run_league(other_rules);
    FAIL() << "expected LeagueInputError";
  } catch (const LeagueInputError& e) {
    EXPECT_NE(std::string(e.what()).find("was played with rules"), std::string::npos) << e.what();
  }
  EXPECT_EQ(slurp(path), before);
  // The first line again at the end: a deal twice.
  write(path, before + before.substr(0, before.find('\n') + 1));
  try {
    read_league_file(path);
    FAIL() << "expected LeagueFileError";
  } catch (const LeagueFileError& e) {
    EXPECT_NE(std::string(e.what()).find(":19: deal 0 of"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("is already on line 1"), std::string::npos) << e.what();
  }
}

TEST(LeagueEntrants, BadEntrantsAreErrorsNamingThem) {
  EXPECT_THROW(resolve_entrants({{"a", "heuristic"}, {"a", "random"}}), LeagueInputError);
  EXPECT_THROW(resolve_entrants({{"a", "heuristic"}, {"b", "heuristic"}}), LeagueInputError);
  EXPECT_THROW(resolve_entrants({{"a b", "heuristic"}}), LeagueInputError);
  try {
    resolve_entrants({{"x", "mcts:sims=banana"}});
    FAIL() << "expected LeagueInputError";
  } catch (const LeagueInputError& e) { EXPECT_NE(std::string(e.what()).find("entrant x:"), std::string::npos); }
  LeagueConfig one = small_league(temp_path("one.jsonl"), 1);
  one.entrants.resize(1);
  EXPECT_THROW(run_league(one), LeagueInputError);
}

TEST(LeagueEntrants, AChangedModelFileIsANewEntrant) {
  const std::string model = temp_path("model.bin");
  write(model, "first version");
  const std::string a = spec_checksum("net:" + model);
  EXPECT_EQ(a.size(), 16u);
  write(model, "second version");
  const std::string b = spec_checksum("net:" + model);
  EXPECT_NE(a, b);
  EXPECT_EQ(spec_checksum("heuristic"), "");

  // Lines of one name under two checksums stand as two entrants; the one this run does not
  // know is named with its checksum.
  LeagueLine l;
  l.a = {"x", "net:" + model, a};
  l.b = {"heuristic", "heuristic", ""};
  l.games[0] = {true, 1, 2};
  l.games[1] = {false, 1, -2};
  std::vector<LeagueLine> lines{l};
  l.a.checksum = b;
  l.games[1].a_score = 2;
  lines.push_back(l);
  const LeagueStandings st = league_standings(lines, {l.a, l.b}, standings_config());
  ASSERT_EQ(st.entrants.size(), 3u);
  std::set<std::string> names;
  for (const auto& e : st.entrants) names.insert(e.id.name);
  EXPECT_TRUE(names.count("x"));
  EXPECT_TRUE(names.count("x@" + a.substr(0, 8)));
  for (const auto& e : st.entrants)
    if (e.id.name == "x") { EXPECT_EQ(e.id.checksum, b); }
}

TEST(LeagueReport, TableJsonCsvAndSvgListEveryEntrant) {
  const std::string path = temp_path("report.jsonl");
  const LeagueRunResult r = run_league(small_league(path, 1));
  const LeagueStandings st = league_standings(r.lines, r.entrants, standings_config());
  const std::string text = league_text(st);
  for (const char* name : {"heuristic", "random", "mcts8"}) {
    EXPECT_NE(text.find(name), std::string::npos);
    EXPECT_NE(league_csv(st).find(name), std::string::npos);
    EXPECT_NE(league_svg(st).find(std::string(">") + name + "<"), std::string::npos);
  }
  const auto j = nlohmann::json::parse(league_json(st));
  EXPECT_EQ(j["entrants"].size(), 3u);
  EXPECT_EQ(j["pairs"].size(), 3u);
  EXPECT_EQ(j["deals"], 18);
  EXPECT_EQ(j["anchor"], "heuristic");
  for (const auto& p : j["pairs"]) EXPECT_EQ(p["deals"], 6);
  // The anchor sits at its rating with a zero-width interval.
  for (const auto& e : j["entrants"])
    if (e["name"] == "heuristic") { EXPECT_EQ(e["rating"], 1000.0); }
}

}  // namespace
}  // namespace ddz
