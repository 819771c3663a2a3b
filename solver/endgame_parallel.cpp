// Parallel depth-first endgame search: split points (young brothers wait, helpful master), stop
// requests when a brother wins, the node budget shared by both threads, and the helper thread.
#include "solver/endgame_parallel.h"

#include <pthread.h>

#include <algorithm>

namespace ddz::endgame {

namespace {

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// A thread adds its nodes to the shared count (and looks for stop requests) every this many
// nodes: the shared counter's cache line then moves between the cores a few thousand times a
// second at most, and a budget is overshot by at most this much per thread.
constexpr uint64_t kChunk = 512;

// Idle waits spin (a split point must be taken within microseconds to pay) and yield the core
// after this many rounds (the machine may be shared).
constexpr int kSpinsBeforeYield = 2000;

void idle_pause(int* spins) {
  if (++*spins < kSpinsBeforeYield) {
    cpu_relax();
  } else {
    std::this_thread::yield();
    *spins = 0;
  }
}

}  // namespace

template <int N>
void ParallelShared<N>::team_publish(const Node& root) {
  team_root = root;
  team_result.store(-1);
  team_stop.store(false);
  for (Path& row : path)
    for (auto& at : row.at) at.store(0, std::memory_order_relaxed);
  team_busy.store(true);
  team_generation.fetch_add(1, std::memory_order_release);
}

template <int N>
int ParallelShared<N>::team_collect() {
  // The helper leaves at once when it had not started, else at its next budget check.
  for (int spins = 0; team_busy.load();) idle_pause(&spins);
  const int result = team_result.load();
  team_stop.store(false);
  return result;
}

template <int N>
bool Search<N>::must_stop() const {
  if (par_->out_of_budget.load() || par_->team_stop.load()) return true;
  for (const SplitPoint* sp : busy_)
    if (sp->stopped()) return true;
  return false;
}

template <int N>
bool Search<N>::stopped_here(const SplitPoint& sp) const {
  return sp.stopped() && !must_stop();
}

template <int N>
bool Search<N>::parallel_refill() {
  ParallelShared<N>& P = *par_;
  const uint64_t add = nodes_ - flushed_;
  flushed_ = nodes_;
  const uint64_t total = P.total.fetch_add(add) + add;
  const uint64_t budget = P.budget.load();
  if (((budget && total > budget) || stop_requested()) && !P.out_of_budget.exchange(true)) P.poke(1 - tid_);
  if (tid_ == 0 && on_check_) on_check_();
  if (!must_stop()) {
    limit_.store(nodes_ + (budget ? std::min(kChunk, budget - total) : kChunk));
    // A flag may have been set (and limit_ poked to 0) between the test and the store, which
    // overwrote the poke: look again.
    if (!must_stop()) return true;
  }
  aborted_ = true;
  return false;
}

template <int N>
bool Search<N>::parallel_wins_within(const Node& n, uint64_t budget, bool* done) {
  ParallelShared<N>& P = *par_;
  const uint64_t total = P.total.fetch_add(nodes_ - flushed_) + (nodes_ - flushed_);
  flushed_ = nodes_;
  const uint64_t overall = P.overall;
  uint64_t cap = total + budget;
  const bool capped_by_overall = overall && overall <= cap;
  if (capped_by_overall) cap = overall;
  P.budget.store(cap);
  limit_.store(0);
  const bool v = value(n, 0);
  // value() returned, so every split point below it is finished and the helper is idle.
  *done = !aborted_;
  if (aborted_ && !capped_by_overall && !stop_requested()) {
    aborted_ = false;
    P.out_of_budget.store(false);
  }
  P.budget.store(overall);
  limit_.store(0);
  return v;
}

template <int N>
bool Search<N>::wants_split(const Node& n) const {
  // Cards first: most nodes are too small, and the idle flag sits on a line the other thread writes.
  return cards_in_play<N>(n) >= par_->split_cards && par_->idle[1 - tid_].load(std::memory_order_relaxed);
}

template <int N>
bool Search<N>::split(const Node& n, const std::vector<Move>& moves, size_t first, int ply) {
  ParallelShared<N>& P = *par_;
  const int me = tid_, other = 1 - tid_;
  const int s = n.to_move;
  SplitPoint sp;
  sp.node = n;
  sp.moves = &moves;
  sp.ply = ply;
  sp.next = first;
  {
    std::lock_guard<std::mutex> g(P.mutex);
    if (!P.open.load() && P.idle[other].load()) P.open.store(&sp);
  }
  // This thread takes children too, until none is left or the node is stopped.
  for (;;) {
    size_t i;
    {
      std::lock_guard<std::mutex> g(P.mutex);
      if (sp.stopped() || sp.next >= moves.size()) break;
      i = sp.next++;
    }
    busy_.push_back(&sp);
    const Node c = child(n, moves[i]);
    const bool v = value(c, ply + 1);
    busy_.pop_back();
    std::lock_guard<std::mutex> g(P.mutex);
    if (aborted_) {
      if (stopped_here(sp)) {
        // A brother won (or the node was given up) while this child ran: its result is not needed.
        aborted_ = false;
        limit_.store(0);
      } else {
        // The budget is spent, or a node further up was stopped: give up this node.
        sp.incomplete.store(true);
        P.poke(other);
        break;
      }
    } else if (same_team(c.to_move, s) ? v : !v) {
      sp.cut.store(true);
      P.poke(other);
      if (!moves[i].is_pass()) killers_[size_t(ply)] = moves[i];
    }
  }
  {
    std::lock_guard<std::mutex> g(P.mutex);
    if (P.open.load() == &sp) P.open.store(nullptr);
  }
  // Wait for the other thread to leave (it finishes or abandons its child). Meanwhile this
  // thread is idle: it may join a split point the other opens below (helpful master); those are
  // in this node's subtree, on plies above every buffer this thread's own frames use.
  if (sp.attached.load()) {
    P.idle[me].store(true);
    for (int spins = 0; sp.attached.load();) {
      SplitPoint* q = P.open.load(std::memory_order_relaxed);
      if (q && !aborted_ && P.claim(q)) {
        P.idle[me].store(false);
        join(q, &sp);  // marks sp incomplete when it comes back aborted
        P.idle[me].store(true);
        spins = 0;
        continue;
      }
      idle_pause(&spins);
    }
    P.idle[me].store(false);
  }
  if (aborted_) return false;
  if (sp.cut.load()) return true;
  if (sp.incomplete.load() || P.out_of_budget.load()) {
    aborted_ = true;
    return false;
  }
  return false;
}

template <int N>
void Search<N>::join(SplitPoint* sp, SplitPoint* waiting_at) {
  ParallelShared<N>& P = *par_;
  const int other = 1 - tid_;
  const int s = sp->node.to_move;
  for (;;) {
    size_t i;
    {
      std::lock_guard<std::mutex> g(P.mutex);
      if (sp->stopped() || sp->next >= sp->moves->size()) {
        sp->attached.fetch_sub(1);  // last touch: the owner may return once it reads 0
        return;
      }
      i = sp->next++;
    }
    const Move m = (*sp->moves)[i];
    busy_.push_back(sp);
    const Node c = child(sp->node, m);
    const bool v = value(c, sp->ply + 1);
    busy_.pop_back();
    std::lock_guard<std::mutex> g(P.mutex);
    if (aborted_) {
      if (stopped_here(*sp)) {
        aborted_ = false;
        limit_.store(0);
      } else {
        // The budget is spent, or a node this thread works under was stopped; so is the node it
        // waits at (which is below that node), and it is marked so before sp's owner can see this
        // thread leave: the owner then finds the reason for its own abort in its busy_ list.
        sp->incomplete.store(true);
        if (waiting_at) waiting_at->incomplete.store(true);
        P.poke(other);
        sp->attached.fetch_sub(1);
        return;  // aborted_ stays
      }
    } else if (same_team(c.to_move, s) ? v : !v) {
      sp->cut.store(true);
      P.poke(other);
    }
  }
}

template <int N>
ParallelSearch<N>::ParallelSearch(Search<N>& main, EndgameTable& table, int split_cards, int leaf_cards,
                                  uint64_t duel_nodes)
    : main_(main),
      table_(table),
      view_(table),
      helper_search_(view_, 0),
      helper_pns_(helper_search_, leaf_cards, -1, duel_nodes) {
  shared_.search[0] = &main_;
  shared_.search[1] = &helper_search_;
  shared_.split_cards = split_cards;
  main_.attach(&shared_, 0);
  helper_search_.attach(&shared_, 1);
  thread_ = std::thread([this] { run(); });
  pthread_getcpuclockid(thread_.native_handle(), &helper_clock_id_);
}

template <int N>
ParallelSearch<N>::~ParallelSearch() {
  {
    std::lock_guard<std::mutex> g(park_mutex_);
    quit_ = true;
  }
  in_call_.store(false);
  park_cv_.notify_one();
  thread_.join();
  main_.attach(nullptr, 0);
}

template <int N>
double ParallelSearch<N>::helper_clock() const {
  timespec ts{};
  clock_gettime(helper_clock_id_, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

template <int N>
void ParallelSearch<N>::begin(uint64_t max_nodes) {
  // The helper is parked or idle (no split point is open between calls), so its search object
  // is ours to reset; the mutex below orders these writes before its next join.
  helper_search_.restart(0);
  view_.reset_counters();
  shared_.total.store(0);
  shared_.overall = max_nodes;
  shared_.budget.store(max_nodes);
  shared_.out_of_budget.store(false);
  table_.set_concurrent(true);
  cpu_at_begin_ = helper_clock();
  {
    std::lock_guard<std::mutex> g(park_mutex_);
    in_call_.store(true);
  }
  park_cv_.notify_one();
  // Wait until the helper is up (tens of microseconds when a core is free): otherwise a short
  // call could end before the helper ever looked for work.
  for (int spins = 0; !shared_.idle[1].load();) idle_pause(&spins);
}

template <int N>
void ParallelSearch<N>::end() {
  // The helper is idle: split points and team roots return only after it has left them.
  in_call_.store(false);
  table_.set_concurrent(false);
  helper_cpu_ = helper_clock() - cpu_at_begin_;
}

template <int N>
void ParallelSearch<N>::run() {
  std::unique_lock<std::mutex> lk(park_mutex_);
  for (;;) {
    park_cv_.wait(lk, [this] { return quit_ || in_call_.load(); });
    if (quit_) return;
    lk.unlock();
    // Read before going idle: begin() waits for the idle flag, so every root published after it
    // has a newer generation than this.
    uint64_t team_seen = shared_.team_generation.load();
    shared_.idle[1].store(true);
    for (int spins = 0; in_call_.load(std::memory_order_relaxed);) {
      if (shared_.team_generation.load(std::memory_order_acquire) != team_seen) {
        // A team proof-number root (published before the generation): search it alongside thread 0.
        team_seen = shared_.team_generation.load();
        shared_.idle[1].store(false);
        helper_search_.aborted_ = false;
        const bool v = helper_pns_.team_wins(shared_.team_root, &shared_);
        if (!helper_search_.aborted_) shared_.team_finish(1, v);
        shared_.team_busy.store(false);
        shared_.idle[1].store(true);
        spins = 0;
        continue;
      }
      SplitPoint* q = shared_.open.load(std::memory_order_relaxed);
      if (q && shared_.claim(q)) {
        shared_.idle[1].store(false);
        helper_search_.aborted_ = false;  // left by a budget stop in an earlier join (it ended the call)
        helper_search_.join(q, nullptr);
        shared_.idle[1].store(true);
        spins = 0;
        continue;
      }
      idle_pause(&spins);
    }
    shared_.idle[1].store(false);
    lk.lock();
  }
}

template bool Search<2>::must_stop() const;
template bool Search<3>::must_stop() const;
template bool Search<2>::stopped_here(const SplitPoint&) const;
template bool Search<3>::stopped_here(const SplitPoint&) const;
template bool Search<2>::parallel_refill();
template bool Search<3>::parallel_refill();
template bool Search<2>::parallel_wins_within(const Node&, uint64_t, bool*);
template bool Search<3>::parallel_wins_within(const Node&, uint64_t, bool*);
template bool Search<2>::wants_split(const Node&) const;
template bool Search<3>::wants_split(const Node&) const;
template bool Search<2>::split(const Node&, const std::vector<Move>&, size_t, int);
template bool Search<3>::split(const Node&, const std::vector<Move>&, size_t, int);
template void Search<2>::join(SplitPoint*, SplitPoint*);
template void Search<3>::join(SplitPoint*, SplitPoint*);
template struct ParallelShared<2>;
template struct ParallelShared<3>;
template class ParallelSearch<2>;
template class ParallelSearch<3>;

}  // namespace ddz::endgame
