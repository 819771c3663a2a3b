// Signal handlers that only store into a lock-free atomic, the one thing a handler may safely do;
// a second Ctrl-C while saving falls back to the default action so a stuck run can still be killed.
#include "selfplay/signals.h"

#include <atomic>
#include <csignal>

namespace ddz::selfplay {
namespace {

std::atomic<int> g_signal{0};
std::atomic<bool> g_stop{false};

extern "C" void on_stop_signal(int sig) {
  if (g_stop.load()) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  g_signal.store(sig);
  g_stop.store(true);
}

}  // namespace

void install_stop_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

bool stop_requested() { return g_stop.load(std::memory_order_relaxed); }
int stop_signal() { return g_signal.load(); }
void request_stop() { g_stop.store(true); }
void clear_stop() {
  g_stop.store(false);
  g_signal.store(0);
}

}  // namespace ddz::selfplay
