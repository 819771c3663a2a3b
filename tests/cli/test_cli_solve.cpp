// End-to-end tests of `ddz solve`'s progress reports and Ctrl-C: the built binary is started on a
// position it cannot finish soon, SIGINT is sent once its first report is on stderr, and it must
// stop with what it knows (exit status 130).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include "tests/cli/cli_runner.h"

namespace ddz::testing {
namespace {

struct Interrupted {
  int status = -1;
  std::string out, err;
};

// Starts `ddz solve ARGS` (argv-split on spaces, no quoting) with stdout and stderr on pipes;
// sends SIGINT once stderr holds `marker`, then reads both to the end.
Interrupted solve_until_marker(const std::string& args, const std::string& marker) {
  int out_pipe[2], err_pipe[2];
  Interrupted r;
  if (pipe(out_pipe) != 0 || pipe(err_pipe) != 0) return r;
  std::vector<std::string> words = {std::string(DDZ_BINARY_DIR) + "/ddz", "solve"};
  for (size_t at = 0; at < args.size();) {
    const size_t end = std::min(args.find(' ', at), args.size());
    if (end > at) words.push_back(args.substr(at, end - at));
    at = end + 1;
  }
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out_pipe[1], 1);
    dup2(err_pipe[1], 2);
    close(out_pipe[0]);
    close(err_pipe[0]);
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(out_pipe[1]);
  close(err_pipe[1]);
  char buf[4096];
  bool sent = false;
  for (;;) {
    const ssize_t n = read(err_pipe[0], buf, sizeof buf);
    if (n <= 0) break;
    r.err.append(buf, size_t(n));
    if (!sent && r.err.find(marker) != std::string::npos) {
      kill(pid, SIGINT);
      sent = true;
    }
  }
  for (ssize_t n; (n = read(out_pipe[0], buf, sizeof buf)) > 0;) r.out.append(buf, size_t(n));
  close(out_pipe[0]);
  close(err_pipe[0]);
  waitpid(pid, &r.status, 0);
  return r;
}

// A 16/14/14 position that the solver does not finish within hundreds of millions of nodes; the
// node budget only keeps a lost signal from hanging the test.
const std::string kHard =
    "--landlord 3446669TTQQQKKA2 --farmer1 33455889TJJQK2 --farmer2 345777899JJA22 --to-move farmer1 "
    "--table-mb 16 --max-nodes 400000000";

TEST(CliSolve, CtrlCStopsWithWhatItKnows) {
  for (const char* threads : {"1", "2"}) {
    // The marker is a report from the proof-number search (after the short depth-first attempt),
    // so the stop comes while it runs, whatever the timing.
    const Interrupted r = solve_until_marker(kHard + " --threads " + threads + " --progress 0.001", " dn ");
    ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
    EXPECT_EQ(WEXITSTATUS(r.status), 130) << r.out << r.err;
    EXPECT_NE(r.out.find("unknown: stopped (interrupted) after"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("value: unknown"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("working on: value, proof number "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("line being searched: "), std::string::npos) << r.out;
    // Progress reports (stderr is a pipe here: one line per report).
    EXPECT_NE(r.err.find("solve: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("line: "), std::string::npos) << r.err;
  }
}

TEST(CliSolve, CtrlCStopsJsonOutput) {
  const Interrupted r = solve_until_marker(kHard + " --json --progress 0.001", " dn ");
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  EXPECT_EQ(WEXITSTATUS(r.status), 130) << r.out << r.err;
  EXPECT_NE(r.out.find("\"complete\":false"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"stopped\":true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"value_known\":false"), std::string::npos) << r.out;
}

TEST(CliSolve, NodeBudgetSaysWhatItKnows) {
  const CliResult r = run_ddz(
      "solve --landlord 3446669TTQQQKKA2 --farmer1 33455889TJJQK2 --farmer2 345777899JJA22 --to-move farmer1 "
      "--table-mb 16 --max-nodes 100000 --threads 1 --progress 0");
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("unknown: stopped (node budget (--max-nodes 100000)) after"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("working on: value, proof number"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");  // --progress 0: no reports
}

TEST(CliSolve, ShortSolvesPrintNoProgress) {
  const CliResult r = run_ddz("solve --hand 3455KK --other 345522");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("winner: hand"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace ddz::testing
