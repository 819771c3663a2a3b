// The actor process (selfplay/remote_actor.h). Game threads fill an outbox; the main thread is
// the only one that talks to the store: it joins, beats, fetches weights, posts batches, and on
// a lost connection keeps the outbox and joins again (the game threads pause when it is full).
#include "selfplay/remote_actor.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "models/weights.h"
#include "selfplay/actor.h"
#include "selfplay/published_net.h"
#include "selfplay/remote_keys.h"
#include "selfplay/remote_wire.h"
#include "selfplay/run_clock.h"
#include "selfplay/signals.h"

namespace ddz::selfplay {
namespace {

using namespace remote;

constexpr double kStoreTimeoutS = 30.0;  // any single store operation
constexpr double kConnectTryS = 5.0;  // one connection attempt
constexpr double kRetryPauseS = 2.0;  // between attempts

void say(const std::string& text) { std::fprintf(stderr, "ddz train: %s\n", text.c_str()); }

std::string default_name() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  return std::string(*host ? host : "actor") + "-" + std::to_string(::getpid());
}

// Names go to log lines and a CSV field: keep them to a safe alphabet.
std::string clean_name(const std::string& name) {
  std::string out;
  for (char c : name)
    out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
  return out.substr(0, 64);
}

// Finished games waiting to be posted; producers wait while it holds `cap` samples.
class Outbox {
 public:
  explicit Outbox(int64_t cap) : cap_(cap) {}
  // False when `quit` was raised while waiting (the game is then dropped).
  bool push(GameSamples&& g, const std::atomic<bool>& quit) {
    std::unique_lock<std::mutex> lock(mu_);
    while (samples_ >= cap_) {
      if (quit.load()) return false;
      room_.wait_for(lock, std::chrono::milliseconds(100));
    }
    if (games_.empty()) oldest_.restart();
    samples_ += int64_t(g.plays.size());
    games_.push_back(std::move(g));
    return true;
  }
  // A batch when one is due: enough samples, or the oldest game waited long enough.
  std::vector<GameSamples> take_due() {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<GameSamples> out;
    if (games_.empty() || (samples_ < kBatchSamples && oldest_.seconds() < kBatchMaxWaitS)) return out;
    int64_t n = 0;
    while (!games_.empty() && n < kBatchSamples) {
      n += int64_t(games_.front().plays.size());
      out.push_back(std::move(games_.front()));
      games_.pop_front();
    }
    samples_ -= n;
    oldest_.restart();
    room_.notify_all();
    return out;
  }
  // Games that could not be posted go back to the front, in order.
  void put_back(std::vector<GameSamples>&& games) {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = games.rbegin(); it != games.rend(); ++it) {
      samples_ += int64_t(it->plays.size());
      games_.push_front(std::move(*it));
    }
  }

 private:
  std::mutex mu_;
  std::condition_variable room_;
  std::deque<GameSamples> games_;
  int64_t samples_ = 0;
  int64_t cap_;
  Stopwatch oldest_;
};

enum class SessionEnd { Finished, Stopped, Refused, Rejoin };

class ActorProcess {
 public:
  ActorProcess(const JoinOptions& o, const TrainConfig& config)
      : options_(o),
        config_(config),
        spec_(network_spec(config)),
        threads_(o.threads > 0 ? o.threads : std::max(1, config.actors)),
        name_(clean_name(o.name.empty() ? default_name() : o.name)),
        outbox_(kBatchSamples * kBatchWindow * 2) {
    std::random_device rd;  // games of several processes must differ; runs are not replayable
    stream_ = (uint64_t(rd()) << 32) ^ rd() ^ config.seed;
  }

  int run() {
    for (int t = 0; t < threads_; ++t) workers_.emplace_back([this, t] { play(t); });
    const int code = link();
    quit_ = true;
    for (auto& w : workers_) w.join();
    std::lock_guard<std::mutex> lock(error_mu_);
    if (!error_.empty()) {
      say("error: self-play failed: " + error_);
      return 1;
    }
    return code;
  }

 private:
  // The store side: connects, runs sessions, and waits at most retry_s for an unreachable learner.
  int link() {
    Stopwatch unreachable, attempt;
    bool reachable = true;
    while (!stop_requested() && !quit_.load()) {
      attempt.restart();
      try {
        auto store = Store::connect(options_.learner, std::min(kConnectTryS, std::max(1.0, options_.retry_s)));
        store->set_timeout(kStoreTimeoutS);
        reachable = true;
        switch (session(*store)) {
          case SessionEnd::Finished:
            say("the learner finished the run; " + std::to_string(games_sent_) + " games posted");
            return 0;
          case SessionEnd::Stopped:
            say("stopped by signal; " + std::to_string(games_sent_) + " games posted");
            return 0;
          case SessionEnd::Refused: return 2;
          case SessionEnd::Rejoin: continue;
        }
      } catch (const RemoteError& e) {
        if (reachable) {
          reachable = false;
          unreachable = attempt;  // the wait began with the attempt that failed
        }
        const double left = options_.retry_s - unreachable.seconds();
        if (left <= 0) {
          say("error: no learner at " + options_.learner.text() + " for " + format_s(options_.retry_s) + " s (" +
              e.what() + "); giving up");
          return 1;
        }
        say("waiting for the learner at " + options_.learner.text() + " (" + e.what() + "); retrying for up to " +
            format_s(left) + " s more");
        pause(kRetryPauseS);
      }
    }
    return 0;
  }

  static std::string format_s(double s) { return std::to_string(int64_t(s + 0.5)); }
  void pause(double s) {
    Stopwatch w;
    while (w.seconds() < s && !stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }

  SessionEnd session(Store& store) {
    // The learner sets kReady right after it starts serving; a store without it for long is
    // some other program's (another torch.distributed job on that port).
    for (Stopwatch waiting; !store.check(kReady);) {
      if (stop_requested()) return SessionEnd::Stopped;
      if (waiting.seconds() > std::min(kStoreTimeoutS, std::max(1.0, options_.retry_s)))
        throw RemoteError(options_.learner.text() + " serves a c10d store but no ddz learner (no key " + kReady + ")");
      pause(0.5);
    }
    const std::string protocol = store.get(kReady);
    if (protocol != std::to_string(kWireProtocol)) {
      say("error: the learner at " + options_.learner.text() + " speaks protocol " + protocol + ", this actor " +
          std::to_string(kWireProtocol) + " (update ddz on one side)");
      return SessionEnd::Refused;
    }
    const int64_t id = store.add(kNextActor, 1);
    store.set(actor_key(id, "hello"), encode_hello(make_hello(config_, spec_, name_, threads_)));
    store.add(kJoins, 1);
    const std::string welcome = store.get(actor_key(id, "welcome"));
    if (welcome != "ok") {
      say("error: the learner at " + options_.learner.text() + " " + welcome);
      return SessionEnd::Refused;
    }
    say("joined the learner at " + options_.learner.text() + " as " + name_ + " (id " + std::to_string(id) + ", " +
        std::to_string(threads_) + " threads)");
    fetch_weights(store, id);
    int64_t sent = 0, taken = 0;
    Stopwatch since_beat, since_report;
    while (true) {
      if (stop_requested() || quit_.load()) {
        store.add(actor_key(id, "bye"), 1);
        return SessionEnd::Stopped;
      }
      if (since_beat.seconds() >= kHeartbeatS) {
        since_beat.restart();
        store.add(actor_key(id, "beat"), 1);
        if (store.check(kFinished)) {
          store.add(actor_key(id, "bye"), 1);
          return SessionEnd::Finished;
        }
        const std::string w = store.get(actor_key(id, "welcome"));
        if (w != "ok") {
          say("the learner " + w + "; joining again");
          return SessionEnd::Rejoin;
        }
        fetch_weights(store, id);
      }
      if (since_report.seconds() >= 30) {
        since_report.restart();
        say(name_ + ": " + std::to_string(games_sent_) + " games posted, weights version " +
            std::to_string(net_.current().version));
      }
      if (sent - taken >= kBatchWindow) taken = store.add(actor_key(id, "taken"), 0);
      if (sent - taken < kBatchWindow) {
        std::vector<GameSamples> batch = outbox_.take_due();
        if (!batch.empty()) {
          try {
            store.set(batch_key(id, sent), encode_batch(batch));
            store.add(actor_key(id, "sent"), 1);
          } catch (const RemoteError&) {
            outbox_.put_back(std::move(batch));  // posted again after the next join
            throw;
          }
          ++sent;
          games_sent_ += int64_t(batch.size());
          store.add(kBatches, 1);
          continue;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  void fetch_weights(Store& store, int64_t id) {
    const std::string version = store.get(kWeightsVersion);
    if (net_.current().net && version == std::to_string(net_.current().version)) return;
    const std::string bytes = store.get(kWeights);
    Weights w;
    try {
      w = parse_weights(bytes, "the learner's weights");
    } catch (const ModelFileError& e) { throw RemoteError(e.what()); }
    const int64_t v = std::stoll(w.meta.at("policy_version"));
    train_minutes_ = std::stod(w.meta.at("train_minutes"));
    net_.set(std::make_shared<const EigenNet>(spec_, w), v);
    store.add(actor_key(id, "fetched"), int64_t(bytes.size()));
  }

  void play(int thread) {
    try {
      ActorContext context(config_);
      std::vector<GameSamples> recorded;  // replay mode: the games posted again and again
      for (uint64_t g = 0; !quit_.load();) {
        const Publication pub = net_.current();
        if (!pub.net) {
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
          continue;
        }
        GameSamples game;
        if (options_.replay && recorded.size() >= 4) {
          game = recorded[g % recorded.size()];
        } else {
          const uint64_t seed = Rng::mix(stream_, (g << 8) | uint64_t(thread));
          game = play_selfplay_game(*pub.net, config_, seed, &context, rollout_mix_at(config_, train_minutes_.load()));
          if (options_.replay) recorded.push_back(game);
        }
        ++g;
        set_policy_version(game, pub.version);
        if (!outbox_.push(std::move(game), quit_)) return;
      }
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(error_mu_);
      error_ = e.what();
      quit_ = true;
    }
  }

  const JoinOptions& options_;
  const TrainConfig& config_;
  const NetworkSpec spec_;
  const int threads_;
  const std::string name_;
  uint64_t stream_ = 0;
  Outbox outbox_;
  PublishedNet net_;
  std::atomic<double> train_minutes_{0};
  std::atomic<bool> quit_{false};
  int64_t games_sent_ = 0;  // link thread only
  std::mutex error_mu_;
  std::string error_;
  std::vector<std::thread> workers_;
};

}  // namespace

int run_remote_actor(const JoinOptions& options) {
  const TrainConfig config = load_config(options.config_path);
  install_stop_handlers();
  ActorProcess process(options, config);
  return process.run();
}

}  // namespace ddz::selfplay
