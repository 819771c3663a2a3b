// Test helper: reads a FIFO to its end in a detached thread, for tests that check a writer writes
// into a FIFO (a stand-in for /dev/null or /dev/stdout) instead of replacing it.
#pragma once
#include <fstream>
#include <future>
#include <memory>
#include <sstream>
#include <string>
#include <thread>

namespace ddz {

// Detached, so a writer that never opens the FIFO fails the caller's wait_for instead of hanging
// the test binary.
inline std::future<std::string> read_fifo_async(const std::string& path) {
  auto promise = std::make_shared<std::promise<std::string>>();
  std::future<std::string> result = promise->get_future();
  std::thread([promise, path] {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    promise->set_value(ss.str());
  }).detach();
  return result;
}

}  // namespace ddz
