// A distributed run as real processes on 127.0.0.1 (ddz-train): a learner and two actor
// processes; one actor is SIGKILLed and training goes on, it restarts and rejoins; then the
// learner is SIGKILLed, resumed with --resume on the same port, the surviving actor reconnects by
// itself, and a SIGTERM ends the run with a checkpoint. Every wait is bounded.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "selfplay/checkpoint.h"
#include "selfplay/files.h"

namespace ddz::selfplay {
namespace {

const char* kConfig = R"(seed: 7
minutes: 0
actors: 0
policy_hidden: [16]
value_hidden: [16]
bid_hidden: [8]
sims: 4
k: 4
fast_sims: 2
min_replay: 200
replay_capacity: 20000
batch_size: 32
publish_every: 20
stale_versions: 0
eval_every_minutes: 0
eval_deals: 2
eval_opponents: [random]
checkpoint_every_minutes: 0.02
keep_checkpoints: 2
actor_timeout_s: 2
)";

// A child process running ddz-train with `args`, its output in `log`.
class Child {
 public:
  Child(const std::vector<std::string>& args, const fs::path& log) {
    pid_ = ::fork();
    if (pid_ == 0) {
      const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      ::dup2(fd, 1);
      ::dup2(fd, 2);
      std::vector<char*> argv;
      std::vector<std::string> copy = args;
      for (auto& a : copy) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
  }
  ~Child() {
    if (pid_ > 0 && !done_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  void kill(int sig) { ::kill(pid_, sig); }
  // The exit code, or -1 when it did not end within `seconds` (or ended by a signal).
  int wait(double seconds) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < until) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        done_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  bool done_ = false;
};

bool eventually(double seconds, const std::function<bool()>& ok) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    if (ok()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return ok();
}

std::string text_of(const fs::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

size_t count_of(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A line of `text` holding both parts (actor ids depend on who greets first).
bool has_line(const std::string& text, const std::string& a, const std::string& b) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.find(a) != std::string::npos && line.find(b) != std::string::npos) return true;
  return false;
}

TrainCounters latest(const fs::path& run) {
  try {
    auto c = load_latest_checkpoint(run, false);
    return c ? c->counters : TrainCounters{};
  } catch (const std::exception&) {
    return TrainCounters{};  // being replaced right now
  }
}

TEST(RemoteProcesses, ActorsDieAndRejoinLearnerResumesAndActorsReconnect) {
  const fs::path dir = fs::path(DDZ_BINARY_DIR) / "test_tmp" / "remote_processes";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string bin = std::string(DDZ_BINARY_DIR) + "/ddz-train";
  const std::string cfg = (dir / "tiny.yaml").string();
  std::ofstream(cfg) << kConfig;
  const fs::path run = dir / "run";
  const fs::path log = run / "log.txt";
  auto learner =
      std::make_unique<Child>(std::vector<std::string>{bin, "train", "--config", cfg, "--run-dir", run.string(),
                                                       "--listen", "127.0.0.1:0", "--no-progress"},
                              dir / "learner.out");
  ASSERT_TRUE(eventually(60, [&] { return fs::exists(run / "listen.txt"); })) << text_of(dir / "learner.out");
  std::string at = text_of(run / "listen.txt");
  at = at.substr(0, at.find('\n'));
  auto actor = [&](const std::string& name) {
    return std::make_unique<Child>(
        std::vector<std::string>{bin, "train", "--config", cfg, "--join", at, "--name", name, "--retry-seconds", "60"},
        dir / (name + ".out"));
  };
  auto a1 = actor("a1");
  auto a2 = actor("a2");
  ASSERT_TRUE(eventually(60,
                         [&] {
                           const std::string t = text_of(log);
                           return t.find("actor a1 joined") != std::string::npos &&
                                  t.find("actor a2 joined") != std::string::npos && latest(run).steps > 0;
                         }))
      << text_of(log) << text_of(dir / "learner.out");

  // One actor dies: the learner names it and goes on learning from the other.
  a1->kill(SIGKILL);
  EXPECT_EQ(a1->wait(10), -1);  // killed by a signal
  const TrainCounters before = latest(run);
  ASSERT_TRUE(eventually(30, [&] { return has_line(text_of(log), "actor a1 (id", ") lost: no heartbeat"); }))
      << text_of(log);
  EXPECT_TRUE(eventually(30, [&] {
    const TrainCounters now = latest(run);
    return now.steps > before.steps && now.games > before.games && now.samples > before.samples;
  })) << "training stalled after the loss of an actor";

  // It restarts under the same name and rejoins.
  a1 = actor("a1");
  ASSERT_TRUE(eventually(60, [&] { return text_of(log).find("actor a1 rejoined") != std::string::npos; }))
      << text_of(log);

  // The learner dies; resumed on the same port, the actors reconnect by themselves.
  learner->kill(SIGKILL);
  EXPECT_EQ(learner->wait(10), -1);
  const TrainCounters saved = latest(run);
  ASSERT_GT(saved.steps, 0);
  EXPECT_TRUE(eventually(30, [&] {
    return text_of(dir / "a2.out").find("waiting for the learner at " + at) != std::string::npos;
  })) << text_of(dir / "a2.out");
  const size_t joins_before = count_of(text_of(log), " joined (id") + count_of(text_of(log), " rejoined (id");
  learner = std::make_unique<Child>(std::vector<std::string>{bin, "train", "--config", cfg, "--run-dir", run.string(),
                                                             "--resume", "--listen", at, "--no-progress"},
                                    dir / "learner2.out");
  ASSERT_TRUE(eventually(60,
                         [&] {
                           const std::string t = text_of(log);
                           return count_of(t, " joined (id") + count_of(t, " rejoined (id") >= joins_before + 2 &&
                                  latest(run).steps > saved.steps;
                         }))
      << text_of(log) << text_of(dir / "learner2.out");

  // A clean stop: a final checkpoint that resumes, and the actors leave with 0.
  learner->kill(SIGTERM);
  EXPECT_EQ(learner->wait(60), 0) << text_of(dir / "learner2.out");
  EXPECT_EQ(a1->wait(30), 0) << text_of(dir / "a1.out");
  EXPECT_EQ(a2->wait(30), 0) << text_of(dir / "a2.out");
  const auto final_ckpt = load_latest_checkpoint(run, true);
  ASSERT_TRUE(final_ckpt.has_value());
  EXPECT_GT(final_ckpt->counters.steps, saved.steps);
  const std::string metrics = text_of(run / "metrics.csv");
  EXPECT_NE(metrics.find(",sources"), std::string::npos);
  EXPECT_NE(metrics.find("a2:"), std::string::npos) << metrics;
}

}  // namespace
}  // namespace ddz::selfplay
