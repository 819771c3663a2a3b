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
  if (!enabled_) return;
  std::fprintf(stderr, "\r\033[K%s", render_progress(f).c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressLine::finish() {
  if (enabled_ && drawn_) std::fprintf(stderr, "\n");
  drawn_ = false;
}

bool ProgressLine::stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

}  // namespace ddz::selfplay
