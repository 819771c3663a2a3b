// The thread pool that serves the connections of `ddz web`: a fixed set of workers, a bounded
// wait for one, and beyond it a shedding thread whose requests are answered 503 at once.
#pragma once
#include <httplib.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ddz::web {

class ConnectionPool : public httplib::TaskQueue {
 public:
  // `threads` workers serve connections; at most `max_waiting` more wait for one. A connection
  // beyond both is served by the shedding thread, where shedding() is true: its handler answers
  // 503 with Retry-After instead of leaving the connection to wait without bound or be dropped.
  // `on_accept` (may be empty) runs on the listening thread for each connection; tests use it
  // to slow the listener as a CPU-starved one is.
  ConnectionPool(size_t threads, size_t max_waiting, std::function<void()> on_accept);
  ~ConnectionPool() override;
  ConnectionPool(const ConnectionPool&) = delete;
  ConnectionPool& operator=(const ConnectionPool&) = delete;

  void enqueue(std::function<void()> fn) override;
  void shutdown() override;

  // True while the calling thread serves a connection the pool had no room for.
  static bool shedding();
  // Connections shed since the start.
  size_t shed_count();

 private:
  void work();
  void shed();

  const size_t threads_;
  const size_t max_waiting_;
  const std::function<void()> on_accept_;
  std::mutex mutex_;
  std::condition_variable work_ready_, shed_ready_;
  std::deque<std::function<void()>> jobs_, shed_jobs_;
  size_t in_flight_ = 0;  // jobs waiting or running on the workers
  size_t shed_total_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
  std::thread shedder_;
};

}  // namespace ddz::web
