// The trainer's use of checkpoints (format in selfplay/checkpoint.h): a resumed run's learner
// and counters restored from one, and new ones saved during the run, each noted in the log.
#pragma once
#include <string>

#include "selfplay/checkpoint.h"
#include "selfplay/files.h"
#include "selfplay/learner.h"
#include "selfplay/run_log.h"

namespace ddz::selfplay {

// Loads weights and optimizer state into the learner and returns the checkpoint's counters;
// `skipped` names damaged newer checkpoints for the log. Throws std::runtime_error when the
// checkpoint's architecture is not the learner's (the config changed the network), unless `grow`
// and the learner's grows it (models/net_growth.h): then the weights are grown and the optimizer
// starts afresh.
TrainCounters resume_learner(const fs::path& run, const LoadedCheckpoint& checkpoint, const std::string& skipped,
                             Learner& learner, RunLog& log, bool grow = false);

// Saves checkpoint counters.steps (keeping the newest `keep`) and logs its name.
void save_run_checkpoint(const fs::path& run, const TrainCounters& counters, const Learner& learner, int keep,
                         RunLog& log);

}  // namespace ddz::selfplay
