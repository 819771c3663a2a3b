// The HTTP side of `ddz web`: cpp-httplib (Debian's libcpp-httplib) serving the embedded page
// and handing /api/ requests to web::Api. Kept apart so that only this file sees the library.
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "web/api.h"

namespace httplib {
class Server;
}

namespace ddz::web {

// Connections the kernel holds for the listener to accept (clamped to net.core.somaxconn). The
// library listens with 5: a burst of new connections while the listening thread waits for a
// core (the shipped agent's searches on every core) overflowed it, and the kernel reset some of
// them (issue 57: `POST /api/games: Read` at ~1 s, TcpExtSyncookiesFailed rising by as many).
constexpr int kListenBacklog = 4096;

class WebServer {
 public:
  // `on_accept` (may be empty) runs on the listening thread for each accepted connection; tests
  // use it to slow the listener down as a CPU-starved one is.
  explicit WebServer(Api& api, std::function<void()> on_accept = {});
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds host:port (port 0: any free port), listens with a backlog of kListenBacklog and
  // returns the port. Throws std::runtime_error naming the address when it cannot.
  int bind(const std::string& host, int port);
  // Serves until stop() (from another thread); false when the server failed.
  bool listen();
  void stop();

 private:
  Api& api_;
  std::unique_ptr<httplib::Server> server_;
  int listen_fd_ = -1;  // the listening socket, seen when the library creates it
};

}  // namespace ddz::web
