// Rate-limited malloc_trim of `ddz web` (web/memory_release.h).
#include "web/memory_release.h"

#include <malloc.h>

#include <atomic>
#include <chrono>

namespace ddz::web {

void release_free_memory() {
  static std::atomic<int64_t> last_ms{0};
  const int64_t now =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count();
  int64_t last = last_ms.load();
  if (now - last < 1000 || !last_ms.compare_exchange_strong(last, now)) return;
  malloc_trim(0);
}

}  // namespace ddz::web
