// The self-play actor threads: each plays whole games with the latest published net into the
// sample store. Game g is seeded Rng::mix(seed, g), so the games follow from the run's seed
// across resumes; the first actor error stops them all and reaches the main loop.
#pragma once
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "selfplay/checkpoint.h"
#include "selfplay/config.h"
#include "selfplay/published_net.h"
#include "selfplay/sample_store.h"

namespace ddz::selfplay {

class ActorPool {
 public:
  // Starts config.actors threads; games and samples count on from `resumed` (a resumed run's
  // counters), `train_minutes` starts the rollout_mix schedule. `published` must hold a net.
  ActorPool(const TrainConfig& config, const PublishedNet& published, SampleStore& store, const TrainCounters& resumed,
            double train_minutes);
  ~ActorPool();  // stop() when the run ends by an exception
  ActorPool(const ActorPool&) = delete;
  ActorPool& operator=(const ActorPool&) = delete;

  // Training minutes for the rollout_mix schedule: each game plays with the mix of the minute it
  // starts at, so the main loop moves it on as training time passes.
  void set_train_minutes(double minutes) { train_minutes_ = minutes; }
  int64_t games() const { return games_.load(); }
  int64_t samples() const { return samples_.load(); }
  // True once an actor failed (before stop(), only a failure stops the actors).
  bool failed() const { return stop_.load(); }
  // Lets every actor finish its game, joins them; returns the first failure's message ("" if none).
  std::string stop();

 private:
  void run();

  const TrainConfig& config_;
  const PublishedNet& published_;
  SampleStore& store_;
  std::atomic<bool> stop_{false};
  std::atomic<int64_t> next_game_, games_, samples_;
  std::atomic<double> train_minutes_;
  std::mutex error_mu_;
  std::string error_;
  std::vector<std::thread> threads_;
};

}  // namespace ddz::selfplay
