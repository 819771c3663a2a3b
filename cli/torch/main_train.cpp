// Entry point of `ddz-train`, the LibTorch half of the command line (started by `ddz train`):
// subcommand `train` runs self-play training into a run directory, as a learner serving actor
// processes (--listen) or as such an actor process (--join).
#include <CLI/CLI.hpp>
#include <iostream>

#include "agent/agent_spec.h"
#include "models/weights.h"
#include "selfplay/config.h"
#include "selfplay/files.h"
#include "selfplay/phases.h"
#include "selfplay/recipe.h"
#include "selfplay/remote_actor.h"
#include "selfplay/remote_store.h"
#include "selfplay/trainer.h"

namespace {

// --listen / --join given without an address take the torchrun variables MASTER_ADDR and
// MASTER_PORT; an address on the command line wins.
std::string address_of(const std::string& given, const char* flag) {
  if (!given.empty()) return given;
  const auto env = ddz::selfplay::endpoint_from_environment();
  if (!env)
    throw ddz::selfplay::ConfigError(std::string(flag) +
                                     " needs HOST:PORT, or MASTER_PORT (and MASTER_ADDR) in the environment");
  return env->text();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ddz-train: self-play training for ddz (usually started as `ddz train`)."};
  app.require_subcommand(1);
  ddz::selfplay::TrainOptions options;
  ddz::selfplay::JoinOptions join;
  bool no_progress = false, list_settings = false, markdown = false;
  std::string listen_at, join_at, phase;
  CLI::App* train = app.add_subcommand("train", "Train the networks by self-play (see docs/training.md)");
  train->add_option("--config", options.config_path, "Training config (YAML), e.g. configs/default.yaml");
  train->add_option("--run-dir", options.run_dir, "Run directory (default runs/<config name>)");
  CLI::Option* phase_opt = train->add_option(
      "--phase", phase,
      "With a recipe of phases (configs/pretrained.yaml): run from this phase on, resuming the run directory at "
      "the step the phase starts from");
  CLI::Option* resume_opt =
      train->add_flag("--resume", options.resume, "Continue from the run directory's last valid checkpoint");
  train
      ->add_flag("--grow", options.grow,
                 "With --resume: carry the checkpoint into the config's wider or deeper networks, or "
                 "from an older feature version into this build's (the outputs stay the same; new "
                 "units and new inputs start fresh, the optimizer state restarts)")
      ->needs(resume_opt);
  train->add_flag("--no-progress", no_progress, "Do not draw the progress line");
  CLI::Option* list_opt = train->add_flag("--list-settings", list_settings,
                                          "List every config key with its type, default, range and meaning, then exit");
  train->add_flag("--markdown", markdown, "With --list-settings: as the Markdown of docs/settings.md")->needs(list_opt);
  CLI::Option* listen_opt =
      train
          ->add_option("--listen", listen_at,
                       "Learner: also take games from actor processes at HOST:PORT (default host 127.0.0.1; "
                       "another address exposes the run, see docs/training.md; port 0 = any free port, "
                       "written to RUN/listen.txt; no value = MASTER_ADDR:MASTER_PORT)")
          ->expected(0, 1);
  CLI::Option* join_opt =
      train
          ->add_option("--join", join_at,
                       "Actor process: play for the learner at HOST:PORT (no value = MASTER_ADDR:MASTER_PORT)")
          ->expected(0, 1);
  CLI::Option* threads_opt =
      train->add_option("--threads", join.threads, "Actor process: game threads (default: the config's actors)")
          ->check(CLI::Range(1, 256));
  CLI::Option* name_opt =
      train->add_option("--name", join.name, "Actor process: its name in the learner's log (default HOST-PID)");
  CLI::Option* retry_opt = train
                               ->add_option("--retry-seconds", join.retry_s,
                                            "Actor process: how long to wait for an unreachable learner (default 300)")
                               ->check(CLI::Range(0.0, 1e7));
  CLI::Option* replay_opt =
      train->add_flag("--replay", join.replay,
                      "Actor process: post copies of a few games at full speed (measures the learner's intake)");
  join_opt->excludes(listen_opt);
  phase_opt->excludes(join_opt);
  for (CLI::Option* o : {threads_opt, name_opt, retry_opt, replay_opt}) o->needs(join_opt);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) { return app.exit(e); }
  options.progress = !no_progress;
  if (list_settings) {
    std::cout << ddz::selfplay::list_train_settings(markdown);
    return 0;
  }
  try {
    if (!options.resume && options.config_path.empty()) throw ddz::selfplay::ConfigError("give --config FILE");
    if (join_opt->count() > 0) {
      if (options.resume || !options.run_dir.empty())
        throw ddz::selfplay::ConfigError(
            "--join starts an actor process, which has no run directory: drop --run-dir / --resume");
      join.config_path = options.config_path;
      join.learner = ddz::selfplay::parse_endpoint(address_of(join_at, "--join"), "--join");
      if (join.learner.port == 0)
        throw ddz::selfplay::ConfigError("--join " + join_at + ": give the learner's port (not 0)");
      return ddz::selfplay::run_remote_actor(join);
    }
    if (listen_opt->count() > 0) {
      options.listen = address_of(listen_at, "--listen");
      ddz::selfplay::parse_endpoint(options.listen, "--listen");  // a bad address fails before any file is written
    }
    if (!options.config_path.empty() && ddz::selfplay::is_recipe(options.config_path))
      return ddz::selfplay::run_recipe(options, phase);
    if (!phase.empty())
      throw ddz::selfplay::ConfigError("--phase " + phase + ": " + options.config_path + " has no phases");
    return ddz::selfplay::run_training(options);
  } catch (const ddz::selfplay::ConfigError& e) {
    std::cerr << "ddz train: error: " << e.what() << "\n";
    return 2;
  } catch (const ddz::AgentSpecError& e) {
    std::cerr << "ddz train: error: " << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "ddz train: error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "ddz train: error: " << e.what() << "\n";
    return 1;
  }
}
