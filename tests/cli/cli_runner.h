// Runs the built `ddz` binary for the end-to-end command tests: one shell command through
// popen, stdout read from the pipe, stderr captured through a temporary file, exit code decoded.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace ddz::testing {

struct CliResult {
  int code;
  std::string out, err;
};

// A scratch file in the build directory, unique per test process.
inline std::string cli_temp_path(const std::string& name) {
  return std::string(DDZ_BINARY_DIR) + "/cli_test_" + std::to_string(::getpid()) + "_" + name;
}

inline std::string slurp_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `ddz ARGS` (ARGS already shell-quoted; it may end with a redirection of stdout).
inline CliResult run_ddz(const std::string& args) {
  const std::string err_path = cli_temp_path("stderr.txt");
  const std::string cmd = std::string(DDZ_BINARY_DIR) + "/ddz " + args + " 2>" + err_path;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return {-1, "", "popen failed"};
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
  const int status = pclose(pipe);
  CliResult result{WIFEXITED(status) ? WEXITSTATUS(status) : -1, out, slurp_file(err_path)};
  std::remove(err_path.c_str());
  return result;
}

}  // namespace ddz::testing
