// cpp-httplib routes of `ddz web` (web/server.h): static files, the JSON API, and JSON messages
// for the errors the library answers by itself (oversized bodies, malformed requests).
#include "web/server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "web/connection_pool.h"
#include "web/static_assets.h"

namespace ddz::web {

namespace {

const char* kJson = "application/json";
// What a 503 asks the client to wait before it retries.
constexpr int kRetryAfterSeconds = 2;

// The address a request counts for: its peer, or, from the trusted proxy only, the last address
// of its (last) X-Forwarded-For header, the one the proxy appended. Anyone else's header is
// ignored: a visitor cannot pick the address its limits count against.
std::string client_of(const httplib::Request& req, const std::string& trusted_proxy) {
  if (trusted_proxy.empty() || req.remote_addr != trusted_proxy) return req.remote_addr;
  const size_t n = req.get_header_value_count("X-Forwarded-For");
  if (n == 0) return req.remote_addr;
  const std::string forwarded = req.get_header_value("X-Forwarded-For", n - 1);
  const size_t comma = forwarded.rfind(',');
  std::string last = comma == std::string::npos ? forwarded : forwarded.substr(comma + 1);
  last.erase(0, last.find_first_not_of(" \t"));
  last.erase(last.find_last_not_of(" \t") + 1);
  return last.empty() || last.size() > 64 ? req.remote_addr : last;
}

void to_api(Api& api, const httplib::Request& req, httplib::Response& res) {
  const Reply r = api.handle(req.method, req.path, req.body, client_of(req, api.options().trust_proxy));
  res.status = r.status;
  res.set_header("Cache-Control", "no-store");
  if (r.retry_after > 0) res.set_header("Retry-After", std::to_string(r.retry_after));
  res.set_content(r.body, kJson);
}

}  // namespace

WebServer::WebServer(Api& api, std::function<void()> on_accept)
    : api_(api), server_(std::make_unique<httplib::Server>()) {
  httplib::Server& s = *server_;
  // The library reads at most this much of a body and answers 413 itself beyond it.
  s.set_payload_max_length(api_.options().max_body);
  s.set_default_headers({{"X-Content-Type-Options", "nosniff"}});
  // Answers are small and written in pieces (headers, body): without TCP_NODELAY, Nagle's
  // algorithm against the client's delayed ACK held each answer ~40 ms (bench_web_load: p50 87 ms).
  s.set_tcp_nodelay(true);
  // The library's default is SO_REUSEPORT, with which a second `ddz web` on the same port starts
  // without error and the kernel splits connections between the two (a game then lives in one
  // process and is unknown to the other). SO_REUSEADDR alone still allows a restart at once.
  // Only the listening socket passes here (accepted ones do not): bind() raises its backlog.
  s.set_socket_options([this](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    listen_fd_ = sock;
  });
  // A keep-alive connection holds one pool thread while it is open, and a connection beyond the
  // pool waits for a free thread: a short idle time, a bounded reuse and more threads than the
  // library's default (8; bench_web_load with 32 players then had 1-2 s stalls) keep tabs and
  // players from waiting on others' connections. Beyond --queue waiting connections, the pool's
  // shedding thread answers 503 (below) rather than let them wait without bound.
  s.set_keep_alive_timeout(2);
  s.set_keep_alive_max_count(1000);
  const size_t threads = api_.options().http_threads, queue = api_.options().http_queue;
  s.new_task_queue = [threads, queue, on_accept] { return new ConnectionPool(threads, queue, on_accept); };
  s.set_pre_routing_handler([threads, queue](const httplib::Request&, httplib::Response& res) {
    if (!ConnectionPool::shedding()) return httplib::Server::HandlerResponse::Unhandled;
    res.status = 503;
    res.set_header("Retry-After", std::to_string(kRetryAfterSeconds));
    res.set_header("Connection", "close");
    res.set_header("Cache-Control", "no-store");
    res.set_content(
        nlohmann::json{{"error", "the server is busy (every connection thread is taken and " +
                                     std::to_string(threads + queue) + " connections are in flight): retry in " +
                                     std::to_string(kRetryAfterSeconds) + " s"}}
            .dump(),
        kJson);
    return httplib::Server::HandlerResponse::Handled;
  });
  s.Get(".*", [this](const httplib::Request& req, httplib::Response& res) {
    if (req.path.rfind("/api/", 0) == 0) return to_api(api_, req, res);
    const StaticAsset* asset = find_asset(req.path);
    if (!asset) {
      res.status = 404;
      res.set_content("not found: " + req.path + "\n", "text/plain; charset=utf-8");
      return;
    }
    res.set_content(reinterpret_cast<const char*>(asset->data), asset->size, content_type(asset->path));
  });
  const auto api_handler = [this](const httplib::Request& req, httplib::Response& res) { to_api(api_, req, res); };
  s.Post(".*", api_handler);
  s.Put(".*", api_handler);
  s.Patch(".*", api_handler);
  s.Delete(".*", api_handler);
  // Errors the library produced itself come without a body: say what went wrong, in JSON.
  s.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const std::string message = res.status == 413   ? "the request body is too large"
                                : res.status == 404 ? "not found"
                                                    : std::string("HTTP ") + std::to_string(res.status);
    res.set_content(nlohmann::json{{"error", message}}.dump(), kJson);
  });
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string message = "internal error";
    try {
      if (ep) std::rethrow_exception(ep);
    } catch (const std::exception& e) { message += std::string(": ") + e.what(); } catch (...) {
    }
    res.status = 500;
    res.set_content(nlohmann::json{{"error", message}}.dump(), kJson);
  });
}

WebServer::~WebServer() = default;

int WebServer::bind(const std::string& host, int port) {
  const int bound = port == 0 ? server_->bind_to_any_port(host) : (server_->bind_to_port(host, port) ? port : -1);
  if (bound <= 0) throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port));
  // listen() again on a listening socket sets its backlog (Linux); the library's is 5.
  if (listen_fd_ < 0 || ::listen(listen_fd_, kListenBacklog) != 0)
    throw std::runtime_error("cannot set the listen backlog on " + host + ":" + std::to_string(port));
  return bound;
}

bool WebServer::listen() { return server_->listen_after_bind(); }

void WebServer::stop() { server_->stop(); }

}  // namespace ddz::web
