// The learner's side of a distributed run (selfplay/remote_hub.h). Every store operation is on
// this thread; the trainer's thread only reads the figures under the mutex.
#include "selfplay/remote_hub.h"

#include <chrono>
#include <cstdio>

#include "models/weights.h"
#include "selfplay/remote_keys.h"
#include "selfplay/run_clock.h"

namespace ddz::selfplay {
namespace {

using namespace remote;

const Stopwatch& hub_clock() {
  static const Stopwatch clock;
  return clock;
}

// The store's timeout: operations on the learner's own store only wait when a key is missing,
// which the protocol avoids, so this bounds what should never happen.
constexpr double kStoreTimeoutS = 30.0;

}  // namespace

RemoteHub::RemoteHub(const Endpoint& listen, const TrainConfig& config, const NetworkSpec& spec,
                     const PublishedNet& published, SampleStore& store, RunLog& log)
    : config_(config),
      published_(published),
      samples_(store),
      log_(log),
      mine_(make_hello(config, spec, "learner", config.actors)) {
  store_ = Store::serve(listen, kStoreTimeoutS);
  port_ = store_->port();
  publish_weights();  // before kReady, so an actor that sees kReady finds weights
  store_->set(kReady, std::to_string(kWireProtocol));
  thread_ = std::thread([this] { run(); });
}

RemoteHub::~RemoteHub() { finish(0.0); }

double RemoteHub::now() const { return hub_clock().seconds(); }

RemoteFigures RemoteHub::figures() const {
  std::lock_guard<std::mutex> lock(mu_);
  RemoteFigures f = figures_;
  for (const auto& kv : sources_) f.sources.push_back(kv.second);
  return f;
}

std::string RemoteHub::error() const {
  std::lock_guard<std::mutex> lock(mu_);
  return error_;
}

void RemoteHub::run() {
  try {
    while (!stop_.load()) {
      // Batches keep coming while actors have more to post: poll again at once after taking some.
      if (!poll()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  } catch (const std::exception& e) {
    std::lock_guard<std::mutex> lock(mu_);
    error_ = e.what();
  }
}

bool RemoteHub::poll() {
  publish_weights();
  admit_new_actors();
  const bool took = take_batches();
  if (now() - last_liveness_ >= kHeartbeatS) {
    check_liveness();
    last_liveness_ = now();
  }
  std::lock_guard<std::mutex> lock(mu_);
  figures_.connected = int(actors_.size());
  figures_.rx_bytes = store_->bytes_received();
  int64_t fetched = dropped_fetched_;
  for (const auto& kv : actors_) fetched += kv.second.fetched;
  figures_.tx_bytes = fetched;
  return took;
}

void RemoteHub::publish_weights() {
  const Publication pub = published_.current();
  if (pub.version == pushed_version_ || !pub.weights) return;
  Weights w = *pub.weights;
  w.meta["policy_version"] = std::to_string(pub.version);
  w.meta["train_minutes"] = std::to_string(train_minutes_.load());
  store_->set(kWeights, serialize_weights(w));
  store_->set(kWeightsVersion, std::to_string(pub.version));
  pushed_version_ = pub.version;
}

void RemoteHub::admit_new_actors() {
  const int64_t handed_out = store_->add(kNextActor, 0);
  for (; ids_seen_ < handed_out; ++ids_seen_) pending_[ids_seen_ + 1] = now();
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (store_->check(actor_key(it->first, "hello"))) {
      admit(it->first);
      it = pending_.erase(it);
    } else if (now() - it->second > config_.actor_timeout_s) {
      it = pending_.erase(it);  // took an id and died before greeting
    } else {
      ++it;
    }
  }
}

void RemoteHub::admit(int64_t id) {
  Hello theirs;
  std::string why;
  try {
    theirs = decode_hello(store_->get(actor_key(id, "hello")));
    why = hello_mismatch(mine_, theirs);
  } catch (const WireError& e) { why = e.what(); }
  const std::string who = "actor " + (theirs.name.empty() ? "#" + std::to_string(id) : theirs.name);
  if (!why.empty()) {
    store_->set(actor_key(id, "welcome"), "refused: the learner runs another setup; this actor has " + why);
    log_.line("refused " + who + ": it has " + why);
    std::fprintf(stderr, "\nddz train: refused %s: it has %s\n", who.c_str(), why.c_str());
    return;
  }
  Actor a;
  a.id = id;
  a.name = theirs.name;
  a.beat_at = now();
  bool known;
  {
    std::lock_guard<std::mutex> lock(mu_);
    known = sources_.count(a.name) > 0;
    sources_[a.name].name = a.name;
  }
  actors_[id] = a;
  store_->set(actor_key(id, "welcome"), "ok");
  log_.line(who + (known ? " rejoined" : " joined") + " (id " + std::to_string(id) + ", " +
            std::to_string(theirs.threads) + " threads); " + std::to_string(actors_.size()) + " connected");
}

bool RemoteHub::take_batches() {
  const int64_t posted = store_->add(kBatches, 0);
  if (posted == batches_seen_) return false;
  batches_seen_ = posted;
  const int64_t newest = published_.current().version;
  const int64_t oldest_fresh = newest - config_.stale_versions * int64_t(config_.publish_every);
  for (auto& kv : actors_) {
    Actor& a = kv.second;
    const int64_t sent = store_->add(actor_key(a.id, "sent"), 0);
    const int64_t first = a.consumed;
    while (a.consumed < sent) {
      const std::string key = batch_key(a.id, a.consumed);
      const std::string bytes = store_->get(key);
      store_->erase(key);
      ++a.consumed;
      int64_t games = 0, samples = 0, stale_games = 0, stale_samples = 0;
      try {
        for (GameSamples& g : decode_batch(bytes, config_)) {
          const int64_t n = int64_t(g.plays.size());
          if (config_.stale_versions > 0 && g.policy_version < oldest_fresh) {
            ++stale_games, stale_samples += n;
            continue;
          }
          ++games, samples += n;
          samples_.add(std::move(g));
        }
      } catch (const WireError& e) {
        log_.line("dropped a batch from actor " + a.name + ": " + e.what());
        std::lock_guard<std::mutex> lock(mu_);
        ++figures_.bad_batches;
        continue;
      }
      std::lock_guard<std::mutex> lock(mu_);
      figures_.games += games;
      figures_.samples += samples;
      figures_.stale_games += stale_games;
      figures_.stale_samples += stale_samples;
      SourceFigures& s = sources_[a.name];
      s.games += games;
      s.samples += samples;
    }
    if (a.consumed > first) store_->add(actor_key(a.id, "taken"), a.consumed - first);
  }
  return true;
}

void RemoteHub::check_liveness() {
  for (auto it = actors_.begin(); it != actors_.end();) {
    Actor& a = it->second;
    const int64_t beat = store_->add(actor_key(a.id, "beat"), 0);
    a.fetched = store_->add(actor_key(a.id, "fetched"), 0);
    if (beat != a.beat) {
      a.beat = beat;
      a.beat_at = now();
    }
    const double silent = now() - a.beat_at;
    if (store_->add(actor_key(a.id, "bye"), 0) > 0) {
      drop(a, "left", false);
    } else if (silent > config_.actor_timeout_s) {
      drop(a, "lost: no heartbeat for " + format_number("%.0f", silent) + " s", true);
    } else {
      ++it;
      continue;
    }
    it = actors_.erase(it);
  }
}

void RemoteHub::drop(Actor& a, const std::string& why, bool tell) {
  // An actor that was only cut off (not dead) reads this and rejoins under a new id.
  if (tell) store_->set(actor_key(a.id, "welcome"), "dropped: " + why);
  const int64_t sent = store_->add(actor_key(a.id, "sent"), 0);
  for (int64_t s = a.consumed; s < sent; ++s) store_->erase(batch_key(a.id, s));
  dropped_fetched_ += a.fetched;
  log_.line("actor " + a.name + " (id " + std::to_string(a.id) + ") " + why + "; " +
            std::to_string(actors_.size() - 1) + " connected");
}

void RemoteHub::finish(double grace_s) {
  if (stop_.exchange(true)) return;
  if (thread_.joinable()) thread_.join();
  try {
    store_->set(kFinished, "1");
    const double until = now() + grace_s;
    // The actors say bye when they see kFinished; the store dies with this process.
    while (now() < until) {
      bool all = true;
      for (const auto& kv : actors_) all = all && store_->add(actor_key(kv.first, "bye"), 0) > 0;
      if (all) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  } catch (const RemoteError&) {
    // The run is over either way; actors that miss kFinished retry, then give up.
  }
}

}  // namespace ddz::selfplay
