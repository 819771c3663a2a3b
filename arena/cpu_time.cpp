// CPU timing of agent decisions: clock_gettime on the thread or process CPU clock, and the
// log-bucket histogram behind the per-agent medians of the arena report.
#include "arena/cpu_time.h"

#include <time.h>

#include <algorithm>
#include <cmath>

namespace ddz {

const char* cpu_clock_name(CpuClock clock) {
  return clock == CpuClock::Thread ? "thread" : clock == CpuClock::Process ? "process" : "off";
}

int64_t cpu_now_ns(CpuClock clock) {
  timespec ts{};
  clock_gettime(clock == CpuClock::Thread ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + int64_t(ts.tv_nsec);
}

int TimedAgent::bid(const Observation& obs) {
  const int64_t start = cpu_now_ns(clock_);
  const int b = inner_.bid(obs);
  sink_.bid_ns += std::max<int64_t>(0, cpu_now_ns(clock_) - start);
  ++sink_.bids;
  return b;
}

Move TimedAgent::play(const Observation& obs) {
  const int64_t start = cpu_now_ns(clock_);
  const Move m = inner_.play(obs);
  sink_.play_ns.push_back(std::max<int64_t>(0, cpu_now_ns(clock_) - start));
  return m;
}

namespace {

// Bucket b holds times in [2^(b/8), 2^((b+1)/8)) ns; bucket 0 also holds 0 and 1 ns.
int bucket_of(int64_t ns) {
  if (ns <= 1) return 0;
  const int b = int(std::floor(std::log2(double(ns)) * CpuTimeStats::kPerDoubling));
  return std::clamp(b, 0, CpuTimeStats::kBuckets - 1);
}

}  // namespace

void CpuTimeStats::add_play(int64_t ns) {
  ns = std::max<int64_t>(0, ns);
  min_ns_ = moves_ ? std::min(min_ns_, ns) : ns;
  max_ns_ = moves_ ? std::max(max_ns_, ns) : ns;
  ++moves_;
  play_ns_ += ns;
  ++histogram_[size_t(bucket_of(ns))];
}

void CpuTimeStats::add(const DecisionTimes& game) {
  for (int64_t ns : game.play_ns) add_play(ns);
  bids_ += game.bids;
  bid_ns_ += game.bid_ns;
}

void CpuTimeStats::merge(const CpuTimeStats& other) {
  if (other.moves_) {
    min_ns_ = moves_ ? std::min(min_ns_, other.min_ns_) : other.min_ns_;
    max_ns_ = moves_ ? std::max(max_ns_, other.max_ns_) : other.max_ns_;
  }
  moves_ += other.moves_;
  play_ns_ += other.play_ns_;
  bids_ += other.bids_;
  bid_ns_ += other.bid_ns_;
  for (size_t b = 0; b < histogram_.size(); ++b) histogram_[b] += other.histogram_[b];
}

double CpuTimeStats::quantile_ms(double q) const {
  if (moves_ == 0) return 0.0;
  q = std::clamp(q, 0.0, 1.0);
  // The rank of the quantile among the sorted times (nearest rank, 1-based).
  const int64_t rank = std::max<int64_t>(1, int64_t(std::ceil(q * double(moves_))));
  int64_t seen = 0;
  for (int b = 0; b < kBuckets; ++b) {
    seen += histogram_[size_t(b)];
    if (seen >= rank) {
      // The geometric middle of the bucket, never outside the times actually seen.
      const double mid = std::exp2((double(b) + 0.5) / kPerDoubling);
      return std::clamp(mid, double(min_ns_), double(max_ns_)) * 1e-6;
    }
  }
  return max_ms();
}

}  // namespace ddz
