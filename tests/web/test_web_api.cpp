// Tests of the JSON API of `ddz web` called directly: whole games to the end (bidding and fixed
// landlord), illegal moves refused with the engine's reason, bad requests answered 4xx, expiry
// and the cap on live games, hints with search and the exact solver, record replay.
#include <gtest/gtest.h>

#include "arena/game_record.h"
#include "agent/play_game.h"
#include "agent/random_agent.h"
#include "game/state.h"
#include "tests/web/web_client.h"

namespace ddz::web {
namespace {

using nlohmann::json;
using testing::call;
using testing::heuristic_options;
using testing::new_game;
using testing::play_to_end;

TEST(WebApi, FullGamesToTheEnd) {
  Api api(heuristic_options());
  int landlord_games = 0, wins = 0;
  for (uint64_t seed = 1; seed <= 24; ++seed) {
    const bool bidding = seed % 2 == 1;
    json body{{"seed", seed}, {"bidding", bidding}};
    if (!bidding) body["role"] = seed % 4 == 0 ? "landlord" : "landlord_up";
    const std::string id = new_game(api, body);
    const auto end = play_to_end(api, id, seed);
    ASSERT_EQ(end.status, 200) << end.body.dump();
    const json& v = end.body;
    ASSERT_EQ(v["phase"], "over") << v.dump();
    const json& result = v["result"];
    const auto scores = result["scores"].get<std::vector<int>>();
    EXPECT_EQ(scores[0] + scores[1] + scores[2], 0);
    const int landlord = v["landlord"].get<int>();
    EXPECT_EQ(std::abs(scores[size_t(landlord)]), 2 * result["stake"].get<int>());
    EXPECT_EQ(result["you_won"].get<bool>(), scores[0] > 0);
    EXPECT_EQ(v["cards_left"][result["winner"].get<int>()], 0);
    if (!bidding) { EXPECT_EQ(v["roles"][0], seed % 4 == 0 ? "landlord" : "landlord_up"); }
    landlord_games += landlord == 0;
    wins += result["you_won"].get<bool>();
    // The record at the end replays to the same result.
    const GameState replayed = replay_record(v["record"]);
    EXPECT_EQ(replayed.scores()[0], scores[0]);
    EXPECT_EQ(int(replayed.history().size()), int(v["plays"].size()));
  }
  EXPECT_GT(landlord_games, 0);
  EXPECT_GT(wins, 0);
}

TEST(WebApi, SameSeedSameDealAndAgentPlay) {
  Api api(heuristic_options());
  const std::string a = new_game(api, {{"seed", 77}});
  const std::string b = new_game(api, {{"seed", 77}});
  const auto ea = play_to_end(api, a, 3);
  const auto eb = play_to_end(api, b, 3);
  EXPECT_EQ(ea.body["record"]["deal"], eb.body["record"]["deal"]);
  EXPECT_EQ(ea.body["plays"], eb.body["plays"]);
  const std::string c = new_game(api, {{"seed", 78}});
  EXPECT_NE(call(api, "GET", "/api/games/" + c).body["hand"],
            call(api, "GET", "/api/games/" + a).body["record"]["deal"]["hands"][0]);
}

// The first position where the person leads in play, of a fixed-landlord game as landlord.
std::string landlord_game(Api& api, uint64_t seed) {
  const std::string id = new_game(api, {{"seed", seed}, {"bidding", false}, {"role", "landlord"}});
  const auto v = call(api, "GET", "/api/games/" + id).body;
  EXPECT_TRUE(v["your_turn"].get<bool>());
  EXPECT_EQ(v["to_beat"], "pass");
  return id;
}

TEST(WebApi, IllegalMovesAreRefusedWithTheReason) {
  Api api(heuristic_options());
  const std::string id = landlord_game(api, 5);
  const json before = call(api, "GET", "/api/games/" + id).body;
  const Hand hand = parse_cards(before["hand"].get<std::string>());
  // A card the person does not hold.
  std::string missing;
  for (int r = 0; r < kNumRanks && missing.empty(); ++r)
    if (hand.count(r) == 0) missing = std::string(1, rank_char(r));
  ASSERT_FALSE(missing.empty());
  for (const std::string& cards :
       {missing, std::string("pass"), std::string("34"), std::string("3x"), std::string("")}) {
    const auto check = call(api, "POST", "/api/games/" + id + "/check", json{{"cards", cards}});
    ASSERT_EQ(check.status, 200);
    EXPECT_FALSE(check.body["legal"].get<bool>()) << cards;
    const std::string reason = check.body["reason"];
    EXPECT_FALSE(reason.empty()) << cards;
    const auto play = call(api, "POST", "/api/games/" + id + "/play", json{{"cards", cards}});
    EXPECT_EQ(play.status, 422) << cards;
    EXPECT_EQ(play.body["error"], reason) << cards;
  }
  // Nothing changed; a legal move then goes through and the check said it would.
  EXPECT_EQ(call(api, "GET", "/api/games/" + id).body, before);
  const std::string move = before["legal"][0];
  const auto check = call(api, "POST", "/api/games/" + id + "/check", json{{"cards", move}});
  EXPECT_TRUE(check.body["legal"].get<bool>());
  EXPECT_EQ(call(api, "POST", "/api/games/" + id + "/play", json{{"cards", move}}).status, 200);
}

TEST(WebApi, FollowingMustBeatTheTrick) {
  Api api(heuristic_options());
  // Play until the person must follow a solo or pair, then try a lower one of the same type.
  for (uint64_t seed = 1; seed < 60; ++seed) {
    const std::string id = new_game(api, {{"seed", seed}, {"bidding", false}, {"role", "landlord_down"}});
    const json v = call(api, "GET", "/api/games/" + id).body;
    const std::string to_beat = v["to_beat"];
    if (to_beat.size() != 1 || to_beat[0] == '3') continue;
    const Hand hand = parse_cards(v["hand"].get<std::string>());
    const Hand beat = parse_cards(to_beat);
    int beat_rank = 0;
    while (beat.count(beat_rank) == 0) ++beat_rank;
    for (int r = 0; r < beat_rank; ++r) {
      if (hand.count(r) == 0) continue;
      const auto play = call(api, "POST", "/api/games/" + id + "/play", json{{"cards", std::string(1, rank_char(r))}});
      EXPECT_EQ(play.status, 422);
      EXPECT_NE(play.body["error"].get<std::string>().find("beat"), std::string::npos) << play.body.dump();
      return;
    }
  }
  FAIL() << "no seed gave a solo to follow with a lower card in hand";
}

TEST(WebApi, BadRequestsGet4xxWithAMessage) {
  WebOptions o = heuristic_options();
  o.max_body = 1000;
  Api api(o);
  const std::string id = landlord_game(api, 3);
  const std::string g = "/api/games/" + id;
  struct Case {
    std::string method, path, body;
    int status;
  };
  const std::vector<Case> cases = {
      {"POST", "/api/games", "{bad json", 400},
      {"POST", "/api/games", "[1,2]", 400},
      {"POST", "/api/games", R"({"sead": 1})", 400},
      {"POST", "/api/games", R"({"seed": -1})", 400},
      {"POST", "/api/games", R"({"seed": 1e30})", 400},
      {"POST", "/api/games", R"({"seed": 18446744073709551615})", 400},
      {"POST", "/api/games", R"({"seed": "12"})", 400},
      {"POST", "/api/games", R"({"bidding": "yes"})", 400},
      {"POST", "/api/games", R"({"role": "landlord"})", 400},
      {"POST", "/api/games", R"({"bidding": false, "role": "king"})", 400},
      {"POST", "/api/games", R"({"opponents": "nonsense"})", 400},
      {"POST", "/api/games", R"({"opponents": "mcts:sims=-4"})", 400},
      {"POST", "/api/games", R"({"hint_agent": "heuristic:bogus=1"})", 400},
      {"POST", "/api/games", std::string(2000, ' '), 413},
      {"GET", "/api/games", "", 405},
      {"GET", "/api/games/0123456789abcdef0123456789abcdef", "", 404},
      {"POST", "/api/games/nope/play", R"({"cards": "3"})", 404},
      {"POST", g + "/play", R"({"card": "3"})", 400},
      {"POST", g + "/play", R"({})", 400},
      {"POST", g + "/play", R"({"cards": 3})", 400},
      {"POST", g + "/play", "not json", 400},
      {"GET", g + "/play", "", 405},
      {"POST", g + "/bid", R"({"bid": 2})", 422},  // the bidding is over (fixed landlord)
      {"POST", g + "/bid", R"({"bid": 7})", 400},
      {"POST", g + "/undo", "{}", 409},  // nothing of the person's to take back yet
      {"POST", g + "/undo", R"({"steps": 1})", 400},
      {"GET", g + "/undo", "", 405},
      {"POST", g + "/explain", "{}", 400},
      {"POST", g + "/explain", R"({"play": "0"})", 400},
      {"POST", g + "/explain", R"({"play": -1})", 400},
      {"POST", g + "/explain", R"({"play": 0})", 400},  // no plays yet
      {"POST", g + "/explain", R"({"move": 0})", 400},
      {"GET", g + "/explain", "", 405},
      {"POST", "/api/games", R"({"ranked": 1})", 400},
      {"POST", g + "/undo/more", "{}", 404},
      {"POST", g + "/play/more", "{}", 404},
      {"GET", "/api/nothing", "", 404},
      {"GET", "/api", "", 404},
      {"POST", "/api/replay", "", 400},
      {"POST", "/api/replay", "{\"format\": \"ddz-game\"}", 400},
      {"POST", "/api/replay", "not json\nat all", 400},
      {"POST", "/api/arena", R"({"agents": ["heuristic"]})", 400},
      {"POST", "/api/arena", R"({"agents": ["heuristic", "bogus"]})", 400},
      {"POST", "/api/arena", R"({"agents": ["heuristic", "random"], "deals": 100000})", 400},
      {"POST", "/api/arena", R"({"agents": ["heuristic", "random"], "deals": 0})", 400},
      {"GET", "/api/arena/unknown", "", 404},
  };
  for (const Case& c : cases) {
    const auto r = call(api, c.method, c.path, c.body);
    EXPECT_EQ(r.status, c.status) << c.method << " " << c.path << " " << c.body.substr(0, 40) << " -> "
                                  << r.body.dump();
    ASSERT_TRUE(r.body.contains("error")) << r.body.dump();
    EXPECT_FALSE(r.body["error"].get<std::string>().empty());
  }
  // The game is still there and playable.
  EXPECT_EQ(call(api, "GET", g).status, 200);
}

TEST(WebApi, NotYourTurnIsRefused) {
  Api api(heuristic_options());
  // A bidding game where the person has bid: every later request of the person is checked.
  const std::string id = new_game(api, {{"seed", 11}});
  const auto end = play_to_end(api, id, 1);
  ASSERT_EQ(end.body["phase"], "over");
  EXPECT_EQ(call(api, "POST", "/api/games/" + id + "/play", json{{"cards", "pass"}}).status, 422);
  EXPECT_EQ(call(api, "POST", "/api/games/" + id + "/bid", json{{"bid", 0}}).status, 422);
  EXPECT_EQ(call(api, "POST", "/api/games/" + id + "/hint", "").status, 409);
  EXPECT_EQ(call(api, "DELETE", "/api/games/" + id).status, 200);
  EXPECT_EQ(call(api, "GET", "/api/games/" + id).status, 404);
}

TEST(WebApi, GamesExpireAndTheCapHolds) {
  auto now = std::chrono::steady_clock::time_point{};
  WebOptions o = heuristic_options();
  o.max_games = 3;
  o.idle = std::chrono::seconds(600);
  o.clock = [&now] { return now; };
  Api api(o);
  const std::string first = new_game(api, {{"seed", 1}});
  now += std::chrono::seconds(599);
  EXPECT_EQ(call(api, "GET", "/api/games/" + first).status, 200);
  now += std::chrono::seconds(600);
  EXPECT_EQ(call(api, "GET", "/api/games/" + first).status, 404);
  std::vector<std::string> ids;
  for (int i = 0; i < 5; ++i) {
    now += std::chrono::seconds(1);
    ids.push_back(new_game(api, {{"seed", i}}));
  }
  EXPECT_EQ(api.live_games(), 3u);
  EXPECT_EQ(call(api, "GET", "/api/games/" + ids[0]).status, 404);
  EXPECT_EQ(call(api, "GET", "/api/games/" + ids[4]).status, 200);
}

TEST(WebApi, HintShowsTheSearch) {
  Api api(heuristic_options());
  const std::string id =
      new_game(api, {{"seed", 9}, {"bidding", false}, {"role", "landlord"}, {"hint_agent", "mcts:sims=60"}});
  const auto h = call(api, "POST", "/api/games/" + id + "/hint", "");
  ASSERT_EQ(h.status, 200) << h.body.dump();
  const json& search = h.body["search"];
  ASSERT_TRUE(search.is_object()) << h.body.dump();
  EXPECT_EQ(search["simulations"], 60);
  int visits = 0;
  for (const json& m : search["moves"]) visits += m["visits"].get<int>();
  EXPECT_GE(visits, 59);  // the first simulation may only expand the root
  EXPECT_LE(visits, 60);
  EXPECT_EQ(search["chosen"], h.body["move"]);
  // The suggestion is legal.
  const auto suggested = call(api, "POST", "/api/games/" + id + "/check", json{{"cards", h.body["move"]}});
  EXPECT_TRUE(suggested.body["legal"].get<bool>());
  EXPECT_TRUE(h.body["solver"].is_null());  // 54 cards in play: no exact verdict
  // A heuristic hint has a move and no search; a bid hint is a bid.
  uint64_t seed = 1;
  while (call(api, "GET", "/api/games/" + new_game(api, {{"seed", seed}})).body["phase"] != "bidding") ++seed;
  const std::string b = new_game(api, {{"seed", seed}});
  const auto bid = call(api, "POST", "/api/games/" + b + "/hint", "{}");
  ASSERT_EQ(bid.status, 200);
  EXPECT_GE(bid.body["bid"].get<int>(), 0);
  EXPECT_LE(bid.body["bid"].get<int>(), 3);
}

TEST(WebApi, HintSolvesSmallEndgamesExactly) {
  Api api(heuristic_options());
  for (uint64_t seed = 1; seed < 40; ++seed) {
    const std::string id = new_game(api, {{"seed", seed}, {"bidding", false}, {"role", "landlord_up"}});
    Rng rng(seed);
    for (int turn = 0; turn < 100; ++turn) {
      const json v = call(api, "GET", "/api/games/" + id).body;
      if (v["phase"] == "over") break;
      const auto left = v["cards_left"].get<std::vector<int>>();
      if (left[0] + left[1] + left[2] <= 14) {
        const auto h = call(api, "POST", "/api/games/" + id + "/hint", "");
        ASSERT_EQ(h.status, 200);
        const json& solver = h.body["solver"];
        ASSERT_TRUE(solver.is_object()) << h.body.dump();
        ASSERT_TRUE(solver["complete"].get<bool>());
        if (!solver["win"].get<bool>()) continue;
        ASSERT_FALSE(solver["winning_moves"].empty());
        for (const json& m : solver["winning_moves"]) {
          const auto check = call(api, "POST", "/api/games/" + id + "/check", json{{"cards", m}});
          EXPECT_TRUE(check.body["legal"].get<bool>()) << m;
        }
        return;
      }
      const auto& legal = v["legal"];
      call(api, "POST", "/api/games/" + id + "/play", json{{"cards", legal[rng.below(uint32_t(legal.size()))]}});
    }
  }
  FAIL() << "no seed reached a won small endgame with the person to move";
}

std::string record_line(uint64_t seed, bool bidding) {
  RandomAgent a, b, c;
  Rules rules;
  rules.bidding = bidding;
  const GameState game = play_game({&a, &b, &c}, seed, rules);
  return record_to_json(game, {"random", "random", "random"}, seed).dump();
}

TEST(WebApi, ReplayFramesShowEveryStep) {
  Api api(heuristic_options());
  const std::string text = record_line(4, true) + "\n\n" + record_line(5, false) + "\n";
  const auto r = call(api, "POST", "/api/replay", text);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  ASSERT_EQ(r.body["games"].size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const json record = json::parse(i == 0 ? record_line(4, true) : record_line(5, false));
    const json& g = r.body["games"][i];
    const json& frames = g["frames"];
    ASSERT_EQ(frames.size(), 1 + record["bids"].size() + record["plays"].size());
    // The deal before bidding; with a fixed landlord it holds the kitty from the start.
    int total = 0;
    for (const json& h : frames[0]["hands"]) total += int(h.get<std::string>().size());
    if (i == 0) {
      EXPECT_EQ(frames[0]["hands"], record["deal"]["hands"]);
      EXPECT_EQ(total, 51);
    } else {
      EXPECT_EQ(total, 54);
    }
    const json& last = frames.back();
    EXPECT_EQ(last["hands"][record["winner"].get<int>()], "");
    EXPECT_EQ(g["scores"], record["scores"]);
  }
  // One object (not a line) works too; a corrupt record is named.
  EXPECT_EQ(call(api, "POST", "/api/replay", json::parse(record_line(6, true)).dump(2)).status, 200);
  json bad = json::parse(record_line(7, false));
  size_t k = 2;
  while (!bad["plays"][k].contains("cards")) ++k;
  bad["plays"][k]["cards"] = "34";  // never a combination
  const auto refused = call(api, "POST", "/api/replay", record_line(6, true) + "\n" + bad.dump() + "\n");
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.body["error"].get<std::string>().find("record 2"), std::string::npos) << refused.body.dump();
  EXPECT_NE(refused.body["error"].get<std::string>().find("plays[" + std::to_string(k) + "]"), std::string::npos)
      << refused.body.dump();
}

}  // namespace
}  // namespace ddz::web
