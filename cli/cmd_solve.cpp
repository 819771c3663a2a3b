// `ddz solve`: exact endgame solver for a perfect-information position, two players
// (--hand/--other) or three (--landlord/--farmer1/--farmer2); prints winner, winning moves, PV;
// progress on stderr during long solves, and what it knows when Ctrl-C stops it.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "cli/command_registry.h"
#include "game/catalogue.h"
#include "solver/endgame_solver.h"

namespace ddz::cli {
namespace {

const char* kSeatNames[3] = {"landlord", "farmer1", "farmer2"};
const char* kSeatNamesOf(int seat) { return kSeatNames[seat]; }

struct SolveArgs {
  std::string hand, other, landlord, farmer1, farmer2, to_move, beat, beat_by;
  bool all_wins = false, json = false;
  size_t table_mb = 64;
  uint64_t max_nodes = 0;
  int threads = 0;  // 0: the default (see setup)
  double progress = -1;  // seconds between progress reports; -1: the default (see setup)
};

// Ctrl-C: the handler asks the solver of the running command to stop (an atomic store; the
// search notices within a few thousand nodes) and restores the default action, so a second
// Ctrl-C ends the process at once.
EndgameSolver* g_interruptible = nullptr;
volatile sig_atomic_t g_interrupted = 0;

extern "C" void on_sigint(int) {
  g_interrupted = 1;
  if (g_interruptible) g_interruptible->request_stop();
}

// Installs on_sigint for the lifetime of a solve.
class StopOnSigint {
 public:
  explicit StopOnSigint(EndgameSolver& solver) {
    g_interrupted = 0;
    g_interruptible = &solver;
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, &old_);
  }
  ~StopOnSigint() {
    sigaction(SIGINT, &old_, nullptr);
    g_interruptible = nullptr;
  }
  StopOnSigint(const StopOnSigint&) = delete;
  StopOnSigint& operator=(const StopOnSigint&) = delete;

 private:
  struct sigaction old_ {};
};

std::string line_text(const std::vector<PvStep>& line, bool three, size_t max_steps) {
  std::string out;
  for (size_t i = 0; i < line.size() && i < max_steps; ++i) {
    if (!out.empty()) out += " ";
    out += (three ? std::string(kSeatNamesOf(line[i].seat)) : std::string(line[i].seat == 0 ? "hand" : "other")) + ":" +
           to_string(line[i].move);
  }
  if (line.size() > max_steps) out += " ...";
  return out.empty() ? "-" : out;
}

// One progress report: "solve: 12.0 s, 3456789 nodes, table 12.5% full, value: pn 40 dn 12, line: ...".
std::string progress_text(const SolverProgress& p, bool three, size_t max_steps) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(1);
  out << "solve: " << p.seconds << " s, " << p.nodes << " nodes, table "
      << (p.table_capacity ? 100.0 * double(p.table_used) / double(p.table_capacity) : 0.0) << "% full, " << p.stage;
  if (p.proof_search) out << ": pn " << p.pn << " dn " << p.dn;
  else out << ": depth-first";
  out << ", line: " << line_text(p.line, three, max_steps);
  return out.str();
}

// Two search threads when the machine has two cores or more. Two players: a hard position
// finishes 1.1-1.5x sooner (docs/solver.md "Parallel search"); three players: both threads run
// the proof-number search (team mode), the 14/12/12 median about 1.4x sooner.
int default_threads() { return std::thread::hardware_concurrency() >= 2 ? 2 : 1; }

int seat_from_name(const std::string& name, const std::string& option) {
  for (int s = 0; s < 3; ++s)
    if (name == kSeatNames[s]) return s;
  throw UsageError(option + " \"" + name + "\" must be landlord, farmer1 or farmer2");
}

Hand cards_arg(const std::string& text, const std::string& option) {
  std::string error;
  auto h = try_parse_cards(text, &error);
  if (!h) throw UsageError(option + " \"" + text + "\": " + error);
  if (h->empty()) throw UsageError(option + " is empty: a hand in play holds at least one card");
  return *h;
}

Move beat_arg(const std::string& text) {
  if (text.empty()) return Move::pass();
  try {
    return parse_move(text);
  } catch (const NotationError& e) { throw UsageError(std::string("--beat: ") + e.what()); }
}

nlohmann::json stats_json(const SolverStats& s) {
  return {{"nodes", s.nodes},
          {"helper_nodes", s.helper_nodes},
          {"seconds", s.seconds},
          {"cpu_seconds", s.cpu_seconds},
          {"table_probes", s.table_probes},
          {"table_hits", s.table_hits},
          {"table_stores", s.table_stores},
          {"table_evictions", s.table_evictions},
          {"table_used", s.table_used},
          {"table_capacity", s.table_capacity}};
}

// A call that did not finish (node budget, or Ctrl-C): what it knows. Exit status 3 for the
// budget, 130 for Ctrl-C (the shell's code for a SIGINT).
int print_unfinished(const SolveResult& r, const SolveArgs& a, bool three, const std::string& mover_name) {
  const SolverProgress& p = r.at_stop;
  const std::string why = r.stopped ? "interrupted" : "node budget (--max-nodes " + std::to_string(a.max_nodes) + ")";
  std::string winner;
  if (r.value_known) {
    if (three) winner = (mover_name == "landlord") == r.win ? "landlord" : "farmers";
    else winner = r.win ? "hand" : "other";
  }
  auto steps = [&](const std::vector<PvStep>& line) {
    nlohmann::json out = nlohmann::json::array();
    for (const PvStep& st : line)
      out.push_back(
          {{"seat", three ? kSeatNames[st.seat] : (st.seat == 0 ? "hand" : "other")}, {"move", to_string(st.move)}});
    return out;
  };
  if (a.json) {
    nlohmann::json j = {
        {"complete", false}, {"stopped", r.stopped},  {"to_move", mover_name},       {"value_known", r.value_known},
        {"stage", p.stage},  {"line", steps(p.line)}, {"stats", stats_json(r.stats)}};
    if (p.proof_search) j["bound"] = {{"pn", p.pn}, {"dn", p.dn}};
    if (r.value_known) {
      j["side_to_move_wins"] = r.win;
      j["winner"] = winner;
      nlohmann::json moves = nlohmann::json::array();
      for (const Move& m : r.winning_moves) moves.push_back(to_string(m));
      j["winning_moves"] = moves;
      j["pv"] = steps(r.pv);
    }
    std::cout << j.dump() << "\n";
  } else {
    std::cout << "unknown: stopped (" << why << ") after " << r.stats.nodes << " nodes, " << r.stats.seconds << " s\n";
    if (r.value_known) {
      std::cout << "winner: " << winner << " (" << mover_name << " to move " << (r.win ? "wins" : "loses") << ")\n";
      if (!r.winning_moves.empty()) {
        std::cout << "a winning move:";
        for (const Move& m : r.winning_moves) std::cout << " " << to_string(m);
        std::cout << "\n";
      }
      std::cout << "pv so far: " << line_text(r.pv, three, r.pv.size()) << "\n";
    } else {
      std::cout << "value: unknown\n";
    }
    std::cout << "working on: " << p.stage;
    if (p.proof_search) std::cout << ", proof number " << p.pn << ", disproof number " << p.dn;
    else std::cout << " (depth-first search)";
    std::cout << "\nline being searched: " << line_text(p.line, three, p.line.size()) << "\n";
  }
  return r.stopped ? 130 : 3;
}

int print(const SolveResult& r, const SolveArgs& a, bool three, const std::string& mover_name) {
  auto seat_name = [&](int seat) -> std::string {
    if (three) return kSeatNames[seat];
    return seat == 0 ? "hand" : "other";
  };
  if (!r.complete) return print_unfinished(r, a, three, mover_name);
  std::string winner;
  if (three) winner = r.winner_seat == 0 ? "landlord" : "farmers";
  else winner = seat_name(r.winner_seat);
  if (a.json) {
    nlohmann::json moves = nlohmann::json::array(), pv = nlohmann::json::array();
    for (const Move& m : r.winning_moves) moves.push_back(to_string(m));
    for (const PvStep& st : r.pv) pv.push_back({{"seat", seat_name(st.seat)}, {"move", to_string(st.move)}});
    nlohmann::json j = {{"complete", true}, {"to_move", mover_name},       {"side_to_move_wins", r.win},
                        {"winner", winner}, {"winning_moves", moves},      {"all_winning_moves", r.all_wins},
                        {"pv", pv},         {"stats", stats_json(r.stats)}};
    std::cout << j.dump() << "\n";
    return 0;
  }
  std::cout << "winner: " << winner << " (" << mover_name << " to move " << (r.win ? "wins" : "loses") << ")\n";
  if (r.win) {
    std::cout << (r.all_wins ? "winning moves:" : "a winning move:");
    for (const Move& m : r.winning_moves) std::cout << " " << to_string(m);
    std::cout << "\n";
  } else if (r.all_wins) {
    std::cout << "winning moves: none\n";
  }
  std::cout << "pv:";
  for (const PvStep& st : r.pv) std::cout << " " << seat_name(st.seat) << ":" << to_string(st.move);
  std::cout << "\n";
  const SolverStats& s = r.stats;
  std::cout << "stats: " << s.nodes << " nodes";
  if (s.helper_nodes) std::cout << " (" << s.helper_nodes << " by the helper thread)";
  std::cout << ", " << s.seconds * 1000 << " ms (" << s.cpu_seconds * 1000 << " ms CPU), table " << s.table_hits << "/"
            << s.table_probes << " hits, " << s.table_stores << " stores, " << s.table_evictions << " evictions, "
            << s.table_used << "/" << s.table_capacity << " entries used\n";
  return 0;
}

int run(const SolveArgs& a) {
  const bool two = !a.hand.empty() || !a.other.empty();
  const bool three = !a.landlord.empty() || !a.farmer1.empty() || !a.farmer2.empty();
  if (two && three)
    throw UsageError("give either --hand/--other (two players) or --landlord/--farmer1/--farmer2, not both");
  if (!two && !three)
    throw UsageError("give --hand and --other (two players) or --landlord, --farmer1, --farmer2 and --to-move");
  SolverOptions options{a.table_mb, a.max_nodes};
  options.threads = a.threads ? a.threads : default_threads();
  // Progress on stderr: on a terminal a status line rewritten in place, else a line per report.
  const bool tty = isatty(STDERR_FILENO);
  const double every = a.progress >= 0 ? a.progress : tty ? 0.5 : 10.0;
  bool status_shown = false;
  if (every > 0) {
    options.progress_seconds = every;
    options.progress = [&status_shown, tty, three](const SolverProgress& p) {
      if (tty) {
        std::string t = progress_text(p, three, 6);
        if (t.size() > 150) t = t.substr(0, 147) + "...";
        std::cerr << "\r\033[K" << t << std::flush;
        status_shown = true;
      } else {
        std::cerr << progress_text(p, three, 64) << std::endl;
      }
    };
  }
  EndgameSolver solver(options);
  StopOnSigint stop_on_sigint(solver);
  // The status line goes before the answer is printed (and when an error ends the command).
  struct ClearStatus {
    bool& shown;
    void now() {
      if (shown) std::cerr << "\r\033[K" << std::flush;
      shown = false;
    }
    ~ClearStatus() { now(); }
  } clear_status{status_shown};
  auto solved = [&](auto&& position, bool three_players, const std::string& mover) {
    const SolveResult r = solver.solve(position, a.all_wins);
    clear_status.now();
    return print(r, a, three_players, mover);
  };
  const Move beat = beat_arg(a.beat);
  if (two) {
    if (a.hand.empty() || a.other.empty()) throw UsageError("two players need both --hand and --other");
    if (!a.to_move.empty() || !a.beat_by.empty())
      throw UsageError(
          "--to-move and --beat-by are for three players; with two, --hand is to move and --beat was played by "
          "--other");
    TwoPlayerPosition p{cards_arg(a.hand, "--hand"), cards_arg(a.other, "--other"), beat};
    const std::string err = check_position(p);
    if (!err.empty()) throw UsageError(err);
    return solved(p, false, "hand");
  }
  if (a.landlord.empty() || a.farmer1.empty() || a.farmer2.empty())
    throw UsageError("three players need --landlord, --farmer1 and --farmer2");
  if (a.to_move.empty()) throw UsageError("three players need --to-move landlord|farmer1|farmer2");
  ThreePlayerPosition p;
  p.hands = {cards_arg(a.landlord, "--landlord"), cards_arg(a.farmer1, "--farmer1"), cards_arg(a.farmer2, "--farmer2")};
  p.landlord = 0;
  p.to_move = seat_from_name(a.to_move, "--to-move");
  p.to_beat = beat;
  if (!beat.is_pass()) {
    if (a.beat_by.empty())
      throw UsageError("--beat needs --beat-by landlord|farmer1|farmer2 (the seat that played it)");
    p.to_beat_seat = seat_from_name(a.beat_by, "--beat-by");
    if (p.to_beat_seat == p.to_move) throw UsageError("--beat-by cannot be the seat to move");
  } else if (!a.beat_by.empty()) {
    throw UsageError("--beat-by needs --beat");
  }
  const std::string err = check_position(p);
  if (!err.empty()) throw UsageError(err);
  return solved(p, true, kSeatNames[p.to_move]);
}

CommandAction setup(CLI::App& sub) {
  auto a = std::make_shared<SolveArgs>();
  sub.add_option("--hand", a->hand, "Two players: the hand to move");
  sub.add_option("--other", a->other, "Two players: the other hand");
  sub.add_option("--landlord", a->landlord, "Three players: the landlord's hand");
  sub.add_option("--farmer1", a->farmer1, "Three players: the hand of the farmer who plays after the landlord");
  sub.add_option("--farmer2", a->farmer2, "Three players: the hand of the farmer who plays before the landlord");
  sub.add_option("--to-move", a->to_move, "Three players: landlord, farmer1 or farmer2");
  sub.add_option("--beat", a->beat, "The combination to beat (omit when the side to move leads)");
  sub.add_option("--beat-by", a->beat_by, "Three players: the seat that played --beat");
  sub.add_flag("--all-wins", a->all_wins, "List every winning first move (searches each one)");
  sub.add_flag("--json", a->json, "Print one JSON object");
  sub.add_option("--table-mb", a->table_mb, "Transposition table size in MiB (default 64; 0 = smallest)")
      ->check(CLI::Range(size_t(0), size_t(1) << 16));
  sub.add_option("--max-nodes", a->max_nodes, "Give up after this many nodes (0 = no limit; exit status 3)");
  sub.add_option("--threads", a->threads, "Search threads, 1 or 2 (default: 2 when the machine has 2 or more cores)")
      ->check(CLI::Range(1, 2));
  sub.add_option("--progress", a->progress,
                 "Seconds between progress reports on stderr (default: 0.5 on a terminal, as a status line; 10 "
                 "otherwise; 0 = none). Ctrl-C stops the solve and prints what it knows (exit status 130)")
      ->check(CLI::Range(0.0, 1e6));
  return [a]() { return run(*a); };
}

}  // namespace
DDZ_COMMAND("solve", "Solve a perfect-information endgame exactly (two or three players)", setup);
}  // namespace ddz::cli
