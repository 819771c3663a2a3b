// The c10d TCPStore behind selfplay/remote_store.h: the one translation unit that includes the
// torch.distributed headers. It also makes the learner listen on the address it was given.
#include "selfplay/remote_store.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <torch/csrc/distributed/c10d/TCPStore.hpp>

namespace {

// c10d 1.13's TCPStore server listens on the wildcard address (every interface) with no way to
// name one, but c10d has no authentication, so the learner must listen only where the user said
// (127.0.0.1 by default). While Store::serve constructs the server on this thread, bind() below
// (which the executable's definition makes libtorch call instead of libc's) puts the requested
// IPv4 address in place of the wildcard: as such on an IPv4 socket, as ::ffff:ADDRESS on c10d's
// dual-stack IPv6 socket (with 0.0.0.0 the wildcard stays). Other threads and other moments see
// plain bind(). serve() then checks the listening socket's address, so a build where this does
// not take effect fails loudly instead of exposing the store.
struct BindRequest {
  in_addr addr{};
  int fd = -1;  // the socket bound with the requested address
};
thread_local BindRequest* t_bind_request = nullptr;

using BindFn = int (*)(int, const sockaddr*, socklen_t);

BindFn libc_bind() {
  static const BindFn real = reinterpret_cast<BindFn>(::dlsym(RTLD_NEXT, "bind"));
  return real;
}

}  // namespace

extern "C" int bind(int fd, const sockaddr* addr, socklen_t len) {
  const BindFn real = libc_bind();
  if (!real) {
    errno = ENOSYS;
    return -1;
  }
  BindRequest* req = t_bind_request;
  if (!req || !addr) return real(fd, addr, len);
  int rc;
  if (addr->sa_family == AF_INET6 && len >= socklen_t(sizeof(sockaddr_in6))) {
    sockaddr_in6 want;
    std::memcpy(&want, addr, sizeof want);
    if (req->addr.s_addr != htonl(INADDR_ANY)) {
      std::memset(&want.sin6_addr, 0, sizeof want.sin6_addr);
      want.sin6_addr.s6_addr[10] = want.sin6_addr.s6_addr[11] = 0xff;  // ::ffff:a.b.c.d
      std::memcpy(&want.sin6_addr.s6_addr[12], &req->addr, 4);
    }
    rc = real(fd, reinterpret_cast<const sockaddr*>(&want), sizeof want);
  } else if (addr->sa_family == AF_INET && len >= socklen_t(sizeof(sockaddr_in))) {
    sockaddr_in want;
    std::memcpy(&want, addr, sizeof want);
    want.sin_addr = req->addr;
    rc = real(fd, reinterpret_cast<const sockaddr*>(&want), sizeof want);
  } else {
    return real(fd, addr, len);
  }
  if (rc == 0) req->fd = fd;
  return rc;
}

namespace ddz::selfplay {
namespace {

std::string first_line(const std::string& s) {
  const size_t nl = s.find('\n');
  return nl == std::string::npos ? s : s.substr(0, nl);
}

// c10d reports with c10::Error, whose what() carries a stack trace: keep the message's first line.
template <typename F>
auto guarded(const std::string& what, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const c10::Error& e) {
    throw RemoteError(what + ": " + first_line(e.what_without_backtrace()));
  } catch (const RemoteError&) { throw; } catch (const std::exception& e) {
    throw RemoteError(what + ": " + first_line(e.what()));
  }
}

std::vector<uint8_t> bytes_of(const std::string& s) { return std::vector<uint8_t>(s.begin(), s.end()); }
std::string string_of(const std::vector<uint8_t>& v) { return std::string(v.begin(), v.end()); }

std::chrono::milliseconds millis(double s) { return std::chrono::milliseconds(int64_t(s * 1000.0)); }

// The IPv4 address of `host` (a dotted address or a name), for the server's bind.
in_addr resolve_ipv4(const std::string& host) {
  in_addr a{};
  if (::inet_pton(AF_INET, host.c_str(), &a) == 1) return a;
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  if (::getaddrinfo(host.c_str(), nullptr, &hints, &res) != 0 || !res)
    throw RemoteError("--listen " + host + ": not an IPv4 address or a host name with one");
  a = reinterpret_cast<const sockaddr_in*>(res->ai_addr)->sin_addr;
  ::freeaddrinfo(res);
  return a;
}

std::string ipv4_text(in_addr a) {
  char buf[INET_ADDRSTRLEN] = {};
  ::inet_ntop(AF_INET, &a, buf, sizeof buf);
  return buf;
}

// True when socket `fd` is bound to `want` (IPv4, or IPv4-mapped on IPv6; 0.0.0.0 = either wildcard).
bool bound_to(int fd, in_addr want) {
  sockaddr_storage got{};
  socklen_t len = sizeof got;
  if (fd < 0 || ::getsockname(fd, reinterpret_cast<sockaddr*>(&got), &len) != 0) return false;
  if (got.ss_family == AF_INET) return reinterpret_cast<const sockaddr_in&>(got).sin_addr.s_addr == want.s_addr;
  if (got.ss_family != AF_INET6) return false;
  const in6_addr& a = reinterpret_cast<const sockaddr_in6&>(got).sin6_addr;
  if (want.s_addr == htonl(INADDR_ANY)) return IN6_IS_ADDR_UNSPECIFIED(&a);
  return IN6_IS_ADDR_V4MAPPED(&a) && std::memcmp(&a.s6_addr[12], &want, 4) == 0;
}

}  // namespace

Endpoint parse_endpoint(const std::string& text, const std::string& flag) {
  Endpoint e;
  std::string port = text;
  const size_t colon = text.rfind(':');
  if (colon != std::string::npos) {
    e.host = text.substr(0, colon);
    port = text.substr(colon + 1);
    if (e.host.find(':') != std::string::npos)
      throw std::invalid_argument(flag + " " + text +
                                  ": IPv6 addresses are not supported; give HOST:PORT with an IPv4 address or a name");
  }
  if (e.host.empty()) e.host = "127.0.0.1";
  char* end = nullptr;
  const long p = port.empty() ? -1 : std::strtol(port.c_str(), &end, 10);
  if (port.empty() || *end != '\0' || p < 0 || p > 65535)
    throw std::invalid_argument(flag + " " + text + ": expected HOST:PORT with a port 0..65535, e.g. 127.0.0.1:29500");
  e.port = uint16_t(p);
  return e;
}

std::optional<Endpoint> endpoint_from_environment() {
  const char* port = std::getenv("MASTER_PORT");
  if (!port || !*port) return std::nullopt;
  const char* addr = std::getenv("MASTER_ADDR");
  return parse_endpoint(std::string(addr && *addr ? addr : "127.0.0.1") + ":" + port, "MASTER_ADDR:MASTER_PORT");
}

struct Store::Impl {
  std::unique_ptr<c10d::TCPStore> store;
  uint16_t port = 0;
};

Store::Store(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Store::~Store() = default;

std::unique_ptr<Store> Store::serve(const Endpoint& bind_to, double timeout_s) {
  BindRequest req;
  req.addr = resolve_ipv4(bind_to.host);
  c10d::TCPStoreOptions o;
  o.port = bind_to.port;
  o.isServer = true;
  o.waitWorkers = false;
  o.timeout = millis(timeout_s);
  auto impl = std::make_unique<Impl>();
  // The store's own client connects to the bound address (0.0.0.0 is reached as 127.0.0.1).
  const std::string self = req.addr.s_addr == htonl(INADDR_ANY) ? "127.0.0.1" : ipv4_text(req.addr);
  t_bind_request = &req;
  try {
    impl->store =
        guarded("cannot listen on " + bind_to.text(), [&] { return std::make_unique<c10d::TCPStore>(self, o); });
  } catch (...) {
    t_bind_request = nullptr;
    throw;
  }
  t_bind_request = nullptr;
  if (!bound_to(req.fd, req.addr))
    throw RemoteError(
        "cannot restrict the store to " + bind_to.host +
        ": this build's c10d did not bind through the interposed bind(); refusing to listen on every interface");
  impl->port = impl->store->getPort();
  return std::unique_ptr<Store>(new Store(std::move(impl)));
}

std::unique_ptr<Store> Store::connect(const Endpoint& at, double timeout_s) {
  c10d::TCPStoreOptions o;
  o.port = at.port;
  o.isServer = false;
  o.waitWorkers = false;
  o.timeout = millis(timeout_s);
  auto impl = std::make_unique<Impl>();
  impl->store =
      guarded("cannot reach the learner at " + at.text(), [&] { return std::make_unique<c10d::TCPStore>(at.host, o); });
  impl->port = at.port;
  return std::unique_ptr<Store>(new Store(std::move(impl)));
}

void Store::set(const std::string& key, const std::string& value) {
  guarded("store set " + key, [&] { impl_->store->set(key, bytes_of(value)); });
  sent_ += int64_t(value.size());
}

std::string Store::get(const std::string& key) {
  std::string v = guarded("store get " + key, [&] { return string_of(impl_->store->get(key)); });
  received_ += int64_t(v.size());
  return v;
}

std::optional<std::string> Store::get_if(const std::string& key) {
  if (!check(key)) return std::nullopt;
  return get(key);
}

int64_t Store::add(const std::string& key, int64_t delta) {
  return guarded("store add " + key, [&] { return impl_->store->add(key, delta); });
}

bool Store::check(const std::string& key) {
  return guarded("store check " + key, [&] { return impl_->store->check({key}); });
}

void Store::erase(const std::string& key) {
  guarded("store delete " + key, [&] { return impl_->store->deleteKey(key); });
}

uint16_t Store::port() const { return impl_->port; }

void Store::set_timeout(double timeout_s) { impl_->store->setTimeout(millis(timeout_s)); }

}  // namespace ddz::selfplay
