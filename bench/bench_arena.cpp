// Benchmarks of the arena and the heuristic agent: hand value of full hands, one heuristic
// decision, and whole heuristic-vs-heuristic matches on 1 and 2 threads (games per second).
#include <benchmark/benchmark.h>

#include "arena/arena.h"
#include "agent/hand_value.h"
#include "agent/heuristic_agent.h"
#include "game/observation.h"

namespace ddz {
namespace {

std::vector<Hand> landlord_hands(int n) {
  Rng rng(42);
  std::vector<Hand> out;
  for (int i = 0; i < n; ++i) {
    const Deal d = deal_cards(rng);
    out.push_back(d.hands[0] + d.kitty);
  }
  return out;
}

void BM_HandValue20(benchmark::State& state) {
  const auto hands = landlord_hands(1024);
  size_t i = 0;
  for (auto _ : state) { benchmark::DoNotOptimize(hand_value(hands[i++ & 1023])); }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HandValue20);

// Observations from the middle of heuristic self-play games, then one decision each.
void BM_HeuristicDecision(benchmark::State& state) {
  std::vector<Observation> positions;
  HeuristicAgent agent;
  for (uint64_t seed = 1; positions.size() < 512; ++seed) {
    GameState g(seed);
    while (g.phase() != Phase::Over) {
      const Observation obs = observe(g, g.to_move());
      positions.push_back(obs);
      g.apply_trusted(agent.play(obs));
    }
  }
  size_t i = 0;
  for (auto _ : state) { benchmark::DoNotOptimize(agent.play(positions[i++ % positions.size()])); }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HeuristicDecision);

void BM_ArenaHeuristic(benchmark::State& state) {
  ArenaConfig c;
  c.agents = {"heuristic", "heuristic"};
  c.deals = 500;
  c.threads = int(state.range(0));
  int64_t games = 0;
  for (auto _ : state) {
    const ArenaResult r = run_arena(c);
    games += r.games;
  }
  state.counters["games_per_s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ArenaHeuristic)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace ddz

BENCHMARK_MAIN();
