// A short arena match started from the page: played deal by deal on its own thread so that the
// page can watch the arena's figures (WP, ADP, CIs) fill in, and stopped when asked or destroyed.
#pragma once
#include <atomic>
#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "arena/arena.h"

namespace ddz::web {

class ArenaJob {
 public:
  // Checks the specs (AgentSpecError) and starts playing config.deals duplicate deals of the two
  // agents. config.threads and records_path are ignored: one thread, no file.
  explicit ArenaJob(const ArenaConfig& config);
  ~ArenaJob();
  ArenaJob(const ArenaJob&) = delete;
  ArenaJob& operator=(const ArenaJob&) = delete;

  // Asks the match to stop after the deal being played.
  void stop() { stop_ = true; }
  bool running() const { return running_; }
  // {"state": running|done|stopped|failed, "deals_done", "deals", "error", "figures": the
  // arena's JSON report (arena/arena_report.h) of the deals played so far, "text": its table}.
  nlohmann::json status() const;

 private:
  void run();

  ArenaConfig config_;
  mutable std::mutex mutex_;
  ArenaResult result_;
  std::string error_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> running_{true};
  std::thread thread_;
};

}  // namespace ddz::web
