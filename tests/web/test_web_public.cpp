// Tests of public mode of `ddz web` (issue 55): agent specs from the allow-list only (never a
// file, sims capped), live games and requests per client address (429 with Retry-After), the
// proxy's forwarded address honoured only from the trusted proxy, and loopback's freedom kept.
#include <httplib.h>

#include <thread>

#include "tests/web/loopback_server.h"
#include "tests/web/web_client.h"
#include "web/server.h"

namespace ddz::web {
namespace {

using nlohmann::json;
using testing::call;
using testing::heuristic_options;

WebOptions public_options() {
  WebOptions o = heuristic_options();
  o.public_mode = true;
  return o;
}

Reply create(Api& api, const json& body, const std::string& client = "10.0.0.1") {
  return api.handle("POST", "/api/games", body.dump(), client);
}

TEST(WebPublic, SpecsOutsideTheAllowListAreRefusedWithoutTouchingFiles) {
  Api api(public_options());
  const std::vector<std::pair<std::string, std::string>> refused{
      {"net:/etc/passwd", "\"net\" is not allowed"},
      {"net:/etc/nonexistent", "\"net\" is not allowed"},
      {"mcts+net:/etc/passwd", "is not allowed"},
      {"mcts:sims=10000000", "sims must be an integer in 1..2000"},
      {"mcts:sims=0", "sims must be an integer in 1..2000"},
      {"mcts:config=/etc/passwd", "setting \"config\" is not allowed"},
      {"mcts:threads=64", "setting \"threads\" is not allowed"},
      {"mcts:ms=100000", "setting \"ms\" is not allowed"},
      {"pretrained:/etc/passwd", "no file"},
      {"heuristic:danger=3", "setting \"danger\" is not allowed"},
      {"", "not an agent spec"},
      {std::string(300, 'a'), "longer than 200"}};
  for (const auto& [spec, why] : refused) {
    const Reply r = create(api, json{{"opponents", spec}});
    EXPECT_EQ(r.status, 400) << spec << ": " << r.body;
    const json error = json::parse(r.body);
    const std::string message = error.value("error", "");
    EXPECT_NE(message.find("\"opponents\""), std::string::npos) << message;
    EXPECT_NE(message.find(why), std::string::npos) << spec << ": " << message;
    // Nothing about the file system comes back.
    EXPECT_EQ(message.find("passwd"), std::string::npos) << message;
    EXPECT_EQ(message.find("No such file"), std::string::npos) << message;
  }
  // The hint agent and the arena's agents pass the same check.
  EXPECT_EQ(create(api, json{{"hint_agent", "net:/etc/passwd"}}).status, 400);
  const Reply arena =
      api.handle("POST", "/api/arena", json{{"agents", {"heuristic", "mcts:sims=99999"}}}.dump(), "10.0.0.1");
  EXPECT_EQ(arena.status, 400) << arena.body;
  EXPECT_NE(json::parse(arena.body).value("error", "").find("\"agents\""), std::string::npos) << arena.body;
  // Allowed kinds and capped sims are accepted.
  EXPECT_EQ(create(api, json{{"opponents", "random"}}).status, 201);
  EXPECT_EQ(create(api, json{{"opponents", "heuristic"}, {"hint_agent", "mcts:sims=50"}}).status, 201);
  // The config tells the page what it may choose.
  const json config = json::parse(api.handle("GET", "/api/config", "", "10.0.0.2").body);
  EXPECT_EQ(config["public"], true);
  std::vector<std::string> kinds;
  for (const std::string line : config["agent_kinds"]) kinds.push_back(line.substr(0, line.find(':')));
  EXPECT_EQ(kinds, (std::vector<std::string>{"random", "heuristic", "mcts", "pretrained", "pretrained-net"}));
  EXPECT_EQ(config["max_sims"], 2000);
}

TEST(WebPublic, LoopbackKeepsAnySpec) {
  Api api(heuristic_options());
  EXPECT_EQ(create(api, json{{"opponents", "heuristic:danger=3"}}).status, 201);
  const Reply file = create(api, json{{"opponents", "net:/etc/nonexistent"}});
  EXPECT_EQ(file.status, 400);
  EXPECT_NE(file.body.find("nonexistent"), std::string::npos) << file.body;
  EXPECT_EQ(json::parse(api.handle("GET", "/api/config", "").body)["public"], false);
}

TEST(WebPublic, LiveGamesPerClient) {
  WebOptions o = public_options();
  o.client_games = 2;
  Api api(o);
  const std::string a1 = json::parse(create(api, json::object(), "a").body)["id"];
  ASSERT_EQ(create(api, json::object(), "a").status, 201);
  const Reply third = create(api, json::object(), "a");
  EXPECT_EQ(third.status, 429) << third.body;
  EXPECT_EQ(third.retry_after, 5);
  EXPECT_NE(third.body.find("at most 2"), std::string::npos) << third.body;
  // Another address is not held back; a deleted game frees its place.
  EXPECT_EQ(create(api, json::object(), "b").status, 201);
  EXPECT_EQ(api.handle("DELETE", "/api/games/" + a1, "", "a").status, 200);
  EXPECT_EQ(create(api, json::object(), "a").status, 201);
}

// At the cap of live games, public mode refuses a new game (503, Retry-After) instead of
// dropping another visitor's game as loopback mode does.
TEST(WebPublic, FullServerRefusesNewGamesAndKeepsTheLiveOnes) {
  WebOptions o = public_options();
  o.max_games = 2;
  Api api(o);
  const std::string a = json::parse(create(api, json::object(), "a").body)["id"];
  const std::string b = json::parse(create(api, json::object(), "b").body)["id"];
  const Reply full = create(api, json::object(), "c");
  EXPECT_EQ(full.status, 503) << full.body;
  EXPECT_EQ(full.retry_after, 60);
  EXPECT_EQ(api.handle("GET", "/api/games/" + a, "", "a").status, 200);
  EXPECT_EQ(api.handle("GET", "/api/games/" + b, "", "b").status, 200);
  EXPECT_EQ(api.handle("DELETE", "/api/games/" + a, "", "a").status, 200);
  EXPECT_EQ(create(api, json::object(), "c").status, 201);
}

TEST(WebPublic, RequestsPerSecondPerClient) {
  auto now = std::chrono::steady_clock::time_point{} + std::chrono::hours(1);
  WebOptions o = public_options();
  o.client_rate = 5;  // bursts of 10
  o.clock = [&now] { return now; };
  Api api(o);
  for (int i = 0; i < 10; ++i) ASSERT_EQ(api.handle("GET", "/api/config", "", "c").status, 200) << i;
  const Reply limited = api.handle("GET", "/api/config", "", "c");
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(limited.retry_after, 1);
  EXPECT_NE(json::parse(limited.body).value("error", "").find("too many requests"), std::string::npos);
  EXPECT_EQ(api.handle("GET", "/api/config", "", "d").status, 200);  // another address
  now += std::chrono::seconds(1);  // 5 more
  for (int i = 0; i < 5; ++i) EXPECT_EQ(api.handle("GET", "/api/config", "", "c").status, 200) << i;
  EXPECT_EQ(api.handle("GET", "/api/config", "", "c").status, 429);
  // Loopback mode counts nothing.
  Api local(heuristic_options());
  for (int i = 0; i < 100; ++i) ASSERT_EQ(local.handle("GET", "/api/config", "", "c").status, 200);
}

// Through the real server: X-Forwarded-For names the client only when the request comes from
// the trusted proxy; otherwise every request counts for its peer address.
class WebPublicServer : public ::testing::Test {
 protected:
  void start(const std::string& trust_proxy) {
    WebOptions o = public_options();
    o.client_games = 1;
    o.trust_proxy = trust_proxy;
    server_ = std::make_unique<testing::LoopbackServer>(o);
    port_ = server_->port();
  }
  int create_from(const std::string& forwarded) {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(30);
    auto r = c.Post("/api/games", {{"X-Forwarded-For", forwarded}}, "{}", "application/json");
    if (!r) return -1;
    if (r->status == 429) { EXPECT_FALSE(r->get_header_value("Retry-After").empty()); }
    return r->status;
  }
  std::unique_ptr<testing::LoopbackServer> server_;
  int port_ = 0;
};

TEST_F(WebPublicServer, ForwardedAddressFromTheTrustedProxy) {
  start("127.0.0.1");
  EXPECT_EQ(create_from("198.51.100.7, 203.0.113.1"), 201);
  EXPECT_EQ(create_from("203.0.113.2"), 201);
  EXPECT_EQ(create_from("198.51.100.9, 203.0.113.1"), 429);  // counts for 203.0.113.1 again
}

TEST_F(WebPublicServer, ForwardedAddressIgnoredWithoutTrust) {
  start("");
  EXPECT_EQ(create_from("203.0.113.1"), 201);
  EXPECT_EQ(create_from("203.0.113.2"), 429);  // both are 127.0.0.1
}

TEST_F(WebPublicServer, ForwardedAddressIgnoredFromAnotherPeer) {
  start("192.0.2.1");
  EXPECT_EQ(create_from("203.0.113.1"), 201);
  EXPECT_EQ(create_from("203.0.113.2"), 429);
}

}  // namespace
}  // namespace ddz::web
