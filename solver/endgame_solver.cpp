// EndgameSolver: turns positions into search nodes (three players: seats rotated so the
// landlord is seat 0), runs the search core, and builds winning-move sets, PVs and statistics.
#include "solver/endgame_solver.h"

#include <time.h>

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
    if (!*e) *e = std::make_unique<Engines<N>>(table, options);
    (*e)->search.restart(options.max_nodes);
    if ((*e)->parallel) (*e)->parallel->begin(options.max_nodes);
    return **e;
  }

  explicit Impl(SolverOptions o) : options(o), table(o.table_mb) {}

  template <int N>
  std::optional<bool> wins(const Node& root) {
    const auto t0 = std::chrono::steady_clock::now();
    cpu0 = thread_cpu();
    table.reset_counters();
    Engines<N>& e = engines<N>();
    CallGuard guard{[&] { end_call(e); }};
    Search<N>& search = e.search;
    ProofNumberSearch<N>& pns = e.pns;
    const bool v = options.proof_numbers ? pns.wins(root) : search.wins(root);
    end_call(e);
    guard.f = nullptr;
    finish_stats(e, t0);
    if (search.aborted()) return std::nullopt;
    return v;
  }

  template <int N>
  SolveResult solve(const Node& root, bool all_wins, const int* seat_of) {
    const auto t0 = std::chrono::steady_clock::now();
    cpu0 = thread_cpu();
    table.reset_counters();
    SolveResult r;
    Engines<N>& e = engines<N>();
    CallGuard guard{[&] { end_call(e); }};
    Search<N>& search = e.search;
    ProofNumberSearch<N>& pns = e.pns;
    auto value = [&](const Node& n) { return options.proof_numbers ? pns.wins(n) : search.wins(n); };
    auto done = [&]() {
      end_call(e);
      guard.f = nullptr;
      finish_stats(e, t0);
      r.stats = stats;
      return r;
    };
    // Value of the position after the mover plays m, for the mover's side.
    auto move_wins = [&](const Node& n, const Move& m, bool* ok) {
      const Node c = Search<N>::child(n, m);
      if (c.h[n.to_move].empty()) return true;
      const bool v = value(c);
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
      for (const Move& m : moves) {
        if (move_wins(root, m, &ok)) r.winning_moves.push_back(m);
        if (!ok) return done();
      }
      r.win = !r.winning_moves.empty();
      r.all_wins = true;
    } else {
      r.win = value(root);
      if (search.aborted()) return done();
      if (r.win) {
        const Move* m = winning_move(root, moves, &ok);
        if (!ok) return done();
        if (m) r.winning_moves.push_back(*m);
      }
    }
    // Principal variation: the side that wins from each position keeps playing a winning move.
    Node n = root;
    for (;;) {
      search.ordered_moves(n, moves);
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
  static void end_call(Engines<N>& e) {
    if (e.parallel) e.parallel->end();
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
  return impl_->wins<2>(node_of(p));
}

std::optional<bool> EndgameSolver::side_to_move_wins(const ThreePlayerPosition& p) {
  require_valid(p);
  int seat_of[3];
  return impl_->wins<3>(node_of(p, seat_of));
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

const SolverStats& EndgameSolver::last_stats() const { return impl_->stats; }
void EndgameSolver::clear_table() { impl_->table.clear(); }
const SolverOptions& EndgameSolver::options() const { return impl_->options; }

}  // namespace ddz
