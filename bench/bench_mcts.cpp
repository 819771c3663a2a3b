// Google Benchmark of the MCTS search: simulations per second with heuristic and random rollouts
// on one and two threads, world sampling, and one default `mcts` decision.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "agent/factory.h"
#include "search/playout_evaluator.h"
#include "agent/mcts_agent.h"
#include "search/mcts.h"
#include "search/rollout_evaluator.h"
#include "search/world_sampler.h"

namespace ddz {
namespace {

// 64 decisions with at least two legal moves, met in seeded games of heuristic players, from
// every stage of the game.
const std::vector<Observation>& positions() {
  static const std::vector<Observation> out = [] {
    std::vector<Observation> all;
    auto policy = make_agent("heuristic");
    std::vector<Move> moves;
    for (uint64_t g = 0; all.size() < 64; ++g) {
      GameState s(Rng::mix(2024, g));
      for (int ply = 0; s.phase() == Phase::Play; ++ply) {
        const Observation obs = observe(s, s.to_move());
        obs.legal(moves);
        if (moves.size() > 1 && ply % 7 == int(g % 7) && all.size() < 64) all.push_back(obs);
        s.apply_trusted(policy->play(obs));
      }
    }
    return all;
  }();
  return out;
}

Mcts::EvaluatorFactory heuristic_rollouts() {
  return [](uint64_t seed) {
    return std::make_unique<PlayoutEvaluator>(make_agent("heuristic"), seed, PlayoutEvaluatorOptions{});
  };
}

Mcts::EvaluatorFactory random_rollouts() {
  return [](uint64_t seed) { return std::make_unique<RolloutEvaluator>(seed, 1); };
}

void run_search(benchmark::State& state, Mcts::EvaluatorFactory factory) {
  MctsOptions opt;
  opt.simulations = 400;
  opt.threads = int(state.range(0));
  Mcts mcts(opt, std::move(factory));
  const auto& obs = positions();
  size_t i = 0;
  int64_t sims = 0;
  for (auto _ : state) {
    const SearchResult r = mcts.search(obs[i % obs.size()], i);
    ++i;
    sims += r.simulations;
    benchmark::DoNotOptimize(r.best);
  }
  state.SetItemsProcessed(sims);  // items/s = simulations per second
}

void BM_MctsHeuristicRollouts(benchmark::State& state) { run_search(state, heuristic_rollouts()); }
BENCHMARK(BM_MctsHeuristicRollouts)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_MctsRandomRollouts(benchmark::State& state) { run_search(state, random_rollouts()); }
BENCHMARK(BM_MctsRandomRollouts)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SampleWorld(benchmark::State& state) {
  UniformWorldSampler sampler;
  Rng rng(1);
  const auto& obs = positions();
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(sampler.sample(obs[i++ % obs.size()], rng));
}
BENCHMARK(BM_SampleWorld);

// One decision of the default `mcts` agent (what an arena move costs).
void BM_MctsAgentDefaultMove(benchmark::State& state) {
  auto agent = make_agent("mcts");
  agent->new_game(1);
  const auto& obs = positions();
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(agent->play(obs[i++ % obs.size()]));
}
BENCHMARK(BM_MctsAgentDefaultMove)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ddz

BENCHMARK_MAIN();
