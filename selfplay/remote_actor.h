// An actor process of a distributed run (ddz train --join HOST:PORT): threads play self-play
// games with the newest weights the learner published and post them in batches; it reconnects
// by itself when the learner goes away, for a bounded time.
#pragma once
#include <string>

#include "selfplay/remote_store.h"

namespace ddz::selfplay {

struct JoinOptions {
  std::string config_path;
  Endpoint learner;
  int threads = 0;  // game threads; 0 = the config's `actors` (at least 1)
  std::string name;  // empty: HOSTNAME-PID
  double retry_s = 300;  // how long to wait for a learner that cannot be reached
  // Measures the learner's intake: plays a few games, then posts copies of them at full speed
  // (stamped with the newest version, so none is dropped as stale).
  bool replay = false;
};

// Runs until the learner finishes the run (0), a stop signal (0), a refusal (2) or no learner
// for retry_s (1). Throws ConfigError for a bad config.
int run_remote_actor(const JoinOptions& options);

}  // namespace ddz::selfplay
