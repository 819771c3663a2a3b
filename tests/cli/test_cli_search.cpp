// End-to-end tests of `ddz minplays` and `ddz solve24`: run the built binary, check its output,
// its JSON and its exit codes (0 found, 1 no solution, 2 bad input naming the input).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "game/cards.h"

namespace ddz {
namespace {

struct CmdResult {
  int code = -1;
  std::string out;  // stdout and stderr together
};

CmdResult run_ddz(const std::string& args) {
  const std::string cmd = std::string(DDZ_BINARY_DIR) + "/ddz " + args + " 2>&1";
  CmdResult r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> v;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) v.push_back(line);
  return v;
}

TEST(CliMinPlays, PrintsCountThenOneCombinationALine) {
  const CmdResult r = run_ddz("minplays 33344455");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(lines(r.out), (std::vector<std::string>{"1", "33344455 trio_solo_chain"}));
}

TEST(CliMinPlays, JsonMovesAddUpToTheHand) {
  const CmdResult r = run_ddz("minplays --json 3456789TJQKA2XD");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["cards"], "3456789TJQKA2XD");
  EXPECT_EQ(j["plays"], 3);
  ASSERT_EQ(j["moves"].size(), 3u);
  Hand sum;
  for (const auto& m : j["moves"]) sum += parse_cards(m["cards"].get<std::string>());
  EXPECT_EQ(sum, parse_cards("3456789TJQKA2XD"));
}

TEST(CliMinPlays, BadCardsExitTwoNamingTheInput) {
  const CmdResult r = run_ddz("minplays 33Z4");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("33Z4"), std::string::npos) << r.out;
}

TEST(CliMinPlays, MoreThanTwentyCardsIsRefused) {
  const CmdResult r = run_ddz("minplays 3333444455556666777788");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("has 22 cards"), std::string::npos) << r.out;
}

TEST(CliSolve24, FindsTheFractionSolution) {
  const CmdResult r = run_ddz("solve24 3 3 8 8");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out, "8/(3-8/3)\n");
}

TEST(CliSolve24, AcceptsFaceCardLetters) {
  const CmdResult letters = run_ddz("solve24 A 2 Q k");
  const CmdResult numbers = run_ddz("solve24 1 2 12 13");
  ASSERT_EQ(letters.code, 0) << letters.out;
  EXPECT_EQ(letters.out, numbers.out);
}

TEST(CliSolve24, AllListsEveryDistinctExpression) {
  const CmdResult r = run_ddz("solve24 --all 1 2 3 4");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto v = lines(r.out);
  EXPECT_EQ(v.size(), 4u) << r.out;
  EXPECT_EQ(v.front(), "1*2*3*4");
}

TEST(CliSolve24, NoSolutionExitsOne) {
  const CmdResult r = run_ddz("solve24 1 1 1 1");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_EQ(r.out, "no solution\n");
}

TEST(CliSolve24, CountsSolvableMultisets) {
  const CmdResult r = run_ddz("solve24 --count");
  ASSERT_EQ(r.code, 0) << r.out;
  std::vector<std::string> counts;  // stderr also carries the time taken, on lines of its own
  for (const auto& line : lines(r.out))
    if (line.rfind("values", 0) == 0) counts.push_back(line);
  EXPECT_EQ(counts, (std::vector<std::string>{"values 1..9: 404 of 495 multisets solvable",
                                              "values 1..13: 1362 of 1820 multisets solvable"}));
}

TEST(CliSolve24, BadInputExitsTwoWithAClearMessage) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"solve24 1 2 3", "expected 4 card values"},      {"solve24 1 2 3 4 5", "got 5"},
      {"solve24 1 2 3 14", "\"14\" is outside 1..13"},  {"solve24 0 2 3 4", "\"0\" is outside 1..13"},
      {"solve24 1 2 3 x", "\"x\" is not a card value"}, {"solve24 --count --max 20", "outside 1..13"},
  };
  for (const auto& [args, message] : cases) {
    const CmdResult r = run_ddz(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << args << ": " << r.out;
  }
}

}  // namespace
}  // namespace ddz
