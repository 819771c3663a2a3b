// Workers, bounded waiting and the shedding thread of `ddz web`'s connections (web/connection_pool.h).
#include "web/connection_pool.h"

namespace ddz::web {

namespace {
thread_local bool shedding_thread = false;
}

ConnectionPool::ConnectionPool(size_t threads, size_t max_waiting, std::function<void()> on_accept)
    : threads_(threads < 1 ? 1 : threads), max_waiting_(max_waiting), on_accept_(std::move(on_accept)) {
  for (size_t i = 0; i < threads_; ++i) workers_.emplace_back([this] { work(); });
  shedder_ = std::thread([this] { shed(); });
}

ConnectionPool::~ConnectionPool() { shutdown(); }

bool ConnectionPool::shedding() { return shedding_thread; }

size_t ConnectionPool::shed_count() {
  std::lock_guard<std::mutex> lock(mutex_);
  return shed_total_;
}

void ConnectionPool::enqueue(std::function<void()> fn) {
  if (on_accept_) on_accept_();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // Counted at enqueue time, so the decision does not depend on how fast a worker picks a
    // job up: the first threads + max_waiting connections in flight are served in order.
    if (in_flight_ < threads_ + max_waiting_) {
      ++in_flight_;
      jobs_.push_back(std::move(fn));
      work_ready_.notify_one();
      return;
    }
    ++shed_total_;
    shed_jobs_.push_back(std::move(fn));
  }
  shed_ready_.notify_one();
}

void ConnectionPool::work() {
  for (;;) {
    std::function<void()> fn;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      work_ready_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping, and every accepted connection was served
      fn = std::move(jobs_.front());
      jobs_.pop_front();
    }
    fn();
    std::lock_guard<std::mutex> lock(mutex_);
    --in_flight_;
  }
}

void ConnectionPool::shed() {
  shedding_thread = true;
  for (;;) {
    std::function<void()> fn;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      shed_ready_.wait(lock, [this] { return stopping_ || !shed_jobs_.empty(); });
      if (shed_jobs_.empty()) return;
      fn = std::move(shed_jobs_.front());
      shed_jobs_.pop_front();
    }
    fn();
  }
}

void ConnectionPool::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ && workers_.empty()) return;
    stopping_ = true;
  }
  work_ready_.notify_all();
  shed_ready_.notify_all();
  for (auto& t : workers_) t.join();
  workers_.clear();
  if (shedder_.joinable()) shedder_.join();
}

}  // namespace ddz::web
