// Tests of the gate of the agents' turns in `ddz web` (web/compute_gate.h): never more than its
// slots inside at once, and requests let in in the order they arrived.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "web/compute_gate.h"

namespace ddz::web {
namespace {

TEST(WebComputeGate, NeverMoreThanItsSlotsInside) {
  ComputeGate gate(2);
  std::atomic<int> inside{0}, most{0}, done{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) {
        const ComputeGate::Pass pass = gate.enter();
        const int now = ++inside;
        int seen = most.load();
        while (now > seen && !most.compare_exchange_weak(seen, now)) {}
        std::this_thread::yield();
        --inside;
        ++done;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(done.load(), 1600);
  EXPECT_LE(most.load(), 2);
  EXPECT_GE(most.load(), 1);
  EXPECT_EQ(gate.waiting(), 0u);
}

// One slot held; four requests arrive one after the other (each waits before the next comes):
// they enter in that order.
TEST(WebComputeGate, FirstComeFirstServed) {
  ComputeGate gate(1);
  auto held = std::make_unique<ComputeGate::Pass>(gate.enter());
  std::mutex order_mutex;
  std::vector<int> order;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      const ComputeGate::Pass pass = gate.enter();
      std::lock_guard<std::mutex> lock(order_mutex);
      order.push_back(t);
    });
    while (gate.waiting() < size_t(t + 1)) std::this_thread::yield();
  }
  held.reset();
  for (auto& t : threads) t.join();
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3}));
}

}  // namespace
}  // namespace ddz::web
