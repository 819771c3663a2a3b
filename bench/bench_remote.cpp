// Google Benchmark of the distributed run's learner-side costs (docs/training.md, "Scale on
// paper"): replaying a game batch into samples, and c10d TCPStore round trips (a counter read,
// a batch-sized set + get + delete) from 1 or 4 client threads against one store served here.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "selfplay/actor.h"
#include "selfplay/remote_store.h"
#include "selfplay/remote_wire.h"

namespace ddz::selfplay {
namespace {

// The default config's rules with uniform-prior search (weights do not change a batch's size
// much; the games' lengths and legal-move counts do).
const TrainConfig& config() {
  static const TrainConfig c = [] {
    TrainConfig t;
    t.search.sims = 4;
    t.search.k = 4;
    t.search.rollout_mix = 0.0;  // the value net alone, as the bench measured before rollout_mix defaulted to 0.5
    t.fast_sims = 2;
    return t;
  }();
  return c;
}

const std::string& batch() {
  static const std::string bytes = [] {
    const NetworkSpec spec = network_spec(config());
    Weights w;  // zero weights: a uniform policy and a neutral value
    for (const auto& [name, shape] : spec.parameter_shapes()) {
      int64_t n = 1;
      for (int64_t d : shape) n *= d;
      w.set(name, shape, std::vector<float>(size_t(n), 0.0f));
    }
    const EigenNet net(spec, w);
    std::vector<GameSamples> games;
    for (int64_t samples = 0; samples < 256;) {
      games.push_back(play_selfplay_game(net, config(), Rng::mix(5, games.size())));
      samples += int64_t(games.back().plays.size());
    }
    return encode_batch(games);
  }();
  return bytes;
}

void BM_DecodeBatch(benchmark::State& state) {
  int64_t samples = 0;
  for (auto _ : state) {
    const auto games = decode_batch(batch(), config());
    for (const auto& g : games) samples += int64_t(g.plays.size());
  }
  state.counters["samples/s"] = benchmark::Counter(double(samples), benchmark::Counter::kIsRate);
  state.counters["bytes/sample"] =
      double(batch().size()) * double(state.iterations()) / double(std::max<int64_t>(1, samples));
}
BENCHMARK(BM_DecodeBatch)->Unit(benchmark::kMicrosecond)->UseRealTime();

Store& server() {
  static const std::unique_ptr<Store> s = Store::serve(parse_endpoint("127.0.0.1:0", "--listen"), 30);
  return *s;
}

void BM_StoreCounterRead(benchmark::State& state) {
  auto client = Store::connect(Endpoint{"127.0.0.1", server().port()}, 30);
  for (auto _ : state) benchmark::DoNotOptimize(client->add("ddz/bench/counter", 0));
  state.counters["ops/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StoreCounterRead)->Threads(1)->Threads(4)->UseRealTime();

void BM_StoreBatchRoundTrip(benchmark::State& state) {
  auto client = Store::connect(Endpoint{"127.0.0.1", server().port()}, 30);
  const std::string key = "ddz/bench/batch/" + std::to_string(state.thread_index());
  for (auto _ : state) {
    client->set(key, batch());
    benchmark::DoNotOptimize(client->get(key));
    client->erase(key);
  }
  state.counters["batches/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StoreBatchRoundTrip)->Threads(1)->Threads(4)->UseRealTime();

}  // namespace
}  // namespace ddz::selfplay

BENCHMARK_MAIN();
