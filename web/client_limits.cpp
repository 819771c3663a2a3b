// Token buckets per client address (web/client_limits.h).
#include "web/client_limits.h"

#include <cmath>

namespace ddz::web {

ClientRate::ClientRate(double rate, double burst, SteadyClock clock)
    : rate_(rate > 0 ? rate : 1), burst_(burst >= 1 ? burst : 1), clock_(std::move(clock)) {}

int ClientRate::admit(const std::string& client) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto now = clock_();
  // Buckets that have filled up again say nothing: drop them so the map stays small however
  // many addresses come by.
  if (buckets_.size() > 4096)
    for (auto it = buckets_.begin(); it != buckets_.end();) {
      const double refill = std::chrono::duration<double>(now - it->second.at).count() * rate_;
      it = it->second.tokens + refill >= burst_ ? buckets_.erase(it) : std::next(it);
    }
  auto [it, fresh] = buckets_.try_emplace(client, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    b.tokens = std::min(burst_, b.tokens + std::chrono::duration<double>(now - b.at).count() * rate_);
    b.at = now;
  }
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return 0;
  }
  return std::max(1, int(std::ceil((1 - b.tokens) / rate_)));
}

size_t ClientRate::clients() {
  std::lock_guard<std::mutex> lock(mutex_);
  return buckets_.size();
}

}  // namespace ddz::web
