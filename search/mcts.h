// Information-set Monte Carlo tree search with PUCT over sampled worlds, and exact endgame values.
//
// Scheme (single-observer ISMCTS): one tree per search whose nodes are the public move sequences
// from the root observation, i.e. the acting seat's information sets (its own hand is fixed; the
// others' hands are hidden). Every simulation draws a fresh world (a full deal consistent with the
// observation, search/world_sampler.h) and walks the tree in that world: at each node only the
// moves legal in this world are candidates, and PUCT uses each edge's availability count (how
// often it was legal when its node was visited) in place of the parent visit count, so moves that
// exist only in some worlds are not starved or over-explored. Moves a node first meets in a later
// world are added then, with priors from the evaluator's PriorSource when it has one (else
// uniform). A leaf is expanded with one Evaluator call whose value is backed up. Values are kept
// from the view of each node's mover and its team (the two farmers are one side), in [-1, 1].
//
// Exact endgames: when the sampled world below the root has at most `solver_cards` cards left in
// all three hands, the leaf's value is the exact perfect-information result of that world from
// solver/endgame_solver.h (capped at solver_nodes; over the cap the evaluator is used instead), and
// the simulation stops there. Near the end the search thus becomes a PUCT-allocated average of
// exact values over sampled worlds. When the observation admits one world only (all hidden cards
// determined), a solved node's value is exact for every simulation: it is stored and reused.
//
// Threads: root parallelism. Each thread grows its own tree with its own evaluator (made by the
// factory) and its own random stream; the root statistics are summed. With a simulation budget
// the result depends only on (options, seed); with a time budget it depends on timing.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "game/observation.h"
#include "search/evaluator.h"
#include "search/world_sampler.h"

namespace ddz {

class EndgameSolver;

struct MctsOptions {
  // Simulations per search, summed over threads. 0 = no simulation cap (time_ms must be > 0).
  int simulations = 200;
  // Wall-clock budget per search in milliseconds; 0 = none. With both set, whichever ends first.
  double time_ms = 0;
  // PUCT exploration constant c in Q + c * P * sqrt(available) / (1 + visits).
  double c_puct = 1.5;
  // First-play urgency: an unvisited edge scores its node's mean value minus this.
  double fpu_reduction = 0.2;
  // Independent trees searched in parallel (root parallelism).
  int threads = 1;
  // Worlds with at most this many cards in all hands are solved exactly (0 = never).
  int solver_cards = 14;
  // Node cap of one solver call (0 = unlimited: may stall on big positions).
  uint64_t solver_nodes = 20000;
  // Transposition table of each thread's solver, MiB (kept between searches).
  int solver_table_mb = 8;
};

// Root statistics of one move, summed over threads. `value` is the mean backed-up value from
// the acting seat's team's view (0 when unvisited).
struct RootMoveStats {
  Move move;
  float prior = 0;
  int visits = 0;
  int available = 0;
  double value = 0;
};

struct SearchResult {
  Move best;  // most visited root move (ties: higher value, then order)
  std::vector<RootMoveStats> moves;  // every root move, in legal-move order
  int simulations = 0;
  int solver_calls = 0;  // solver calls that returned a value
  int solver_overflows = 0;  // calls that hit the node cap
  int tree_nodes = 0;  // nodes over all threads' trees
  double seconds = 0;
};

class Mcts {
 public:
  // Makes one evaluator per thread and search; `seed` gives it its own random stream.
  using EvaluatorFactory = std::function<std::unique_ptr<Evaluator>(uint64_t seed)>;

  // Throws std::invalid_argument on bad options (no budget, threads < 1, ...). A null sampler
  // means UniformWorldSampler.
  Mcts(const MctsOptions& options, EvaluatorFactory factory, std::shared_ptr<const WorldSampler> sampler = nullptr);
  ~Mcts();
  Mcts(const Mcts&) = delete;
  Mcts& operator=(const Mcts&) = delete;

  // Searches the play-phase position of obs (obs.to_move == obs.seat) and returns root
  // statistics and the chosen move. With a single legal move it returns at once (no simulation).
  // Not reentrant: one search at a time per Mcts.
  SearchResult search(const Observation& obs, uint64_t seed);

  const MctsOptions& options() const { return options_; }

 private:
  MctsOptions options_;
  EvaluatorFactory factory_;
  std::shared_ptr<const WorldSampler> sampler_;
  std::vector<std::unique_ptr<EndgameSolver>> solvers_;  // one per thread, tables kept
};

// The search result as readable text: one line per root move, most visited first.
std::string format_search(const SearchResult& result, const Observation& obs);

}  // namespace ddz
