// The HTTP side of `ddz web`: cpp-httplib (Debian's libcpp-httplib) serving the embedded page
// and handing /api/ requests to web::Api. Kept apart so that only this file sees the library.
#pragma once
#include <memory>
#include <string>

#include "web/api.h"

namespace httplib {
class Server;
}

namespace ddz::web {

class WebServer {
 public:
  explicit WebServer(Api& api);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds host:port (port 0: any free port) and returns the port. Throws std::runtime_error
  // naming the address when it cannot bind.
  int bind(const std::string& host, int port);
  // Serves until stop() (from another thread); false when the server failed.
  bool listen();
  void stop();

 private:
  Api& api_;
  std::unique_ptr<httplib::Server> server_;
};

}  // namespace ddz::web
