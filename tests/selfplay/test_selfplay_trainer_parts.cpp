// The trainer's parts on their own: the run directory's checks come before anything is written,
// the actors play the seeded games at the rollout_mix of the training time they are given, and
// the learner driver waits for samples, respects max_reuse and publishes every publish_every steps.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "selfplay/actor.h"
#include "selfplay/actor_pool.h"
#include "selfplay/learner.h"
#include "selfplay/learner_driver.h"
#include "selfplay/run_directory.h"

#include "tests/selfplay/tiny_spec.h"

namespace ddz::selfplay {
namespace {

using testing::fresh_dir;
using testing::tiny_config;
using testing::tiny_spec;

TEST(TrainerRunDirectory, DefaultFolderIsNamedAfterTheConfig) {
  TrainOptions o;
  o.config_path = "configs/small.yaml";
  EXPECT_EQ(run_path(o), fs::path("runs") / "small");
  o.run_dir = "elsewhere/x";
  EXPECT_EQ(run_path(o), fs::path("elsewhere/x"));
  o = TrainOptions{};
  EXPECT_THROW(run_path(o), std::runtime_error);
}

// Opens a run whose config (written to test_tmp/<folder>/config.yaml) must fail at the start:
// the error names the config file, the key and `names`, and no run folder is written.
void expect_config_rejected(const char* folder, const std::string& yaml, const std::string& key,
                            const std::string& names) {
  const fs::path dir = fresh_dir(folder);
  const fs::path cfg = dir / "config.yaml";
  std::ofstream(cfg) << yaml;
  TrainOptions o;
  o.config_path = cfg.string();
  o.run_dir = (dir / "run").string();
  try {
    open_run_directory(o);
    ADD_FAILURE() << "no error for key '" << key << "'";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find(cfg.string() + ": key '" + key + "'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(names), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(dir / "run" / "config.yaml"));
}

// A pool agent that cannot be built stops the run at its start, naming the key and the file.
TEST(TrainerRunDirectory, BadPoolAgentIsNamed) {
  expect_config_rejected("trainer_run_directory_pool",
                         "eval_opponents: [random]\npool_agents: [heuristic, nosuchagent]\npool_share: 0.5\n",
                         "pool_agents", "nosuchagent");
}

TEST(TrainerRunDirectory, CreatesTheFolderOrRefusesBeforeWriting) {
  const fs::path dir = fresh_dir("trainer_run_directory");
  const fs::path cfg = dir / "tiny.yaml";
  std::ofstream(cfg) << "seed: 7\neval_opponents: [random]\n";
  TrainOptions o;
  o.config_path = cfg.string();
  o.run_dir = (dir / "a" / "b").string();
  const RunDirectory fresh = open_run_directory(o);
  EXPECT_EQ(fresh.config.seed, 7u);
  EXPECT_EQ(fresh.config_file, cfg.string());
  EXPECT_FALSE(fresh.checkpoint.has_value());
  EXPECT_TRUE(fs::is_directory(fresh.path));
  EXPECT_FALSE(fs::exists(fresh.path / "config.yaml"));  // written once the learner has started
  record_config(fresh);
  EXPECT_EQ(read_file(fresh.path / "config.yaml"), fresh.config.to_yaml());

  // A folder with a checkpoint is another run: refused without --resume, and its config.yaml is
  // left as it was.
  fs::create_directories(checkpoint_dir(fresh.path));
  std::ofstream(checkpoint_dir(fresh.path) / (checkpoint_stem(10) + ".json")) << "{}";
  std::ofstream(fresh.path / "config.yaml", std::ios::trunc) << "the old run's\n";
  try {
    open_run_directory(o);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("already holds a training run"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_file(fresh.path / "config.yaml"), "the old run's\n");

  // --resume without --config reads the run's own config.yaml and names it in errors.
  std::ofstream(fresh.path / "config.yaml", std::ios::trunc) << "eval_opponents: [nosuchagent]\n";
  TrainOptions r;
  r.run_dir = o.run_dir;
  r.resume = true;
  try {
    open_run_directory(r);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find((fresh.path / "config.yaml").string() + ": key 'eval_opponents'"),
              std::string::npos)
        << e.what();
  }
}

// Each game plays with the mix of the training minutes the pool was given, and game g is seeded
// by the run's seed and g from the resumed count on: replaying those games gives the same samples.
TEST(TrainerActorPool, PlaysTheSeededGamesAtTheScheduledMix) {
  TrainConfig cfg = tiny_config();
  cfg.seed = 9;
  cfg.actors = 1;
  cfg.search.rollout_mix = 1.0;
  cfg.rollout_mix_final = 0.0;
  cfg.rollout_mix_decay_minutes = 10;
  const double minutes = 5;  // mix 0.5
  Learner learner(tiny_spec(), cfg, 3);
  PublishedNet published;
  published.set(std::make_shared<const EigenNet>(tiny_spec(), learner.weights()));
  SampleStore store(100000);
  TrainCounters resumed;
  resumed.games = 40;
  resumed.samples = 1000;
  ActorPool pool(cfg, published, store, resumed, minutes);
  for (int i = 0; i < 3000 && pool.games() < 43; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_EQ(pool.stop(), "");
  const int64_t games = pool.games() - resumed.games;
  ASSERT_GE(games, 3);

  // The same draws from the pool's buffer and from one filled by replaying those games in order
  // (one actor plays them in order) must be the same samples.
  auto draw = [](SampleStore& from) {
    Rng rng(1);
    std::vector<std::vector<float>> policies;
    for (const PlaySample& sample : from.plays.sample(300, rng)) policies.push_back(sample.policy);
    return policies;
  };
  auto replayed = [&](double mix) {
    SampleStore copy(100000);
    ActorContext context(cfg);
    for (int64_t g = resumed.games; g < resumed.games + games; ++g)
      copy.add(play_selfplay_game(*published.get(), cfg, Rng::mix(cfg.seed, uint64_t(g)), &context, mix));
    return draw(copy);
  };
  EXPECT_EQ(pool.samples() - resumed.samples, store.plays.added());
  const auto played = draw(store);
  EXPECT_EQ(replayed(rollout_mix_at(cfg, minutes)), played);
  // The mix at the schedule's start plays other games: the comparison above tells mixes apart.
  EXPECT_NE(replayed(rollout_mix_at(cfg, 0)), played);
}

TEST(TrainerLearnerDriver, WaitsForSamplesRespectsReuseAndPublishes) {
  TrainConfig cfg = tiny_config();
  cfg.min_replay = 50;
  cfg.max_reuse = 2.0;
  cfg.batch_size = 16;
  cfg.publish_every = 3;
  Learner learner(tiny_spec(), cfg, 3);
  SampleStore store(10000);
  PublishedNet published;
  LearnerDriver driver(learner, cfg, store, published, 0);
  EXPECT_FALSE(driver.ready());
  int64_t game = 0;
  while (store.plays.added() < cfg.min_replay) store.add(play_imitation_game(cfg, uint64_t(++game)));
  ASSERT_TRUE(driver.ready());
  std::shared_ptr<const EigenNet> last = published.get();
  EXPECT_EQ(last, nullptr);
  int64_t steps = 0;
  for (; driver.ready(); ++steps) {
    driver.step();
    const auto now = published.get();
    EXPECT_EQ(now != last, driver.steps() % 3 == 0) << driver.steps();
    last = now;
  }
  // Stops once it has drawn max_reuse samples per sample added.
  EXPECT_EQ(steps, (2 * store.plays.added() + cfg.batch_size - 1) / cfg.batch_size);
  EXPECT_EQ(driver.steps(), steps);
  EXPECT_GE(driver.policy_loss(), 0);
  driver.start_interval();
  EXPECT_EQ(driver.policy_loss(), -1);
}

}  // namespace
}  // namespace ddz::selfplay
