// The training run: actor threads play self-play games into the replay buffer while the learner
// trains and publishes weights; the run directory gets the effective config, checkpoints,
// metrics.csv, curves.svg, log.txt and the current agent (agent.ddz), evaluated periodically.
#pragma once
#include <optional>
#include <string>

#include "selfplay/config.h"

namespace ddz::selfplay {

struct TrainOptions {
  std::string config_path;  // empty with resume: the run directory's config.yaml
  std::string run_dir;  // empty: runs/<config file name without .yaml>
  bool resume = false;
  // With resume: the config's architecture may grow the checkpoint's (models/net_growth.h); its
  // weights are carried over function-preserving and the optimizer state restarts.
  bool grow = false;
  bool progress = true;  // the progress line: redrawn on a terminal, a line every 30 s otherwise
  // --listen HOST:PORT: serve actor processes (selfplay/remote_hub.h); empty = none. The port
  // actually served is written to RUN/listen.txt (port 0 picks a free one).
  std::string listen;
  // Given: the run's config, instead of reading config_path (a recipe's phase); config_label
  // names it in messages and the log.
  std::optional<TrainConfig> config;
  std::string config_label;
};

// Runs training until the config's limits or a stop signal; always leaves a final checkpoint.
// Returns 0 on a normal or signalled stop. Throws ConfigError, RunFileError or
// std::runtime_error with a message for the user on bad input.
int run_training(const TrainOptions& options);

}  // namespace ddz::selfplay
