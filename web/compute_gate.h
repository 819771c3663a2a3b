// The turns of agents in `ddz web` (searches of the shipped agent: tens to hundreds of ms of CPU
// each) run a few at a time, in the order the requests came, instead of all at once.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>

namespace ddz::web {

// With every request searching at once, 64 players on 2 cores shared the CPU 32 ways: a
// request needing 0.5 s of CPU took 16 s, the searches' memory was live all together (the
// server's peak RSS), and the listening thread waited for a core. Through the gate at most
// `slots` requests compute; the others wait (asleep) in arrival order.
class ComputeGate {
 public:
  explicit ComputeGate(size_t slots);

  // Held while computing; the destructor lets the next request in.
  class Pass {
   public:
    explicit Pass(ComputeGate& gate) : gate_(&gate) {}
    Pass(Pass&& other) noexcept : gate_(other.gate_) { other.gate_ = nullptr; }
    Pass(const Pass&) = delete;
    Pass& operator=(const Pass&) = delete;
    Pass& operator=(Pass&&) = delete;
    ~Pass() {
      if (gate_) gate_->leave();
    }

   private:
    ComputeGate* gate_;
  };

  // Waits for a slot, first come first served.
  Pass enter();

  size_t slots() const { return slots_; }
  // Requests waiting now (tests wait for a queue to form).
  size_t waiting();

 private:
  void leave();

  const size_t slots_;
  std::mutex mutex_;
  std::condition_variable changed_;
  size_t active_ = 0;
  uint64_t next_ticket_ = 0;  // the ticket the next arrival takes
  uint64_t next_turn_ = 0;  // the ticket that enters next
};

}  // namespace ddz::web
