// Parallel depth-first endgame search on two threads (internal to search/): young brothers wait
// split points over a shared transposition table, a helper thread, and the shared node budget.
#pragma once
#include <time.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "solver/endgame_pns.h"
#include "solver/endgame_search.h"

namespace ddz::endgame {

// A node whose remaining children both threads take from `next` (the owner found that its first
// child does not win). Lives on the owner's stack: the owner returns only when no other thread is
// attached. Fields below `ply` change only under ParallelShared::mutex.
// Aligned to its own cache lines: it sits in the owner's stack frame, and the other thread's
// writes to it must not evict the owner's locals.
struct alignas(64) SplitPoint {
  Node node;
  const std::vector<Move>* moves = nullptr;  // the owner's list for this ply (unchanged meanwhile)
  int ply = 0;
  alignas(64) size_t next = 0;  // next child to take (the fields both threads write from here)
  // Set under ParallelShared::mutex, read by the threads' budget checks without it. Either one
  // stops the work below this node: cut, a child won for node's mover (the node is won);
  // incomplete, a child's search was given up (budget, or an enclosing node was stopped: the
  // value is unknown, and not needed, or the budget is spent).
  std::atomic<bool> cut{false};
  std::atomic<bool> incomplete{false};
  std::atomic<int> attached{0};  // threads that joined and have not left (read while waiting)
  bool stopped() const { return cut.load() || incomplete.load(); }
};

// Fields that one thread writes often and the other reads sit on separate cache lines (64
// bytes): shared lines bounced between the cores on every node and doubled the time per node.
template <int N>
struct ParallelShared {
  Search<N>* search[2] = {nullptr, nullptr};
  int split_cards = 0;  // split only at nodes with at least this many cards in play
  alignas(64) std::mutex mutex;  // split points' fields, `open`
  alignas(64) std::atomic<SplitPoint*> open{nullptr};  // a split point waiting for the idle thread
  struct alignas(64) Flag {
    std::atomic<bool> on{false};
    bool load(std::memory_order o = std::memory_order_seq_cst) const { return on.load(o); }
    void store(bool v) { on.store(v); }
  };
  Flag idle[2];  // thread t is waiting for work
  // Node budget over both threads: `total` holds the nodes each thread has added so far (they
  // add chunks at their check points), `budget` is the current limit on it (0 = none; the
  // depth-first attempt lowers it for a while), `overall` the call's.
  alignas(64) std::atomic<uint64_t> total{0};
  std::atomic<uint64_t> budget{0};
  uint64_t overall = 0;
  std::atomic<bool> out_of_budget{false};

  // Team proof-number search (solver/endgame_pns.cpp): both threads run df-pn from one root over
  // the shared table, each steering clear of the child the other is in. Thread 0 publishes the
  // root (team_root, then team_busy, then a new team_generation); the helper runs it and clears
  // team_busy when it has left. The first thread to solve the root puts its value in team_result
  // and sets team_stop, which stops the other (must_stop()).
  static constexpr int kPathPlies = 128;
  alignas(64) std::atomic<uint64_t> team_generation{0};
  Node team_root;
  std::atomic<bool> team_busy{false};
  std::atomic<bool> team_stop{false};
  std::atomic<int> team_result{-1};  // the root's value for its side to move: 1 win, 0 loss, -1 not yet
  // path[t][p]: table hash of the position thread t is searching at proof-number ply p (0: none
  // there). Each thread's row on its own lines: written at every descent, read by the other
  // thread when it picks a child.
  struct alignas(64) Path {
    std::atomic<uint64_t> at[kPathPlies];
  };
  Path path[2];
  // Thread 0: publishes a team root for the helper (results and paths of the last root cleared).
  void team_publish(const Node& root);
  // Thread 0, after its own search of the team root ended: waits until the helper has left it and
  // returns the root's value (team_result), and clears team_stop for the searches that follow.
  int team_collect();
  // A thread's result for the team root: the first one wins the race and stops the other.
  void team_finish(int t, bool win) {
    int none = -1;
    if (team_result.compare_exchange_strong(none, win ? 1 : 0)) {
      team_stop.store(true);
      poke(1 - t);
    }
  }

  // Under `mutex`, after setting a split point's flag: makes thread t look at the flags at its
  // next node (its budget check point moves to 0).
  void poke(int t) { search[t]->limit_.store(0); }
  // Thread t takes the open split point q (then it must call join(q)); false when q is gone or
  // has nothing left.
  bool claim(SplitPoint* q) {
    std::lock_guard<std::mutex> g(mutex);
    if (open.load() != q || q->stopped() || q->next >= q->moves->size()) return false;
    open.store(nullptr);
    q->attached.fetch_add(1);
    return true;
  }
};

// Owns the helper thread (thread 1) and its search object for one solver and one player count;
// `main` (thread 0, the caller's) shares the table through a view.
template <int N>
class ParallelSearch {
 public:
  // `leaf_cards`: the proof-number search's depth-first leaf size (the helper's own df-pn in team
  // mode, solver/endgame_pns.h).
  ParallelSearch(Search<N>& main, EndgameTable& table, int split_cards, int leaf_cards, uint64_t duel_nodes);
  ~ParallelSearch();
  ParallelSearch(const ParallelSearch&) = delete;
  ParallelSearch& operator=(const ParallelSearch&) = delete;

  // Brackets one solver call: resets both threads' counts, sets the overall node budget, puts the
  // table in concurrent mode and wakes the helper; end() sends it back to sleep.
  void begin(uint64_t max_nodes);
  void end();
  // Statistics of the current or last call from the helper: nodes, CPU seconds, table counters.
  uint64_t helper_nodes() const { return helper_search_.nodes(); }
  double helper_cpu_seconds() const { return helper_cpu_; }
  const EndgameTable& helper_table() const { return view_; }
  // Nodes both threads have added to the shared count so far (each adds its own every few
  // hundred nodes): safe to read during a call.
  uint64_t shared_nodes() const { return shared_.total.load(std::memory_order_relaxed); }
  // The helper's stop flag (Search::set_watch); set between calls.
  void set_stop(const std::atomic<bool>* stop) { helper_search_.set_watch(stop, {}); }

 private:
  void run();
  double helper_clock() const;

  Search<N>& main_;
  EndgameTable& table_;
  EndgameTable view_;
  Search<N> helper_search_;
  ProofNumberSearch<N> helper_pns_;
  ParallelShared<N> shared_;
  std::mutex park_mutex_;
  std::condition_variable park_cv_;
  bool quit_ = false;
  std::atomic<bool> in_call_{false};
  double helper_cpu_ = 0, cpu_at_begin_ = 0;
  clockid_t helper_clock_id_{};
  std::thread thread_;
};

extern template class ParallelSearch<2>;
extern template class ParallelSearch<3>;

}  // namespace ddz::endgame
