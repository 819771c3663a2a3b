// A one-line terminal progress bar for long runs (arena matches): done/total, rate and ETA,
// redrawn in place on stderr at most a few times a second, and only when stderr is a terminal.
#pragma once
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace ddz {

class ProgressBar {
 public:
  // `unit` names what is counted ("games"). enabled = false draws nothing; use
  // stderr_is_terminal() for the usual choice.
  ProgressBar(int64_t total, std::string unit, bool enabled, std::FILE* out = stderr);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // Reports `done` units finished; redraws when enough time has passed since the last draw.
  void update(int64_t done);
  // Draws the final state and ends the line (also done by the destructor if not called).
  void finish();

  static bool stderr_is_terminal();
  // The text of the bar for given figures (public so that its format can be tested).
  static std::string render(int64_t done, int64_t total, double seconds, const std::string& unit, int width = 30);

 private:
  void draw(int64_t done);
  int64_t total_;
  std::string unit_;
  bool enabled_;
  std::FILE* out_;
  bool finished_ = false;
  int64_t last_done_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace ddz
