// Formats and draws the training status line; the text is built separately so tests can check it.
#include "selfplay/progress_line.h"

#include <unistd.h>

#include <cstdio>

namespace ddz::selfplay {

namespace {
std::string clock(double s) {
  const long t = long(s + 0.5);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, (t / 60) % 60, t % 60);
  return buf;
}
}  // namespace

std::string render_progress(const ProgressFigures& f) {
  char buf[512];
  std::string losses = "-";
  if (f.policy_loss >= 0) {
    char l[64];
    std::snprintf(l, sizeof l, "%.3f/%.3f", f.policy_loss, f.value_loss);
    losses = l;
  }
  std::string eta = "-";
  if (f.budget_s > 0) eta = clock(f.budget_s > f.elapsed_s ? f.budget_s - f.elapsed_s : 0);
  std::string remote;
  if (f.actors_connected >= 0) remote = " | actors " + std::to_string(f.actors_connected);
  std::snprintf(
      buf, sizeof buf,
      "%s games %lld steps %lld%s | selfplay %.0f samples/s learner %.0f samples/s | loss p/v %s | eval %s | ETA %s",
      clock(f.elapsed_s).c_str(), static_cast<long long>(f.games), static_cast<long long>(f.steps), remote.c_str(),
      f.samples_per_s, f.learner_samples_per_s, losses.c_str(), f.last_eval.empty() ? "-" : f.last_eval.c_str(),
      eta.c_str());
  return buf;
}

void ProgressLine::draw(const ProgressFigures& f) {
  switch (mode_) {
    case ProgressMode::Off: return;
    case ProgressMode::Terminal:
      std::fprintf(out_, "\r\033[K%s", render_progress(f).c_str());
      drawn_ = true;
      break;
    case ProgressMode::Log:
      // A log (CI, a file) should never sit silent for minutes, nor fill with a line per redraw.
      if (f.elapsed_s - last_log_s_ < log_every_s) return;
      std::fprintf(out_, "%s\n", render_progress(f).c_str());
      last_log_s_ = f.elapsed_s;
      break;
  }
  std::fflush(out_);
}

void ProgressLine::finish() {
  if (mode_ == ProgressMode::Terminal && drawn_) std::fprintf(out_, "\n");
  drawn_ = false;
}

bool ProgressLine::stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

}  // namespace ddz::selfplay
