// Google Benchmark of the rules engine: legal_moves for leading 20-card hands and for following
// positions from random games, and whole random games. The same figures `ddz bench` prints.
#include <benchmark/benchmark.h>

#include <vector>

#include "game/movegen.h"
#include "game/sample_positions.h"
#include "game/state.h"

namespace ddz {
namespace {

using Position = MovegenPosition;

// The landlord's 20 cards of 1,000 seeded deals.
const std::vector<Position>& leading() {
  static const std::vector<Position> positions = leading_positions(12345, 0, 1000);
  return positions;
}

// 1,000 positions with a combination to beat, met while playing random games.
const std::vector<Position>& following() {
  static const std::vector<Position> positions = following_positions(777, 0, 1000);
  return positions;
}

void run_positions(benchmark::State& state, const std::vector<Position>& positions) {
  std::vector<Move> out;
  out.reserve(4096);
  size_t i = 0, moves = 0;
  for (auto _ : state) {
    const Position& p = positions[i];
    legal_moves(p.hand, p.to_beat, out);
    moves += out.size();
    benchmark::DoNotOptimize(out.data());
    if (++i == positions.size()) i = 0;
  }
  state.counters["moves_per_call"] = benchmark::Counter(double(moves) / double(state.iterations()));
}

// Mean time per call over the 1,000 hands (Google Benchmark reports means; `ddz bench` medians).
void BM_LegalMovesLeading20(benchmark::State& state) { run_positions(state, leading()); }
BENCHMARK(BM_LegalMovesLeading20);

void BM_LegalMovesFollowing(benchmark::State& state) { run_positions(state, following()); }
BENCHMARK(BM_LegalMovesFollowing);

// One fixed hand of rich structure, the slow end of leading positions.
void BM_LegalMovesRichHand(benchmark::State& state) {
  const Hand hand = parse_cards("333444555666777XD2AK");
  std::vector<Move> out;
  for (auto _ : state) {
    legal_moves(hand, Move::pass(), out);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["moves"] = double(out.size());
}
BENCHMARK(BM_LegalMovesRichHand);

// A whole random game on GameState: legal list, uniform pick, apply_trusted.
void BM_RandomGame(benchmark::State& state) {
  std::vector<Move> moves;
  uint64_t seed = 0;
  for (auto _ : state) {
    GameState s(seed);
    Rng rng(seed++);
    while (s.phase() == Phase::Play) {
      s.legal(moves);
      s.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
    }
    benchmark::DoNotOptimize(s.winner());
  }
  state.counters["games_per_second"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomGame);

}  // namespace
}  // namespace ddz

BENCHMARK_MAIN();
