// Checkpoints as the trainer uses them (selfplay/run_checkpoints.h). The architecture is checked
// before loading so that a changed config fails with both specs named, not a tensor-shape error.
#include "selfplay/run_checkpoints.h"

#include <stdexcept>

#include "models/net_growth.h"

namespace ddz::selfplay {

TrainCounters resume_learner(const fs::path& run, const LoadedCheckpoint& checkpoint, const std::string& skipped,
                             Learner& learner, RunLog& log, bool grow) {
  if (!(checkpoint.spec == learner.spec())) {
    const std::string differs = run.string() + ": the checkpoint's architecture " + checkpoint.spec.to_json() +
                                " differs from the config's " + learner.spec().to_json();
    if (!grow) throw std::runtime_error(differs + " (--grow carries it into a larger one)");
    try {
      learner.load_weights(
          grow_weights(checkpoint.spec, checkpoint.weights, learner.spec(), uint64_t(checkpoint.step) ^ 0x67726f77u));
    } catch (const std::invalid_argument& e) { throw std::runtime_error(differs + "; " + e.what()); }
    log.line("grew the networks of checkpoint step " + std::to_string(checkpoint.step) + " from " +
             checkpoint.spec.to_json() + " to " + learner.spec().to_json() + " (" +
             std::to_string(learner.spec().parameter_count()) + " parameters); the optimizer state restarts");
  } else {
    learner.load_weights(checkpoint.weights);
    learner.load_optimizer_state(checkpoint.optimizer);
  }
  log.line("resumed from checkpoint step " + std::to_string(checkpoint.step) + " (games " +
           std::to_string(checkpoint.counters.games) + ")" + (skipped.empty() ? "" : "; skipped damaged: " + skipped));
  return checkpoint.counters;
}

void save_run_checkpoint(const fs::path& run, const TrainCounters& counters, const Learner& learner, int keep,
                         RunLog& log) {
  const fs::path p = save_checkpoint(run, counters, learner.spec(), learner.weights(), learner.optimizer_state(), keep);
  log.line("checkpoint " + p.filename().string());
}

}  // namespace ddz::selfplay
