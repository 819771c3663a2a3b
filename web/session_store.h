// Live objects of the web server (games, arena matches) under random ids, with an idle expiry
// and a cap: memory stays bounded however many browser tabs come and go.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

namespace ddz::web {

using SteadyClock = std::function<std::chrono::steady_clock::time_point()>;

template <class T>
class SessionStore {
 public:
  // `clock` is injectable so that tests can move time instead of sleeping.
  SessionStore(size_t cap, std::chrono::seconds idle, SteadyClock clock = std::chrono::steady_clock::now)
      : cap_(cap < 1 ? 1 : cap), idle_(idle), clock_(std::move(clock)) {
    std::random_device device;
    std::seed_seq seq{device(), device(), device(), device(), device(), device(), device(), device()};
    ids_.seed(seq);
  }

  // Stores `item` under a fresh id (32 hex digits, unguessable enough that one tab cannot
  // stumble on another's game). Expired entries go first; at the cap, the least recently used
  // entry is evicted.
  std::string add(std::shared_ptr<T> item) {
    std::vector<std::shared_ptr<T>> dropped;  // released after the lock: destructors may wait
    std::string id;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto now = clock_();
      expire_locked(now, dropped);
      while (entries_.size() >= cap_) {
        auto oldest = entries_.begin();
        for (auto it = entries_.begin(); it != entries_.end(); ++it)
          if (it->second.used < oldest->second.used) oldest = it;
        dropped.push_back(std::move(oldest->second.item));
        entries_.erase(oldest);
        ++evicted_;
      }
      do id = new_id_locked();
      while (entries_.count(id));
      entries_[id] = Entry{std::move(item), now};
    }
    return id;
  }

  // Stores `item` under a fresh id unless the store is at its cap (after expiry): then "" and
  // nothing is evicted (public mode: one visitor's new game never drops another's).
  std::string add_if_room(std::shared_ptr<T> item) {
    std::vector<std::shared_ptr<T>> dropped;
    std::string id;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto now = clock_();
      expire_locked(now, dropped);
      if (entries_.size() >= cap_) return "";
      do id = new_id_locked();
      while (entries_.count(id));
      entries_[id] = Entry{std::move(item), now};
    }
    return id;
  }

  // The entry (and marks it used now), or nullptr when unknown or expired.
  std::shared_ptr<T> find(const std::string& id) {
    std::vector<std::shared_ptr<T>> dropped;
    std::shared_ptr<T> out;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto now = clock_();
      expire_locked(now, dropped);
      auto it = entries_.find(id);
      if (it != entries_.end()) {
        it->second.used = now;
        out = it->second.item;
      }
    }
    return out;
  }

  // Whether `id` is stored (without marking it used; it may be expired and not yet removed).
  bool contains(const std::string& id) {
    std::lock_guard<std::mutex> lock(mutex_);
    return entries_.count(id) != 0;
  }

  bool erase(const std::string& id) {
    std::shared_ptr<T> dropped;
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find(id);
    if (it == entries_.end()) return false;
    dropped = std::move(it->second.item);
    entries_.erase(it);
    return true;
  }

  // Removes idle entries now (add and find also do it); returns how many.
  size_t expire() {
    std::vector<std::shared_ptr<T>> dropped;
    std::lock_guard<std::mutex> lock(mutex_);
    expire_locked(clock_(), dropped);
    return dropped.size();
  }

  // Entries for which pred holds (e.g. arena matches still running).
  size_t count_if(const std::function<bool(const T&)>& pred) {
    std::lock_guard<std::mutex> lock(mutex_);
    size_t n = 0;
    for (const auto& e : entries_) n += pred(*e.second.item) ? 1 : 0;
    return n;
  }

  size_t size() {
    std::lock_guard<std::mutex> lock(mutex_);
    return entries_.size();
  }
  uint64_t evicted() {
    std::lock_guard<std::mutex> lock(mutex_);
    return evicted_;
  }
  uint64_t expired() {
    std::lock_guard<std::mutex> lock(mutex_);
    return expired_;
  }
  size_t cap() const { return cap_; }
  std::chrono::seconds idle() const { return idle_; }

 private:
  struct Entry {
    std::shared_ptr<T> item;
    std::chrono::steady_clock::time_point used;
  };

  void expire_locked(std::chrono::steady_clock::time_point now, std::vector<std::shared_ptr<T>>& dropped) {
    for (auto it = entries_.begin(); it != entries_.end();) {
      if (now - it->second.used >= idle_) {
        dropped.push_back(std::move(it->second.item));
        it = entries_.erase(it);
        ++expired_;
      } else {
        ++it;
      }
    }
  }

  std::string new_id_locked() {
    static const char* hex = "0123456789abcdef";
    std::string id;
    for (int word = 0; word < 2; ++word) {
      uint64_t x = ids_();
      for (int i = 0; i < 16; ++i, x >>= 4) id += hex[x & 15];
    }
    return id;
  }

  const size_t cap_;
  const std::chrono::seconds idle_;
  const SteadyClock clock_;
  std::mutex mutex_;
  std::mt19937_64 ids_;
  std::map<std::string, Entry> entries_;
  uint64_t evicted_ = 0;
  uint64_t expired_ = 0;
};

}  // namespace ddz::web
