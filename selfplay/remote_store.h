// The distributed runs' transport: a connection to PyTorch's c10d TCPStore (the rendezvous
// key-value store of torch.distributed), which the learner serves and actor processes join.
// Torch-free header (pimpl): only remote_store.cpp pays for the c10d headers.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace ddz::selfplay {

// A store that cannot be reached, a lost connection or an operation that timed out; the message
// is one line (c10d's stack traces are cut off).
class RemoteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Endpoint {
  std::string host;  // an IPv4 address or a host name
  uint16_t port = 0;
  std::string text() const { return host + ":" + std::to_string(port); }
};

// "HOST:PORT", ":PORT" or "PORT" (host 127.0.0.1). `flag` names the option in the error
// (std::invalid_argument) for a bad text. Port 0 (learner only) picks a free port.
Endpoint parse_endpoint(const std::string& text, const std::string& flag);
// The torchrun convention: MASTER_ADDR and MASTER_PORT; nullopt when MASTER_PORT is unset.
std::optional<Endpoint> endpoint_from_environment();

class Store {
 public:
  // The learner's store, listening on `bind` only (an IPv4 address; 0.0.0.0 for every interface).
  // c10d 1.13 would listen on every interface: see remote_store.cpp. Throws RemoteError.
  static std::unique_ptr<Store> serve(const Endpoint& bind, double timeout_s);
  // A client of the store at `at`, trying to connect for up to timeout_s. Throws RemoteError.
  static std::unique_ptr<Store> connect(const Endpoint& at, double timeout_s);
  ~Store();

  // Every operation waits at most the timeout given at creation, then throws RemoteError.
  void set(const std::string& key, const std::string& value);
  std::string get(const std::string& key);  // waits for the key to exist
  std::optional<std::string> get_if(const std::string& key);  // nullopt when absent now
  int64_t add(const std::string& key, int64_t delta);  // add(key, 0) reads a counter
  bool check(const std::string& key);
  void erase(const std::string& key);
  uint16_t port() const;  // the port served or joined
  // The bound of every later operation (connect() used its timeout for connecting).
  void set_timeout(double timeout_s);

  // Payload bytes moved by this connection (keys and protocol overhead not counted).
  int64_t bytes_sent() const { return sent_.load(); }
  int64_t bytes_received() const { return received_.load(); }

 private:
  struct Impl;
  explicit Store(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  std::atomic<int64_t> sent_{0}, received_{0};
};

}  // namespace ddz::selfplay
