// A real `ddz web` server for tests: an Api with the given options behind a WebServer on a free
// port of 127.0.0.1, listening on its own thread until the object is destroyed.
#pragma once
#include <functional>
#include <thread>

#include "web/api.h"
#include "web/server.h"

namespace ddz::testing {

class LoopbackServer {
 public:
  explicit LoopbackServer(const web::WebOptions& options, std::function<void()> on_accept = {})
      : api_(options), server_(api_, std::move(on_accept)) {
    port_ = server_.bind("127.0.0.1", 0);
    thread_ = std::thread([this] { server_.listen(); });
  }
  ~LoopbackServer() {
    server_.stop();
    thread_.join();
  }
  LoopbackServer(const LoopbackServer&) = delete;
  LoopbackServer& operator=(const LoopbackServer&) = delete;
  int port() const { return port_; }

 private:
  web::Api api_;
  web::WebServer server_;
  int port_ = 0;
  std::thread thread_;
};

}  // namespace ddz::testing
