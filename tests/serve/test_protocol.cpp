// Tests of the `ddz serve` protocol: recorded games replayed through the protocol agree with
// in-process play, impossible histories are refused with a reason, and 100,000 fuzzed lines get answers.
#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "agent/factory.h"
#include "serve/protocol.h"
#include "agent/random_agent.h"
#include "game/catalogue.h"
#include "game/rng.h"
#include "game/state.h"

namespace ddz {
namespace {

using json = nlohmann::json;

// Every decision of a seeded game as {request line, in-process answer}, where the in-process agent
// was reseeded with the request's seed right before answering, as the server does.
struct Recorded {
  std::string line;
  std::string expected;  // move notation, or the bid as a number
};

std::vector<Recorded> record_game(Agent& agent, uint64_t seed, const Rules& rules) {
  std::vector<Recorded> out;
  GameState state(seed, rules);
  uint64_t step = 0;
  while (state.phase() != Phase::Over) {
    const int seat = state.to_move();
    const Observation obs = observe(state, seat);
    const uint64_t decision_seed = Rng::mix(seed, ++step);
    json request = request_from_observation(obs);
    request["id"] = step;
    request["seed"] = decision_seed;
    agent.new_game(decision_seed);
    if (state.phase() == Phase::Bidding) {
      const int bid = agent.bid(obs);
      out.push_back({request.dump(), std::to_string(bid)});
      EXPECT_EQ(state.apply_bid(bid), "");
    } else {
      const Move move = agent.play(obs);
      out.push_back({request.dump(), to_string(move)});
      EXPECT_EQ(state.apply_move(move), "");
    }
  }
  return out;
}

void replay_agrees(const std::string& spec, int games, bool bidding) {
  auto recorder = make_agent(spec);
  auto served = make_agent(spec);
  ProtocolServer server(*served);
  Rules rules;
  rules.bidding = bidding;
  int decisions = 0;
  for (int g = 0; g < games; ++g) {
    rules.fixed_landlord = g % 3;
    for (const Recorded& r : record_game(*recorder, 1000 + uint64_t(g), rules)) {
      const json answer = json::parse(server.answer(r.line));
      ASSERT_FALSE(answer.contains("error")) << r.line << "\n-> " << answer.dump();
      const std::string got =
          answer.contains("bid") ? std::to_string(answer["bid"].get<int>()) : answer["move"].get<std::string>();
      ASSERT_EQ(got, r.expected) << r.line;
      ASSERT_EQ(answer["id"], json::parse(r.line)["id"]);
      ++decisions;
    }
  }
  EXPECT_GT(decisions, games * 20);
}

TEST(Protocol, ReplayedRandomGamesAgreeWithInProcessPlay) {
  replay_agrees("random", 60, false);
  replay_agrees("random", 60, true);
}

TEST(Protocol, ReplayedHeuristicGamesAgreeWithInProcessPlay) {
  if (!is_agent_kind("heuristic")) GTEST_SKIP() << "no heuristic agent kind registered yet";
  replay_agrees("heuristic", 30, false);
  replay_agrees("heuristic", 30, true);
}

// The rebuilt observation carries the same facts as the real one, seat-rotated so the landlord is 0.
TEST(Protocol, RebuiltObservationMatchesRealOne) {
  Rules rules;
  rules.bidding = true;
  RandomAgent agent(7);
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    GameState state(seed, rules);
    while (state.phase() != Phase::Over) {
      const Observation real = observe(state, state.to_move());
      if (state.phase() == Phase::Play) {
        const json request = request_from_observation(real);
        const Observation got = rebuild_play(parse_play_position(request), real.landlord);
        ASSERT_EQ(got.seat, real.seat);
        ASSERT_EQ(got.hand, real.hand);
        ASSERT_EQ(got.to_beat, real.to_beat);
        ASSERT_EQ(got.to_beat_seat, real.to_beat_seat);
        ASSERT_EQ(got.cards_left, real.cards_left);
        ASSERT_EQ(got.played, real.played);
        ASSERT_EQ(got.base_score, real.base_score);
        ASSERT_EQ(got.bombs_played, real.bombs_played);
        ASSERT_EQ(got.first_bidder, real.first_bidder);
        ASSERT_EQ(got.history.size(), real.history.size());
        ASSERT_EQ(got.unseen(), real.unseen());
        ASSERT_EQ(state.apply_move(agent.play(real)), "");
      } else {
        ASSERT_EQ(state.apply_bid(agent.bid(real)), "");
      }
    }
  }
}

std::string ask(const std::string& line) {
  RandomAgent agent(1);
  ProtocolServer server(agent);
  return server.answer(line);
}

std::string error_of(const std::string& line) {
  const json answer = json::parse(ask(line));
  return answer.value("error", std::string());
}

// A legal position: the landlord led 33, landlord_down played 55, landlord_up to move.
json base_request() {
  return json::parse(R"({"id": 7, "type": "play", "role": "landlord_up", "hand": "34456789TJQKA2XD2",
    "kitty": "678", "history": [{"role": "landlord", "cards": "33"}, {"role": "landlord_down", "cards": "55"}]})");
}

TEST(Protocol, AnswersAPlayRequest) {
  const json answer = json::parse(ask(base_request().dump()));
  ASSERT_FALSE(answer.contains("error")) << answer.dump();
  EXPECT_EQ(answer["id"], 7);
  const Move move = parse_move(answer["move"].get<std::string>());
  EXPECT_TRUE(move.is_pass() || move.type == MoveType::Pair || move.is_bomb_or_rocket()) << answer.dump();
  EXPECT_EQ(answer["type"], type_name(move.type));
}

TEST(Protocol, LegalAndObserveRequests) {
  json request = base_request();
  request["type"] = "legal";
  const json legal = json::parse(ask(request.dump()));
  ASSERT_TRUE(legal.contains("moves")) << legal.dump();
  // Pairs above 5 in 34456789TJQKA2XD2: 22 only, then the rocket, then pass.
  EXPECT_EQ(legal["moves"], json::parse(R"(["22", "XD", "pass"])")) << legal.dump();
  request["type"] = "observe";
  const json seen = json::parse(ask(request.dump()));
  EXPECT_EQ(seen["cards_left"]["landlord"], 18);
  EXPECT_EQ(seen["cards_left"]["landlord_down"], 15);
  EXPECT_EQ(seen["cards_left"]["landlord_up"], 17);
  EXPECT_EQ(seen["to_beat"], "55");
  EXPECT_EQ(seen["to_beat_role"], "landlord_down");
  EXPECT_EQ(seen["landlord_known"], "678");
}

TEST(Protocol, AnswersABidRequest) {
  const json answer = json::parse(ask(R"({"id": "b1", "type": "bid", "hand": "33445566778899TTJ", "bids": [1, 0]})"));
  ASSERT_TRUE(answer.contains("bid")) << answer.dump();
  EXPECT_EQ(answer["id"], "b1");
  const int bid = answer["bid"];
  EXPECT_TRUE(bid == 0 || bid == 2 || bid == 3) << bid;
}

TEST(Protocol, SameLineGetsSameAnswerAndSeedIsHonoured) {
  RandomAgent a(1), b(99);
  ProtocolServer sa(a, 5), sb(b, 5);
  const std::string line = base_request().dump();
  EXPECT_EQ(sa.answer(line), sb.answer(line));
  json seeded = base_request();
  seeded["seed"] = 12345;
  EXPECT_EQ(sa.answer(seeded.dump()), sb.answer(seeded.dump()));
}

TEST(Protocol, ImpossibleHistoriesAreRefusedWithReasons) {
  auto with = [](const std::string& key, const json& value) {
    json r = base_request();
    r[key] = value;
    return r.dump();
  };
  auto history = [](const char* text) { return json::parse(text); };
  EXPECT_NE(error_of(with("history", history(R"([{"role":"landlord_down","cards":"33"}])"))).find("out of turn"),
            std::string::npos);
  EXPECT_NE(error_of(with("history", history(R"([{"role":"landlord","cards":"pass"}])"))).find("may not pass"),
            std::string::npos);
  EXPECT_NE(
      error_of(with("history", history(R"([{"role":"landlord","cards":"55"},{"role":"landlord_down","cards":"33"}])")))
          .find("does not beat"),
      std::string::npos);
  EXPECT_NE(error_of(with("history", history(R"([{"role":"landlord","cards":"345"}])"))).find("not a combination"),
            std::string::npos);
  EXPECT_NE(error_of(with("history", history(R"([])"))).find("turn"), std::string::npos);
  // Own hand does not match own plays: 17 cards in hand plus a play of its own.
  EXPECT_NE(error_of(with("history", history(R"([{"role":"landlord","cards":"33"},{"role":"landlord_down","cards":"55"},
      {"role":"landlord_up","cards":"66"},{"role":"landlord","cards":"pass"},{"role":"landlord_down","cards":"pass"}])")))
                .find("starts with 17"),
            std::string::npos);
  // Five 3s in view.
  EXPECT_NE(error_of(with("hand", "3334456789TJQKA2X")).find("more cards than a deck"), std::string::npos);
  EXPECT_NE(error_of(with("kitty", "67")).find("kitty must be exactly 3"), std::string::npos);
  EXPECT_NE(error_of(with("role", "farmer")).find("role: \"farmer\""), std::string::npos);
  EXPECT_NE(error_of(with("hand", "33Z")).find("hand"), std::string::npos);
  EXPECT_NE(error_of(with("color", "red")).find("unknown field \"color\""), std::string::npos);
  EXPECT_NE(error_of(with("type", "dance")).find("dance"), std::string::npos);
  EXPECT_NE(error_of(with("bids", history(R"([{"role":"landlord","bid":2},{"role":"landlord_down","bid":3}])")))
                .find("landlord_down"),
            std::string::npos);
  EXPECT_NE(error_of(with("base", 7)).find("base"), std::string::npos);
  // A seat that would have emptied its hand ended the game.
  EXPECT_NE(error_of(R"({"type":"play","role":"landlord_down","hand":"3","kitty":"XD2","history":[
      {"role":"landlord","cards":"3456789TJQKA"}]})")
                .find("starts with 17"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"type":"bid","hand":"33445566778899TTJ","bids":[3]})").find("ends the bidding"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"type":"bid","hand":"3344","bids":[]})").find("17 cards"), std::string::npos);
}

TEST(Protocol, MalformedLinesGetErrorsWithTheIdWhenReadable) {
  EXPECT_EQ(ask(""), "");
  EXPECT_EQ(ask("   \r"), "");
  EXPECT_NE(error_of("{"), "");
  EXPECT_NE(error_of("[1,2]").find("JSON object"), std::string::npos);
  EXPECT_NE(error_of(R"({"id": [1]})").find("id must be"), std::string::npos);
  const json answer = json::parse(ask(R"({"id": 42, "type": "play"})"));
  EXPECT_EQ(answer["id"], 42);
  EXPECT_NE(answer["error"].get<std::string>().find("missing field \"role\""), std::string::npos);
  EXPECT_NE(error_of(std::string(ProtocolServer::kMaxLineBytes + 1, ' ') + "x").find("longer"), std::string::npos);
}

// Mutations of valid request lines: truncations, byte edits, spliced tokens and structural edits.
std::string mutate(const std::string& line, Rng& rng) {
  static const char* kTokens[] = {"\"",
                                  "{",
                                  "}",
                                  "[",
                                  "]",
                                  ",",
                                  ":",
                                  "null",
                                  "true",
                                  "-1",
                                  "1e999",
                                  "\"pass\"",
                                  "\"landlord\"",
                                  "\\u0000",
                                  "\xff",
                                  "99999999999999999999",
                                  "\"XD\"",
                                  "\"3333\""};
  std::string s = line;
  const int edits = 1 + int(rng.below(4));
  for (int e = 0; e < edits && !s.empty(); ++e) {
    const size_t at = rng.below(uint32_t(s.size()));
    switch (rng.below(5)) {
      case 0: s.resize(at); break;
      case 1: s[at] = char(rng.below(256)); break;
      case 2: s.erase(at, 1 + rng.below(8)); break;
      case 3: s.insert(at, kTokens[rng.below(sizeof(kTokens) / sizeof(kTokens[0]))]); break;
      default: s.insert(at, s.substr(rng.below(uint32_t(s.size())), rng.below(12))); break;
    }
  }
  return s;
}

json structural_mutation(json request, Rng& rng) {
  static const char* kCards[] = {"pass", "3", "33", "XD", "3333", "2222", "345678", "", "3456789TJQKA2XD", "Z"};
  static const char* kRoles[] = {"landlord", "landlord_down", "landlord_up", "x"};
  const uint32_t what = rng.below(6);
  if (request.contains("history") && !request["history"].empty()) {
    json& h = request["history"];
    const size_t i = rng.below(uint32_t(h.size()));
    if (what == 0) h.erase(i);
    if (what == 1) h[i]["cards"] = kCards[rng.below(10)];
    if (what == 2) h[i]["role"] = kRoles[rng.below(4)];
    if (what == 3) h.insert(h.begin() + long(i), h[i]);
  }
  if (what == 4) request["hand"] = kCards[rng.below(10)];
  if (what == 5) request["kitty"] = kCards[rng.below(10)];
  return request;
}

TEST(Protocol, HundredThousandFuzzedLinesAreAnsweredWithoutCrashing) {
  RandomAgent recorder(3);
  // Early decisions only: their lines are short, so the 100,000 answers stay fast.
  std::vector<std::string> lines;
  std::vector<json> parsed;
  Rules rules;
  for (uint64_t seed = 0; seed < 60; ++seed) {
    rules.bidding = seed % 2 == 0;
    const auto game = record_game(recorder, seed, rules);
    for (size_t i = 0; i < game.size() && i < 30; ++i) {
      lines.push_back(game[i].line);
      parsed.push_back(json::parse(game[i].line));
    }
  }
  RandomAgent agent(5);
  ProtocolServer server(agent);
  Rng rng(2024);
  int errors = 0, answered = 0;
  for (int i = 0; i < 100000; ++i) {
    const size_t pick = rng.below(uint32_t(lines.size()));
    const std::string line = i % 2 == 0 ? mutate(lines[pick], rng) : structural_mutation(parsed[pick], rng).dump();
    const std::string out = server.answer(line);
    if (out.empty()) continue;  // the mutation left only blanks
    const json answer = json::parse(out, nullptr, false);
    ASSERT_FALSE(answer.is_discarded()) << line << "\n-> " << out;
    ASSERT_TRUE(answer.is_object());
    if (answer.contains("error")) {
      ++errors;
      ASSERT_FALSE(answer["error"].get<std::string>().empty());
    } else {
      ASSERT_TRUE(answer.contains("move") || answer.contains("bid") || answer.contains("moves") ||
                  answer.contains("cards_left"))
          << out;
      ++answered;
    }
  }
  // Most mutations break the line; some leave a valid request (e.g. an edit inside the id).
  EXPECT_GT(errors, 60000);
  EXPECT_GT(answered, 100);
}

}  // namespace
}  // namespace ddz
