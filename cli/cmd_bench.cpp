// `ddz bench`: engine speed on one thread: random full games per second (engine loop and through
// agents and observations) and the median time of legal_moves for leading 20-card hands and for
// following positions taken from real games. Several repetitions; medians are reported.
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <nlohmann/json.hpp>

#include "agent/play_game.h"
#include "agent/random_agent.h"
#include "cli/command_registry.h"
#include "game/movegen.h"
#include "game/sample_positions.h"

namespace ddz::cli {
namespace {

// Thread CPU time, not wall time: the machine is shared, and CPU time of this one thread is what
// "per core" means; it stays meaningful when other processes compete for the cores.
double cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}
double seconds_since(double start_ns) { return (cpu_ns() - start_ns) * 1e-9; }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Options {
  int games = 20000;
  double seconds = 0;
  int reps = 5;
  int positions = 2000;
  uint64_t seed = 1;
  bool json = false;
};

// One random game straight on GameState (legal list, uniform pick, apply_trusted): the engine's
// own cost with no agent or observation overhead. Returns the number of plays.
size_t engine_game(uint64_t seed, std::vector<Move>& moves) {
  GameState s(seed);
  Rng rng(Rng::mix(seed, 7));
  while (s.phase() == Phase::Play) {
    s.legal(moves);
    s.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
  }
  return s.history().size();
}

// Games per second of one repetition: a fixed number of games, or as many as fit in `seconds`.
template <typename PlayOne>
double games_per_second(const Options& o, uint64_t rep, PlayOne&& play_one) {
  const double start = cpu_ns();
  uint64_t played = 0;
  const uint64_t base = Rng::mix(o.seed, rep) & 0xFFFFFFFFFFFFULL;
  if (o.seconds > 0) {
    while (true) {
      for (int k = 0; k < 64; ++k) play_one(base + played++);
      if (seconds_since(start) >= o.seconds) break;
    }
  } else {
    for (int k = 0; k < o.games; ++k) play_one(base + played++);
  }
  return double(played) / seconds_since(start);
}

using Position = MovegenPosition;

// Median over positions of the per-call time (ns) of legal_moves, each position timed over a
// burst of calls long enough (~20 us) that reading the clock costs under 2%; also the mean
// time and the mean number of moves per call.
struct MovegenTiming {
  double median_ns, mean_ns, mean_moves;
};
MovegenTiming time_movegen(const std::vector<Position>& positions) {
  std::vector<Move> out;
  out.reserve(4096);
  // Burst length from a first pass over every position (also warms caches and the output vector).
  const double warm_start = cpu_ns();
  for (const Position& p : positions) legal_moves(p.hand, p.to_beat, out);
  const double mean_estimate = std::max(1.0, (cpu_ns() - warm_start) / double(positions.size()));
  const int burst = int(std::clamp(20000.0 / mean_estimate, 4.0, 4096.0));
  std::vector<double> per_call;
  per_call.reserve(positions.size());
  size_t total_moves = 0;
  for (const Position& p : positions) {
    const double start = cpu_ns();
    for (int k = 0; k < burst; ++k) {
      legal_moves(p.hand, p.to_beat, out);
      total_moves += out.size();
    }
    per_call.push_back((cpu_ns() - start) / burst);
  }
  double sum = 0;
  for (double t : per_call) sum += t;
  return {median(per_call), sum / double(per_call.size()),
          double(total_moves) / double(size_t(burst) * positions.size())};
}

int run(const Options& o) {
  std::vector<double> engine_gps, agent_gps, lead_med, lead_mean, follow_med, follow_mean;
  std::vector<Move> moves;
  size_t sink = 0;
  RandomAgent a0, a1, a2;
  const std::array<Agent*, kNumSeats> agents = {&a0, &a1, &a2};
  // The landlord's 20 cards of fresh deals, and following positions from random games.
  const auto lead = leading_positions(o.seed, 1000000, o.positions);
  const auto follow = following_positions(o.seed, 2000000, o.positions);
  MovegenTiming lt{}, ft{};
  for (int rep = 0; rep < o.reps; ++rep) {
    engine_gps.push_back(games_per_second(o, uint64_t(rep), [&](uint64_t seed) { sink += engine_game(seed, moves); }));
    agent_gps.push_back(games_per_second(
        o, uint64_t(rep) + 100, [&](uint64_t seed) { sink += play_game(agents, seed, Rules()).history().size(); }));
    lt = time_movegen(lead);
    ft = time_movegen(follow);
    lead_med.push_back(lt.median_ns);
    lead_mean.push_back(lt.mean_ns);
    follow_med.push_back(ft.median_ns);
    follow_mean.push_back(ft.mean_ns);
  }
  if (sink == 0) std::cerr << "";  // keeps the measured work observable to the optimiser
  if (o.json) {
    nlohmann::json j = {
        {"repetitions", o.reps},
        {"games_per_rep", o.seconds > 0 ? nlohmann::json(nullptr) : nlohmann::json(o.games)},
        {"seconds_per_rep", o.seconds > 0 ? nlohmann::json(o.seconds) : nlohmann::json(nullptr)},
        {"positions", o.positions},
        {"games_per_second", {{"engine", median(engine_gps)}, {"agents", median(agent_gps)}}},
        {"legal_moves_leading_20",
         {{"median_ns", median(lead_med)}, {"mean_ns", median(lead_mean)}, {"mean_moves", lt.mean_moves}}},
        {"legal_moves_following",
         {{"median_ns", median(follow_med)}, {"mean_ns", median(follow_mean)}, {"mean_moves", ft.mean_moves}}}};
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::printf("ddz bench: one thread, thread CPU time, %d repetitions, medians over repetitions\n", o.reps);
  std::printf("random full games per second, engine loop (GameState, legal, apply_trusted): %.0f\n",
              median(engine_gps));
  std::printf("random full games per second, RandomAgent via observations and apply_move:   %.0f\n", median(agent_gps));
  std::printf("legal_moves, leading 20-card hands (%d hands, %.1f moves each):  median %.0f ns, mean %.0f ns\n",
              o.positions, lt.mean_moves, median(lead_med), median(lead_mean));
  std::printf("legal_moves, following positions from games (%d, %.1f moves each): median %.0f ns, mean %.0f ns\n",
              o.positions, ft.mean_moves, median(follow_med), median(follow_mean));
  return 0;
}

CommandAction setup(CLI::App& sub) {
  auto o = std::make_shared<Options>();
  sub.add_option("--games", o->games, "Games per repetition for the games-per-second figures")
      ->check(CLI::Range(1, 100000000))
      ->capture_default_str();
  sub.add_option("--seconds", o->seconds,
                 "Instead of --games: run each games-per-second repetition for this many CPU seconds")
      ->check(CLI::Range(0.0, 3600.0));
  sub.add_option("--reps", o->reps, "Repetitions (medians are reported)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  sub.add_option("--positions", o->positions, "Positions per legal_moves timing set")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  sub.add_option("--seed", o->seed, "Seed of the games and positions")->capture_default_str();
  sub.add_flag("--json", o->json, "Print the figures as one JSON object");
  return [o]() { return run(*o); };
}

}  // namespace
DDZ_COMMAND("bench", "Measure engine speed: random games per second and legal_moves time (medians)", setup);
}  // namespace ddz::cli
