// Endgame solver benchmarks over the fixed positions in bench/positions/endgame_*.txt: the public
// puzzle, random two-player 13-vs-13 and three-player 14/12/12 and 16/14/14 positions (medians);
// and `--random`, the time and node percentiles of freshly dealt three-player positions.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
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
  // The tail: random deals (bench_endgame --random) that two threads left unsolved at 15M nodes
  // on 2026-12-07, before the bomb-tempo proofs; seeds mix(5301, i) and mix(20261207, i).
  for (auto [seed, i] : {std::pair<uint64_t, uint64_t>{5301, 2},
                         {5301, 3},
                         {5301, 14},
                         {5301, 16},
                         {20261207, 6},
                         {20261207, 7},
                         {20261207, 27},
                         {20261207, 64}}) {
    Rng rng(Rng::mix(seed, i));
    lines.push_back(format_line(random_three_player(rng, 16, 14, 14, false)));
  }
  write("endgame_3p_16_14_14.txt",
        "# Three-player 16/14/14 positions (landlord seat 0), seat to move leads; seeds mix(161414, i) for i < 11,\n"
        "# then deals left unsolved at 15M nodes on 2026-12-07: mix(5301, i) for i = 2, 3, 14, 16 and\n"
        "# mix(20261207, i) for i = 6, 7, 27, 64\n",
        lines);
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

// --random: deals `count` three-player positions of the given sizes from seeds
// mix(seed, i) (random_three_player: the cards from a shuffled deck, the seat to move drawn at
// random, leading), solves each once with a fresh table and a wall-clock cap (request_stop from a
// watchdog thread), prints a line per position and the percentiles of time and nodes, all
// positions and apart those where a hand holds a bomb or the rocket. An unsolved position counts
// as slower than every solved one (its time and nodes are those at the stop).
struct RandomArgs {
  uint64_t seed = 0;
  int count = 0;
  int sizes[3] = {16, 14, 14};
  double cap_seconds = 30;
  double target_seconds = 5;
  int threads = 2;
  size_t table_mb = 1024;
  uint64_t max_nodes = 0;  // per position; 0: none (the wall-clock cap alone)
  std::string only;  // "bombs" or "plain": solve only those positions (the others are skipped)
};

bool holds_bomb_or_rocket(const ThreePlayerPosition& p) {
  for (const Hand& h : p.hands) {
    if (h.count(RX) && h.count(RD)) return true;
    for (int r = R3; r <= R2; ++r)
      if (h.count(r) == 4) return true;
  }
  return false;
}

struct Outcome {
  bool solved = false;
  double seconds = 0;
  double nodes = 0;
};

// Nearest-rank percentile of sorted values; unsolved positions sort last.
std::string percentiles(std::vector<Outcome> v) {
  if (v.empty()) return "none";
  std::sort(v.begin(), v.end(), [](const Outcome& a, const Outcome& b) {
    if (a.solved != b.solved) return a.solved;
    return a.seconds < b.seconds;
  });
  auto at = [&](double q) -> const Outcome& {
    const size_t k = size_t(std::max(1.0, std::ceil(q * double(v.size()))));
    return v[k - 1];
  };
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(3);
  for (auto [name, q] : {std::pair<const char*, double>{"p50", 0.5}, {"p90", 0.9}, {"p99", 0.99}, {"max", 1.0}}) {
    const Outcome& o = at(q);
    out << name << " " << (o.solved ? "" : ">") << o.seconds << " s";
    out << " (" << uint64_t(o.nodes) << " nodes)  ";
  }
  // Nodes apart: their order differs from the times'.
  std::vector<double> nodes;
  for (const Outcome& o : v) nodes.push_back(o.solved ? o.nodes : 1e300);
  std::sort(nodes.begin(), nodes.end());
  auto node_at = [&](double q) {
    const double x = nodes[size_t(std::max(1.0, std::ceil(q * double(nodes.size())))) - 1];
    return x >= 1e300 ? std::string("unsolved") : std::to_string(uint64_t(x));
  };
  out << "| nodes p50 " << node_at(0.5) << " p90 " << node_at(0.9) << " p99 " << node_at(0.99) << " max "
      << node_at(1.0);
  return out.str();
}

int run_random(const RandomArgs& a) {
  SolverOptions o = bench_options(a.table_mb, a.max_nodes);
  o.threads = a.threads;
  EndgameSolver solver(o);
  // Watchdog: stops the solve in progress at its deadline.
  std::mutex mu;
  std::condition_variable cv;
  bool quit = false;
  uint64_t generation = 0;  // position being solved (0: none)
  auto deadline = std::chrono::steady_clock::time_point::max();
  std::thread watchdog([&] {
    std::unique_lock<std::mutex> lk(mu);
    while (!quit) {
      if (generation && std::chrono::steady_clock::now() >= deadline) {
        solver.request_stop();
        deadline = std::chrono::steady_clock::time_point::max();
      }
      cv.wait_until(lk, deadline);
    }
  });
  std::vector<Outcome> all, bombs, plain;
  int over_target = 0, unsolved = 0;
  for (int i = 0; i < a.count; ++i) {
    Rng rng(Rng::mix(a.seed, uint64_t(i)));
    const ThreePlayerPosition p = random_three_player(rng, a.sizes[0], a.sizes[1], a.sizes[2], false);
    const bool bomb = holds_bomb_or_rocket(p);
    if ((a.only == "bombs" && !bomb) || (a.only == "plain" && bomb)) continue;
    solver.clear_table();
    {
      std::lock_guard<std::mutex> g(mu);
      generation = uint64_t(i) + 1;
      deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                        std::chrono::duration<double>(a.cap_seconds));
    }
    cv.notify_one();
    const auto v = solver.side_to_move_wins(p);
    {
      std::lock_guard<std::mutex> g(mu);
      generation = 0;
      deadline = std::chrono::steady_clock::time_point::max();
    }
    const SolverStats& st = solver.last_stats();
    const Outcome out{v.has_value(), st.seconds, double(st.nodes)};
    all.push_back(out);
    (bomb ? bombs : plain).push_back(out);
    if (!v) ++unsolved;
    if (!v || st.seconds > a.target_seconds) ++over_target;
    std::cout << i << " " << format_line(p) << " " << (bomb ? "bomb" : "plain") << " "
              << (v ? (*v ? "win" : "loss") : "unknown") << " " << st.nodes << " nodes " << st.seconds << " s "
              << st.cpu_seconds << " cpu-s " << st.table_used << "/" << st.table_capacity << " entries" << std::endl;
  }
  {
    std::lock_guard<std::mutex> g(mu);
    quit = true;
  }
  cv.notify_one();
  watchdog.join();
  std::cout << "# seed " << a.seed << ", " << a.count << " positions " << a.sizes[0] << "/" << a.sizes[1] << "/"
            << a.sizes[2] << ", " << a.threads << " threads, " << a.table_mb << " MiB table, cap " << a.cap_seconds
            << " s, node cap " << a.max_nodes << ": " << unsolved << " unsolved, " << over_target << " over "
            << a.target_seconds << " s\n";
  std::cout << "# all (" << all.size() << "): " << percentiles(all) << "\n";
  std::cout << "# bomb or rocket (" << bombs.size() << "): " << percentiles(bombs) << "\n";
  std::cout << "# neither (" << plain.size() << "): " << percentiles(plain) << "\n";
  return 0;
}

// Parses `--random SEED COUNT [--sizes L,F1,F2] [--cap S] [--target S] [--threads T]
// [--table-mb M] [--max-nodes N] [--only bombs|plain]`; throws on anything else.
RandomArgs parse_random(int argc, char** argv) {
  auto number = [](const std::string& what, const char* text) {
    char* end = nullptr;
    const double v = std::strtod(text, &end);
    if (!end || *end || !(v >= 0)) throw std::runtime_error(what + ": \"" + text + "\" is not a number >= 0");
    return v;
  };
  if (argc < 4) throw std::runtime_error("--random needs SEED and COUNT");
  RandomArgs a;
  a.seed = uint64_t(number("SEED", argv[2]));
  a.count = int(number("COUNT", argv[3]));
  for (int i = 4; i < argc; i += 2) {
    const std::string opt = argv[i];
    if (i + 1 >= argc) throw std::runtime_error(opt + " needs a value");
    const char* val = argv[i + 1];
    if (opt == "--sizes") {
      if (std::sscanf(val, "%d,%d,%d", &a.sizes[0], &a.sizes[1], &a.sizes[2]) != 3)
        throw std::runtime_error("--sizes \"" + std::string(val) + "\" is not L,F1,F2");
    } else if (opt == "--cap") {
      a.cap_seconds = number(opt, val);
    } else if (opt == "--target") {
      a.target_seconds = number(opt, val);
    } else if (opt == "--threads") {
      a.threads = int(number(opt, val));
    } else if (opt == "--only") {
      a.only = val;
      if (a.only != "bombs" && a.only != "plain") throw std::runtime_error("--only must be bombs or plain");
    } else if (opt == "--max-nodes") {
      a.max_nodes = uint64_t(number(opt, val));
    } else if (opt == "--table-mb") {
      a.table_mb = size_t(number(opt, val));
    } else {
      throw std::runtime_error("unknown option " + opt);
    }
  }
  return a;
}

}  // namespace
}  // namespace ddz

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--write-positions") == 0) {
    ddz::write_positions(argv[2]);
    return 0;
  }
  if (argc >= 2 && std::strcmp(argv[1], "--random") == 0) {
    try {
      return ddz::run_random(ddz::parse_random(argc, argv));
    } catch (const std::exception& e) {
      std::cerr << "bench_endgame: " << e.what() << "\n";
      return 2;
    }
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
