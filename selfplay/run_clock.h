// Training time across resumes (this process's wall time on top of the checkpoint's), and the
// stopwatch that says when the main loop's periodic work is due.
#pragma once
#include <chrono>

namespace ddz::selfplay {

class Stopwatch {
 public:
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  void restart() { start_ = std::chrono::steady_clock::now(); }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Started when the process starts training; the time budget, metrics and the rollout_mix schedule count
// training time, so a resumed run carries on where its checkpoint stopped.
class RunClock {
 public:
  explicit RunClock(double resumed_s) : resumed_s_(resumed_s) {}
  double elapsed_s() const { return resumed_s_ + session_.seconds(); }
  double session_s() const { return session_.seconds(); }

 private:
  double resumed_s_;
  Stopwatch session_;
};

}  // namespace ddz::selfplay
