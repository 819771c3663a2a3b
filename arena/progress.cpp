// Terminal progress bar: throttled redraws with carriage return, rate and ETA.
// Drawing only on a terminal keeps logs and piped output free of control characters.
#include "arena/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace ddz {

namespace {
std::string format_duration(double seconds) {
  if (!(seconds >= 0.0) || seconds > 359999.0) return "--:--";
  const long s = long(seconds + 0.5);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}
}  // namespace

ProgressBar::ProgressBar(int64_t total, std::string unit, bool enabled, std::FILE* out)
    : total_(total), unit_(std::move(unit)), enabled_(enabled), out_(out) {
  start_ = std::chrono::steady_clock::now();
  last_draw_ = start_ - std::chrono::seconds(1);
}

ProgressBar::~ProgressBar() {
  if (!finished_) finish();
}

bool ProgressBar::stderr_is_terminal() { return isatty(fileno(stderr)) != 0; }

std::string ProgressBar::render(int64_t done, int64_t total, double seconds, const std::string& unit, int width) {
  const double frac = total > 0 ? std::min(1.0, double(done) / double(total)) : 1.0;
  const int filled = int(frac * width + 1e-9);
  std::string bar = "[" + std::string(size_t(filled), '#') + std::string(size_t(width - filled), '.') + "]";
  const double rate = seconds > 0.0 ? double(done) / seconds : 0.0;
  const double eta = rate > 0.0 ? double(total - done) / rate : -1.0;
  char buf[160];
  std::snprintf(buf, sizeof buf, " %3d%% %lld/%lld %s, %.0f %s/s, ETA %s", int(frac * 100.0), (long long)done,
                (long long)total, unit.c_str(), rate, unit.c_str(), format_duration(eta).c_str());
  return bar + buf;
}

void ProgressBar::draw(int64_t done) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  // Trailing spaces wipe leftovers of a longer previous line.
  std::fprintf(out_, "\r%s   ", render(done, total_, seconds, unit_).c_str());
  std::fflush(out_);
}

void ProgressBar::update(int64_t done) {
  last_done_ = done;
  if (!enabled_ || finished_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_draw_ < std::chrono::milliseconds(200)) return;
  last_draw_ = now;
  draw(done);
}

void ProgressBar::finish() {
  if (finished_) return;
  finished_ = true;
  if (!enabled_) return;
  draw(last_done_);
  std::fputc('\n', out_);
  std::fflush(out_);
}

}  // namespace ddz
