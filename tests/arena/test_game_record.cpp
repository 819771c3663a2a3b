// Tests of the "ddz-game" record and RandomAgent: seeded games round-trip through JSON and replay
// exactly (redeals, partial replays included), and every kind of bad record is refused by field.
#include <gtest/gtest.h>

#include "arena/game_record.h"
#include "agent/play_game.h"
#include "agent/random_agent.h"

namespace ddz {
namespace {

const std::array<std::string, 3> kNames = {"random", "random", "random"};

GameState random_game(uint64_t seed, const Rules& rules) {
  RandomAgent a, b, c;
  return play_game({&a, &b, &c}, seed, rules);
}

TEST(GameRecord, RoundTripsManyGames) {
  int redealt = 0;
  for (uint64_t seed = 0; seed < 600; ++seed) {
    Rules rules;
    rules.bidding = seed % 2 == 0;
    rules.fixed_landlord = int(seed % 3);
    rules.double_on_spring = seed % 5 != 0;
    const GameState game = random_game(seed, rules);
    ASSERT_EQ(game.phase(), Phase::Over);
    redealt += game.redeals() > 0;
    const nlohmann::json j = record_to_json(game, kNames, seed);
    // Through text, as a file would carry it.
    const nlohmann::json back = nlohmann::json::parse(j.dump());
    const GameState replayed = replay_record(back);
    ASSERT_EQ(replayed.phase(), Phase::Over);
    ASSERT_EQ(replayed.winner(), game.winner());
    ASSERT_EQ(replayed.scores(), game.scores());
    ASSERT_EQ(replayed.history().size(), game.history().size());
    nlohmann::json again = record_to_json(replayed, kNames, seed);
    again["redeals"] = j["redeals"];  // a replay starts from the deal played
    ASSERT_EQ(again, j) << "seed " << seed;
    ASSERT_EQ(replayed.check_consistency(), "");
  }
  EXPECT_GE(redealt, 2) << "some bidding games must have been redealt (all pass: about 1 in 64)";
}

TEST(GameRecord, SameSeedSameGameAndFields) {
  Rules rules;
  rules.bidding = true;
  const auto j1 = record_to_json(random_game(77, rules), kNames, 77);
  const auto j2 = record_to_json(random_game(77, rules), kNames, 77);
  EXPECT_EQ(j1, j2);
  for (const char* key : {"format", "version", "seed", "rules", "agents", "deal", "first_bidder", "bids", "redeals",
                          "landlord", "plays", "winner", "stake", "scores"})
    EXPECT_TRUE(j1.contains(key)) << key;
  EXPECT_EQ(j1["format"], "ddz-game");
  EXPECT_EQ(j1["version"], 1);
}

// replay_record_bids stops in the bidding phase before the asked bid, with the bids before it
// applied; asking for more bids than recorded names "bids".
TEST(GameRecord, ReplayUpToABid) {
  Rules rules;
  rules.bidding = true;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const GameState game = random_game(seed, rules);
    const auto j = record_to_json(game, kNames, seed);
    const size_t n = game.bids().size();
    for (size_t k = 0; k < n; ++k) {
      const GameState before = replay_record_bids(j, int(k));
      EXPECT_EQ(before.phase(), Phase::Bidding) << "seed " << seed << " bid " << k;
      ASSERT_EQ(before.bids().size(), k);
      for (size_t i = 0; i < k; ++i) EXPECT_EQ(before.bids()[i].bid, game.bids()[i].bid);
      EXPECT_EQ(before.to_move(), game.bids()[k].seat);
    }
    EXPECT_EQ(replay_record_bids(j, int(n)).phase(), Phase::Play);
    try {
      replay_record_bids(j, int(n) + 1);
      ADD_FAILURE() << "seed " << seed;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("bids"), std::string::npos) << e.what();
    }
  }
}

TEST(GameRecord, PartialReplay) {
  const GameState game = random_game(5, Rules());
  const auto j = record_to_json(game, kNames, 5);
  const GameState first3 = replay_record(j, 3);
  EXPECT_EQ(first3.history().size(), 3u);
  EXPECT_EQ(first3.phase(), Phase::Play);
  EXPECT_EQ(replay_record(j, 0).history().size(), 0u);
  EXPECT_THROW(replay_record(j, int(game.history().size()) + 1), std::runtime_error);
  // A record of a game in progress replays without checking a winner.
  const auto partial = record_to_json(first3, kNames, 5);
  EXPECT_TRUE(partial["winner"].is_null());
  EXPECT_EQ(replay_record(partial).history().size(), 3u);
}

// Each corruption must be refused with a message naming the field.
TEST(GameRecord, BadRecordsNameTheField) {
  Rules rules;
  rules.bidding = true;
  const nlohmann::json good = record_to_json(random_game(9, rules), kNames, 9);
  auto expect_bad = [&](const std::function<void(nlohmann::json&)>& corrupt, const std::string& field) {
    nlohmann::json j = good;
    corrupt(j);
    try {
      replay_record(j);
      ADD_FAILURE() << "accepted a record with bad " << field;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
    }
  };
  expect_bad([](auto& j) { j["format"] = "chess"; }, "format");
  expect_bad([](auto& j) { j["version"] = 2; }, "version");
  expect_bad([](auto& j) { j.erase("deal"); }, "deal");
  expect_bad([](auto& j) { j["deal"]["hands"][1] = "3Z"; }, "deal.hands[1]");
  expect_bad([](auto& j) { j["deal"]["kitty"] = "345"; }, "deal");
  expect_bad([](auto& j) { j["deal"]["hands"] = "x"; }, "deal.hands");
  expect_bad([](auto& j) { j["rules"]["bidding"] = "yes"; }, "rules.bidding");
  expect_bad([](auto& j) { j["rules"]["double_on_bomb"] = 1; }, "rules.double_on_bomb");
  expect_bad([](auto& j) { j["first_bidder"] = 7; }, "first_bidder");
  expect_bad([](auto& j) { j["bids"][0]["bid"] = 5; }, "bids[0].bid");
  expect_bad([](auto& j) { j["bids"][0]["seat"] = (j["bids"][0]["seat"].template get<int>() + 1) % 3; }, "bids[0]");
  expect_bad([](auto& j) { j["bids"] = nlohmann::json::array(); }, "bids");
  expect_bad([](auto& j) { j["landlord"] = (j["landlord"].template get<int>() + 1) % 3; }, "landlord");
  expect_bad([](auto& j) { j["plays"][0] = {{"seat", j["plays"][0]["seat"]}, {"pass", true}}; }, "plays[0]");
  expect_bad([](auto& j) { j["plays"][1]["seat"] = j["plays"][0]["seat"]; }, "plays[1]");
  expect_bad([](auto& j) { j["plays"][0]["cards"] = "3456"; }, "plays[0].cards");
  expect_bad([](auto& j) { j["plays"][0]["cards"] = 33; }, "plays[0].cards");
  expect_bad([](auto& j) { j["plays"].erase(j["plays"].size() - 1); }, "plays");
  expect_bad([](auto& j) { j["plays"].push_back({{"seat", 0}, {"pass", true}}); }, "plays[");
  expect_bad([](auto& j) { j["winner"] = (j["winner"].template get<int>() + 1) % 3; }, "winner");
  expect_bad([](auto& j) { j["stake"] = 1000; }, "stake");
  expect_bad([](auto& j) { j["scores"] = {1, 2, 3}; }, "scores");
  expect_bad([](auto& j) { j = nlohmann::json::array(); }, "record");
}

TEST(GameRecord, AllPassBiddingIsRefused) {
  nlohmann::json j = record_to_json(random_game(1, Rules()), kNames, 1);
  j["rules"]["bidding"] = true;
  j["first_bidder"] = 0;
  j["bids"] = {{{"seat", 0}, {"bid", 0}}, {{"seat", 1}, {"bid", 0}}, {{"seat", 2}, {"bid", 0}}};
  EXPECT_THROW(replay_record(j), std::runtime_error);
}

TEST(GameRecord, TextNamesEverything) {
  Rules rules;
  rules.bidding = true;
  const GameState game = random_game(4, rules);
  const std::string text = game_to_text(game, kNames, 4);
  EXPECT_NE(text.find("seed 4"), std::string::npos);
  EXPECT_NE(text.find("kitty: " + to_string(game.kitty())), std::string::npos);
  EXPECT_NE(text.find("bids"), std::string::npos);
  EXPECT_NE(text.find("winner: seat " + std::to_string(game.winner())), std::string::npos);
  EXPECT_NE(text.find("stake: " + std::to_string(game.stake())), std::string::npos);
}

TEST(RandomAgent, SeededAndLegal) {
  RandomAgent a;
  EXPECT_EQ(a.spec(), "random");
  GameState s(3);
  const Observation obs = observe(s, s.to_move());
  std::vector<Move> first, second;
  a.new_game(10);
  for (int i = 0; i < 50; ++i) first.push_back(a.play(obs));
  a.new_game(10);
  for (int i = 0; i < 50; ++i) second.push_back(a.play(obs));
  EXPECT_EQ(first, second) << "same seed, same choices";
  std::vector<Move> legal;
  obs.legal(legal);
  std::set<int> distinct;
  for (const Move& m : first) {
    EXPECT_NE(std::find(legal.begin(), legal.end(), m), legal.end());
    distinct.insert(int(std::find(legal.begin(), legal.end(), m) - legal.begin()));
  }
  EXPECT_GT(distinct.size(), 10u) << "uniform over many legal moves";
  Rules rules;
  rules.bidding = true;
  GameState b(3, rules);
  const Observation bobs = observe(b, b.to_move());
  for (int i = 0; i < 20; ++i) {
    const int bid = a.bid(bobs);
    EXPECT_TRUE(bid >= 0 && bid <= 3);
  }
}

}  // namespace
}  // namespace ddz
