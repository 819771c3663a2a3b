// Training checkpoints: versioned by learner step, written atomically with checksums (layout in
// selfplay/files.h), the newest N kept. A run killed at any moment keeps its previous checkpoint.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "models/network_spec.h"
#include "models/weights.h"

namespace ddz::selfplay {

struct TrainCounters {
  int64_t steps = 0;  // learner steps
  int64_t games = 0;  // self-play games
  int64_t samples = 0;  // samples produced
  double elapsed_s = 0;  // training wall time across resumes
};

struct LoadedCheckpoint {
  int64_t step = 0;
  TrainCounters counters;
  NetworkSpec spec;
  Weights weights;
  std::string optimizer;  // empty when not requested
};

// Writes checkpoint counters.steps (weights carry the spec in meta "architecture") and deletes
// all but the newest `keep`. Returns the path of its .json.
std::filesystem::path save_checkpoint(const std::filesystem::path& run, const TrainCounters& counters,
                                      const NetworkSpec& spec, const Weights& weights, const std::string& optimizer,
                                      int keep);

// The newest valid checkpoint (checksums verified; damaged newer ones are skipped and named in
// *skipped); nullopt when the run has none.
std::optional<LoadedCheckpoint> load_latest_checkpoint(const std::filesystem::path& run, bool with_optimizer,
                                                       std::string* skipped = nullptr);
// A given step; throws RunFileError / ModelFileError naming the file when missing or damaged.
LoadedCheckpoint load_checkpoint(const std::filesystem::path& run, int64_t step, bool with_optimizer);

}  // namespace ddz::selfplay
