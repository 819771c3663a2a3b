// `ddz train ...`: runs the `ddz-train` binary that sits next to `ddz` (LibTorch lives only
// there, so `ddz` itself starts instantly), passing every argument through.
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "cli/command_registry.h"

namespace ddz::cli {
namespace {

std::string sibling_binary(const std::string& name) {
  char buf[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return name;
  buf[n] = '\0';
  std::string self(buf);
  const size_t slash = self.rfind('/');
  return slash == std::string::npos ? name : self.substr(0, slash + 1) + name;
}

// OpenBLAS 0.3.21 does not recognise these CPUs and falls back to generic kernels; name the
// kernel family the CPU supports (SKYLAKEX needs AVX-512, HASWELL needs AVX2), or none.
const char* openblas_coretype() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, 5, "flags") != 0) continue;
    const std::string flags = line + " ";
    if (flags.find(" avx512f ") != std::string::npos) return "SKYLAKEX";
    if (flags.find(" avx2 ") != std::string::npos) return "HASWELL";
    return nullptr;
  }
  return nullptr;
}

CommandAction setup(CLI::App& sub) {
  // The child parses the options; here everything after `train` is passed through untouched.
  sub.allow_extras();
  sub.prefix_command();
  sub.set_help_flag();  // --help goes to ddz-train, which documents the options
  CLI::App* app = &sub;
  return [app]() -> int {
    const std::string child = sibling_binary("ddz-train");
    if (::access(child.c_str(), X_OK) != 0)
      throw UsageError("the training binary " + child +
                       " is missing: build it with `cmake --build BUILD --target ddz-train` (needs libtorch-dev)");
    std::vector<std::string> args{child, "train"};
    for (const std::string& a : app->remaining()) args.push_back(a);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    // Speed settings LibTorch reads at load time (TOOLCHAIN.md); an explicit setting wins.
    if (const char* core = openblas_coretype()) ::setenv("OPENBLAS_CORETYPE", core, 0);
    ::setenv("OPENBLAS_NUM_THREADS", "1", 0);
    ::setenv("OMP_WAIT_POLICY", "passive", 0);
    ::execv(child.c_str(), argv.data());
    throw std::runtime_error("cannot start " + child + ": " + std::strerror(errno));
  };
}

}  // namespace
DDZ_COMMAND("train",
            "Train networks by self-play: ddz train --config configs/default.yaml [--run-dir D] [--resume] [--listen "
            "HOST:PORT]; an actor process on any machine: ddz train --config C --join HOST:PORT [--threads N]; the "
            "config keys: ddz train --list-settings",
            setup);
}  // namespace ddz::cli
