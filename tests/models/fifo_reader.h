// Test helpers: a file's whole content, and a FIFO read to its end in a detached thread, for tests
// that check a writer writes into a FIFO (a stand-in for /dev/null or /dev/stdout) instead of replacing it.
#pragma once
#include <fstream>
#include <future>
#include <memory>
#include <sstream>
#include <string>
#include <thread>

namespace ddz {

// The whole content of `path` ("" when it cannot be opened).
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Detached, so a writer that never opens the FIFO fails the caller's wait_for instead of hanging
// the test binary.
inline std::future<std::string> read_fifo_async(const std::string& path) {
  auto promise = std::make_shared<std::promise<std::string>>();
  std::future<std::string> result = promise->get_future();
  std::thread([promise, path] { promise->set_value(slurp(path)); }).detach();
  return result;
}

}  // namespace ddz
