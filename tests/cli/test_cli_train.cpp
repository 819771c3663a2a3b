// End-to-end tests of `ddz train` and `ddz export` as a user runs them: a bad config key fails
// naming key and file, SIGTERM during training leaves a checkpoint and a clean exit, and the
// checkpoint exports to an agent file. Skipped when the LibTorch half (ddz-train) is not built.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/cli/cli_runner.h"
#include "tests/selfplay/tiny_config.h"

namespace {

namespace fs = std::filesystem;
const std::string kDdz = std::string(DDZ_BINARY_DIR) + "/ddz";
const std::string kDdzTrain = std::string(DDZ_BINARY_DIR) + "/ddz-train";

std::string slurp(const fs::path& p) { return ddz::testing::slurp_file(p.string()); }

// Starts ddz with `args`, stdout and stderr to `log`; returns the child's pid.
pid_t spawn(const std::vector<std::string>& args, const fs::path& log) {
  const pid_t pid = fork();
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    std::vector<char*> argv;
    std::vector<std::string> copy = args;
    copy.insert(copy.begin(), kDdz);
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(kDdz.c_str(), argv.data());
    _exit(127);
  }
  return pid;
}

// Waits up to `seconds` for the child; returns its wait status, or -1 on timeout (child killed).
int wait_for(pid_t pid, double seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  int status = 0;
  while (std::chrono::steady_clock::now() < until) {
    if (waitpid(pid, &status, WNOHANG) == pid) return status;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return -1;
}

int run(const std::vector<std::string>& args, const fs::path& log) { return wait_for(spawn(args, log), 300); }

fs::path fresh_dir(const std::string& name) {
  const fs::path p = fs::path(DDZ_BINARY_DIR) / "test_tmp" / name;
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

const std::string kLongTinyConfig =
    ddz::testing::tiny_train_config("seed: 9\nminutes: 30\ncheckpoint_every_minutes: 30\n");

class CliTrain : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::access(kDdzTrain.c_str(), X_OK) != 0) GTEST_SKIP() << kDdzTrain << " is not built (needs LibTorch)";
  }
};

TEST_F(CliTrain, BadConfigKeyIsNamedWithTheFile) {
  const fs::path dir = fresh_dir("cli_train_bad");
  std::ofstream(dir / "bad.yaml") << "sims: 8\nlearning_rate: 0.1\n";
  const int status =
      run({"train", "--config", (dir / "bad.yaml").string(), "--run-dir", (dir / "run").string()}, dir / "out.txt");
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  const std::string out = slurp(dir / "out.txt");
  EXPECT_NE(out.find("unknown key 'learning_rate'"), std::string::npos) << out;
  EXPECT_NE(out.find((dir / "bad.yaml").string()), std::string::npos) << out;
}

// What yaml-cpp alone would accept without a word is refused before a run starts: a directory,
// an empty file, a key given twice. No run directory is made.
TEST_F(CliTrain, DirectoryEmptyFileAndRepeatedKeyAreRefused) {
  const fs::path dir = fresh_dir("cli_train_refused");
  std::ofstream(dir / "empty.yaml") << "# nothing set\n";
  std::ofstream(dir / "twice.yaml") << "sims: 8\nsims: 16\n";
  const std::vector<std::pair<fs::path, std::string>> cases{
      {dir, "is a directory"},
      {dir / "empty.yaml", "the config file is empty"},
      {dir / "twice.yaml", "key 'sims' given twice (lines 1 and 2)"}};
  for (const auto& [config, why] : cases) {
    const int status =
        run({"train", "--config", config.string(), "--run-dir", (dir / "run").string()}, dir / "out.txt");
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 2) << config;
    const std::string out = slurp(dir / "out.txt");
    EXPECT_NE(out.find(config.string() + ": "), std::string::npos) << out;
    EXPECT_NE(out.find(why), std::string::npos) << out;
    EXPECT_FALSE(fs::exists(dir / "run")) << config;
  }
}

// --list-settings prints every key with its default, and --markdown the text of docs/settings.md.
TEST_F(CliTrain, ListSettingsPrintsTheTable) {
  const fs::path dir = fresh_dir("cli_train_list");
  ASSERT_EQ(WEXITSTATUS(run({"train", "--list-settings"}, dir / "list.txt")), 0);
  const std::string list = slurp(dir / "list.txt");
  EXPECT_NE(list.find("integer, default 16, 1 .. 100000"), std::string::npos) << list;  // sims
  EXPECT_NE(list.find("actor_timeout_s"), std::string::npos) << list;
  ASSERT_EQ(WEXITSTATUS(run({"train", "--list-settings", "--markdown"}, dir / "list.md")), 0);
  EXPECT_EQ(slurp(dir / "list.md"), slurp(fs::path(DDZ_SOURCE_DIR) / "docs" / "settings.md"));
}

TEST_F(CliTrain, SigtermSavesACheckpointAndExitsCleanlyThenExports) {
  const fs::path dir = fresh_dir("cli_train_sigterm");
  std::ofstream(dir / "tiny.yaml") << kLongTinyConfig;
  const fs::path rundir = dir / "run";
  const pid_t pid =
      spawn({"train", "--config", (dir / "tiny.yaml").string(), "--run-dir", rundir.string(), "--no-progress"},
            dir / "out.txt");
  // Wait until training is under way (the log exists), then let it run a moment.
  for (int i = 0; i < 1200 && slurp(rundir / "log.txt").find("new run") == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  ASSERT_EQ(kill(pid, SIGTERM), 0);
  const int status = wait_for(pid, 120);
  ASSERT_NE(status, -1) << "ddz train did not stop after SIGTERM";
  ASSERT_TRUE(WIFEXITED(status)) << slurp(dir / "out.txt");
  EXPECT_EQ(WEXITSTATUS(status), 0) << slurp(dir / "out.txt");
  EXPECT_NE(slurp(rundir / "log.txt").find("stopped by signal 15"), std::string::npos) << slurp(rundir / "log.txt");
  bool checkpoint = false;
  for (const auto& e : fs::directory_iterator(rundir / "checkpoints")) checkpoint |= e.path().extension() == ".json";
  EXPECT_TRUE(checkpoint);
  for (const char* f : {"config.yaml", "metrics.csv", "curves.svg"}) EXPECT_TRUE(fs::exists(rundir / f)) << f;

  // The checkpoint exports to an agent file; a missing run is a clear usage error.
  const fs::path agent = dir / "agent.ddz";
  EXPECT_EQ(WEXITSTATUS(run({"export", "--run", rundir.string(), "--out", agent.string()}, dir / "export.txt")), 0)
      << slurp(dir / "export.txt");
  EXPECT_TRUE(fs::exists(agent));
  EXPECT_EQ(
      WEXITSTATUS(run({"export", "--run", (dir / "nope").string(), "--out", agent.string()}, dir / "export2.txt")), 2);
  EXPECT_NE(slurp(dir / "export2.txt").find("nope"), std::string::npos);

  // --resume continues the run (and stops at once: max_games is already reached).
  std::ofstream(dir / "tiny.yaml", std::ios::app) << "max_games: 1\n";
  const int resumed = run(
      {"train", "--config", (dir / "tiny.yaml").string(), "--run-dir", rundir.string(), "--resume", "--no-progress"},
      dir / "resume.txt");
  ASSERT_TRUE(WIFEXITED(resumed));
  EXPECT_EQ(WEXITSTATUS(resumed), 0) << slurp(dir / "resume.txt");
  EXPECT_NE(slurp(rundir / "log.txt").find("resumed from checkpoint"), std::string::npos);
}

}  // namespace
