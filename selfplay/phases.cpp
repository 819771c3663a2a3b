// The sequence of a recipe's phases (selfplay/phases.h): which phase starts, where each runs,
// and the checks that a phase starts at the step it names.
#include "selfplay/phases.h"

#include <stdexcept>

#include "selfplay/checkpoint.h"
#include "selfplay/recipe.h"
#include "selfplay/run_directory.h"
#include "selfplay/run_log.h"
#include "selfplay/signals.h"

namespace ddz::selfplay {
namespace {

int64_t newest_step(const fs::path& run) {
  const auto steps = list_checkpoints(run);
  return steps.empty() ? -1 : steps.back();
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
  return s;
}

// The main line's state as the start of a branch: every file of the run but other branches.
void copy_main_line(const fs::path& run, const fs::path& branch) {
  fs::remove_all(branch);
  fs::create_directories(branch);
  for (const auto& entry : fs::directory_iterator(run)) {
    const std::string name = entry.path().filename().string();
    if (name == "branches" || name == "phase.txt") continue;
    fs::copy(entry.path(), branch / name, fs::copy_options::recursive);
  }
}

size_t first_phase(const Recipe& recipe, const TrainOptions& options, const std::string& phase, const fs::path& run) {
  if (!phase.empty()) return recipe.index_of(phase, options.config_path);
  if (!options.resume) return 0;
  const fs::path recorded = run / "phase.txt";
  if (fs::exists(recorded)) return recipe.index_of(trimmed(read_file(recorded)), recorded.string());
  size_t last = 0;  // a run from before recipes (models/pretrained/run/): the newest main-line phase
  for (size_t i = 0; i < recipe.phases.size(); ++i)
    if (!recipe.phases[i].branch) last = i;
  return last;
}

}  // namespace

int run_recipe(const TrainOptions& options, const std::string& phase) {
  const Recipe recipe = load_recipe(options.config_path);
  const fs::path run = run_path(options);
  const size_t start = first_phase(recipe, options, phase, run);
  // A named later phase continues the run; the first phase starts it.
  const bool continues = options.resume || start > 0;
  if (!continues && !list_checkpoints(run).empty())
    throw std::runtime_error(run.string() +
                             " already holds a training run: pass --resume to continue it, "
                             "or choose another --run-dir");
  for (size_t i = start; i < recipe.phases.size(); ++i) {
    const Phase& p = recipe.phases[i];
    const bool resuming_it = options.resume && phase.empty() && i == start;  // its own checkpoints
    const fs::path dir = p.branch ? run / "branches" / p.name : run;
    if (i > start || continues) {
      const int64_t at = newest_step(run);
      if (at < 0) throw std::runtime_error(run.string() + ": no checkpoint to start phase '" + p.name + "' from");
      if (p.from_step >= 0 && !resuming_it && at != p.from_step)
        throw std::runtime_error(options.config_path + ": phase '" + p.name + "' starts at step " +
                                 std::to_string(p.from_step) + ", but " + run.string() + " is at step " +
                                 std::to_string(at));
      if (p.branch && !(resuming_it && newest_step(dir) >= 0)) copy_main_line(run, dir);
    }
    fs::create_directories(run);
    write_file_atomic(run / "phase.txt", p.name + "\n");
    RunLog(dir / "log.txt").line("phase '" + p.name + "' of " + options.config_path);
    TrainOptions o = options;
    o.run_dir = dir.string();
    o.resume = i > start || continues;
    o.grow = options.grow && i == start;
    o.config = recipe.run_config(i);
    o.config_label = options.config_path + ", phase '" + p.name + "'";
    const int code = run_training(o);
    if (code != 0 || stop_requested()) return code;
  }
  return 0;
}

}  // namespace ddz::selfplay
