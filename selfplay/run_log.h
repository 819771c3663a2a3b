// log.txt of a run directory: one UTC-timestamped line per event, appended so that a resumed run
// continues the same log; lines may come from several threads.
#pragma once
#include <fstream>
#include <mutex>
#include <string>

#include "selfplay/files.h"

namespace ddz::selfplay {

class RunLog {
 public:
  // Throws RunFileError naming the file when it cannot be opened.
  explicit RunLog(const fs::path& path);
  void line(const std::string& text);

 private:
  std::mutex mu_;
  std::ofstream out_;
};

// printf of one number (format such as "%.3f"), for the log's figures.
std::string format_number(const char* format, double value);

}  // namespace ddz::selfplay
