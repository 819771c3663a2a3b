// The endgame solver's search core (internal to search/): AND-OR negamax over positions with
// absolute seats, for N = 2 (two lone players) or N = 3 (seat 0 is the landlord, 1 and 2 farmers).
#pragma once
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <new>
#include <vector>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "game/move.h"
#include "game/movegen.h"
#include "solver/endgame_bits.h"
#include "solver/endgame_one_card.h"
#include "solver/endgame_small_hand.h"
#include "solver/endgame_sure_win.h"
#include "solver/endgame_two_cards.h"
#include "solver/endgame_table.h"
#include "solver/min_plays.h"

namespace ddz::endgame {

// A position with absolute seats. Two players: seats 0 and 1, `passes` always 0. Three players:
// seat 0 is the landlord and play goes 0 -> 1 -> 2 -> 0; `passes` counts passes since `beat`
// was played (0 or 1); beat is pass when the seat to move leads.
struct Node {
  Hand h[3];
  Move beat;
  int to_move = 0;
  int passes = 0;
};

// Cards in all hands of an N-player node (two players: the unused third hand is not counted).
template <int N>
inline int cards_in_play(const Node& n) {
  return n.h[0].size() + n.h[1].size() + (N == 3 ? n.h[2].size() : 0);
}

// A zero-filled array of a scalar type from calloc: large blocks come straight from the
// kernel's zero pages and cost nothing until touched. (The minimum-plays caches were written at
// construction: a fresh `ddz solve` process paid about 600 page faults for them, over 1 ms,
// before its first node.)
template <typename T>
class ZeroedArray {
 public:
  explicit ZeroedArray(size_t n) : p_(static_cast<T*>(std::calloc(n, sizeof(T)))) {
    if (!p_) throw std::bad_alloc();
  }
  T& operator[](size_t i) { return p_.get()[i]; }

 private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T, Free> p_;
};

class FarmerDuel;  // solver/endgame_duel.h
template <int N>
struct ParallelShared;  // solver/endgame_parallel.h
template <int N>
class ParallelSearch;
struct SplitPoint;

template <int N>
class Search {
 public:
  // Out of line: FarmerDuel (a member through unique_ptr) is complete only in endgame_search.cpp.
  Search(EndgameTable& table, uint64_t max_nodes);
  ~Search();

  // True when the side (team) to move wins. Sets aborted() when the node budget ran out; the
  // value is then meaningless and nothing from the unfinished subtree was stored.
  bool wins(const Node& n) { return value(n, 0); }

  // Legal moves of the seat to move in the order the search tries them. Two players: without
  // the moves another move dominates (endgame_dominance.h), unless `complete` (every legal move,
  // for the list of all winning first moves).
  void ordered_moves(const Node& n, std::vector<Move>& out, bool complete = false);
  // The position after the seat to move plays m (pass included). The game is over in the result
  // when a hand is empty.
  static Node child(const Node& n, const Move& m);
  static bool same_team(int a, int b) { return N == 2 ? a == b : (a == 0) == (b == 0); }
  static int next_seat(int s) { return s + 1 == N ? 0 : s + 1; }
  // Seat that played n.beat (meaningful when it is not pass).
  static int beat_seat(const Node& n) { return ((n.to_move - 1 - n.passes) % N + N) % N; }
  // True when the seat to move can empty its hand with one legal move.
  static bool finishes_now(const Node& n);

  bool aborted() const { return aborted_; }
  uint64_t nodes() const { return nodes_; }
  void set_budget(uint64_t max_nodes) {
    max_nodes_ = max_nodes;
    reset_limit();
  }

  // Stop requests and progress reports (EndgameSolver::request_stop, SolverOptions::progress):
  // `stop` (may be nullptr) is read at the budget check points, every kCheckNodes nodes (one
  // thread) or at each shared-count refill (two threads); a set flag stops the search as a spent
  // budget does (aborted(), nothing unfinished stored). `on_check` (may be empty) is called at
  // those check points, on thread 0 only.
  static constexpr uint64_t kCheckNodes = 4096;
  void set_watch(const std::atomic<bool>* stop, std::function<void()> on_check) {
    stop_ = stop;
    on_check_ = std::move(on_check);
    reset_limit();
  }
  bool stop_requested() const { return stop_ && stop_->load(std::memory_order_relaxed); }

  // Counts one node against the budget; false (and aborted()) once the budget is spent.
  bool tick() {
    if (aborted_) return false;
    return ++nodes_ <= limit_.load(std::memory_order_relaxed) || over_limit();
  }
  uint64_t budget() const { return max_nodes_; }
  // Starts a new call: count from zero with this budget (0 = none), no killer moves (so a call's
  // work does not depend on earlier calls). The caches (lead lists, minimum plays) are
  // functions of a hand and stay.
  void restart(uint64_t max_nodes) {
    killers_.clear();
    nodes_ = 0;
    flushed_ = 0;
    aborted_ = false;
    max_nodes_ = max_nodes;
    reset_limit();
  }
  // The depth-first value of n within `budget` more nodes (and the overall budget). *done is
  // false when the attempt ran out; then the value means nothing, and aborted() is set only
  // when the overall budget is spent. Proved subtrees stay in the table either way.
  bool wins_within(const Node& n, uint64_t budget, bool* done) {
    if (par_) return parallel_wins_within(n, budget, done);
    const uint64_t overall = max_nodes_;
    max_nodes_ = nodes_ + budget;
    const bool capped_by_overall = overall && overall <= max_nodes_;
    if (capped_by_overall) max_nodes_ = overall;
    reset_limit();
    const bool v = value(n, 0);
    *done = !aborted_;
    if (aborted_ && !capped_by_overall && !stop_requested()) {
      aborted_ = false;
      nodes_ = max_nodes_;  // the node that found the budget spent was not searched
    }
    max_nodes_ = overall;
    reset_limit();
    return v;
  }
  // The depth-first value of n (side to move wins), for a search that starts below `ply` plies
  // of other buffers (the proof-number search calls it on small subtrees).
  // `can_reply`: the caller knows that the seat to move can beat n.beat (two players: the move
  // was not in the parent's unbeatable list), so the forced-pass test is skipped.
  bool value(const Node& n, int ply, bool can_reply = false);
  // Three players: removes from `moves` (the list ordered_moves(n, ...) made) the moves after
  // which an opponent empties its hand at once, keeping one move when all are such (see the
  // proof in endgame_search.cpp). Called by ordered_moves unless `complete`.
  void drop_immediate_losses(const Node& n, std::vector<Move>& moves) const;
  // Right after ordered_moves(n, ...): true when the sure-win tests prove that the side to move
  // wins (they use the unbeatable moves ordered_moves listed).
  bool sure_win_after_ordering(const Node& n);
  // Three players: true when a two-player duel (solver/endgame_duel.h) proves that the farmers
  // win n, with at most `budget` two-player nodes per duel. Its nodes count against this
  // search's budget: check aborted() first.
  bool duel_proves_farmers(const Node& n, uint64_t budget);
  EndgameKey key_of(const Node& n) const;
  EndgameTable& table() { return table_; }
  // Every lead of a hand (legal_moves against pass, in its order), through a direct-mapped
  // cache: the same hands lead again and again in sibling subtrees, and move generation was the
  // largest cost.
  const std::vector<Move>& leads_of(Hand h) { return lead_entry(h).moves; }

  // Minimum plays of a hand (min_plays_relaxed of solver/min_plays.h: equal to the exact count
  // on almost every hand, 2.5x cheaper; only the proof-number estimates use it) through a
  // direct-mapped cache of 2^18 entries (2 MiB). Most look-ups of the mover's new hand miss
  // anyway (new hands), so its cost counts: the exact count took a third of the instructions of
  // the three-player proof-number search, the relaxed one gives the same node counts.
  static constexpr int kPlaysCacheBits = 18;  // 20 measured: the same misses (new hands)
  static constexpr uint64_t kHandBits = (uint64_t(1) << 60) - 1;
  // An entry holds the hand in bits 0-59 and its plays in bits 60-63 (counts of 15 and more are
  // not cached). An unused entry is 0, which reads as "the empty hand needs 0 plays": true.
  // (A first version shifted the hand up by 8 bits, which dropped the D nibble: hands holding D
  // never hit.)
  int min_plays(Hand h) {
    uint64_t& e = plays_cache_[size_t((h.bits() * 0x9E3779B97F4A7C15ULL) >> (64 - kPlaysCacheBits))];
    if ((e & kHandBits) == h.bits()) return int(e >> 60);
    const int p = chain_free_plays(h);
    if (p < 15) e = h.bits() | (uint64_t(p) << 60);
    return p;
  }
  // min_plays_relaxed(h), through a second cache for hands that hold no chain: the misses above
  // are almost all new hands (a 4x larger cache: 724k -> 722k misses on the 14/12/12 set), and
  // min_plays_relaxed costs ~1.7k instructions even when no chain is possible. A hand holding no
  // chain (no 5 consecutive ranks of 3..A held, no 3 consecutive pairs, no 2 consecutive trios)
  // has only solos, pairs, trios (with kickers), fours (with kickers), bombs and the rocket
  // among its sub-hands' combinations, whose rules never look at which ranks of 3..2 they use
  // (only at counts, and at X and D). So a permutation of ranks 3..2 maps the partitions of one
  // chain-free hand into combinations onto those of any other chain-free hand with the same
  // counts, jokers alike: both need the same fewest plays, under exact or relaxed kicker rules.
  // Keyed by (ranks of 3..2 with exactly 1, 2, 3, 4 cards; X; D). Tested against
  // min_plays_relaxed on random hands.
  int chain_free_plays(Hand h);
  static bool holds_no_chain(Hand h);

  // Parallel search (solver/endgame_parallel.h): makes this object thread `tid` (0: the caller's,
  // 1: the helper) of `shared`, or a plain sequential search again with nullptr. Between calls.
  void attach(ParallelShared<N>* shared, int tid) {
    par_ = shared;
    tid_ = tid;
    reset_limit();
  }
  bool has_helper() const { return par_ != nullptr; }
  // Parallel search: the shared state (nullptr without a helper) and this thread's index.
  ParallelShared<N>* shared() const { return par_; }
  int thread_id() const { return tid_; }
  // After a stop that did not concern this thread's result (the other thread of a team
  // proof-number search solved the root first): searching may go on.
  void clear_abort() { aborted_ = false; }
  // Searches the children of `sp` (published by the other thread) until they run out or sp is
  // stopped; the helper's side of a split point. `waiting_at`: the split point of this thread's
  // own that it waits at (helpful master), or nullptr. aborted() afterwards: this thread must
  // unwind (budget, or a split point it works under was stopped).
  void join(SplitPoint* sp, SplitPoint* waiting_at);

 private:
  // Single thread: the hot check `++nodes_ > limit_` is the budget test itself (limit_ = the
  // budget, or no limit). Parallel: limit_ is a local check point (a chunk of nodes ahead) at
  // which over_limit() adds this thread's nodes to the shared count and looks whether a split
  // point it works under was stopped; the other thread sets limit_ to 0 to make it look at once.
  // Watched (a stop flag or a progress hook): the limit is also a check point every kCheckNodes
  // nodes, at which over_limit() looks at the flag and calls the hook.
  void reset_limit() {
    const uint64_t budget = max_nodes_ ? max_nodes_ : ~uint64_t(0);
    const uint64_t check = stop_ || on_check_ ? std::min(budget, nodes_ + kCheckNodes) : budget;
    limit_.store(par_ ? 0 : check, std::memory_order_relaxed);
  }
  // The slow path of the budget check: false (and aborted_) when the search must stop.
  bool over_limit() {
    if (par_) return parallel_refill();
    if ((max_nodes_ && nodes_ > max_nodes_) || stop_requested()) {
      aborted_ = true;
      return false;
    }
    if (on_check_) on_check_();
    reset_limit();
    return true;
  }
  bool parallel_refill();
  bool parallel_wins_within(const Node& n, uint64_t budget, bool* done);
  // Young brothers wait: searches moves[first..] of n with the other thread's help (it takes
  // children from a shared index); the first child already failed. Returns the node's value;
  // aborted_ when the budget ran out or an enclosing split point was stopped.
  bool split(const Node& n, const std::vector<Move>& moves, size_t first, int ply);
  // True when the work of this thread is not needed: the budget is spent, or one of the split
  // points it works under (busy_) was stopped.
  bool must_stop() const;
  // After a child of sp (already popped from busy_) came back aborted: true when the reason was
  // sp itself being stopped (then the thread goes on at sp), false when it must unwind further.
  bool stopped_here(const SplitPoint& sp) const;
  // Whether a split at n would pay: the other thread is idle and n is large enough.
  bool wants_split(const Node& n) const;

  static uint64_t beat_class(const Node& n);
  EndgameKey compute_key(const Node& n) const;  // key_of's body, inlined into value()

  EndgameTable& table_;
  uint64_t max_nodes_;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  // Own cache line: the other thread writes it (rarely), this one reads it at every node.
  alignas(64) std::atomic<uint64_t> limit_{0};
  // Parallel search: the shared state, this thread's index, nodes already added to the shared
  // count.
  ParallelShared<N>* par_ = nullptr;
  int tid_ = 0;
  uint64_t flushed_ = 0;
  const std::atomic<bool>* stop_ = nullptr;  // set_watch
  std::function<void()> on_check_;
  // The split points in whose children this thread is working, outermost first: when one of
  // them is stopped (cut or incomplete), the work below it is not needed.
  std::vector<SplitPoint*> busy_;
  friend struct ParallelShared<N>;
  template <int M>
  friend class ParallelSearch;
  // One list per ply. Owned through pointers so that references stay valid when the outer
  // vector grows (a deque did that too, but its indexing divides by a chunk size of 21 lists).
  std::vector<std::unique_ptr<std::vector<Move>>> move_buf_;
  std::vector<int> score_tmp_;
  std::vector<Move> killers_;  // per ply: the last move that won there
  SureWin sure_win_;
  RaceLeads race_leads_;  // lead lists of the small-hand rules below
  OneCardRace one_card_{race_leads_};  // two players: the opponent holds one card
  TwoCardRace two_cards_{one_card_, race_leads_};  // two players: the opponent holds two cards
  SmallHandRace three_cards_{one_card_, two_cards_, race_leads_};  // two players: the opponent holds three
  std::vector<Move> unbeatable_;  // filled by ordered_moves: moves no opponent can beat
  static constexpr int kLeadCacheBits = 13;
  struct LeadEntry {
    Hand hand;
    std::vector<Move> moves;  // generation order
    std::vector<uint16_t> order;  // indices into moves by the opponent-free part of the move
        // ordering score, best first (stable)
  };
  LeadEntry& lead_entry(Hand h);
  static size_t lead_slot(Hand h) { return size_t((h.bits() * 0x9E3779B97F4A7C15ULL) >> (64 - kLeadCacheBits)); }
  std::vector<LeadEntry> lead_cache_ = std::vector<LeadEntry>(size_t(1) << kLeadCacheBits);
  ZeroedArray<int8_t> chain_free_cache_{size_t(1) << 18};  // plays + 1; 0: not yet known
  ZeroedArray<uint64_t> plays_cache_{size_t(1) << kPlaysCacheBits};
  std::vector<Move> replies_;  // scratch list of the sure-win test when following
  std::vector<Move> follow_tmp_;  // scratch list of ordered_moves: moves an opponent can beat
  std::vector<uint8_t> flag_tmp_;  // three-player lead ordering: unbeatable flag per lead
  std::unique_ptr<FarmerDuel> duel_;  // three players, created on first use
  std::vector<Move> relay_tmp_;  // the leader's leads when they share a lead-cache slot with the partner's
};

extern template class Search<2>;
extern template class Search<3>;

// can_beat_fast for one hand against many moves: the hand's rank masks are computed once.
struct Beater {
  explicit Beater(Hand hand)
      : h(hand),
        m1(at_least(hand, 1)),
        m2(at_least(hand, 2)),
        m3(at_least(hand, 3)),
        m4(at_least(hand, 4)),
        size(hand.size()),
        rocket(hand.count(RX) && hand.count(RD)) {}
  Beater() = default;
  // Same answer as can_beat_fast(h, m). Inline for the common types (it is called millions of
  // times a second by move ordering and the small-hand rules); the rest out of line.
  bool beats(const Move& m) const {
    if (m.type == MoveType::Rocket) return false;
    if (rocket) return true;
    if (m.type == MoveType::Bomb) return (m4 >> (m.key + 1)) != 0;
    if (m4) return true;
    if (size < m.cards.size()) return false;
    switch (m.type) {
      case MoveType::Solo: return (m1 >> (m.key + 1)) != 0;
      case MoveType::Pair: return ((m2 & 0x1FFF) >> (m.key + 1)) != 0;
      // TrioSolo: no four of a rank here, so a trio above the key leaves size-3 >= 1 cards of
      // other ranks.
      case MoveType::Trio:
      case MoveType::TrioSolo: return ((m3 & 0x1FFF) >> (m.key + 1)) != 0;
      default: return beats_rest(m);
    }
  }
  // beats() for the other types (trio with pair, chains, four with two), once the rocket, bombs
  // and the card count have been ruled out.
  bool beats_rest(const Move& m) const;
  Hand h;
  uint32_t m1 = 0, m2 = 0, m3 = 0, m4 = 0;
  int size = 0;
  bool rocket = false;
};

// Whether `hand` holds a move that beats `m` (m not pass); same answer as can_beat() in
// game/movegen.h, with shortcuts for the common types (only the masks they need).
inline bool can_beat_fast(Hand h, const Move& m) {
  if (m.type == MoveType::Rocket) return false;
  if (h.count(RX) && h.count(RD)) return true;
  const uint32_t m4 = at_least(h, 4);
  if (m.type == MoveType::Bomb) return (m4 >> (m.key + 1)) != 0;
  if (m4) return true;
  if (h.size() < m.cards.size()) return false;
  switch (m.type) {
    case MoveType::Solo: return (at_least(h, 1) >> (m.key + 1)) != 0;
    case MoveType::Pair: return ((at_least(h, 2) & 0x1FFF) >> (m.key + 1)) != 0;
    case MoveType::Trio:
    case MoveType::TrioSolo: return ((at_least(h, 3) & 0x1FFF) >> (m.key + 1)) != 0;
    default: return Beater(h).beats_rest(m);
  }
}

// A quick, optimistic count of the plays needed to empty a hand (chains ignored, trios carry a
// single or a pair, fours carry two); orders moves and seeds proof numbers, never cuts.
int plays_estimate(Hand h);

}  // namespace ddz::endgame
