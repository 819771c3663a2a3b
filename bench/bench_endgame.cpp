// Endgame solver benchmarks over the fixed positions in bench/positions/endgame_*.txt: the public
// puzzle, random two-player 13-vs-13 and three-player 14/12/12 and 16/14/14 positions (medians).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/catalogue.h"
#include "solver/endgame_random.h"
#include "solver/endgame_solver.h"

namespace ddz {
namespace {

// One line per position:
//   2 HAND_TO_MOVE OTHER BEAT            (BEAT = pass or cards)
//   3 LANDLORD FARMER1 FARMER2 TO_MOVE BEAT BEAT_BY   (seats 0, 1, 2; BEAT_BY = - when BEAT is pass)
struct BenchPosition {
  bool three = false;
  TwoPlayerPosition two;
  ThreePlayerPosition three_p;
};

std::string format_line(const TwoPlayerPosition& p) {
  return "2 " + to_string(p.to_move) + " " + to_string(p.other) + " " + to_string(p.to_beat);
}

std::string format_line(const ThreePlayerPosition& p) {
  return "3 " + to_string(p.hands[0]) + " " + to_string(p.hands[1]) + " " + to_string(p.hands[2]) + " " +
         std::to_string(p.to_move) + " " + to_string(p.to_beat) + " " +
         (p.to_beat.is_pass() ? std::string("-") : std::to_string(p.to_beat_seat));
}

std::vector<BenchPosition> read_positions(const std::string& name) {
  const std::string path = std::string(DDZ_SOURCE_DIR) + "/bench/positions/" + name;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<BenchPosition> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    int players = 0;
    ls >> players;
    BenchPosition b;
    if (players == 2) {
      std::string a, o, beat;
      ls >> a >> o >> beat;
      b.two = TwoPlayerPosition{parse_cards(a), parse_cards(o), parse_move(beat)};
    } else if (players == 3) {
      std::string h0, h1, h2, beat, by;
      int to_move = 0;
      ls >> h0 >> h1 >> h2 >> to_move >> beat >> by;
      b.three = true;
      b.three_p.hands = {parse_cards(h0), parse_cards(h1), parse_cards(h2)};
      b.three_p.to_move = to_move;
      b.three_p.to_beat = parse_move(beat);
      b.three_p.to_beat_seat = by == "-" ? kNoSeat : std::stoi(by);
    } else {
      throw std::runtime_error(path + ": bad line \"" + line + "\"");
    }
    const std::string err = b.three ? check_position(b.three_p) : check_position(b.two);
    if (!err.empty()) throw std::runtime_error(path + ": " + err + " in \"" + line + "\"");
    out.push_back(b);
  }
  return out;
}

// Regenerates the position files (deterministic: fixed seeds).
void write_positions(const std::string& dir) {
  auto write = [&](const std::string& name, const std::string& header, const std::vector<std::string>& lines) {
    const std::string path = dir + "/" + name, tmp = path + ".tmp";
    std::ofstream out(tmp);
    out << header;
    for (const auto& l : lines) out << l << "\n";
    out.close();
    if (!out || std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot write " + path);
  };
  std::vector<std::string> lines;
  for (uint64_t i = 0; i < 21; ++i) {
    Rng rng(Rng::mix(13013, i));
    lines.push_back(format_line(random_two_player(rng, 13, 13, false)));
  }
  write("endgame_2p_13v13.txt",
        "# Two-player 13-vs-13 positions, hand to move leads; bench_endgame --write-positions, seeds mix(13013, i)\n",
        lines);
  lines.clear();
  for (uint64_t i = 0; i < 11; ++i) {
    Rng rng(Rng::mix(141212, i));
    lines.push_back(format_line(random_three_player(rng, 14, 12, 12, false)));
  }
  write("endgame_3p_14_12_12.txt",
        "# Three-player 14/12/12 positions (landlord seat 0), seat to move leads; seeds mix(141212, i)\n", lines);
  lines.clear();
  for (uint64_t i = 0; i < 11; ++i) {
    Rng rng(Rng::mix(161414, i));
    lines.push_back(format_line(random_three_player(rng, 16, 14, 14, false)));
  }
  write("endgame_3p_16_14_14.txt",
        "# Three-player 16/14/14 positions (landlord seat 0), seat to move leads; seeds mix(161414, i)\n", lines);
}

// DDZ_BENCH_DFS=1 selects the plain depth-first search (for before/after comparisons);
// DDZ_BENCH_LEAF_CARDS=n sets SolverOptions::pns_leaf_cards; DDZ_BENCH_THREADS=n sets
// SolverOptions::threads (default 1, so figures stay comparable with earlier ones; with 2,
// CPU figures are both threads' CPU time); DDZ_BENCH_SPLIT_CARDS=n sets SolverOptions::split_cards.
SolverOptions bench_options(size_t table_mb, uint64_t max_nodes) {
  SolverOptions o{table_mb, max_nodes};
  o.proof_numbers = !std::getenv("DDZ_BENCH_DFS");
  if (const char* leaf = std::getenv("DDZ_BENCH_LEAF_CARDS")) o.pns_leaf_cards = std::atoi(leaf);
  if (const char* threads = std::getenv("DDZ_BENCH_THREADS")) o.threads = std::atoi(threads);
  if (const char* split = std::getenv("DDZ_BENCH_SPLIT_CARDS")) o.split_cards = std::atoi(split);
  if (const char* duel = std::getenv("DDZ_BENCH_DUEL_NODES")) o.duel_nodes = std::strtoull(duel, nullptr, 10);
  return o;
}

// DDZ_BENCH_TABLE_MB=n overrides the position sets' table size (default 256 MiB).
size_t set_table_mb() {
  const char* env = std::getenv("DDZ_BENCH_TABLE_MB");
  return env ? size_t(std::strtoull(env, nullptr, 10)) : 256;
}

uint64_t node_cap() {
  const char* env = std::getenv("DDZ_BENCH_MAX_NODES");
  return env ? std::strtoull(env, nullptr, 10) : 50000000ULL;
}

void BM_PublicPuzzle(benchmark::State& state) {
  EndgameSolver solver(bench_options(64, 0));
  const TwoPlayerPosition p{parse_cards("448999TJJQQAD"), parse_cards("336688TAA22X"), Move::pass()};
  classify(p.to_move);  // build the catalogue outside the timing
  uint64_t nodes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    solver.clear_table();
    state.ResumeTiming();
    const auto v = solver.side_to_move_wins(p);
    if (!v || !*v) state.SkipWithError("wrong answer on the public puzzle");
    nodes = solver.last_stats().nodes;
  }
  state.counters["nodes"] = double(nodes);
}
BENCHMARK(BM_PublicPuzzle)->Unit(benchmark::kMillisecond);

// Solves every position of a file once (fresh table each) and reports the median and maximum
// time; positions over the node cap count as unsolved (and as slower than every solved one).
void BM_PositionSet(benchmark::State& state, const std::string& file) {
  const auto positions = read_positions(file);
  EndgameSolver solver(bench_options(set_table_mb(), node_cap()));
  classify(Hand::of(R3));
  std::vector<double> ms, cpu_ms;
  std::vector<double> nodes;
  int unsolved = 0;
  for (auto _ : state) {
    for (const auto& b : positions) {
      solver.clear_table();
      const auto v = b.three ? solver.side_to_move_wins(b.three_p) : solver.side_to_move_wins(b.two);
      const auto& st = solver.last_stats();
      if (!v) ++unsolved;
      ms.push_back(v ? st.seconds * 1000 : 1e12);
      cpu_ms.push_back(v ? st.cpu_seconds * 1000 : 1e12);
      nodes.push_back(double(st.nodes));
      if (std::getenv("DDZ_BENCH_VERBOSE"))
        std::cerr << file << ": " << (b.three ? format_line(b.three_p) : format_line(b.two)) << " -> "
                  << (v ? (*v ? "win" : "loss") : "unknown") << ", " << st.nodes << " nodes, " << st.seconds * 1000
                  << " ms, " << st.cpu_seconds * 1000 << " ms CPU, table " << st.table_used << "/" << st.table_capacity
                  << " used, " << st.table_evictions << " evictions\n";
    }
  }
  std::sort(ms.begin(), ms.end());
  std::sort(cpu_ms.begin(), cpu_ms.end());
  std::sort(nodes.begin(), nodes.end());
  state.counters["positions"] = double(positions.size());
  state.counters["unsolved"] = unsolved;
  state.counters["median_ms"] = ms[ms.size() / 2];
  state.counters["max_solved_ms"] = unsolved == int(ms.size()) ? 0 : ms[ms.size() - 1 - size_t(unsolved)];
  state.counters["median_cpu_ms"] = cpu_ms[cpu_ms.size() / 2];
  state.counters["median_nodes"] = nodes[nodes.size() / 2];
}
BENCHMARK_CAPTURE(BM_PositionSet, two_13v13, std::string("endgame_2p_13v13.txt"))
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PositionSet, three_14_12_12, std::string("endgame_3p_14_12_12.txt"))
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PositionSet, three_16_14_14, std::string("endgame_3p_16_14_14.txt"))
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ddz

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--write-positions") == 0) {
    ddz::write_positions(argv[2]);
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
