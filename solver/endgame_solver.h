// Exact perfect-information endgame solver for two players (hand against hand) and three players
// (landlord against two farmers): depth-first AND-OR search with a bounded transposition table.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "solver/endgame_position.h"

namespace ddz {

struct SolverProgress;

struct SolverOptions {
  // Transposition table size in MiB (48-byte entries). 0 gives the smallest table (one bucket
  // of four entries): answers stay exact, only slower.
  size_t table_mb = 64;
  // Node budget for one call; 0 = unlimited. When exceeded the call reports "unknown".
  uint64_t max_nodes = 0;
  // true: depth-first proof-number search (small subtrees depth-first); false: plain depth-first
  // AND-OR search throughout (kept for comparison; same answers).
  bool proof_numbers = true;
  // With proof numbers: positions with at most this many cards in all hands are solved by the
  // depth-first search (cheaper per node on small trees). 0: proof numbers down to the leaves.
  // 14 since the cheaper estimates of 2026-11-30 (14/12/12 median 219-232 ms at 12 against
  // 137-151 ms at 14, 13 and 15-16 in between; two players: the typical position is solved by
  // the depth-first attempt as before, the hard ones take a few more nodes and 10-45% less CPU).
  int pns_leaf_cards = 14;
  // Search threads of one call (1 or 2). 2: a helper thread shares the depth-first searches
  // (split points: when a node's first move does not win, both threads take its other moves) and
  // the table; with proof numbers both threads then run the proof-number search from the root
  // (team mode, docs/solver.md). The answers are the same, node counts vary from run to run. One solver
  // per thread (MCTS) keeps 1.
  int threads = 1;
  // With 2 threads: nodes with at least this many cards in all hands may be split between the
  // threads (smaller subtrees cost less than handing them over). Tests use small values.
  int split_cards = 12;
  // With proof numbers: node budget of the depth-first attempt made at each root before the
  // proof-number search starts; -1: built in (two players 300k, three players 3k). Tests use 0 to
  // reach the proof-number search on small positions.
  int64_t pns_attempt_nodes = -1;
  // Three players, with proof numbers: the two-player node budget of each duel (search/
  // endgame_duel.h: one farmer against the landlord while its partner passes; a win there is the
  // farmers' win) tried when a position is first expanded; 0: no duels. 100 measured best of
  // 30-1000 (docs/history/solver.md, 2026-11-30).
  uint64_t duel_nodes = 100;
  // Called on the calling thread during a call, at most every progress_seconds of wall clock (0:
  // at every check point, a few thousand nodes apart); empty: no reports. `ddz solve` prints them.
  std::function<void(const SolverProgress&)> progress;
  double progress_seconds = 1.0;
};

struct SolverStats {
  uint64_t nodes = 0;  // positions visited (both threads)
  uint64_t helper_nodes = 0;  // of which the helper thread visited (threads = 2)
  uint64_t table_probes = 0;  // transposition table look-ups
  uint64_t table_hits = 0;  // look-ups that found the exact position
  uint64_t table_stores = 0;  // results written
  uint64_t table_evictions = 0;  // stores that overwrote another position
  uint64_t table_used = 0;  // entries holding a position after the call
  uint64_t table_capacity = 0;  // entries the table can hold
  double seconds = 0;  // wall-clock time of the call
  double cpu_seconds = 0;  // CPU time of the calling thread, plus the helper's with threads = 2
};

// One move of a principal variation: the seat that made it (two players: 0 = the side to move
// at the root, 1 = the other) and the move (pass included).
struct PvStep {
  int seat;
  Move move;
};

// Where a call stands (SolverOptions::progress; SolveResult::at_stop).
struct SolverProgress {
  // "value" (the root's value), "winning move" (the root is won: finding a winning first move),
  // "principal variation" (the line after it), "all wins" (searching every first move).
  const char* stage = "value";
  uint64_t nodes = 0;  // so far in this call, both threads (the helper's up to its last count)
  uint64_t table_used = 0, table_capacity = 0;
  double seconds = 0;  // wall clock since the call began
  // The proof-number search at work (proof_search false: none yet, e.g. in the depth-first
  // attempt): the proof and disproof numbers of its root, for that root's side to move: the
  // least number of positions still to be solved to prove it wins (pn) or loses (dn). Each
  // stage's value is searched from the position the line below reaches before its last part.
  bool proof_search = false;
  uint32_t pn = 0, dn = 0;
  // From the call's root: the principal variation found so far (stages after "value"), then the
  // line the proof-number search is expanding (its most proving path), forced passes included.
  std::vector<PvStep> line;
};

struct SolveResult {
  // false when max_nodes ran out or request_stop() stopped the call; then nothing below is
  // meaningful except as `value_known` says.
  bool complete = false;
  bool stopped = false;  // request_stop() ended the call
  // Not complete, but the root's value was found before the end: `win` holds, and so does
  // `winning_moves` when not empty; `pv` is the part of the line found.
  bool value_known = false;
  SolverProgress at_stop;  // when not complete: where the call stood when it ended
  bool win = false;  // the side (team) to move at the root wins under perfect play
  // Winning first moves of the side to move: all of them when requested, else the one found
  // (empty when the side to move loses). In the order the solver tried them.
  std::vector<Move> winning_moves;
  bool all_wins = false;  // winning_moves is the complete set
  // One line of perfect play from the root until a hand is empty; the winner plays winning
  // moves, the loser plays the first move in the solver's order.
  std::vector<PvStep> pv;
  int winner_seat = kNoSeat;  // seat that empties its hand at the end of pv
  SolverStats stats;
};

class EndgameSolver {
 public:
  explicit EndgameSolver(SolverOptions options = {});
  ~EndgameSolver();
  EndgameSolver(const EndgameSolver&) = delete;
  EndgameSolver& operator=(const EndgameSolver&) = delete;

  // Value for the side to move (its team, for a farmer) of a GameState in the play phase.
  // nullopt when max_nodes was exceeded. The table is kept between calls (entries are exact
  // and keyed by the full position, so they stay valid).
  std::optional<bool> side_to_move_wins(const GameState& s);
  std::optional<bool> side_to_move_wins(const TwoPlayerPosition& p);
  std::optional<bool> side_to_move_wins(const ThreePlayerPosition& p);

  // Full result: win flag, winning first moves (all of them when all_wins), PV, statistics.
  // Throws std::invalid_argument when check_position() rejects the position.
  SolveResult solve(const GameState& s, bool all_wins);
  SolveResult solve(const TwoPlayerPosition& p, bool all_wins);
  SolveResult solve(const ThreePlayerPosition& p, bool all_wins);

  // Ends the call in progress as soon as the search reaches its next check point (a few thousand
  // nodes): it returns "unknown" (nullopt; SolveResult::stopped). Safe from another thread and
  // from a signal handler (one lock-free atomic store). A request made while no call runs stops
  // the next call; the request is cleared when a call returns.
  void request_stop();

  // Statistics of the last call (side_to_move_wins or solve).
  const SolverStats& last_stats() const;
  // Forgets every stored position.
  void clear_table();
  const SolverOptions& options() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ddz
