// End-to-end tests of `ddz serve`: scripted request lines, a whole game asked through the binary,
// a few thousand fuzzed lines answered one per line without a crash, and the Botzone mode.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "game/catalogue.h"
#include "game/movegen.h"
#include "game/observation.h"
#include "game/rng.h"
#include "game/state.h"
#include "tests/cli/cli_runner.h"

namespace {

using json = nlohmann::json;
using namespace ddz;

using Result = ddz::testing::CliResult;

// Runs `ddz ARGS < input`, returning stdout and the exit code (stderr is dropped).
Result run_with_input(const std::string& args, const std::string& input) {
  return ddz::testing::run_ddz_with_input(args, input, ddz::testing::Stderr::Drop);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  std::string line;
  while (std::getline(s, line)) out.push_back(line);
  return out;
}

// The protocol request of a seat's Observation, written here from docs/protocol.md (this test
// binary does not link the agent layer).
json request_of(const Observation& obs) {
  if (obs.phase == Phase::Bidding) {
    json bids = json::array();
    for (const auto& b : obs.bids) bids.push_back(b.bid);
    return {{"type", "bid"}, {"hand", to_string(obs.hand)}, {"bids", bids}};
  }
  json history = json::array();
  for (const auto& rec : obs.history)
    history.push_back({{"role", role_name(obs.role_of(rec.seat))}, {"cards", to_string(rec.move)}});
  json request = {{"type", "play"},
                  {"role", role_name(obs.role())},
                  {"hand", to_string(obs.hand)},
                  {"kitty", to_string(obs.kitty)},
                  {"history", history}};
  if (!obs.bids.empty()) {
    json bids = json::array();
    for (const auto& b : obs.bids) bids.push_back({{"role", role_name(obs.role_of(b.seat))}, {"bid", b.bid}});
    request["bids"] = bids;
  }
  return request;
}

TEST(CliServe, AnswersEachLineAndSkipsBlankOnes) {
  const std::string input =
      R"({"id": 7, "type": "play", "role": "landlord_up", "hand": "34456789TJQKA2XD2", "kitty": "678", "history": [{"role": "landlord", "cards": "33"}, {"role": "landlord_down", "cards": "55"}]})"
      "\n\n   \ngarbage\n"
      R"({"id": "b", "type": "bid", "hand": "33445566778899TTJ", "bids": [1]})"
      "\n"
      R"({"id": 9, "type": "play", "role": "landlord_down", "hand": "3", "kitty": "678", "history": []})"
      "\n";
  const Result r = run_with_input("serve --agent random", input);
  EXPECT_EQ(r.code, 0);
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), 4u) << r.out;
  const json a = json::parse(out[0]);
  EXPECT_EQ(a["id"], 7);
  EXPECT_TRUE(a["move"] == "22" || a["move"] == "XD" || a["move"] == "pass") << out[0];
  EXPECT_TRUE(json::parse(out[1]).contains("error"));
  const json b = json::parse(out[2]);
  EXPECT_EQ(b["id"], "b");
  EXPECT_TRUE(b["bid"] == 0 || b["bid"] == 2 || b["bid"] == 3) << out[2];
  const json c = json::parse(out[3]);
  EXPECT_EQ(c["id"], 9);
  EXPECT_NE(c["error"].get<std::string>().find("turn"), std::string::npos) << out[3];
}

// Every decision of a game is asked of a fresh `ddz serve` process, as a stateless client would.
TEST(CliServe, PlaysAWholeGameThroughTheBinary) {
  Rules rules;
  rules.bidding = true;
  GameState state(11, rules);
  int asked = 0;
  while (state.phase() != Phase::Over && asked < 300) {
    const Observation obs = observe(state, state.to_move());
    const Result r = run_with_input("serve --agent random --seed 3", request_of(obs).dump() + "\n");
    ASSERT_EQ(r.code, 0);
    const json answer = json::parse(r.out);
    ASSERT_FALSE(answer.contains("error")) << request_of(obs).dump() << "\n-> " << r.out;
    if (state.phase() == Phase::Bidding) {
      ASSERT_EQ(state.apply_bid(answer["bid"].get<int>()), "");
    } else {
      ASSERT_EQ(state.apply_move(parse_move(answer["move"].get<std::string>())), "") << r.out;
      ASSERT_EQ(answer["type"], type_name(parse_move(answer["move"].get<std::string>()).type));
    }
    ++asked;
  }
  EXPECT_EQ(state.phase(), Phase::Over);
}

TEST(CliServe, FuzzedLinesGetOneAnswerEachAndNoCrash) {
  // Request lines from seeded random games, then byte-level mutations of them.
  std::vector<std::string> base;
  Rng rng(99);
  std::vector<Move> legal;
  for (uint64_t seed = 0; seed < 10; ++seed) {
    Rules rules;
    rules.bidding = seed % 2 == 1;
    GameState state(seed, rules);
    while (state.phase() != Phase::Over) {
      const Observation obs = observe(state, state.to_move());
      if (base.size() < 400) base.push_back(request_of(obs).dump());
      if (state.phase() == Phase::Bidding) {
        const auto bids = state.legal_bids();
        state.apply_bid(bids[rng.below(uint32_t(bids.size()))]);
      } else {
        state.legal(legal);
        state.apply_move(legal[rng.below(uint32_t(legal.size()))]);
      }
    }
  }
  std::string input;
  for (int i = 0; i < 3000; ++i) {
    std::string s = base[rng.below(uint32_t(base.size()))];
    for (int e = 0, edits = 1 + int(rng.below(3)); e < edits && !s.empty(); ++e) {
      const size_t at = rng.below(uint32_t(s.size()));
      switch (rng.below(4)) {
        case 0: s.resize(at); break;
        case 1: s[at] = char(rng.below(256)); break;
        case 2: s.erase(at, 1 + rng.below(6)); break;
        default: s.insert(at, std::string(1, "{}[]\",:x3 "[rng.below(10)])); break;
      }
    }
    input += s + "\n";
  }
  const Result r = run_with_input("serve --agent random", input);
  EXPECT_EQ(r.code, 0);
  int expected = 0;
  for (const std::string& line : lines_of(input))
    if (line.find_first_not_of(" \t\r\n") != std::string::npos) ++expected;
  const auto out = lines_of(r.out);
  ASSERT_EQ(int(out.size()), expected);
  int errors = 0;
  for (const std::string& line : out) {
    const json answer = json::parse(line, nullptr, false);
    ASSERT_FALSE(answer.is_discarded()) << line;
    if (answer.contains("error")) ++errors;
    else ASSERT_TRUE(answer.contains("move") || answer.contains("bid")) << line;
  }
  EXPECT_GT(errors, expected / 2);
}

TEST(CliServe, BotzoneMode) {
  // FightTheLandlord2, bidding request for player 1 after player 0 bid 1.
  json own = json::array();
  for (int id = 0; id < 17; ++id) own.push_back(id * 3);
  Result r = run_with_input("serve --protocol botzone --agent random",
                            json{{"requests", {{{"own", own}, {"bid", {1}}}}}, {"responses", json::array()}}.dump());
  EXPECT_EQ(r.code, 0);
  json out = json::parse(r.out);
  EXPECT_TRUE(out["response"] == 0 || out["response"] == 2 || out["response"] == 3) << r.out;
  // FightTheLandlord classic, the landlord (20 cards) leads: the ids must come from its hand.
  json own20 = json::array();
  for (int id = 0; id < 20; ++id) own20.push_back(id * 2);
  r = run_with_input(
      "serve --protocol botzone --agent random --seed 5",
      json{{"requests", {{{"own", own20}, {"publiccard", {0, 2, 4}}, {"history", {json::array(), json::array()}}}}},
           {"responses", json::array()}}
          .dump());
  out = json::parse(r.out);
  ASSERT_TRUE(out["response"].is_array()) << r.out;
  ASSERT_FALSE(out["response"].empty()) << r.out;
  for (const auto& id : out["response"]) EXPECT_TRUE(id.get<int>() % 2 == 0 && id.get<int>() < 40) << r.out;
  // Garbage still gets an answer line with the reason.
  r = run_with_input("serve --protocol botzone --agent random", "{nope");
  out = json::parse(r.out);
  EXPECT_NE(out["debug"].get<std::string>().find("error"), std::string::npos);
}

TEST(CliServe, UnknownAgentIsAUsageError) {
  EXPECT_EQ(run_with_input("serve --agent nosuchagent", "").code, 2);
  EXPECT_NE(run_with_input("serve --protocol carrier-pigeon", "").code, 0);
}

}  // namespace
