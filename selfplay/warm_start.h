// The warm start of a new run: games of three heuristic agents, recorded with one-hot policy
// targets, and warm_steps learner steps on them, so that self-play starts from a sensible policy.
#pragma once
#include "selfplay/config.h"
#include "selfplay/learner_driver.h"
#include "selfplay/run_log.h"
#include "selfplay/sample_store.h"

namespace ddz::selfplay {

// Plays config.warm_games games on max(1, config.actors) threads (game i seeded from the run's
// seed and i), then steps the learner and publishes its weights; logs start and end. A stop
// signal cuts it short. Throws std::runtime_error("warm start: ...") when a game fails.
void warm_start(const TrainConfig& config, SampleStore& store, LearnerDriver& learner, RunLog& log);

}  // namespace ddz::selfplay
