// The one-line training status: games, samples/s, losses, last evaluation, ETA. On a terminal it is
// redrawn in place; piped to a file or CI it is written as a full line every 30 seconds.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

namespace ddz::selfplay {

struct ProgressFigures {
  double elapsed_s = 0;
  double budget_s = 0;  // 0 = no time limit (no ETA)
  int64_t games = 0, steps = 0;
  double samples_per_s = 0, learner_samples_per_s = 0;
  double policy_loss = -1, value_loss = -1;
  std::string last_eval;  // e.g. "random 0.91 heuristic 0.40"
  int actors_connected = -1;  // actor processes of a distributed run; -1 = not distributed
};

std::string render_progress(const ProgressFigures& f);

enum class ProgressMode {
  Off,
  Terminal,  // redrawn in place (carriage return) at every draw()
  Log,  // a full line when log_every_s of training time have passed since the last one
};

class ProgressLine {
 public:
  static constexpr double log_every_s = 30.0;
  explicit ProgressLine(ProgressMode mode, std::FILE* out = stderr) : mode_(mode), out_(out) {}
  // Called often (every half second); what it writes depends on the mode.
  void draw(const ProgressFigures& f);
  void finish();  // ends the line so later output starts clean
  static bool stderr_is_terminal();

 private:
  ProgressMode mode_;
  std::FILE* out_;
  bool drawn_ = false;
  double last_log_s_ = 0;  // training time of the last Log line
};

}  // namespace ddz::selfplay
