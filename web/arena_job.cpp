// The page's arena matches (web/arena_job.h): the arena's duplicate deals played one at a time,
// with the figures readable between deals.
#include "web/arena_job.h"

#include <array>
#include <chrono>
#include <memory>

#include "arena/arena_report.h"
#include "agent/factory.h"

namespace ddz::web {

ArenaJob::ArenaJob(const ArenaConfig& config) : config_(config) {
  if (config_.agents.size() != 2) throw std::invalid_argument("an arena match from the page has exactly two agents");
  if (config_.deals < 1) throw std::invalid_argument("deals must be at least 1");
  for (const auto& spec : config_.agents) make_agent(spec);  // a bad spec fails here, not on the thread
  config_.rules.fixed_landlord = 0;
  result_ = empty_arena_result(config_);
  thread_ = std::thread([this] { run(); });
}

ArenaJob::~ArenaJob() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

void ArenaJob::run() {
  const auto start = std::chrono::steady_clock::now();
  try {
    // One instance per seat and agent, as the arena's threads keep them.
    std::array<std::array<std::unique_ptr<Agent>, kNumSeats>, 2> instances;
    DuplicateAgents da;
    for (int seat = 0; seat < kNumSeats; ++seat) {
      instances[0][size_t(seat)] = make_agent(config_.agents[0]);
      instances[1][size_t(seat)] = make_agent(config_.agents[1]);
      da.a[size_t(seat)] = instances[0][size_t(seat)].get();
      da.b[size_t(seat)] = instances[1][size_t(seat)].get();
    }
    for (int64_t deal = 0; deal < config_.deals && !stop_; ++deal) {
      const auto games = play_duplicate_deal(config_.seed, deal, config_.rules, da, nullptr, config_.cpu_clock);
      std::lock_guard<std::mutex> lock(mutex_);
      add_duplicate_deal(result_, 0, games);
      result_.games += 2;
      result_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
  } catch (const std::exception& e) {
    std::lock_guard<std::mutex> lock(mutex_);
    error_ = e.what();
  }
  running_ = false;
}

nlohmann::json ArenaJob::status() const {
  std::lock_guard<std::mutex> lock(mutex_);
  const int64_t done = result_.pairs[0].deals;
  const char* state = running_ ? "running" : !error_.empty() ? "failed" : done < config_.deals ? "stopped" : "done";
  return {{"state", state},
          {"agents", config_.agents},
          {"deals", config_.deals},
          {"deals_done", done},
          {"error", error_},
          {"figures", nlohmann::json::parse(arena_json(result_, -1))},
          {"text", arena_text(result_, 1)}};
}

}  // namespace ddz::web
