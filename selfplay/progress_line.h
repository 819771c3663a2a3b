// The one-line training status shown on a terminal: games, samples/s, losses, last evaluation,
// ETA; redrawn in place on stderr (nothing is drawn when stderr is not a terminal).
#pragma once
#include <cstdint>
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

class ProgressLine {
 public:
  explicit ProgressLine(bool enabled) : enabled_(enabled) {}
  void draw(const ProgressFigures& f);
  void finish();  // ends the line so later output starts clean
  static bool stderr_is_terminal();

 private:
  bool enabled_;
  bool drawn_ = false;
};

}  // namespace ddz::selfplay
