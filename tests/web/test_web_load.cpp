// Tests of `ddz web` under load on 127.0.0.1 (issue 57): a burst of new connections while the
// listener is slow (as when the shipped agent's searches take every core) is served in full,
// and connections beyond the pool and its queue are answered 503 with Retry-After, never dropped.
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "tests/web/loopback_server.h"
#include "tests/web/web_client.h"
#include "web/server.h"

namespace ddz::web {
namespace {

using nlohmann::json;
using testing::heuristic_options;

class WebServerLoad : public ::testing::Test {
 protected:
  void start(WebOptions o, std::function<void()> on_accept = {}) {
    server_ = std::make_unique<testing::LoopbackServer>(o, std::move(on_accept));
    port_ = server_->port();
  }
  std::unique_ptr<testing::LoopbackServer> server_;
  int port_ = 0;
};

// 64 players open their connections at once and each starts a game, while the listening thread
// takes 25 ms per connection (the pace of a listener waiting for a core). With the library's
// backlog of 5 the kernel reset or lost some of these connections (the client saw `Read`, no
// answer); every one must get its 201.
TEST_F(WebServerLoad, BurstOfNewConnectionsWhileTheListenerIsSlow) {
  start(heuristic_options(), [] { std::this_thread::sleep_for(std::chrono::milliseconds(25)); });
  constexpr int kPlayers = 64;
  std::atomic<int> created{0};
  std::vector<std::string> failures(kPlayers);
  std::vector<std::thread> players;
  for (int p = 0; p < kPlayers; ++p)
    players.emplace_back([&, p] {
      httplib::Client c("127.0.0.1", port_);
      c.set_connection_timeout(20);
      c.set_read_timeout(20);
      auto r = c.Post("/api/games", json{{"seed", 1000 + p}}.dump(), "application/json");
      if (r && r->status == 201) ++created;
      else failures[size_t(p)] = r ? std::to_string(r->status) : httplib::to_string(r.error());
    });
  for (auto& t : players) t.join();
  std::string why;
  for (int p = 0; p < kPlayers; ++p)
    if (!failures[size_t(p)].empty()) why += " player " + std::to_string(p) + ": " + failures[size_t(p)];
  EXPECT_EQ(created.load(), kPlayers) << why;
}

// A raw connection that sends `text` and returns the whole answer (the server closes it after
// a 503; the test closes it otherwise).
int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(uint16_t(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

void send_all(int fd, const std::string& text) {
  size_t sent = 0;
  while (sent < text.size()) {
    const ssize_t n = ::send(fd, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return;
    sent += size_t(n);
  }
}

// Reads until the answer's body (Content-Length bytes after the headers) is in.
std::string read_answer(int fd) {
  std::string in;
  char buf[4096];
  for (;;) {
    const size_t head = in.find("\r\n\r\n");
    if (head != std::string::npos) {
      const size_t cl = in.find("Content-Length: ");
      const size_t length = cl == std::string::npos ? 0 : std::stoul(in.substr(cl + 16));
      if (in.size() >= head + 4 + length) return in;
    }
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) return in;
    in.append(buf, size_t(n));
  }
}

// One connection thread, no waiting room: while a first connection holds the thread (its
// request only half sent), a second is answered 503 with Retry-After and a JSON error at once;
// the first is then served as usual.
TEST_F(WebServerLoad, ConnectionBeyondThePoolGets503) {
  WebOptions o = heuristic_options();
  o.http_threads = 1;
  o.http_queue = 0;
  start(o);
  const std::string request = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n";
  const std::string body = R"({"seed": 5})";
  const std::string rest = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  const int first = connect_to(port_);
  ASSERT_GE(first, 0);
  send_all(first, request);
  const int second = connect_to(port_);
  ASSERT_GE(second, 0);
  send_all(second, request + rest);
  const std::string busy = read_answer(second);
  ::close(second);
  EXPECT_EQ(busy.rfind("HTTP/1.1 503", 0), 0u) << busy;
  EXPECT_NE(busy.find("Retry-After: 2\r\n"), std::string::npos) << busy;
  const json error = json::parse(busy.substr(busy.find("\r\n\r\n") + 4), nullptr, false);
  ASSERT_TRUE(error.is_object()) << busy;
  EXPECT_NE(error.value("error", "").find("busy"), std::string::npos) << busy;

  send_all(first, rest);
  const std::string served = read_answer(first);
  ::close(first);
  EXPECT_EQ(served.rfind("HTTP/1.1 201", 0), 0u) << served;
}

}  // namespace
}  // namespace ddz::web
