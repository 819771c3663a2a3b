// A tiny training run end to end (seconds): every run-directory file is written, a second run
// into the same directory needs --resume, and --resume continues the step and game counts.
#include <gtest/gtest.h>

#include <fstream>

#include "models/agent_file.h"
#include "selfplay/checkpoint.h"
#include "selfplay/config.h"
#include "selfplay/files.h"
#include "selfplay/signals.h"
#include "selfplay/trainer.h"
#include "tests/selfplay/tiny_config.h"

namespace ddz::selfplay {
namespace {

const std::string kTinyConfig = ddz::testing::tiny_train_config(
    "seed: 5\nminutes: 0\nmax_steps: 30\npublish_every: 10\ncheckpoint_every_minutes: 10\nkeep_checkpoints: 2\n");

TEST(SelfplayTraining, TinyRunWritesEveryFileAndResumes) {
  const fs::path dir = fs::path(DDZ_BINARY_DIR) / "test_tmp" / "training";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path cfg = dir / "tiny.yaml";
  std::ofstream(cfg) << kTinyConfig;
  const fs::path run = dir / "run";
  clear_stop();
  TrainOptions o;
  o.config_path = cfg.string();
  o.run_dir = run.string();
  o.progress = false;
  ASSERT_EQ(run_training(o), 0);
  for (const char* f : {"config.yaml", "log.txt", "metrics.csv", "curves.svg", "agent.ddz"})
    EXPECT_TRUE(fs::exists(run / f)) << f;
  auto first = load_latest_checkpoint(run, true);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->counters.steps, 30);
  EXPECT_GT(first->counters.games, 0);
  // The evaluated agent is a valid exported agent file.
  EXPECT_NO_THROW(load_agent_file((run / "agent.ddz").string()));
  const std::string metrics = read_file(run / "metrics.csv");
  EXPECT_NE(metrics.find(",wp_vs_random,"), std::string::npos);

  // Starting again without --resume refuses to overwrite the run.
  EXPECT_THROW(run_training(o), std::runtime_error);

  // --resume with a higher step limit continues from step 30.
  std::string text = kTinyConfig;
  text.replace(text.find("max_steps: 30"), 13, "max_steps: 45");
  std::ofstream(cfg, std::ios::trunc) << text;
  o.resume = true;
  ASSERT_EQ(run_training(o), 0);
  auto second = load_latest_checkpoint(run, true);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->counters.steps, 45);
  EXPECT_GE(second->counters.games, first->counters.games);
  EXPECT_NE(read_file(run / "log.txt").find("resumed from checkpoint step 30"), std::string::npos);

  // A resume refused at the checkpoint (a changed architecture without --grow) leaves the run's
  // config.yaml as it was.
  const std::string config_before = read_file(run / "config.yaml");
  text.replace(text.find("value_hidden: [16]"), 18, "value_hidden: [24]");
  std::ofstream(cfg, std::ios::trunc) << text;
  try {
    run_training(o);
    FAIL() << "a changed architecture was resumed without --grow";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("--grow"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_file(run / "config.yaml"), config_before);
  EXPECT_EQ(list_checkpoints(run).size(), 2u);  // keep_checkpoints
}

TEST(SelfplayTraining, ResumeWithoutCheckpointIsAnError) {
  const fs::path dir = fs::path(DDZ_BINARY_DIR) / "test_tmp" / "training_empty";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path cfg = dir / "tiny.yaml";
  std::ofstream(cfg) << kTinyConfig;
  TrainOptions o;
  o.config_path = cfg.string();
  o.run_dir = (dir / "run").string();
  o.resume = true;
  o.progress = false;
  try {
    run_training(o);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no valid checkpoint"), std::string::npos) << e.what();
  }
}

TEST(SelfplayTraining, BadOpponentIsAConfigError) {
  const fs::path dir = fs::path(DDZ_BINARY_DIR) / "test_tmp" / "training_badopp";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path cfg = dir / "tiny.yaml";
  std::string text = kTinyConfig;
  text.replace(text.find("[random]"), 8, "[nosuchagent]");
  std::ofstream(cfg, std::ios::trunc) << text;
  TrainOptions o;
  o.config_path = cfg.string();
  o.run_dir = (dir / "run").string();
  o.progress = false;
  try {
    run_training(o);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("key 'eval_opponents'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(cfg.string()), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ddz::selfplay
