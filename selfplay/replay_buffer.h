// A bounded, thread-safe replay buffer: actors append finished games' samples, the learner draws
// uniform random batches; the oldest samples are overwritten once it is full.
#pragma once
#include <cstdint>
#include <mutex>
#include <vector>

#include "game/rng.h"

namespace ddz::selfplay {

template <typename T>
class ReplayBuffer {
 public:
  explicit ReplayBuffer(size_t capacity) : capacity_(capacity) { items_.reserve(capacity < 4096 ? capacity : 4096); }

  void add(std::vector<T>&& batch) {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& item : batch) {
      if (items_.size() < capacity_) items_.push_back(std::move(item));
      else items_[next_] = std::move(item);
      next_ = (next_ + 1) % capacity_;
      ++added_;
    }
  }

  // `n` samples drawn uniformly with replacement (copies, so actors may keep writing).
  std::vector<T> sample(size_t n, Rng& rng) {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<T> out;
    if (items_.empty()) return out;
    out.reserve(n);
    for (size_t i = 0; i < n; ++i) out.push_back(items_[rng.below(uint32_t(items_.size()))]);
    drawn_ += int64_t(n);
    return out;
  }

  size_t size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return items_.size();
  }
  size_t capacity() const { return capacity_; }
  int64_t added() const {
    std::lock_guard<std::mutex> lock(mu_);
    return added_;
  }
  int64_t drawn() const {
    std::lock_guard<std::mutex> lock(mu_);
    return drawn_;
  }

 private:
  size_t capacity_;
  mutable std::mutex mu_;
  std::vector<T> items_;
  size_t next_ = 0;
  int64_t added_ = 0;
  int64_t drawn_ = 0;
};

}  // namespace ddz::selfplay
