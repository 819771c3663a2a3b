// Per-client request rate of `ddz web` in public mode: a token bucket per client address, so one
// visitor cannot take the server's time from the others (429 with Retry-After beyond it).
#pragma once
#include <chrono>
#include <map>
#include <mutex>
#include <string>

#include "web/session_store.h"

namespace ddz::web {

class ClientRate {
 public:
  // `rate` requests a second on average, bursts of up to `burst`; `clock` is injectable so
  // that tests move time instead of sleeping.
  ClientRate(double rate, double burst, SteadyClock clock = std::chrono::steady_clock::now);

  // 0 when `client` may make a request now (it is counted), else the whole seconds to wait.
  int admit(const std::string& client);

  size_t clients();

 private:
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point at;
  };
  const double rate_, burst_;
  const SteadyClock clock_;
  std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
};

}  // namespace ddz::web
