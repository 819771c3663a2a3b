// First-come-first-served slots for the agents' turns of `ddz web` (web/compute_gate.h).
#include "web/compute_gate.h"

namespace ddz::web {

ComputeGate::ComputeGate(size_t slots) : slots_(slots < 1 ? 1 : slots) {}

ComputeGate::Pass ComputeGate::enter() {
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t ticket = next_ticket_++;
  changed_.wait(lock, [&] { return ticket == next_turn_ && active_ < slots_; });
  ++next_turn_;
  ++active_;
  // The next ticket may enter too if a slot is still free.
  changed_.notify_all();
  return Pass(*this);
}

void ComputeGate::leave() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    --active_;
  }
  changed_.notify_all();
}

size_t ComputeGate::waiting() {
  std::lock_guard<std::mutex> lock(mutex_);
  return size_t(next_ticket_ - next_turn_);
}

}  // namespace ddz::web
