// CPU time per move of `net:FILE` (policy alone), `pretrained` (the shipped search at the file's
// default settings) and `mcts` (200 simulations): medians over 50 fixed positions, as counters in ms.
//
// The positions are decisions with at least two legal moves (a forced move costs nothing) from
// seeded heuristic games, every stage of the game. Each decision is timed on the thread CPU clock
// (arena/cpu_time.h), as the arena does; with repetitions, a position's time is its median over
// the passes. The network is models/pretrained/agent.ddz when present (or $DDZ_PRETRAINED), else
// a file of random weights at the default architecture written to a temporary file; the first
// line of output and each row's label say which.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "arena/cpu_time.h"
#include "agent/factory.h"
#include "agent/pretrained_agent.h"
#include "models/agent_file.h"

namespace ddz {
namespace {

constexpr size_t kPositions = 50;

const std::vector<Observation>& positions() {
  static const std::vector<Observation> out = [] {
    std::vector<Observation> all;
    auto policy = make_agent("heuristic");
    std::vector<Move> moves;
    for (uint64_t g = 0; all.size() < kPositions; ++g) {
      GameState s(Rng::mix(16016, g));
      for (int ply = 0; s.phase() == Phase::Play; ++ply) {
        const Observation obs = observe(s, s.to_move());
        obs.legal(moves);
        if (moves.size() > 1 && ply % 6 == int(g % 6) && all.size() < kPositions) all.push_back(obs);
        s.apply_trusted(policy->play(obs));
      }
    }
    return all;
  }();
  return out;
}

// The network file the benchmarks use and a label saying what it is.
struct NetworkFile {
  std::string path;
  std::string label;
};

const NetworkFile& network_file() {
  static const NetworkFile file = [] {
    std::string path;
    try {
      load_pretrained(AgentSpec::parse("pretrained"), &path);
      return NetworkFile{path, "shipped network " + path};
    } catch (const AgentSpecError& e) { std::fprintf(stderr, "bench_agent_move: %s\n", e.what()); }
    AgentFile f;
    f.spec = default_spec();
    f.weights = random_weights(f.spec, 16);
    f.provenance = "{}";
    path = "/tmp/bench_agent_move_random_" + std::to_string(::getpid()) + ".ddz";
    save_agent_file(f, path);
    // `pretrained` must resolve to the same file; the variable is this process's only.
    ::setenv(kPretrainedEnv, path.c_str(), 1);
    return NetworkFile{path, "RANDOM weights (no shipped network), default architecture, " + path};
  }();
  return file;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// One benchmark iteration = one decision at each of the positions; counters over all iterations.
void run_agent(benchmark::State& state, const std::string& spec) {
  const auto& obs = positions();
  std::unique_ptr<Agent> agent;
  try {
    agent = make_agent(spec);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  std::vector<std::vector<double>> per_position(obs.size());
  int64_t decisions = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < obs.size(); ++i) {
      agent->new_game(i + 1);  // the same search seeds on every pass
      const int64_t start = cpu_now_ns(CpuClock::Thread);
      benchmark::DoNotOptimize(agent->play(obs[i]));
      per_position[i].push_back(double(cpu_now_ns(CpuClock::Thread) - start) * 1e-6);
      ++decisions;
    }
  }
  std::vector<double> times;
  double total = 0.0;
  for (const auto& t : per_position) {
    times.push_back(median(t));
    total += times.back();
  }
  std::sort(times.begin(), times.end());
  state.counters["median_ms"] = median(times);
  state.counters["mean_ms"] = total / double(times.size());
  state.counters["p90_ms"] = times[std::min(times.size() - 1, size_t(0.9 * double(times.size())))];
  state.counters["max_ms"] = times.back();
  state.counters["positions"] = double(times.size());
  state.SetItemsProcessed(decisions);
  state.SetLabel(spec.rfind("mcts", 0) == 0 ? "no network" : network_file().label);
}

void BM_NetMove(benchmark::State& state) { run_agent(state, "net:" + network_file().path); }
void BM_PretrainedMove(benchmark::State& state) { run_agent(state, "pretrained"); }
void BM_MctsMove(benchmark::State& state) { run_agent(state, "mcts"); }

BENCHMARK(BM_NetMove)->Iterations(20)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PretrainedMove)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MctsMove)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ddz

int main(int argc, char** argv) {
  std::printf("bench_agent_move: CPU ms per move over %zu positions; network: %s\n", ddz::kPositions,
              ddz::network_file().label.c_str());
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (ddz::network_file().label.rfind("RANDOM", 0) == 0) std::remove(ddz::network_file().path.c_str());
  return 0;
}
