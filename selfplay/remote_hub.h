// The learner's side of a distributed run (ddz train --listen): serves the c10d store, publishes
// each new version of the weights there, admits actor processes (refusing other configs), takes
// in their game batches (dropping stale games), and notices actors that leave or die. One thread.
#pragma once
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "models/network_spec.h"
#include "selfplay/config.h"
#include "selfplay/published_net.h"
#include "selfplay/remote_store.h"
#include "selfplay/remote_wire.h"
#include "selfplay/run_log.h"
#include "selfplay/sample_store.h"

namespace ddz::selfplay {

struct SourceFigures {
  std::string name;  // the actor process's name (its restarts under the same name add up)
  int64_t games = 0, samples = 0;
};

struct RemoteFigures {
  int connected = 0;  // actor processes connected now
  int64_t games = 0, samples = 0;  // taken into the replay buffer since this process started
  int64_t stale_games = 0, stale_samples = 0;  // dropped as older than stale_versions
  int64_t bad_batches = 0;  // batches that did not decode
  int64_t rx_bytes = 0, tx_bytes = 0;  // game batches received, weights sent
  std::vector<SourceFigures> sources;  // by name
};

class RemoteHub {
 public:
  // Listens on `listen` (throws RemoteError) and starts the thread; `published` must hold weights.
  RemoteHub(const Endpoint& listen, const TrainConfig& config, const NetworkSpec& spec, const PublishedNet& published,
            SampleStore& store, RunLog& log);
  ~RemoteHub();
  RemoteHub(const RemoteHub&) = delete;
  RemoteHub& operator=(const RemoteHub&) = delete;

  uint16_t port() const { return port_; }
  RemoteFigures figures() const;
  // Training minutes, sent with the weights for the actors' rollout_mix schedule.
  void set_train_minutes(double minutes) { train_minutes_ = minutes; }
  // The thread's failure ("" while it runs); the trainer stops on one.
  std::string error() const;
  // Tells the actors that the run is over, gives them up to `grace_s` to take note, stops.
  void finish(double grace_s = 3.0);

 private:
  struct Actor {
    int64_t id = 0;
    std::string name;
    int64_t consumed = 0;  // batches taken
    int64_t beat = -1;  // heartbeat counter last read
    double beat_at = 0;  // when it last changed (hub clock, s)
    int64_t fetched = 0;  // weight bytes it reported
  };
  void run();
  bool poll();  // true when it took batches
  void publish_weights();
  void admit_new_actors();
  void admit(int64_t id);
  bool take_batches();  // false when no batch was posted since the last look
  void check_liveness();
  void drop(Actor& actor, const std::string& why, bool tell);
  double now() const;

  const TrainConfig& config_;
  const PublishedNet& published_;
  SampleStore& samples_;
  RunLog& log_;
  Hello mine_;
  std::unique_ptr<Store> store_;
  uint16_t port_ = 0;
  std::atomic<double> train_minutes_{0};
  std::atomic<bool> stop_{false};

  // Hub thread only.
  int64_t pushed_version_ = -1;
  int64_t ids_seen_ = 0;  // ids up to this one were handled or are pending
  std::map<int64_t, double> pending_;  // id -> when it was handed out, greeting not yet read
  std::map<int64_t, Actor> actors_;  // connected
  int64_t batches_seen_ = -1;
  double last_liveness_ = 0;
  int64_t dropped_fetched_ = 0;  // weight bytes reported by actors since gone

  mutable std::mutex mu_;  // guards figures_ and error_
  RemoteFigures figures_;
  std::map<std::string, SourceFigures> sources_;
  std::string error_;
  std::thread thread_;
};

}  // namespace ddz::selfplay
