// Google Benchmark of the Eigen inference path at the default architecture: encoding, policy per
// position, value at batch 1 and 64, NetEvaluator calls and one mcts+net search (random weights).
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "game/state.h"
#include "models/eigen_net.h"
#include "models/features.h"
#include "models/net_evaluator.h"
#include "search/mcts.h"

namespace ddz {
namespace {

struct Position {
  GameState state;
  std::vector<Move> moves;
};

// Play-phase positions with at least two legal moves from seeded random games.
const std::vector<Position>& positions() {
  static const std::vector<Position> out = [] {
    std::vector<Position> all;
    std::vector<Move> moves;
    for (uint64_t g = 0; all.size() < 256; ++g) {
      GameState s(Rng::mix(77, g));
      Rng rng(g);
      while (s.phase() == Phase::Play && all.size() < 256) {
        s.legal(moves);
        if (moves.size() > 1) all.push_back({s, moves});
        s.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
      }
    }
    return all;
  }();
  return out;
}

const std::shared_ptr<const EigenNet>& net() {
  static const auto n = std::make_shared<const EigenNet>(default_spec(), random_weights(default_spec(), 1));
  return n;
}

void BM_EncodeStateAndMoves(benchmark::State& st) {
  std::vector<float> state(kStateDim), moves;
  size_t i = 0;
  for (auto _ : st) {
    const Position& p = positions()[i++ % positions().size()];
    encode_state(p.state, p.state.to_move(), state.data());
    encode_moves(p.moves, p.state.hand(p.state.to_move()), moves);
    benchmark::DoNotOptimize(moves.data());
  }
}
BENCHMARK(BM_EncodeStateAndMoves);

void BM_PolicyOnePosition(benchmark::State& st) {
  std::vector<float> state(kStateDim), moves, scores;
  size_t i = 0, total_moves = 0;
  for (auto _ : st) {
    const Position& p = positions()[i++ % positions().size()];
    st.PauseTiming();
    encode_state(p.state, p.state.to_move(), state.data());
    encode_moves(p.moves, p.state.hand(p.state.to_move()), moves);
    scores.resize(p.moves.size());
    st.ResumeTiming();
    net()->policy_scores(state.data(), moves.data(), int(p.moves.size()), scores.data());
    benchmark::DoNotOptimize(scores.data());
    total_moves += p.moves.size();
  }
  st.counters["moves/position"] = double(total_moves) / double(st.iterations());
}
BENCHMARK(BM_PolicyOnePosition);

void BM_Value(benchmark::State& st) {
  const int batch = int(st.range(0));
  std::vector<float> in(size_t(batch) * kValueDim);
  for (int b = 0; b < batch; ++b) encode_value(positions()[size_t(b)].state, in.data() + size_t(b) * kValueDim);
  std::vector<HeadOutput> out(static_cast<size_t>(batch));
  for (auto _ : st) {
    net()->value_batch(in.data(), batch, out.data());
    benchmark::DoNotOptimize(out.data());
  }
  st.counters["positions/s"] = benchmark::Counter(double(st.iterations()) * batch, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Value)->Arg(1)->Arg(64);

// What MCTS pays per leaf: encoding, policy over the legal moves, softmax and value.
void BM_NetEvaluatorCall(benchmark::State& st) {
  NetEvaluator ev(net());
  std::vector<float> priors;
  size_t i = 0;
  for (auto _ : st) {
    const Position& p = positions()[i++ % positions().size()];
    benchmark::DoNotOptimize(ev.evaluate(p.state, p.moves, priors));
  }
  st.counters["evals/s"] = benchmark::Counter(double(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_NetEvaluatorCall);

// The same through the batched path, 64 positions per call.
void BM_NetEvaluatorBatch64(benchmark::State& st) {
  NetEvaluator ev(net());
  std::vector<const GameState*> worlds;
  std::vector<const std::vector<Move>*> moves;
  for (size_t k = 0; k < 64; ++k) {
    worlds.push_back(&positions()[k].state);
    moves.push_back(&positions()[k].moves);
  }
  std::vector<std::vector<float>> priors;
  for (auto _ : st) benchmark::DoNotOptimize(ev.evaluate_batch(worlds, moves, priors).data());
  st.counters["positions/s"] = benchmark::Counter(double(st.iterations()) * 64, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_NetEvaluatorBatch64);

// One mcts+net decision at 100 simulations, one thread, exact endgames off (network only).
void BM_MctsNetSearch100(benchmark::State& st) {
  MctsOptions o;
  o.simulations = 100;
  o.solver_cards = 0;
  Mcts mcts(o, [](uint64_t) -> std::unique_ptr<Evaluator> { return std::make_unique<NetEvaluator>(net()); });
  size_t i = 0;
  int sims = 0;
  for (auto _ : st) {
    const Position& p = positions()[(i * 7) % positions().size()];
    const Observation obs = observe(p.state, p.state.to_move());
    sims += mcts.search(obs, i++).simulations;
  }
  st.counters["sims/s"] = benchmark::Counter(double(sims), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MctsNetSearch100)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ddz

BENCHMARK_MAIN();
