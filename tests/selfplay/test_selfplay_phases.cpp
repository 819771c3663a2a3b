// A tiny recipe run end to end (seconds): its phases run in order in one run directory, each
// resuming at the step where the one before it stopped, a branch in RUN/branches/NAME, and a
// phase that does not reach the next one's start stops the sequence with a message.
#include <gtest/gtest.h>

#include <fstream>

#include "selfplay/checkpoint.h"
#include "selfplay/files.h"
#include "selfplay/phases.h"
#include "selfplay/recipe.h"
#include "selfplay/signals.h"
#include "tests/selfplay/tiny_config.h"

namespace ddz::selfplay {
namespace {

const std::string kTinyBase = ddz::testing::tiny_train_config(
    "seed: 5\nminutes: 0\npublish_every: 10\ncheckpoint_every_minutes: 10\nkeep_checkpoints: 5\n");

const char* kTinyPhases = R"(phases:
  - name: first
    settings: {lr: 0.002}
  - name: second
    from_step: 12
  - name: side
    from_step: 20
    to_step: 26
    branch: true
    settings: {pool_agents: [random], pool_share: 0.5}
  - name: third
    from_step: 20
    to_step: 30
    settings: {lr: 0.0005}
)";

fs::path fresh(const std::string& name) {
  const fs::path dir = fs::path(DDZ_BINARY_DIR) / "test_tmp" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TrainOptions options_for(const fs::path& recipe, const fs::path& run) {
  TrainOptions o;
  o.config_path = recipe.string();
  o.run_dir = run.string();
  o.progress = false;
  return o;
}

std::string runtime_error_of(const TrainOptions& o, const std::string& phase = "") {
  try {
    run_recipe(o, phase);
  } catch (const std::exception& e) { return e.what(); }
  return "";
}

TEST(SelfplayPhases, PhasesRunInOrderEachFromThePreviousEnd) {
  const fs::path dir = fresh("phases");
  const fs::path recipe = dir / "tiny.yaml";
  std::ofstream(recipe) << kTinyBase << kTinyPhases;
  const fs::path run = dir / "run";
  clear_stop();
  ASSERT_EQ(run_recipe(options_for(recipe, run)), 0);

  // The main line stopped at each phase's end: 12 (second's start), 20 (the branch's), 30.
  EXPECT_EQ(list_checkpoints(run), (std::vector<int64_t>{12, 20, 30}));
  // The branch began from a copy of the main line at step 20 and ran to its to_step.
  const fs::path side = run / "branches" / "side";
  EXPECT_EQ(list_checkpoints(side), (std::vector<int64_t>{12, 20, 26}));
  const Recipe r = load_recipe(recipe.string());
  EXPECT_EQ(read_file(run / "config.yaml"), r.run_config(3).to_yaml());
  EXPECT_EQ(read_file(side / "config.yaml"), r.run_config(2).to_yaml());
  EXPECT_EQ(read_file(run / "phase.txt"), "third\n");

  const std::string log = read_file(run / "log.txt");
  size_t at = 0;
  for (const char* line : {"phase 'first'", "new run", "phase 'second'", "resumed from checkpoint step 12",
                           "phase 'third'", "resumed from checkpoint step 20"}) {
    const size_t found = log.find(line, at);
    ASSERT_NE(found, std::string::npos) << line << "\n" << log;
    at = found;
  }
  EXPECT_EQ(log.find("phase 'side'"), std::string::npos) << log;
  const std::string side_log = read_file(side / "log.txt");
  EXPECT_NE(side_log.find("phase 'side'"), std::string::npos) << side_log;
  EXPECT_NE(side_log.find("resumed from checkpoint step 20"), std::string::npos) << side_log;

  // --resume continues the phase in phase.txt, which has reached its end: nothing more to do.
  TrainOptions again = options_for(recipe, run);
  again.resume = true;
  ASSERT_EQ(run_recipe(again), 0);
  EXPECT_EQ(list_checkpoints(run).back(), 30);
  // A phase named with --phase must start where the run is; a new run needs an empty directory.
  EXPECT_NE(runtime_error_of(options_for(recipe, run), "second")
                .find("phase 'second' starts at step 12, but " + run.string() + " is at step 30"),
            std::string::npos);
  EXPECT_NE(runtime_error_of(options_for(recipe, run)).find("already holds a training run"), std::string::npos);
  EXPECT_NE(runtime_error_of(options_for(recipe, run), "fourth").find("no phase 'fourth'"), std::string::npos);
}

// A phase that stops (by its own max_steps) before the next phase's from_step ends the sequence
// there, saying so; nothing runs on settings meant for another step.
TEST(SelfplayPhases, PhaseEndingShortOfTheNextStartStops) {
  const fs::path dir = fresh("phases_short");
  const fs::path recipe = dir / "short.yaml";
  std::ofstream(recipe) << kTinyBase << "phases:\n  - name: first\n    settings: {max_steps: 8}\n"
                        << "  - name: second\n    from_step: 12\n";
  const fs::path run = dir / "run";
  clear_stop();
  EXPECT_NE(runtime_error_of(options_for(recipe, run))
                .find("phase 'second' starts at step 12, but " + run.string() + " is at step 8"),
            std::string::npos);
  EXPECT_EQ(list_checkpoints(run), (std::vector<int64_t>{8}));
  EXPECT_EQ(read_file(run / "phase.txt"), "first\n");
}

}  // namespace
}  // namespace ddz::selfplay
