// Runs the built `ddz` binary for the end-to-end command tests: one shell command through
// popen, stdout read from the pipe, stderr captured through a temporary file, exit code decoded.
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace ddz::testing {

struct CliResult {
  int code;
  std::string out, err;
};

// A scratch file in the build directory (test_cli runs its tests one after another, and ctest
// starts one test_cli at a time, so fixed names do not collide).
inline std::string cli_temp_path(const std::string& name) { return std::string(DDZ_BINARY_DIR) + "/cli_test_" + name; }

inline std::string slurp_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs one shell command and returns what it printed on stdout and its exit code.
inline CliResult run_shell(const std::string& cmd) {
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return {-1, "", "popen failed"};
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out, ""};
}

// Runs `ddz ARGS` (ARGS already shell-quoted; it may end with a redirection of stdout), with
// stderr in CliResult::err; `env` ("NAME=value ...", shell-quoted) is set for the command only.
inline CliResult run_ddz(const std::string& args, const std::string& env = "") {
  const std::string err_path = cli_temp_path("stderr.txt");
  CliResult result =
      run_shell(env + (env.empty() ? "" : " ") + std::string(DDZ_BINARY_DIR) + "/ddz " + args + " 2>" + err_path);
  result.err = slurp_file(err_path);
  std::remove(err_path.c_str());
  return result;
}

// How run_ddz_with_input treats the command's stderr.
enum class Stderr { Drop, MergeIntoStdout };

// Runs `ddz ARGS < INPUT` (INPUT written to a scratch file first), with `env` as for run_ddz.
inline CliResult run_ddz_with_input(const std::string& args, const std::string& input, Stderr stderr_mode,
                                    const std::string& env = "") {
  const std::string in_path = cli_temp_path("stdin.txt");
  {
    std::ofstream f(in_path, std::ios::binary);
    f << input;
  }
  const char* redirect = stderr_mode == Stderr::Drop ? " 2>/dev/null" : " 2>&1";
  CliResult result = run_shell(env + (env.empty() ? "" : " ") + std::string(DDZ_BINARY_DIR) + "/ddz " + args + " <" +
                               in_path + redirect);
  std::remove(in_path.c_str());
  return result;
}

}  // namespace ddz::testing
