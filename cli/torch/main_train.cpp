// Entry point of `ddz-train`, the LibTorch half of the command line (started by `ddz train`):
// subcommand `train` runs self-play training into a run directory.
#include <CLI/CLI.hpp>
#include <iostream>

#include "agent/agent_spec.h"
#include "models/weights.h"
#include "selfplay/config.h"
#include "selfplay/files.h"
#include "selfplay/trainer.h"

int main(int argc, char** argv) {
  CLI::App app{"ddz-train: self-play training for ddz (usually started as `ddz train`)."};
  app.require_subcommand(1);
  ddz::selfplay::TrainOptions options;
  bool no_progress = false;
  CLI::App* train = app.add_subcommand("train", "Train the networks by self-play (see docs/training.md)");
  train->add_option("--config", options.config_path, "Training config (YAML), e.g. configs/default.yaml");
  train->add_option("--run-dir", options.run_dir, "Run directory (default runs/<config name>)");
  train->add_flag("--resume", options.resume, "Continue from the run directory's last valid checkpoint");
  train->add_flag("--no-progress", no_progress, "Do not draw the progress line");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  options.progress = !no_progress;
  try {
    if (!options.resume && options.config_path.empty()) throw ddz::selfplay::ConfigError("give --config FILE");
    return ddz::selfplay::run_training(options);
  } catch (const ddz::selfplay::ConfigError& e) {
    std::cerr << "ddz train: error: " << e.what() << "\n";
    return 2;
  } catch (const ddz::AgentSpecError& e) {
    std::cerr << "ddz train: error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "ddz train: error: " << e.what() << "\n";
    return 1;
  }
}
