// Speed of minimum plays (exact with moves, exact count, relaxed bound) on landlord hands
// (17 + 3 cards) and farmer hands, with the per-hand median, and of the 24-point puzzle.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "game/rng.h"
#include "solver/min_plays.h"
#include "solver/puzzle24.h"

namespace ddz {
namespace {

std::vector<Hand> dealt_hands(int cards, int count, uint64_t seed) {
  Rng rng(seed);
  std::vector<Hand> hands;
  for (int k = 0; k < count; ++k) {
    std::vector<int> ids(kNumCards);
    for (int i = 0; i < kNumCards; ++i) ids[size_t(i)] = i;
    for (int i = 0; i < cards; ++i) std::swap(ids[size_t(i)], ids[size_t(i) + rng.below(uint32_t(kNumCards - i))]);
    ids.resize(size_t(cards));
    hands.push_back(hand_from_ids(ids));
  }
  return hands;
}

const std::vector<Hand>& hands(int cards) {
  static const std::vector<Hand> h20 = dealt_hands(20, 4096, 1);
  static const std::vector<Hand> h17 = dealt_hands(17, 4096, 2);
  return cards == 20 ? h20 : h17;
}

void BM_MinPlays(benchmark::State& state) {
  const auto& hs = hands(int(state.range(0)));
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(min_plays(hs[i++ % hs.size()]));
}
BENCHMARK(BM_MinPlays)->Arg(20)->Arg(17);

void BM_MinPlaysCount(benchmark::State& state) {
  const auto& hs = hands(int(state.range(0)));
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(min_plays_count(hs[i++ % hs.size()]));
}
BENCHMARK(BM_MinPlaysCount)->Arg(20)->Arg(17);

void BM_MinPlaysRelaxed(benchmark::State& state) {
  const auto& hs = hands(int(state.range(0)));
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(min_plays_relaxed(hs[i++ % hs.size()]));
}
BENCHMARK(BM_MinPlaysRelaxed)->Arg(20)->Arg(17);

// The brief's target is a median per hand: time each of the 4,096 landlord hands on its own.
void BM_MinPlaysMedianPerHand20(benchmark::State& state) {
  const auto& hs = hands(20);
  std::vector<double> us(hs.size());
  for (auto _ : state) {
    for (size_t i = 0; i < hs.size(); ++i) {
      const auto start = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(min_plays(hs[i]));
      us[i] = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    }
  }
  std::sort(us.begin(), us.end());
  state.counters["median_us"] = us[us.size() / 2];
  state.counters["p99_us"] = us[us.size() * 99 / 100];
  state.counters["max_us"] = us.back();
}
BENCHMARK(BM_MinPlaysMedianPerHand20)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_Solve24CountAll1820(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(count_solvable24(13));
}
BENCHMARK(BM_Solve24CountAll1820)->Unit(benchmark::kMillisecond);

void BM_Solve24One(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(solve24({3, 3, 8, 8}));
}
BENCHMARK(BM_Solve24One)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ddz

BENCHMARK_MAIN();
