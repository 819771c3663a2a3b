// EndgameSolver: turns positions into search nodes (three players: seats rotated so the
// landlord is seat 0), runs the search core, and builds winning-move sets, PVs and statistics.
#include "solver/endgame_solver.h"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <stdexcept>

#include "game/catalogue.h"
#include "solver/endgame_parallel.h"
#include "solver/endgame_pns.h"
#include "solver/endgame_search.h"

namespace ddz {

using endgame::Node;
using endgame::ParallelSearch;
using endgame::ProofNumberSearch;
using endgame::Search;

struct EndgameSolver::Impl {
  SolverOptions options;
  EndgameTable table;
  SolverStats stats;
  // request_stop(): read by the searches at their check points (both threads), cleared when a
  // call returns.
  std::atomic<bool> stop{false};
  static_assert(std::atomic<bool>::is_always_lock_free, "request_stop() must be async-signal-safe");
  // Progress of the call in work: its start, the stage, the line already fixed (the principal
  // variation so far, or the first move being tried) and the position whose value is being
  // searched after it; the seat names of the call; the last report.
  std::chrono::steady_clock::time_point call_start, last_report;
  const char* stage = "value";
  std::vector<PvStep> prefix;
  Node prefix_node;
  const int* seat_of = nullptr;

  // The search objects live as long as the solver: their caches (lead lists, minimum plays; a
  // few MiB) are functions of a hand, and building them on every call cost more than small
  // positions take to solve.
  template <int N>
  struct Engines {
    Search<N> search;
    ProofNumberSearch<N> pns;
    std::unique_ptr<ParallelSearch<N>> parallel;  // threads = 2: the helper thread
    Engines(EndgameTable& t, const SolverOptions& o)
        : search(t, 0), pns(search, o.pns_leaf_cards, o.pns_attempt_nodes, o.duel_nodes) {
      if (o.threads >= 2)
        parallel = std::make_unique<ParallelSearch<N>>(search, t, o.split_cards, o.pns_leaf_cards, o.duel_nodes);
    }
    ~Engines() { parallel.reset(); }  // detaches `search` before it goes
  };
  std::unique_ptr<Engines<2>> engines2;
  std::unique_ptr<Engines<3>> engines3;

  // Ends the helper's part of a call (also when the call throws).
  struct CallGuard {
    std::function<void()> f;
    ~CallGuard() {
      if (f) f();
    }
  };

  template <int N>
  Engines<N>& engines() {
    std::unique_ptr<Engines<N>>* e;
    if constexpr (N == 2) e = &engines2;
    else e = &engines3;
    if (!*e) {
      *e = std::make_unique<Engines<N>>(table, options);
      Engines<N>* made = e->get();
      std::function<void()> hook;
      if (options.progress) hook = [this, made] { report(*made); };
      made->search.set_watch(&stop, std::move(hook));
      if (made->parallel) made->parallel->set_stop(&stop);
    }
    (*e)->search.restart(options.max_nodes);
    (*e)->pns.forget_progress();
    stage = "value";
    prefix.clear();
    if ((*e)->parallel) (*e)->parallel->begin(options.max_nodes);
    return **e;
  }

  explicit Impl(SolverOptions o) : options(std::move(o)), table(options.table_mb) {}

  // Where the call stands (the progress hook's report, SolveResult::at_stop).
  template <int N>
  SolverProgress snapshot(const Engines<N>& e) const {
    SolverProgress p;
    p.stage = stage;
    p.nodes = e.parallel ? std::max(e.parallel->shared_nodes(), e.search.nodes()) : e.search.nodes();
    p.table_used = table.used();
    p.table_capacity = table.capacity();
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - call_start).count();
    p.line = prefix;
    const ProofNumberSearch<N>& pns = e.pns;
    if (!pns.in_progress()) return p;
    p.proof_search = true;
    p.pn = pns.root_pn();
    p.dn = pns.root_dn();
    std::vector<Move> path;
    pns.progress_line(path);
    Node n = prefix_node;
    auto over = [&] { return n.h[0].empty() || n.h[1].empty() || (N == 3 && n.h[2].empty()); };
    // The tree's edges skip forced passes (ProofNumberSearch::resolve): they are put back here.
    auto forced_passes = [&] {
      while (!over() && !n.beat.is_pass() && !endgame::can_beat_fast(n.h[n.to_move], n.beat)) {
        p.line.push_back(PvStep{seat_of[n.to_move], Move::pass()});
        n = Search<N>::child(n, Move::pass());
      }
    };
    forced_passes();
    for (const Move& m : path) {
      if (over()) break;
      p.line.push_back(PvStep{seat_of[n.to_move], m});
      n = Search<N>::child(n, m);
      forced_passes();
    }
    return p;
  }

  // The search's check-point hook (thread 0): a report when progress_seconds have passed.
  template <int N>
  void report(const Engines<N>& e) {
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_report).count() < options.progress_seconds) return;
    last_report = now;
    options.progress(snapshot(e));
  }

  // Starts a call's clocks and counters.
  void begin_call(const int* seats) {
    call_start = last_report = std::chrono::steady_clock::now();
    cpu0 = thread_cpu();
    table.reset_counters();
    seat_of = seats;
  }

  template <int N>
  std::optional<bool> wins(const Node& root, const int* seats) {
    begin_call(seats);
    const auto t0 = call_start;
    Engines<N>& e = engines<N>();
    CallGuard guard{[&] { end_call(e); }};
    Search<N>& search = e.search;
    ProofNumberSearch<N>& pns = e.pns;
    prefix_node = root;
    const bool v = options.proof_numbers ? pns.wins(root) : search.wins(root);
    end_call(e);
    guard.f = nullptr;
    finish_stats(e, t0);
    if (search.aborted()) return std::nullopt;
    return v;
  }

  template <int N>
  SolveResult solve(const Node& root, bool all_wins, const int* seats) {
    begin_call(seats);
    const auto t0 = call_start;
    SolveResult r;
    Engines<N>& e = engines<N>();
    CallGuard guard{[&] { end_call(e); }};
    Search<N>& search = e.search;
    ProofNumberSearch<N>& pns = e.pns;
    auto value = [&](const Node& n) {
      prefix_node = n;
      pns.forget_progress();
      return options.proof_numbers ? pns.wins(n) : search.wins(n);
    };
    auto done = [&]() {
      const bool stopped = stop.load();  // end_call clears it
      end_call(e);
      guard.f = nullptr;
      finish_stats(e, t0);
      r.stats = stats;
      if (!r.complete) {
        r.stopped = stopped;
        r.at_stop = snapshot(e);
        r.at_stop.nodes = stats.nodes;
      }
      return r;
    };
    // Value of the position after the mover plays m, for the mover's side (the line shown in
    // progress reports is the principal variation so far, then m).
    auto move_wins = [&](const Node& n, const Move& m, bool* ok) {
      const Node c = Search<N>::child(n, m);
      if (c.h[n.to_move].empty()) return true;
      prefix.push_back(PvStep{seat_of[n.to_move], m});
      const bool v = value(c);
      prefix.pop_back();
      *ok = !search.aborted();
      return Search<N>::same_team(c.to_move, n.to_move) ? v : !v;
    };
    // The move a won position's proof found, when the table still holds it: a child that wins
    // at once after its forced passes (the proof-number search's own resolution), or one stored
    // as won for the mover. Solving the children in order instead can mean proving a hard loss
    // before the win is reached: `ddz solve` of a 16/14/14 position (2 s for its value) ran for
    // over ten minutes in its principal variation that way.
    auto known_win = [&](const Node& n, const Move& m) {
      const Node c = Search<N>::child(n, m);
      if (c.h[n.to_move].empty()) return true;
      Node reached;
      bool same = false;
      const int now = ProofNumberSearch<N>::resolve(c, n.to_move, &reached, &same);
      if (now) return now > 0;
      bool w = false;
      return search.table().probe(search.key_of(reached), &w) && w == same;
    };
    // A winning move of a won position: a known one first, else the first child that solves as won.
    auto winning_move = [&](const Node& n, const std::vector<Move>& ms, bool* ok) -> const Move* {
      for (const Move& m : ms)
        if (known_win(n, m)) return &m;
      for (const Move& m : ms) {
        if (move_wins(n, m, ok)) return &m;
        if (!*ok) return nullptr;
      }
      return nullptr;
    };
    std::vector<Move> moves;
    search.ordered_moves(root, moves, all_wins);
    bool ok = true;
    if (all_wins) {
      stage = "all wins";
      for (const Move& m : moves) {
        const bool w = move_wins(root, m, &ok);
        if (!ok) {
          // Stopped: a winning move found so far still proves the win.
          r.win = r.value_known = !r.winning_moves.empty();
          return done();
        }
        if (w) r.winning_moves.push_back(m);
      }
      r.win = !r.winning_moves.empty();
      r.all_wins = true;
    } else {
      r.win = value(root);
      if (search.aborted()) return done();
      if (r.win) {
        stage = "winning move";
        const Move* m = winning_move(root, moves, &ok);
        r.value_known = true;
        if (!ok) return done();
        if (m) r.winning_moves.push_back(*m);
      }
    }
    r.value_known = true;
    // Principal variation: the side that wins from each position keeps playing a winning move.
    stage = "principal variation";
    Node n = root;
    for (;;) {
      search.ordered_moves(n, moves);
      prefix = r.pv;
      bool mover_wins = value(n);
      if (search.aborted()) return done();
      const Move* pick = &moves.front();
      if (mover_wins) {
        const Move* m = winning_move(n, moves, &ok);
        if (!ok) return done();
        if (m) pick = m;
      }
      r.pv.push_back(PvStep{seat_of[n.to_move], *pick});
      const int mover = n.to_move;
      n = Search<N>::child(n, *pick);
      if (n.h[mover].empty()) {
        r.winner_seat = seat_of[mover];
        break;
      }
    }
    r.complete = true;
    return done();
  }

  static double thread_cpu() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
  }
  double cpu0 = 0;

  template <int N>
  void end_call(Engines<N>& e) {
    if (e.parallel) e.parallel->end();
    stop.store(false);
  }

  template <int N>
  void finish_stats(const Engines<N>& e, std::chrono::steady_clock::time_point t0) {
    stats.cpu_seconds = thread_cpu() - cpu0;
    stats.nodes = e.search.nodes();
    stats.helper_nodes = 0;
    stats.table_probes = table.probes();
    stats.table_hits = table.hits();
    stats.table_stores = table.stores();
    stats.table_evictions = table.evictions();
    if (const ParallelSearch<N>* p = e.parallel.get()) {
      stats.cpu_seconds += p->helper_cpu_seconds();
      stats.helper_nodes = p->helper_nodes();
      stats.nodes += stats.helper_nodes;
      const EndgameTable& v = p->helper_table();
      stats.table_probes += v.probes();
      stats.table_hits += v.hits();
      stats.table_stores += v.stores();
      stats.table_evictions += v.evictions();
    }
    stats.table_used = table.used();
    stats.table_capacity = table.capacity();
    stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
};

namespace {

Node node_of(const TwoPlayerPosition& p) {
  Node n;
  n.h[0] = p.to_move;
  n.h[1] = p.other;
  n.beat = p.to_beat;
  return n;
}

// Internal seat i is position seat (landlord + i) % 3.
Node node_of(const ThreePlayerPosition& p, int seat_of[3]) {
  Node n;
  for (int i = 0; i < kNumSeats; ++i) {
    seat_of[i] = (p.landlord + i) % kNumSeats;
    n.h[i] = p.hands[size_t(seat_of[i])];
  }
  n.to_move = (p.to_move - p.landlord + kNumSeats) % kNumSeats;
  n.beat = p.to_beat;
  if (!p.to_beat.is_pass()) n.passes = (p.to_move - p.to_beat_seat - 1 + 2 * kNumSeats) % kNumSeats;
  return n;
}

template <typename P>
void require_valid(const P& p) {
  const std::string e = check_position(p);
  if (!e.empty()) throw std::invalid_argument(e);
}

}  // namespace

EndgameSolver::EndgameSolver(SolverOptions options) : impl_(std::make_unique<Impl>(options)) {
  // The combination catalogue (classify) is built on first use, about 20M instructions: build
  // it here, so that the first solve's time is the solve's own.
  (void)catalogue();
}
EndgameSolver::~EndgameSolver() = default;

std::optional<bool> EndgameSolver::side_to_move_wins(const GameState& s) { return side_to_move_wins(position_of(s)); }

std::optional<bool> EndgameSolver::side_to_move_wins(const TwoPlayerPosition& p) {
  require_valid(p);
  static const int kSeats[3] = {0, 1, 2};
  return impl_->wins<2>(node_of(p), kSeats);
}

std::optional<bool> EndgameSolver::side_to_move_wins(const ThreePlayerPosition& p) {
  require_valid(p);
  int seat_of[3];
  const Node n = node_of(p, seat_of);
  return impl_->wins<3>(n, seat_of);
}

SolveResult EndgameSolver::solve(const GameState& s, bool all_wins) { return solve(position_of(s), all_wins); }

SolveResult EndgameSolver::solve(const TwoPlayerPosition& p, bool all_wins) {
  require_valid(p);
  static const int kSeats[3] = {0, 1, 2};
  return impl_->solve<2>(node_of(p), all_wins, kSeats);
}

SolveResult EndgameSolver::solve(const ThreePlayerPosition& p, bool all_wins) {
  require_valid(p);
  int seat_of[3];
  const Node n = node_of(p, seat_of);
  return impl_->solve<3>(n, all_wins, seat_of);
}

void EndgameSolver::request_stop() { impl_->stop.store(true, std::memory_order_relaxed); }
const SolverStats& EndgameSolver::last_stats() const { return impl_->stats; }
void EndgameSolver::clear_table() { impl_->table.clear(); }
const SolverOptions& EndgameSolver::options() const { return impl_->options; }

}  // namespace ddz
