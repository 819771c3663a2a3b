// Tests of the page's game features in the JSON API of `ddz web`: explanations of the opponents'
// plays (their search, the value unit, the rule, the exact solver), undo and ranked games, the
// cards not yet seen, each play's stake, and the pause the page waits between opponents' plays.
#include <gtest/gtest.h>

#include <algorithm>

#include "game/catalogue.h"
#include "game/state.h"
#include "solver/endgame_solver.h"
#include "tests/web/web_client.h"

namespace ddz::web {
namespace {

using nlohmann::json;
using testing::call;
using testing::heuristic_options;
using testing::new_game;
using testing::play_to_end;

// The game as it stood after `plays` plays of a fixed-landlord game of `seed`, rebuilt from the
// deal by the engine alone (the reference the server's own bookkeeping is checked against).
GameState replayed(uint64_t seed, int landlord, const json& plays, size_t count) {
  Rules rules;
  rules.bidding = false;
  rules.fixed_landlord = landlord;
  GameState g(seed, rules);
  for (size_t i = 0; i < count; ++i) {
    const std::string error = g.apply_move(parse_move(plays[i]["cards"].get<std::string>()));
    EXPECT_EQ(error, "") << i;
  }
  return g;
}

// The person plays a seeded random legal move (bids the first legal bid).
json step(Api& api, const std::string& id, const json& v, Rng& rng) {
  if (v["phase"] == "bidding")
    return call(api, "POST", "/api/games/" + id + "/bid", json{{"bid", v["legal_bids"][0]}}).body;
  const json& legal = v["legal"];
  return call(api, "POST", "/api/games/" + id + "/play", json{{"cards", legal[rng.below(uint32_t(legal.size()))]}})
      .body;
}

TEST(WebExplain, OpponentsPlaysShowTheSearchThatChoseThem) {
  Api api(heuristic_options());
  const std::string id =
      new_game(api, {{"seed", 21}, {"bidding", false}, {"role", "landlord_down"}, {"opponents", "mcts:sims=40"}});
  const std::string g = "/api/games/" + id;
  Rng rng(3);
  json v = call(api, "GET", g).body;
  int explained = 0;
  for (int turn = 0; turn < 4 && v["phase"] == "play"; ++turn) v = step(api, id, v, rng);
  const json& plays = v["plays"];
  ASSERT_GT(plays.size(), 4u);
  for (size_t i = 0; i < plays.size(); ++i) {
    const auto r = call(api, "POST", g + "/explain", json{{"play", i}});
    if (plays[i]["seat"] == 0) {
      EXPECT_EQ(r.status, 400);
      EXPECT_NE(r.body["error"].get<std::string>().find("\"play\""), std::string::npos) << r.body.dump();
      continue;
    }
    ASSERT_EQ(r.status, 200) << r.body.dump();
    const json& e = r.body;
    EXPECT_EQ(e["play"], i);
    EXPECT_EQ(e["seat"], plays[i]["seat"]);
    EXPECT_EQ(e["cards"], plays[i]["cards"]);
    EXPECT_EQ(e["agent"], "mcts:sims=40");
    EXPECT_EQ(e["stake"], i > 0 ? plays[i - 1]["stake"] : v["base"]);  // the stake when it chose
    EXPECT_FALSE(e["rule"].get<std::string>().empty());
    const json& s = e["search"];
    ASSERT_TRUE(s.is_object()) << e.dump();
    EXPECT_EQ(s["chosen"], plays[i]["cards"]);
    EXPECT_EQ(s["value_unit"], "win");
    EXPECT_EQ(s["seat"], plays[i]["seat"]);
    ASSERT_LE(s["moves"].size(), 12u);
    EXPECT_GE(s["moves_total"].get<size_t>(), s["moves"].size());
    int last_visits = 1 << 30;
    for (const json& m : s["moves"]) {
      EXPECT_LE(m["visits"].get<int>(), last_visits);  // most visited first
      last_visits = m["visits"].get<int>();
      EXPECT_GE(m["value"].get<double>(), -1.0);  // the unit "win": 2 x P(win) - 1
      EXPECT_LE(m["value"].get<double>(), 1.0);
      EXPECT_GE(m["prior"].get<double>(), 0.0);
    }
    if (s["moves_total"] == 1) {
      EXPECT_NE(e["rule"].get<std::string>().find("only legal move"), std::string::npos);
    } else {
      EXPECT_EQ(s["simulations"], 40);
      EXPECT_NE(e["rule"].get<std::string>().find("most visited"), std::string::npos) << e["rule"];
    }
    EXPECT_TRUE(e["solver"].is_null());  // far from the endgame
    ++explained;
  }
  EXPECT_GT(explained, 2);
  // Each play's stake is the stake after it; the last one is the table's.
  EXPECT_EQ(plays.back()["stake"], v["stake"]);
  // An index beyond the plays names the field and the range.
  const auto beyond = call(api, "POST", g + "/explain", json{{"play", plays.size()}});
  EXPECT_EQ(beyond.status, 400);
  EXPECT_NE(beyond.body["error"].get<std::string>().find("\"play\""), std::string::npos);
}

TEST(WebExplain, AgentsWithoutSearchSaySo) {
  Api api(heuristic_options());
  const std::string id = new_game(api, {{"seed", 4}, {"bidding", false}, {"role", "landlord_down"}});
  const json v = call(api, "GET", "/api/games/" + id).body;
  ASSERT_FALSE(v["plays"].empty());
  ASSERT_NE(v["plays"][0]["seat"], 0);
  const auto r = call(api, "POST", "/api/games/" + id + "/explain", json{{"play", 0}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_TRUE(r.body["search"].is_null());
  EXPECT_NE(r.body["rule"].get<std::string>().find("does not search"), std::string::npos);
}

// The shipped agent counts stakes (gumbel, stakes=1): its unit is "stake" and says so; with
// stakes=0 it is "win" again.
TEST(WebExplain, TheShippedAgentsValuesAreInStakes) {
  Api api(heuristic_options());
  for (const std::string spec : {"pretrained:sims=16", "pretrained:sims=16,stakes=0"}) {
    const std::string id =
        new_game(api, {{"seed", 5}, {"bidding", false}, {"role", "landlord_down"}, {"hint_agent", spec}});
    const auto h = call(api, "POST", "/api/games/" + id + "/hint", "");
    ASSERT_EQ(h.status, 200) << h.body.dump();
    const json& s = h.body["search"];
    ASSERT_TRUE(s.is_object()) << h.body.dump();
    const bool stakes = spec.find("stakes=0") == std::string::npos;
    EXPECT_EQ(s["value_unit"], stakes ? "stake" : "win") << spec;
    EXPECT_EQ(s.contains("stakes"), stakes) << spec;
    if (stakes) { EXPECT_EQ(s["stakes"], 1.0); }
    EXPECT_EQ(h.body["rule"], s["rule"]);
    EXPECT_EQ(h.body["stake"], call(api, "GET", "/api/games/" + id).body["stake"]);
    const std::string rule = h.body["rule"];
    EXPECT_TRUE(rule.find("Sequential halving") != std::string::npos ||
                rule.find("without a search") != std::string::npos || rule.find("only legal") != std::string::npos)
        << rule;
    for (const json& m : s["moves"])
      if (!stakes) {
        EXPECT_GE(m["value"].get<double>(), -1.0);
        EXPECT_LE(m["value"].get<double>(), 1.0);
      }
  }
}

// In small endgames the explanation holds the exact verdict on the real deal from the mover's
// side; checked against the engine's own game rebuilt from the deal and a solver run on it.
TEST(WebExplain, SmallEndgamesGetTheSolversVerdict) {
  Api api(heuristic_options());
  int checked = 0, leads = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const std::string id = new_game(api, {{"seed", seed}, {"bidding", false}, {"role", "landlord_up"}});
    const json end = play_to_end(api, id, seed).body;
    ASSERT_EQ(end["phase"], "over");
    const json& plays = end["plays"];
    const int landlord = end["landlord"];
    for (size_t i = 0; i < plays.size(); ++i) {
      if (plays[i]["seat"] == 0) continue;
      const GameState before = replayed(seed, landlord, plays, i);
      if (before.cards_in_hands() > 14) continue;
      const auto r = call(api, "POST", "/api/games/" + id + "/explain", json{{"play", i}});
      ASSERT_EQ(r.status, 200) << r.body.dump();
      const json& solver = r.body["solver"];
      ASSERT_TRUE(solver.is_object()) << r.body.dump();
      ASSERT_TRUE(solver["complete"].get<bool>());
      SolverOptions options;
      options.table_mb = 4;
      EndgameSolver reference(options);
      const SolveResult truth = reference.solve(before, true);
      ASSERT_TRUE(truth.complete);
      EXPECT_EQ(solver["win"].get<bool>(), truth.win) << "seed " << seed << " play " << i;
      bool played_wins = false;
      for (const json& m : solver["winning_moves"]) {
        GameState trial = before;
        EXPECT_EQ(trial.apply_move(parse_move(m.get<std::string>())), "") << m;
        played_wins = played_wins || m == plays[i]["cards"];
      }
      EXPECT_EQ(solver["played_wins"].get<bool>(), played_wins);
      ++checked;
      leads += before.to_beat().is_pass();  // a new trick: the rebuilt position must know it
    }
  }
  EXPECT_GE(checked, 10);
  EXPECT_GE(leads, 2);
}

TEST(WebUndo, TakesBackTheLastMoveAndTheAgentsAnswers) {
  Api api(heuristic_options());
  const std::string id = new_game(api, {{"seed", 8}, {"bidding", false}, {"role", "landlord"}});
  const std::string g = "/api/games/" + id;
  const json v0 = call(api, "GET", g).body;
  EXPECT_FALSE(v0["can_undo"].get<bool>());
  EXPECT_FALSE(v0["ranked"].get<bool>());
  const json v1 = call(api, "POST", g + "/play", json{{"cards", v0["legal"][0]}}).body;
  EXPECT_TRUE(v1["can_undo"].get<bool>());
  EXPECT_GT(v1["plays"].size(), v0["plays"].size());
  ASSERT_EQ(call(api, "POST", g + "/play", json{{"cards", v1["legal"].back()}}).status, 200);
  // Two undos lead back to the start, the same table as before.
  const auto u1 = call(api, "POST", g + "/undo", "");
  ASSERT_EQ(u1.status, 200) << u1.body.dump();
  EXPECT_EQ(u1.body["plays"], v1["plays"]);
  EXPECT_EQ(u1.body["hand"], v1["hand"]);
  const auto u2 = call(api, "POST", g + "/undo", "{}");
  ASSERT_EQ(u2.status, 200);
  json back = u2.body, start = v0;
  EXPECT_EQ(back["undos"], 2);
  for (json* j : {&back, &start}) j->erase("undos");
  EXPECT_EQ(back, start);
  const auto none = call(api, "POST", g + "/undo", "");
  EXPECT_EQ(none.status, 409);
  EXPECT_NE(none.body["error"].get<std::string>().find("take back"), std::string::npos);
  // The game goes on to its end, and the final move can be taken back too (the agents come back).
  const json end = play_to_end(api, id, 5).body;
  ASSERT_EQ(end["phase"], "over");
  const auto after = call(api, "POST", g + "/undo", "");
  ASSERT_EQ(after.status, 200) << after.body.dump();
  EXPECT_EQ(after.body["phase"], "play");
  EXPECT_TRUE(after.body["your_turn"].get<bool>());
  EXPECT_FALSE(after.body.contains("result"));
  EXPECT_EQ(play_to_end(api, id, 6).body["phase"], "over");
}

TEST(WebUndo, BidsCanBeTakenBackAndRankedGamesRefuse) {
  Api api(heuristic_options());
  uint64_t seed = 1;
  std::string id = new_game(api, {{"seed", seed}});
  while (call(api, "GET", "/api/games/" + id).body["phase"] != "bidding") id = new_game(api, {{"seed", ++seed}});
  const json v0 = call(api, "GET", "/api/games/" + id).body;
  ASSERT_EQ(call(api, "POST", "/api/games/" + id + "/bid", json{{"bid", v0["legal_bids"].back()}}).status, 200);
  const auto u = call(api, "POST", "/api/games/" + id + "/undo", "");
  ASSERT_EQ(u.status, 200) << u.body.dump();
  EXPECT_EQ(u.body["bids"], v0["bids"]);
  EXPECT_EQ(u.body["phase"], "bidding");
  EXPECT_EQ(u.body["hand"], v0["hand"]);

  const std::string ranked = new_game(api, {{"seed", 8}, {"bidding", false}, {"role", "landlord"}, {"ranked", true}});
  const json r0 = call(api, "GET", "/api/games/" + ranked).body;
  EXPECT_TRUE(r0["ranked"].get<bool>());
  const json r1 = call(api, "POST", "/api/games/" + ranked + "/play", json{{"cards", r0["legal"][0]}}).body;
  EXPECT_FALSE(r1["can_undo"].get<bool>());
  const auto refused = call(api, "POST", "/api/games/" + ranked + "/undo", "");
  EXPECT_EQ(refused.status, 409);
  EXPECT_NE(refused.body["error"].get<std::string>().find("ranked"), std::string::npos);
  EXPECT_EQ(call(api, "GET", "/api/games/" + ranked).body["plays"], r1["plays"]);
}

// The cards the person has not seen are exactly the two opponents' hands (and, while bidding,
// the kitty), and each play's stake the stake after it, as the engine's own replay of the deal
// has them.
TEST(WebTracker, UnseenCardsAreTheOpponentsHands) {
  Api api(heuristic_options());
  for (uint64_t seed = 30; seed < 34; ++seed) {
    const std::string id = new_game(api, {{"seed", seed}, {"bidding", false}, {"role", "landlord_up"}});
    Rng rng(seed);
    json v = call(api, "GET", "/api/games/" + id).body;
    while (true) {
      const GameState truth = replayed(seed, v["landlord"], v["plays"], v["plays"].size());
      EXPECT_EQ(v["unseen"], to_string(truth.hand(1) + truth.hand(2))) << "seed " << seed;
      if (!v["plays"].empty()) { EXPECT_EQ(v["plays"].back()["stake"], truth.stake()); }
      if (v["phase"] == "over") break;
      v = step(api, id, v, rng);
    }
  }
  uint64_t seed = 1;
  json v = call(api, "GET", "/api/games/" + new_game(api, {{"seed", seed}})).body;
  while (v["phase"] != "bidding") v = call(api, "GET", "/api/games/" + new_game(api, {{"seed", ++seed}})).body;
  const Hand unseen = parse_cards(v["unseen"].get<std::string>());
  EXPECT_EQ(unseen.size(), 37);
  EXPECT_EQ(unseen + parse_cards(v["hand"].get<std::string>()), Hand::deck());
}

TEST(WebPace, TheConfigSaysThePause) {
  WebOptions o = heuristic_options();
  o.pace_ms = 250;
  Api api(o);
  EXPECT_EQ(call(api, "GET", "/api/config").body["pace_ms"], 250);
  Api defaults(heuristic_options());
  EXPECT_EQ(call(defaults, "GET", "/api/config").body["pace_ms"], WebOptions{}.pace_ms);
}

}  // namespace
}  // namespace ddz::web
