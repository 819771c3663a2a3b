// The warm start (selfplay/warm_start.h). Its samples stay in the replay buffer for self-play's
// first batches, and its games are not counted as self-play games.
#include "selfplay/warm_start.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "selfplay/actor.h"
#include "selfplay/signals.h"

namespace ddz::selfplay {

void warm_start(const TrainConfig& config, SampleStore& store, LearnerDriver& learner, RunLog& log) {
  log.line("warm start: " + std::to_string(config.warm_games) + " heuristic games, " +
           std::to_string(config.warm_steps) + " steps");
  std::atomic<int64_t> next{0};
  std::vector<std::thread> workers;
  std::string error;
  std::mutex error_mu;
  for (int t = 0; t < std::max(1, config.actors); ++t)
    workers.emplace_back([&] {
      try {
        for (int64_t i; (i = next++) < config.warm_games && !stop_requested();)
          store.add(play_imitation_game(config, Rng::mix(config.seed ^ 0x3a3aULL, uint64_t(i))));
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(error_mu);
        error = e.what();
      }
    });
  for (auto& w : workers) w.join();
  if (!error.empty()) throw std::runtime_error("warm start: " + error);
  for (int64_t s = 0; s < config.warm_steps && !stop_requested(); ++s) learner.step();
  learner.publish();
  log.line("warm start done: " + std::to_string(store.plays.added()) + " samples, policy loss " +
           format_number("%.4f", learner.policy_loss()) + ", value loss " +
           format_number("%.4f", learner.value_loss()));
}

}  // namespace ddz::selfplay
