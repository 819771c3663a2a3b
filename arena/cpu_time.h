// CPU time of agents' decisions: a CPU clock, a wrapper that times every bid() and play() of an
// agent, and a match-long aggregate (count, total, mean, quantiles from a log-scale histogram).
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "agent/agent.h"

namespace ddz {

// Thread: the calling thread's CPU time; it misses threads an agent starts itself (mcts with
// threads=2), but stays right when other threads of the process play other games. Process: the
// whole process's CPU time, which counts an agent's own search threads; only meaningful when
// nothing else in the process runs while the agent decides (an arena with one thread). Off: no
// timing, since each timed decision costs two clock system calls (1-3 us on a loaded VM), which
// more than doubles the time of random or heuristic matches.
enum class CpuClock { Thread, Process, Off };
const char* cpu_clock_name(CpuClock clock);
// Nanoseconds of CPU time on `clock` since an arbitrary start (clock_gettime; a system call of
// about 0.3-1 us, which the timed decision absorbs once).
int64_t cpu_now_ns(CpuClock clock);

// The decisions one agent made in one seat of one game.
struct DecisionTimes {
  std::vector<int64_t> play_ns;  // CPU ns of each play() call, in order
  int64_t bids = 0;  // bid() calls
  int64_t bid_ns = 0;  // their CPU ns in total
};

// Forwards to `inner`, adding each call's CPU time to `sink`. Both must outlive the wrapper.
class TimedAgent final : public Agent {
 public:
  TimedAgent(Agent& inner, CpuClock clock, DecisionTimes& sink) : inner_(inner), clock_(clock), sink_(sink) {}
  void new_game(uint64_t seed) override { inner_.new_game(seed); }
  int bid(const Observation& obs) override;
  Move play(const Observation& obs) override;
  std::string spec() const override { return inner_.spec(); }

 private:
  Agent& inner_;
  CpuClock clock_;
  DecisionTimes& sink_;
};

// Per agent over a match: moves (play() calls) with total, mean, min, max and quantiles, and bids
// apart (count and total). Quantiles come from a histogram of 8 buckets per doubling of the time
// (within 4.5% of the true quantile), clamped to the exact min and max, so memory stays fixed.
class CpuTimeStats {
 public:
  void add(const DecisionTimes& game);
  void add_play(int64_t ns);
  void merge(const CpuTimeStats& other);

  int64_t moves() const { return moves_; }
  double seconds() const { return double(play_ns_) * 1e-9; }
  double mean_ms() const { return moves_ ? double(play_ns_) * 1e-6 / double(moves_) : 0.0; }
  // The q-quantile (0 <= q <= 1) of the per-move times in ms; 0 without moves.
  double quantile_ms(double q) const;
  double max_ms() const { return double(max_ns_) * 1e-6; }
  int64_t bids() const { return bids_; }
  double bid_seconds() const { return double(bid_ns_) * 1e-9; }
  double bid_mean_ms() const { return bids_ ? double(bid_ns_) * 1e-6 / double(bids_) : 0.0; }

  static constexpr int kPerDoubling = 8;
  static constexpr int kBuckets = kPerDoubling * 42;  // up to 2^42 ns, over an hour a move

 private:
  int64_t moves_ = 0;
  int64_t play_ns_ = 0;
  int64_t min_ns_ = 0;
  int64_t max_ns_ = 0;
  int64_t bids_ = 0;
  int64_t bid_ns_ = 0;
  std::array<int64_t, kBuckets> histogram_{};
};

}  // namespace ddz
