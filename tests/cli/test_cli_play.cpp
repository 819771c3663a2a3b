// End-to-end tests of `ddz play` through a pipe: a scripted whole game (with bad input explained
// and asked again, hints, passes), end of input mid-game, bidding, and option errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "tests/cli/cli_runner.h"

namespace {

using Result = ddz::testing::CliResult;

// Runs `ddz play ARGS < input`, stderr merged into stdout as a person at a terminal sees it.
Result play_with_input(const std::string& args, const std::string& input, const std::string& env = "") {
  return ddz::testing::run_ddz_with_input("play " + args, input, ddz::testing::Stderr::MergeIntoStdout, env);
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A script that works whatever the opponents do: try to pass, then every single card from low to
// high; lines that are not legal now are explained and the next line is tried.
std::string stubborn_script(int blocks) {
  std::string s;
  for (int b = 0; b < blocks; ++b) {
    s += "hint\nzz9\npass\n";
    for (const char* card : {"3", "4", "5", "6", "7", "8", "9", "10", "j", "Q", "K", "A", "2", "B", "R"})
      s += std::string(card) + "\n";
  }
  return s;
}

TEST(CliPlay, ScriptedGameRunsToTheEnd) {
  const Result r =
      play_with_input("--opponents random --hint-agent random --seat landlord_down --seed 4", stubborn_script(60));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("You are landlord_down"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game over"), std::string::npos) << r.out;
  EXPECT_TRUE(r.out.find("You win!") != std::string::npos || r.out.find("You lose.") != std::string::npos);
  EXPECT_GT(count(r.out, "Hint: "), 0u);
  EXPECT_GT(count(r.out, "Not a move: "), 0u);  // "zz9"
  EXPECT_GT(count(r.out, "Illegal: "), 0u);  // cards not held, or not beating
  EXPECT_NE(r.out.find("Your hand: "), std::string::npos);
  EXPECT_NE(r.out.find("Cards left:"), std::string::npos);
  EXPECT_EQ(r.out.find('\033'), std::string::npos) << "no colours on a pipe";
  // Same seed and script: the same game.
  EXPECT_EQ(
      play_with_input("--opponents random --hint-agent random --seat landlord_down --seed 4", stubborn_script(60)).out,
      r.out);
}

// The default opponents are the shipped network (tests/cli/test_cli_pretrained.cpp); heuristic
// opponents need no network file, so a missing one must not matter.
TEST(CliPlay, HeuristicOpponentsFinishAGameWithoutTheShippedFile) {
  const Result r = play_with_input("--opponents heuristic --seat landlord_up --seed 5", stubborn_script(60),
                                   "DDZ_PRETRAINED=/nonexistent/agent.ddz");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("opponents heuristic"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game over"), std::string::npos) << r.out;
}

TEST(CliPlay, LandlordMustLeadAndPassIsRefused) {
  const Result r = play_with_input("--opponents random --hint-agent random --seat landlord --seed 8", "pass\n");
  EXPECT_NE(r.out.find("Illegal: the leader of a trick may not pass"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Input ended: game abandoned."), std::string::npos) << r.out;
  EXPECT_EQ(r.code, 0);
}

TEST(CliPlay, EndOfInputEndsCleanly) {
  const Result r = play_with_input("--opponents random --hint-agent random --seed 1", "");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Input ended: game abandoned."), std::string::npos) << r.out;
}

TEST(CliPlay, BiddingGame) {
  const Result r =
      play_with_input("--opponents random --hint-agent random --bidding --seed 2", "9\nhint\n" + stubborn_script(60));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("\"9\" is not a bid you can make now"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Landlord: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game over"), std::string::npos) << r.out;
}

TEST(CliPlay, BadOptionsAreUsageErrors) {
  EXPECT_EQ(play_with_input("--opponents nosuch --seed 1", "").code, 2);
  EXPECT_EQ(play_with_input("--bidding --seat landlord --opponents random --seed 1", "").code, 2);
  EXPECT_NE(play_with_input("--seat middle", "").code, 0);
}

}  // namespace
