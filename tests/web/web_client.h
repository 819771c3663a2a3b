// Helpers of the web server tests: requests to web::Api as JSON, and a person who plays a game
// through the API to the end with the first legal bid or move (or a seeded choice).
#pragma once
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "game/rng.h"
#include "web/api.h"

namespace ddz::testing {

// The server's settings with the quick heuristic agent as the default opponent.
inline web::WebOptions heuristic_options() {
  web::WebOptions o;
  o.agent = "heuristic";
  return o;
}

struct JsonReply {
  int status;
  nlohmann::json body;
};

inline JsonReply call(web::Api& api, const std::string& method, const std::string& path, const std::string& body = "") {
  const web::Reply r = api.handle(method, path, body);
  nlohmann::json j = nlohmann::json::parse(r.body, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << "not JSON: " << r.body;
  return {r.status, j};
}

inline JsonReply call(web::Api& api, const std::string& method, const std::string& path, const char* body) {
  return call(api, method, path, std::string(body));
}

inline JsonReply call(web::Api& api, const std::string& method, const std::string& path, const nlohmann::json& body) {
  return call(api, method, path, body.dump());
}

// Creates a game with `body` (expecting 201) and returns its id ("" if refused).
inline std::string new_game(web::Api& api, const nlohmann::json& body) {
  const JsonReply r = call(api, "POST", "/api/games", body);
  EXPECT_EQ(r.status, 201) << r.body.dump();
  return r.body.value("id", "");
}

// Plays the person's turns until the game is over, each a seeded random choice among the legal
// bids or moves the view lists. Returns the final view (or the failing reply's body).
inline JsonReply play_to_end(web::Api& api, const std::string& id, uint64_t seed) {
  Rng rng(seed);
  JsonReply r = call(api, "GET", "/api/games/" + id);
  for (int turn = 0; turn < 200 && r.status == 200 && r.body["phase"] != "over"; ++turn) {
    const nlohmann::json& v = r.body;
    if (!v["your_turn"].get<bool>()) {
      ADD_FAILURE() << "the agents did not play up to the person's turn: " << v.dump();
      break;
    }
    if (v["phase"] == "bidding") {
      const auto& bids = v["legal_bids"];
      r = call(api, "POST", "/api/games/" + id + "/bid",
               nlohmann::json{{"bid", bids[rng.below(uint32_t(bids.size()))]}});
    } else {
      const auto& legal = v["legal"];
      r = call(api, "POST", "/api/games/" + id + "/play",
               nlohmann::json{{"cards", legal[rng.below(uint32_t(legal.size()))]}});
    }
  }
  return r;
}

}  // namespace ddz::testing
