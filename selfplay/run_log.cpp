// log.txt of a run directory (selfplay/run_log.h): flushed at every line, so a killed run's log
// ends with its last event.
#include "selfplay/run_log.h"

#include <cstdio>
#include <ctime>

namespace ddz::selfplay {

RunLog::RunLog(const fs::path& path) : out_(path, std::ios::app) {
  if (!out_) throw RunFileError(path.string() + ": cannot open the log for writing");
}

void RunLog::line(const std::string& text) {
  std::lock_guard<std::mutex> lock(mu_);
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", std::gmtime(&now));
  out_ << stamp << "Z " << text << "\n";
  out_.flush();
}

std::string format_number(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

}  // namespace ddz::selfplay
