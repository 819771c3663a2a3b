// Tests of `ddz web` with threads: games played from several threads at once (and evicted under
// them), arena matches on their own thread, and the real HTTP server on a free local port.
#include <httplib.h>

#include <atomic>
#include <thread>

#include "arena/arena_report.h"
#include "tests/web/loopback_server.h"
#include "tests/web/web_client.h"
#include "web/server.h"

namespace ddz::web {
namespace {

using nlohmann::json;
using testing::call;
using testing::heuristic_options;
using testing::play_to_end;

TEST(WebConcurrent, GamesFromSeveralThreads) {
  Api api(heuristic_options());
  std::atomic<int> finished{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&api, &finished, t] {
      for (int g = 0; g < 4; ++g) {
        const auto created = call(api, "POST", "/api/games", json{{"seed", 100 * t + g}});
        ASSERT_EQ(created.status, 201);
        const auto end = play_to_end(api, created.body["id"], uint64_t(t * 10 + g));
        ASSERT_EQ(end.status, 200);
        ASSERT_EQ(end.body["phase"], "over");
        finished.fetch_add(1);
      }
    });
  // Two more threads share one game: every request is serialised on it, none corrupts it.
  const std::string shared =
      call(api, "POST", "/api/games", json{{"seed", 5}, {"bidding", false}, {"role", "landlord"}}).body["id"];
  for (int t = 0; t < 2; ++t)
    threads.emplace_back([&api, &shared] {
      for (int i = 0; i < 30; ++i) {
        const auto v = call(api, "GET", "/api/games/" + shared);
        if (v.body["phase"] == "over") return;
        if (!v.body["legal"].empty()) {
          const auto r = call(api, "POST", "/api/games/" + shared + "/play", json{{"cards", v.body["legal"][0]}});
          // The other thread may have moved first: then the move is refused, never garbled.
          EXPECT_TRUE(r.status == 200 || r.status == 422) << r.body.dump();
        }
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(finished.load(), 16);
}

TEST(WebConcurrent, EvictionUnderLoad) {
  WebOptions o = heuristic_options();
  o.max_games = 4;
  Api api(o);
  std::vector<std::thread> threads;
  std::atomic<int> ended{0}, evicted{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int g = 0; g < 5; ++g) {
        const auto created = call(api, "POST", "/api/games", json{{"seed", 7 * t + g}});
        ASSERT_EQ(created.status, 201);
        const auto end = play_to_end(api, created.body["id"], uint64_t(g));
        // Another thread's new game may evict this one: then the API says so with a 404.
        if (end.status == 404) ++evicted;
        else if (end.status == 200 && end.body["phase"] == "over") ++ended;
        else ADD_FAILURE() << end.body.dump();
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(ended + evicted, 20);
  EXPECT_LE(api.live_games(), 4u);
}

TEST(WebArena, MatchFillsInTheArenaFigures) {
  Api api(heuristic_options());
  const auto started =
      call(api, "POST", "/api/arena", json{{"agents", {"heuristic", "random"}}, {"deals", 6}, {"seed", 3}});
  ASSERT_EQ(started.status, 201) << started.body.dump();
  const std::string id = started.body["id"];
  // A second match while one runs is refused (one at a time by default) unless it is over.
  const auto second = call(api, "POST", "/api/arena", json{{"agents", {"heuristic", "random"}}, {"deals", 1}});
  if (second.status != 201) { EXPECT_EQ(second.status, 429) << second.body.dump(); }
  json status;
  for (int i = 0; i < 2000; ++i) {
    status = call(api, "GET", "/api/arena/" + id).body;
    if (status["state"] != "running") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(status["state"], "done") << status.dump();
  EXPECT_EQ(status["deals_done"], 6);
  const json& figures = status["figures"];
  EXPECT_EQ(figures["games"], 12);
  const json& h = figures["agents"][0];
  EXPECT_EQ(h["spec"], "heuristic");
  EXPECT_EQ(h["all"]["games"], 12);
  EXPECT_EQ(figures["pairs"][0]["deals"], 6);
  EXPECT_NE(status["text"].get<std::string>().find("heuristic"), std::string::npos);
}

// The page's match plays the arena's deals: its WP and ADP equal `ddz arena`'s for the seed.
TEST(WebArena, FiguresEqualTheArenas) {
  Api api(heuristic_options());
  const auto started = call(api, "POST", "/api/arena",
                            json{{"agents", {"heuristic", "random"}}, {"deals", 5}, {"seed", 9}, {"bidding", true}});
  ASSERT_EQ(started.status, 201) << started.body.dump();
  json status;
  for (int i = 0; i < 2000; ++i) {
    status = call(api, "GET", "/api/arena/" + started.body["id"].get<std::string>()).body;
    if (status["state"] != "running") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(status["state"], "done");
  ArenaConfig config;
  config.agents = {"heuristic", "random"};
  config.deals = 5;
  config.seed = 9;
  config.rules.bidding = true;
  const json arena = json::parse(arena_json(run_arena(config), -1));
  const json& page = status["figures"];
  for (size_t a = 0; a < 2; ++a)
    for (const char* side : {"landlord", "farmers", "all"})
      EXPECT_EQ(page["agents"][a][side], arena["agents"][a][side]) << side;
  EXPECT_EQ(page["pairs"][0]["paired_score"], arena["pairs"][0]["paired_score"]);
  EXPECT_EQ(page["pairs"][0]["verdict"], arena["pairs"][0]["verdict"]);
}

TEST(WebArena, StopEndsAMatchEarly) {
  WebOptions o = heuristic_options();
  o.arena_max_deals = 100000;
  Api api(o);
  const auto started = call(api, "POST", "/api/arena", json{{"agents", {"heuristic", "heuristic"}}, {"deals", 100000}});
  ASSERT_EQ(started.status, 201);
  const std::string id = started.body["id"];
  EXPECT_EQ(call(api, "POST", "/api/arena", json{{"agents", {"random", "random"}}}).status, 429);
  const auto stopped = call(api, "DELETE", "/api/arena/" + id);
  EXPECT_EQ(stopped.status, 200);
  json status;
  for (int i = 0; i < 2000; ++i) {
    status = call(api, "GET", "/api/arena/" + id).body;
    if (status["state"] != "running") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(status["state"], "stopped");
  EXPECT_LT(status["deals_done"].get<int>(), 100000);
  // Another match may start now.
  EXPECT_EQ(call(api, "POST", "/api/arena", json{{"agents", {"random", "random"}}, {"deals", 1}}).status, 201);
}

// The real server on a free port of 127.0.0.1, with the library's own client.
class WebServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    WebOptions o = heuristic_options();
    o.max_body = 4096;
    server_ = std::make_unique<testing::LoopbackServer>(o);
    port_ = server_->port();
  }
  httplib::Client client() {
    httplib::Client c("127.0.0.1", port_);
    c.set_connection_timeout(5);
    c.set_read_timeout(30);
    return c;
  }
  std::unique_ptr<testing::LoopbackServer> server_;
  int port_ = 0;
};

TEST_F(WebServerTest, ServesThePageAndTheApi) {
  auto c = client();
  auto page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->get_header_value("Content-Type").find("text/html"), std::string::npos);
  EXPECT_NE(page->body.find("<html"), std::string::npos);
  for (const char* asset : {"/app.js", "/style.css"}) {
    auto r = c.Get(asset);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << asset;
  }
  auto missing = c.Get("/nothing.js");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);

  auto created = c.Post("/api/games", R"({"seed": 3})", "application/json");
  ASSERT_TRUE(created);
  EXPECT_EQ(created->status, 201);
  const json view = json::parse(created->body);
  EXPECT_EQ(view["seed"], 3);
  auto got = c.Get(("/api/games/" + view["id"].get<std::string>()).c_str());
  ASSERT_TRUE(got);
  EXPECT_EQ(got->status, 200);
}

TEST_F(WebServerTest, BadRequestsGetJsonErrors) {
  auto c = client();
  auto bad = c.Post("/api/games", "{nope", "application/json");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->status, 400);
  EXPECT_TRUE(json::parse(bad->body).contains("error"));
  // Over the body limit: the library refuses it before the API sees it, still with a message.
  auto big = c.Post("/api/replay", std::string(10000, 'x'), "text/plain");
  ASSERT_TRUE(big);
  EXPECT_EQ(big->status, 413);
  EXPECT_EQ(json::parse(big->body)["error"], "the request body is too large");
  auto method = c.Put("/api/games", "{}", "application/json");
  ASSERT_TRUE(method);
  EXPECT_EQ(method->status, 405);
  // The server still answers.
  auto page = c.Get("/api/config");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(json::parse(page->body)["agent"], "heuristic");
}

TEST_F(WebServerTest, ParallelClients) {
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([this, &ok, t] {
      auto c = client();
      for (int i = 0; i < 5; ++i) {
        auto r = c.Post("/api/games", json{{"seed", t * 10 + i}}.dump(), "application/json");
        if (r && r->status == 201) ++ok;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(ok.load(), 20);
}

}  // namespace
}  // namespace ddz::web
