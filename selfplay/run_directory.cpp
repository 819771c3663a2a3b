// Opening a training run's directory (selfplay/run_directory.h): the checks that must fail
// before hours of training, or before an old run's files are overwritten.
#include "selfplay/run_directory.h"

#include <stdexcept>

#include "agent/factory.h"

namespace ddz::selfplay {
namespace {

// The agents the run will build later are built once now, so that a bad spec fails at the start
// rather than at the first evaluation.
void check_agents(const TrainConfig& config, const std::string& config_file) {
  auto check = [&](const char* key, const std::vector<std::string>& specs) {
    for (const std::string& spec : specs) {
      try {
        make_agent(spec);
      } catch (const std::exception& e) { throw ConfigError(config_file + ": key '" + key + "': " + e.what()); }
    }
  };
  check("eval_opponents", config.eval_opponents);
  check("pool_agents", config.pool_agents);
  if (config.warm_games > 0) {
    try {
      make_agent("heuristic");
    } catch (const std::exception& e) {
      throw ConfigError(config_file + ": key 'warm_games': the warm start needs the heuristic agent: " + e.what());
    }
  }
}

}  // namespace

fs::path run_path(const TrainOptions& options) {
  if (!options.run_dir.empty()) return options.run_dir;
  if (options.config_path.empty()) throw std::runtime_error("give --config FILE (and optionally --run-dir DIR)");
  return fs::path("runs") / fs::path(options.config_path).stem();
}

RunDirectory open_run_directory(const TrainOptions& options) {
  RunDirectory dir;
  dir.path = run_path(options);
  if (options.config) {
    dir.config_file = options.config_label.empty() ? options.config_path : options.config_label;
    dir.config = *options.config;
  } else {
    if (!options.config_path.empty()) dir.config_file = options.config_path;
    else if (options.resume) dir.config_file = (dir.path / "config.yaml").string();
    else throw std::runtime_error("give --config FILE");
    dir.config = load_config(dir.config_file);
  }
  check_agents(dir.config, dir.config_file);

  if (options.resume) {
    dir.checkpoint = load_latest_checkpoint(dir.path, true, &dir.skipped);
    if (!dir.checkpoint) {
      throw std::runtime_error(dir.path.string() + ": no valid checkpoint to resume from" +
                               (dir.skipped.empty() ? std::string() : " (" + dir.skipped + ")"));
    }
  } else if (!list_checkpoints(dir.path).empty()) {
    throw std::runtime_error(dir.path.string() +
                             " already holds a training run: pass --resume to continue it, "
                             "or choose another --run-dir");
  }
  fs::create_directories(dir.path);
  return dir;
}

void record_config(const RunDirectory& dir) { write_file_atomic(dir.path / "config.yaml", dir.config.to_yaml()); }

}  // namespace ddz::selfplay
