// Checkpoint files: round trip of weights, counters and optimizer state; damaged files are
// detected and named; the newest valid checkpoint is found past a damaged one; pruning.
#include <gtest/gtest.h>

#include <fstream>

#include "models/eigen_net.h"
#include "models/features.h"
#include "selfplay/checkpoint.h"
#include "selfplay/files.h"
#include "selfplay/learner.h"
#include "selfplay/run_checkpoints.h"

namespace ddz::selfplay {
namespace {

NetworkSpec tiny_spec() {
  NetworkSpec s = default_spec();
  s.policy_hidden = {8};
  s.value_hidden = {8};
  s.bid_hidden = {4};
  return s;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path p = fs::path(DDZ_BINARY_DIR) / "test_tmp" / name;
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

// Same tensors (metadata aside).
bool same_tensors(Weights a, Weights b) {
  a.meta.clear();
  b.meta.clear();
  return a == b;
}

void flip_byte(const fs::path& p, size_t offset) {
  std::string bytes = read_file(p);
  ASSERT_LT(offset, bytes.size());
  bytes[offset] = char(bytes[offset] ^ 0x5a);
  std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

TEST(SelfplayCheckpoint, RoundTrip) {
  const fs::path run = fresh_dir("ckpt_roundtrip");
  TrainConfig cfg;
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
  Learner learner(tiny_spec(), cfg, 5);
  TrainCounters c{42, 17, 999, 12.5};
  save_checkpoint(run, c, tiny_spec(), learner.weights(), learner.optimizer_state(), 3);
  const LoadedCheckpoint back = load_checkpoint(run, 42, true);
  EXPECT_EQ(back.counters.steps, 42);
  EXPECT_EQ(back.counters.games, 17);
  EXPECT_EQ(back.counters.samples, 999);
  EXPECT_DOUBLE_EQ(back.counters.elapsed_s, 12.5);
  EXPECT_TRUE(back.spec == tiny_spec());
  EXPECT_TRUE(same_tensors(back.weights, learner.weights()));
  EXPECT_EQ(back.optimizer, learner.optimizer_state());
  // The loaded state goes back into a fresh learner unchanged.
  Learner other(tiny_spec(), cfg, 6);
  other.load_weights(back.weights);
  other.load_optimizer_state(back.optimizer);
  EXPECT_TRUE(same_tensors(other.weights(), learner.weights()));
}

// A resumed run may change its learning rate: the config wins over the saved optimizer options.
TEST(SelfplayCheckpoint, ResumeTakesLearningRateFromConfig) {
  TrainConfig first;
  first.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
  first.lr = 5e-4;
  Learner learner(tiny_spec(), first, 5);
  TrainConfig second = first;
  second.lr = 2e-4;
  Learner resumed(tiny_spec(), second, 6);
  resumed.load_optimizer_state(learner.optimizer_state());
  EXPECT_DOUBLE_EQ(resumed.learning_rate(), 2e-4);
  EXPECT_DOUBLE_EQ(learner.learning_rate(), 5e-4);
}

TEST(SelfplayCheckpoint, CorruptionIsDetectedAndNamed) {
  const fs::path run = fresh_dir("ckpt_corrupt");
  TrainConfig cfg;
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
  Learner learner(tiny_spec(), cfg, 5);
  save_checkpoint(run, TrainCounters{10, 1, 1, 1}, tiny_spec(), learner.weights(), learner.optimizer_state(), 5);
  save_checkpoint(run, TrainCounters{20, 2, 2, 2}, tiny_spec(), learner.weights(), learner.optimizer_state(), 5);
  const fs::path w20 = checkpoint_dir(run) / (checkpoint_stem(20) + ".weights");
  flip_byte(w20, read_file(w20).size() / 2);
  try {
    load_checkpoint(run, 20, true);
    FAIL() << "corruption not detected";
  } catch (const RunFileError& e) {
    EXPECT_NE(std::string(e.what()).find(w20.string()), std::string::npos) << e.what();
  }
  std::string skipped;
  auto latest = load_latest_checkpoint(run, true, &skipped);
  ASSERT_TRUE(latest.has_value());
  EXPECT_EQ(latest->step, 10);
  EXPECT_NE(skipped.find("checksum"), std::string::npos) << skipped;

  // A truncated optimizer file and a checkpoint whose .json is missing are not valid either.
  const fs::path o10 = checkpoint_dir(run) / (checkpoint_stem(10) + ".optim");
  const std::string bytes = read_file(o10);
  std::ofstream(o10, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 2);
  EXPECT_THROW(load_checkpoint(run, 10, true), RunFileError);
  EXPECT_NO_THROW(load_checkpoint(run, 10, false));  // export needs only the weights
  EXPECT_FALSE(load_latest_checkpoint(run, true).has_value());
  fs::remove(checkpoint_dir(run) / (checkpoint_stem(10) + ".json"));
  EXPECT_EQ(list_checkpoints(run), (std::vector<int64_t>{20}));
}

TEST(SelfplayCheckpoint, KeepsNewestN) {
  const fs::path run = fresh_dir("ckpt_prune");
  TrainConfig cfg;
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
  Learner learner(tiny_spec(), cfg, 5);
  for (int64_t s : {1, 2, 3, 4, 5})
    save_checkpoint(run, TrainCounters{s, 0, 0, 0}, tiny_spec(), learner.weights(), learner.optimizer_state(), 2);
  EXPECT_EQ(list_checkpoints(run), (std::vector<int64_t>{4, 5}));
  int files = 0;
  for (const auto& e : fs::directory_iterator(checkpoint_dir(run))) files += e.is_regular_file();
  EXPECT_EQ(files, 6);
}

// A run resumed into a larger architecture: refused without --grow (the message says so) or when
// the config shrinks a head; with it, the learner's networks compute what the checkpoint's did.
TEST(SelfplayCheckpoint, ResumeGrowsTheNetworksOnlyWhenAsked) {
  const fs::path run = fresh_dir("ckpt_grow");
  TrainConfig cfg;
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
  Learner small(tiny_spec(), cfg, 5);
  save_checkpoint(run, TrainCounters{7, 1, 1, 1.0}, tiny_spec(), small.weights(), small.optimizer_state(), 3);
  const LoadedCheckpoint ckpt = load_checkpoint(run, 7, true);
  RunLog log(run / "log.txt");

  NetworkSpec wider = tiny_spec();
  wider.policy_hidden = {16, 8};
  wider.value_hidden = {12};
  Learner big(wider, cfg, 6);
  try {
    resume_learner(run, ckpt, "", big, log);
    FAIL() << "a changed architecture was accepted without grow";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("--grow"), std::string::npos) << e.what();
  }
  NetworkSpec narrower = tiny_spec();
  narrower.value_hidden = {4};
  Learner shrunk(narrower, cfg, 6);
  try {
    resume_learner(run, ckpt, "", shrunk, log, true);
    FAIL() << "a narrower value head was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("value_hidden: layer 0 has 4 units"), std::string::npos) << e.what();
  }

  EXPECT_EQ(resume_learner(run, ckpt, "", big, log, true).steps, 7);
  const EigenNet before(tiny_spec(), ckpt.weights), after(wider, big.weights());
  std::vector<float> value_in(kValueDim);
  for (int i = 0; i < kValueDim; ++i) value_in[size_t(i)] = float((i * 7) % 3) * 0.5f;
  EXPECT_NEAR(before.value(value_in.data()).win_logit, after.value(value_in.data()).win_logit, 1e-4f);
  EXPECT_NEAR(before.value(value_in.data()).score, after.value(value_in.data()).score, 1e-4f);
  std::vector<float> state(kStateDim, 0.0f), moves(2 * kMoveDim, 0.0f);
  for (int i = 0; i < kStateDim; i += 5) state[size_t(i)] = 1.0f;
  moves[3] = moves[size_t(kMoveDim + 9)] = 1.0f;
  float sb[2], sa[2];
  before.policy_scores(state.data(), moves.data(), 2, sb);
  after.policy_scores(state.data(), moves.data(), 2, sa);
  EXPECT_NEAR(sb[0], sa[0], 1e-4f);
  EXPECT_NEAR(sb[1], sa[1], 1e-4f);
  EXPECT_NE(sb[0], sb[1]);
}

}  // namespace
}  // namespace ddz::selfplay
