// Fuzz of the `ddz web` API in public mode (issue 55): seeded random and malformed methods,
// paths, bodies and agent specs, straight to the API and as raw bytes to the real server. Every
// answer must be a 2xx-4xx JSON object (a 4xx naming what was wrong), never a 5xx or a crash.
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

#include "tests/web/web_client.h"
#include "web/server.h"

namespace ddz::web {
namespace {

using nlohmann::json;

WebOptions fuzz_options() {
  WebOptions o;
  o.agent = "heuristic";
  o.public_mode = true;
  o.policy.allow_agents = {"heuristic", "random", "mcts"};
  o.policy.max_sims = 20;  // keeps the fuzz quick; the cap is what is tested
  o.client_rate = 1e9;  // the fuzz is one client: the rate limit has its own test
  o.client_games = 1000;
  o.arena_max_deals = 2;
  return o;
}

class Fuzzer {
 public:
  explicit Fuzzer(uint64_t seed) : rng_(seed) {}

  std::string pick(const std::vector<std::string>& v) { return v[rng_.below(uint32_t(v.size()))]; }
  bool coin() { return rng_.below(2) == 0; }

  std::string junk(size_t max_len) {
    std::string s;
    const size_t n = rng_.below(uint32_t(max_len + 1));
    for (size_t i = 0; i < n; ++i) s += char(rng_.below(256));
    return s;
  }

  std::string spec() {
    switch (rng_.below(6)) {
      case 0: return pick({"heuristic", "random", "mcts", "pretrained", "net", "gumbel", "mcts+net", ""});
      case 1: return "mcts:sims=" + std::to_string(int64_t(rng_.next() % 100000) - 50);
      case 2: return pick({"net:/etc/passwd", "mcts:config=/etc/passwd", "mcts+net:../x.ddz", "pretrained:a,b"});
      case 3: return pick({"mcts:", "mcts:sims", "mcts:sims=", "mcts:sims=1e9", "mcts:,,,", ":", "mcts:sims=5,sims=6"});
      case 4: return junk(40);
      default: return "heuristic:" + junk(10) + "=" + junk(5);
    }
  }

  json value() {
    switch (rng_.below(9)) {
      case 0: return json(int64_t(rng_.next()));
      case 1: return json(rng_.next());
      case 2: return json(double(rng_.next() % 1000) / 7.0);
      case 3: return json(coin());
      case 4: return json(nullptr);
      case 5: return json::array({1, "x"});
      case 6: return json::object({{"a", 1}});
      case 7: return json(spec());
      default: return json(pick({"33", "pass", "34567", "XD", "10JQKA", "2222", "", "landlord", "random"}));
    }
  }

  std::string body(const std::vector<std::string>& keys) {
    switch (rng_.below(6)) {
      case 0: return "";
      case 1: return junk(200);
      case 2: return pick({"{", "[]", "null", "1", "\"x\"", "{\"seed\": }", "{\"a\":1,\"a\":2}"});
      default: {
        json j = json::object();
        const uint32_t n = rng_.below(4);
        for (uint32_t i = 0; i < n; ++i) j[coin() ? pick(keys) : junk(6)] = value();
        return j.dump(-1, ' ', false, json::error_handler_t::replace);
      }
    }
  }

  Rng rng_;
};

// Thousands of requests against the API itself: no 5xx, every answer a JSON object, every
// error a message.
TEST(WebFuzz, ApiAnswersEveryRequestWithJsonAndNo5xx) {
  Api api(fuzz_options());
  Fuzzer f(55);
  std::vector<std::string> games{"0123456789abcdef0123456789abcdef"};
  const std::vector<std::string> keys{"seed",  "opponents", "hint_agent", "bidding", "role", "bid",
                                      "cards", "agents",    "deals",      "ranked",  "play", "nothing"};
  int created = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string method = f.pick({"GET", "POST", "POST", "POST", "DELETE", "PUT", "PATCH", "", "HEAD"});
    std::string path;
    switch (f.rng_.below(8)) {
      case 0: path = "/api/games"; break;
      case 1: path = "/api/games/" + f.pick(games); break;
      case 2:
      case 3:
        path =
            "/api/games/" + f.pick(games) + "/" + f.pick({"bid", "play", "check", "hint", "explain", "undo", "x", ""});
        break;
      case 4: path = f.pick({"/api/config", "/api/replay", "/api/arena", "/api/arena/" + f.junk(8)}); break;
      case 5: path = "/api/" + f.junk(30); break;
      case 6: path = f.pick({"/../etc/passwd", "//api//games", "/api", "/", "/api/games/" + f.junk(40)}); break;
      default: path = f.junk(50); break;
    }
    const Reply r = api.handle(method, path, f.body(keys), "192.0.2.1");
    ASSERT_GE(r.status, 200) << method << " " << path;
    ASSERT_LT(r.status, 500) << method << " " << path << ": " << r.body;
    const json j = json::parse(r.body, nullptr, false);
    ASSERT_TRUE(j.is_object()) << r.body;
    if (r.status >= 400) { ASSERT_TRUE(j.contains("error") && j["error"].is_string()) << r.body; }
    if (r.status == 201 && j.contains("id") && path == "/api/games") {
      games.push_back(j["id"]);
      ++created;
    }
  }
  EXPECT_GT(created, 10);  // the fuzz reaches past the validation
}

// Raw bytes to the real server (bad request lines, junk headers, truncated bodies): it answers
// what it can with a 4xx and keeps serving.
TEST(WebServerFuzz, RawRequestsNever5xxAndTheServerGoesOn) {
  WebOptions o = fuzz_options();
  o.max_body = 4096;
  Api api(o);
  WebServer server(api);
  const int port = server.bind("127.0.0.1", 0);
  std::thread thread([&server] { server.listen(); });
  Fuzzer f(56);
  int answered = 0;
  for (int i = 0; i < 150; ++i) {
    std::string request;
    // Every fifth stream is a well-formed request for an unknown path: it must be answered 404.
    const bool wellformed = i % 5 == 0;
    if (wellformed) {
      std::string id;
      for (int k = 0; k < 8; ++k) id += "0123456789abcdef"[f.rng_.below(16)];
      request = "GET /api/" + id + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    }
    switch (wellformed ? 99 : f.rng_.below(5)) {
      case 99: break;
      case 0: request = f.junk(300); break;
      case 1: request = f.pick({"GET", "POST", "BREW", ""}) + " " + f.junk(20) + " HTTP/1.1\r\n\r\n"; break;
      case 2:
        request =
            "POST /api/games HTTP/1.1\r\nContent-Length: " + f.pick({"-1", "99999999", "abc", "5"}) + "\r\n\r\n{}";
        break;
      case 3: request = "GET /api/config HTTP/1.1\r\n" + f.junk(100) + "\r\n\r\n"; break;
      default:
        request = "POST /api/games HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n" +
                  std::string(5000, '{');
        break;
    }
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    timeval tv{2, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(uint16_t(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
    // The junk streams end with a half-close (the library then drops most of them unanswered,
    // which is what a stream that is not a complete request may get); well-formed ones do not.
    if (!wellformed) ::shutdown(fd, SHUT_WR);
    std::string answer;
    char buf[4096];
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) answer.append(buf, size_t(n));
    ::close(fd);
    if (wellformed) { EXPECT_EQ(answer.rfind("HTTP/1.1 404", 0), 0u) << request << " -> " << answer.substr(0, 200); }
    if (answer.rfind("HTTP/1.1 ", 0) == 0) {
      ++answered;
      const int status = std::atoi(answer.c_str() + 9);
      EXPECT_LT(status, 500) << request.substr(0, 80) << " -> " << answer.substr(0, 200);
    }
  }
  // How many of the others get an answer depends on timing (a request the library cannot parse
  // is closed unanswered; one with unread bytes may be reset before its answer is read).
  EXPECT_GE(answered, 30);  // the 30 well-formed ones
  httplib::Client c("127.0.0.1", port);
  auto config = c.Get("/api/config");
  ASSERT_TRUE(config);
  EXPECT_EQ(config->status, 200);
  server.stop();
  thread.join();
}

}  // namespace
}  // namespace ddz::web
