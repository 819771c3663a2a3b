// The self-play actor threads (selfplay/actor_pool.h); one ActorContext per thread keeps its
// endgame solver's table between games.
#include "selfplay/actor_pool.h"

#include "selfplay/actor.h"

namespace ddz::selfplay {

ActorPool::ActorPool(const TrainConfig& config, const PublishedNet& published, SampleStore& store,
                     const TrainCounters& resumed, double train_minutes)
    : config_(config),
      published_(published),
      store_(store),
      next_game_(resumed.games),
      games_(resumed.games),
      samples_(resumed.samples),
      train_minutes_(train_minutes) {
  for (int t = 0; t < config.actors; ++t) threads_.emplace_back([this] { run(); });
}

ActorPool::~ActorPool() { stop(); }

void ActorPool::run() {
  try {
    ActorContext context(config_);
    while (!stop_.load()) {
      const Publication pub = published_.current();
      const int64_t g = next_game_++;
      const double mix = rollout_mix_at(config_, train_minutes_.load());
      GameSamples gs = play_selfplay_game(*pub.net, config_, Rng::mix(config_.seed, uint64_t(g)), &context, mix);
      set_policy_version(gs, pub.version);
      samples_ += int64_t(gs.plays.size());
      store_.add(std::move(gs));
      ++games_;
    }
  } catch (const std::exception& e) {
    std::lock_guard<std::mutex> lock(error_mu_);
    error_ = e.what();
    stop_ = true;
  }
}

std::string ActorPool::stop() {
  stop_ = true;
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  std::lock_guard<std::mutex> lock(error_mu_);
  return error_;
}

}  // namespace ddz::selfplay
