// Tests of the Botzone bridge: whole games run through a small judge that speaks both Botzone
// Fight the Landlord formats, answers agree with in-process play and use the bot's own card ids.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <vector>

#include "serve/botzone.h"
#include "serve/protocol.h"
#include "agent/random_agent.h"
#include "game/catalogue.h"
#include "game/rng.h"
#include "game/state.h"

namespace ddz {
namespace {

using json = nlohmann::json;

// Plays one game the way Botzone's judges run it: each bot gets its own requests/responses log
// and is asked through botzone_view/botzone_decide; an in-process agent seeded alike decides on the
// real Observation, and both answers must agree (up to Botzone's kicker rules).
struct JudgeResult {
  int decisions = 0;
  int replaced = 0;
};

JudgeResult run_botzone_game(uint64_t seed, BotzoneGame game) {
  JudgeResult result;
  Rng rng(seed);
  std::vector<int> ids(kNumCards);
  for (int i = 0; i < kNumCards; ++i) ids[size_t(i)] = i;
  for (int i = kNumCards - 1; i > 0; --i) std::swap(ids[size_t(i)], ids[rng.below(uint32_t(i + 1))]);
  std::array<std::vector<int>, 3> alloc;
  std::vector<int> pub(ids.begin(), ids.begin() + 3);
  for (int p = 0; p < 3; ++p) alloc[size_t(p)].assign(ids.begin() + 3 + 17 * p, ids.begin() + 20 + 17 * p);
  if (game == BotzoneGame::Classic) alloc[0].insert(alloc[0].begin(), pub.begin(), pub.end());

  std::array<json, 3> requests, responses;
  for (int p = 0; p < 3; ++p) requests[size_t(p)] = json::array(), responses[size_t(p)] = json::array();
  RandomAgent bot(0), reference(0);
  auto input_of = [&](int p) { return json{{"requests", requests[size_t(p)]}, {"responses", responses[size_t(p)]}}; };

  Deal deal;
  for (int p = 0; p < 3; ++p)
    for (int id : alloc[size_t(p)]) deal.hands[size_t(p)] += Hand::of(card_id_rank(id));
  for (int id : pub) deal.kitty += Hand::of(card_id_rank(id));
  if (game == BotzoneGame::Classic) deal.hands[0] -= deal.kitty;

  int landlord = 0, finalbid = 1;
  if (game == BotzoneGame::Bidding) {
    Rules bid_rules;
    bid_rules.bidding = true;
    bid_rules.first_bidder = 0;
    GameState bidding(deal, bid_rules);
    std::vector<int> bids;
    for (int p = 0; p < 3; ++p) {
      requests[size_t(p)].push_back({{"own", alloc[size_t(p)]}, {"bid", bids}});
      const uint64_t s = Rng::mix(seed, uint64_t(100 + p));
      bot.new_game(s);
      const json out = botzone_decide(bot, botzone_view(input_of(p)));
      reference.new_game(s);
      EXPECT_EQ(out["response"].get<int>(), reference.bid(observe(bidding, p)));
      const int bid = out["response"];
      responses[size_t(p)].push_back(bid);
      bids.push_back(bid);
      if (bidding.phase() == Phase::Bidding) { EXPECT_EQ(bidding.apply_bid(bid), ""); }
      if (bid == 3) break;
    }
    // Botzone: the first highest bidder is landlord; when all pass, player 0 with base 1.
    for (int p = 0; p < int(bids.size()); ++p)
      if (bids[size_t(p)] > bids[size_t(landlord)]) landlord = p;
    finalbid = std::max(1, *std::max_element(bids.begin(), bids.end()));
  }
  Rules rules;
  rules.fixed_landlord = landlord;
  GameState state(deal, rules);

  std::array<std::vector<int>, 3> held = alloc;
  if (game == BotzoneGame::Bidding) held[size_t(landlord)].insert(held[size_t(landlord)].end(), pub.begin(), pub.end());
  std::array<bool, 3> told{};
  std::vector<std::vector<int>> solution;
  while (state.phase() != Phase::Over) {
    const int p = state.to_move();
    json history = json::array();
    const size_t n = solution.size();
    history.push_back(n >= 2 ? json(solution[n - 2]) : json::array());
    history.push_back(n >= 1 ? json(solution[n - 1]) : json::array());
    json req = {{"history", history}};
    if (!told[size_t(p)]) {
      told[size_t(p)] = true;
      req["own"] = alloc[size_t(p)];
      req["publiccard"] = pub;
      if (game == BotzoneGame::Bidding) req["landlord"] = landlord, req["pos"] = p, req["finalbid"] = finalbid;
    }
    requests[size_t(p)].push_back(req);
    const uint64_t s = Rng::mix(seed, n + 1000);
    bot.new_game(s);
    const BotzoneView view = botzone_view(input_of(p));
    EXPECT_EQ(view.position, p);
    EXPECT_TRUE(view.fallback.empty());
    const json out = botzone_decide(bot, view);
    reference.new_game(s);
    const Move expected = reference.play(observe(state, p));

    std::vector<int> response = out["response"];
    for (int id : response) {
      auto it = std::find(held[size_t(p)].begin(), held[size_t(p)].end(), id);
      EXPECT_NE(it, held[size_t(p)].end()) << "id " << id << " not in the bot's hand";
      if (it != held[size_t(p)].end()) held[size_t(p)].erase(it);
    }
    const Hand cards = hand_from_ids(response);
    const Move played = cards.empty() ? Move::pass() : *classify(cards);
    EXPECT_TRUE(botzone_accepts(played));
    if (botzone_accepts(expected)) {
      EXPECT_EQ(played, expected) << out.dump();
    } else {
      ++result.replaced;
    }
    EXPECT_EQ(state.apply_move(played), "");
    responses[size_t(p)].push_back(response);
    solution.push_back(response);
    ++result.decisions;
  }
  return result;
}

TEST(Botzone, BiddingGamesRoundTrip) {
  int decisions = 0;
  for (uint64_t seed = 1; seed <= 80; ++seed) decisions += run_botzone_game(seed, BotzoneGame::Bidding).decisions;
  EXPECT_GT(decisions, 80 * 20);
}

TEST(Botzone, ClassicGamesRoundTrip) {
  int decisions = 0;
  for (uint64_t seed = 1; seed <= 80; ++seed) decisions += run_botzone_game(seed, BotzoneGame::Classic).decisions;
  EXPECT_GT(decisions, 80 * 20);
}

TEST(Botzone, KickerRulesOfTheJudge) {
  EXPECT_FALSE(botzone_accepts(parse_move("333344")));
  EXPECT_TRUE(botzone_accepts(parse_move("333345")));
  EXPECT_FALSE(botzone_accepts(parse_move("33344455")));
  EXPECT_TRUE(botzone_accepts(parse_move("33344456")));
  EXPECT_FALSE(botzone_accepts(parse_move("333444555777")));
  EXPECT_TRUE(botzone_accepts(parse_move("33334455")));
  EXPECT_TRUE(botzone_accepts(parse_move("3334445566")));
}

TEST(Botzone, IdsComeFromOwnHandLowestFirst) {
  const std::vector<int> own = {0, 2, 3, 5, 6, 52, 53};  // 3 3 3, 4 4, X D
  EXPECT_EQ(ids_for(parse_cards("33"), own), (std::vector<int>{0, 2}));
  EXPECT_EQ(ids_for(parse_cards("3334"), own), (std::vector<int>{0, 2, 3, 5}));
  EXPECT_EQ(ids_for(parse_cards("XD"), own), (std::vector<int>{52, 53}));
  EXPECT_THROW(ids_for(parse_cards("5"), own), std::logic_error);
}

// Always plays the four with a pair as kickers when it can, to test the replacement.
class PairKickerAgent : public Agent {
 public:
  int bid(const Observation&) override { return 0; }
  Move play(const Observation& obs) override {
    std::vector<Move> legal;
    obs.legal(legal);
    for (const Move& m : legal)
      if (!botzone_accepts(m)) return m;
    return legal.front();
  }
  std::string spec() const override { return "pair-kicker"; }
};

TEST(Botzone, RefusedCombinationIsReplacedByTheClosestAcceptedOne) {
  // Classic game, the bot is the landlord with 3333 44 5 and 13 other cards; it leads.
  std::vector<int> own = {0, 1, 2, 3, 4, 5, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 49, 52, 53};
  const json input = {
      {"requests",
       json::array({{{"own", own}, {"publiccard", {49, 52, 53}}, {"history", {json::array(), json::array()}}}})},
      {"responses", json::array()}};
  const BotzoneView view = botzone_view(input);
  EXPECT_EQ(view.position, 0);
  PairKickerAgent agent;
  const json out = botzone_decide(agent, view);
  const Move played = *classify(hand_from_ids(out["response"].get<std::vector<int>>()));
  EXPECT_TRUE(botzone_accepts(played));
  EXPECT_EQ(played.type, MoveType::FourTwoSolo) << out.dump();
  EXPECT_EQ(played.key, R3);
  EXPECT_NE(out["debug"].get<std::string>().find("refuses"), std::string::npos);
}

TEST(Botzone, UnknownBotzoneCombinationFallsBackSafely) {
  // FightTheLandlord2: landlord 0 opened with 33334444 (a Botzone "space shuttle"); bot 1 follows.
  const std::vector<int> shuttle = {0, 1, 2, 3, 4, 5, 6, 7};
  std::vector<int> own;
  for (int id = 8; id < 25; ++id) own.push_back(id);
  const json input = {{"requests", json::array({{{"own", own}, {"bid", {1}}},
                                                {{"own", own},
                                                 {"publiccard", {50, 51, 53}},
                                                 {"landlord", 0},
                                                 {"pos", 1},
                                                 {"finalbid", 1},
                                                 {"history", {json::array(), shuttle}}}})},
                      {"responses", {0}}};
  const BotzoneView view = botzone_view(input);
  EXPECT_FALSE(view.fallback.empty());
  EXPECT_FALSE(view.leading);
  RandomAgent agent(1);
  EXPECT_EQ(botzone_decide(agent, view)["response"], json::array());
}

TEST(Botzone, PlayerThatNeverBidStartsWithThePlayRequest) {
  // FightTheLandlord2: player 0 bid 3 at once and led 3; player 1's first request is a play request.
  std::vector<int> own;
  for (int id = 4; id < 21; ++id) own.push_back(id);
  const json input = {{"requests", json::array({{{"own", own},
                                                 {"publiccard", {50, 51, 53}},
                                                 {"landlord", 0},
                                                 {"pos", 1},
                                                 {"finalbid", 3},
                                                 {"history", {json::array(), {0}}}}})},
                      {"responses", json::array()}};
  const BotzoneView view = botzone_view(input);
  EXPECT_EQ(view.game, BotzoneGame::Bidding);
  EXPECT_EQ(view.position, 1);
  EXPECT_FALSE(view.bidding);
  EXPECT_EQ(view.obs.base_score, 3);
  EXPECT_EQ(view.obs.to_beat, parse_move("3"));
  EXPECT_EQ(view.obs.cards_left, (std::array<int, 3>{19, 17, 17}));
  // One response too many is refused with the reason.
  json bad = input;
  bad["responses"] = {json::array()};
  EXPECT_THROW(botzone_view(bad), ProtocolError);
}

TEST(Botzone, BadInputsGiveAnAnswerWithTheReason) {
  RandomAgent agent(1);
  std::string error;
  const json a = json::parse(botzone_answer(agent, "not json", 0, &error));
  EXPECT_EQ(a["response"], json::array());
  EXPECT_NE(error.find("not valid JSON"), std::string::npos);
  const json b =
      json::parse(botzone_answer(agent, R"({"requests":[{"own":[1,1],"bid":[]}],"responses":[]})", 0, &error));
  EXPECT_EQ(b["response"], 0);
  EXPECT_NE(b["debug"].get<std::string>().find("error"), std::string::npos);
  const json c = json::parse(botzone_answer(agent, R"({"requests":[{"own":[99]}]})", 0, &error));
  EXPECT_NE(error.find("own"), std::string::npos) << error;
  // A valid bidding request through the whole path.
  std::vector<int> own;
  for (int id = 0; id < 17; ++id) own.push_back(id * 3);
  const json d = json::parse(botzone_answer(
      agent, json{{"requests", {{{"own", own}, {"bid", {2}}}}}, {"responses", json::array()}}.dump(), 0, &error));
  EXPECT_TRUE(d["response"] == 0 || d["response"] == 3) << d.dump();
}

}  // namespace
}  // namespace ddz
