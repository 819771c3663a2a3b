// The run directory before training starts: which folder, which config (the given file, or a
// resumed run's config.yaml), which checkpoint to resume from. Nothing is written before all of
// that has been checked, so a refused start leaves an earlier run as it was.
#pragma once
#include <optional>
#include <string>

#include "selfplay/checkpoint.h"
#include "selfplay/config.h"
#include "selfplay/files.h"
#include "selfplay/trainer.h"

namespace ddz::selfplay {

struct RunDirectory {
  fs::path path;
  TrainConfig config;
  std::string config_file;  // where the config came from, as messages name it
  std::optional<LoadedCheckpoint> checkpoint;  // with --resume: the newest valid one
  std::string skipped;  // damaged checkpoints passed over on the way
};

// options.run_dir, else runs/<config file name without .yaml>; throws when neither is given.
fs::path run_path(const TrainOptions& options);

// Loads and checks everything the run starts from, refuses to start a new run over one that has
// checkpoints, then creates the folder. Throws ConfigError (naming the config file), RunFileError
// or std::runtime_error.
RunDirectory open_run_directory(const TrainOptions& options);
// Writes the effective config.yaml: only once the checkpoint has been loaded into the learner,
// so that a resume refused there (a changed architecture, say) leaves the run's config as it was.
void record_config(const RunDirectory& dir);

}  // namespace ddz::selfplay
