// Evaluation of the current networks during a run: they are written as an agent file and play
// eval_deals duplicate deals against each of eval_opponents (the same deals every time); the
// results go to the metrics row and the log, and the evaluated agent becomes agent.ddz.
#pragma once
#include <cstdint>
#include <string>

#include "selfplay/config.h"
#include "selfplay/files.h"
#include "selfplay/learner.h"
#include "selfplay/metrics.h"
#include "selfplay/run_clock.h"
#include "selfplay/run_log.h"

namespace ddz::selfplay {

class PeriodicMatch {
 public:
  PeriodicMatch(fs::path run, const TrainConfig& config, const RunClock& clock, RunLog& log);

  // Adds a result per opponent to row; a stop signal skips the opponents not yet played.
  // `steps` and `games` go to the log and the agent file's provenance.
  void evaluate(const Learner& learner, int64_t steps, int64_t games, MetricsRow& row);
  // The latest evaluation for the progress line, e.g. "random 0.91 heuristic 0.40".
  const std::string& summary() const { return summary_; }

 private:
  fs::path run_;
  const TrainConfig& config_;
  const RunClock& clock_;
  RunLog& log_;
  int index_ = 0;  // evaluations so far: two at the same step (the final one) need two file names
  std::string summary_;
};

}  // namespace ddz::selfplay
