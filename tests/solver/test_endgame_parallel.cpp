// Parallel endgame search tests: two threads give the same answers as one thread and as plain
// minimax (two and three players, small and mid-size), budgets give unknown, tiny tables stay exact.
#include <gtest/gtest.h>

#include <string>

#include "solver/endgame_random.h"
#include "solver/endgame_reference.h"
#include "solver/endgame_solver.h"
#include "tests/solver/position_text.h"

namespace ddz {
namespace {

// Two threads that split at almost every node (split_cards 2), so that handing children over,
// stopping a brother when one wins and waiting for the helper happen thousands of times.
SolverOptions parallel_options(size_t table_mb, uint64_t max_nodes, bool proof_numbers = true) {
  SolverOptions o{table_mb, max_nodes, proof_numbers};
  o.threads = 2;
  o.split_cards = 2;
  return o;
}

using test_positions::describe;

TEST(EndgameParallel, AgreesWithMinimaxOnSmallPositions) {
  Rng rng(424242);
  // Depth-first throughout, and proof numbers (whose depth-first attempt and leaves split).
  EndgameSolver dfs(parallel_options(1, 0, false));
  EndgameSolver pns(parallel_options(1, 0, true));
  uint64_t helper_nodes = 0;
  int wins = 0;
  for (int i = 0; i < 400; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 3 + int(rng.below(5)), 3 + int(rng.below(5)), rng.below(2) == 1);
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(dfs.side_to_move_wins(p), std::optional<bool>(expected)) << "position " << i << ": " << describe(p);
    helper_nodes += dfs.last_stats().helper_nodes;
    ASSERT_EQ(pns.side_to_move_wins(p), std::optional<bool>(expected)) << "position " << i << ": " << describe(p);
    wins += expected;
  }
  for (int i = 0; i < 300; ++i) {
    const ThreePlayerPosition p = random_three_player(rng, 2 + int(rng.below(5)), 2 + int(rng.below(4)),
                                                      2 + int(rng.below(4)), rng.below(2) == 1);
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(dfs.side_to_move_wins(p), std::optional<bool>(expected)) << "position " << i << ": " << describe(p);
    helper_nodes += dfs.last_stats().helper_nodes;
    ASSERT_EQ(pns.side_to_move_wins(p), std::optional<bool>(expected)) << "position " << i << ": " << describe(p);
    wins += expected;
  }
  EXPECT_GT(wins, 100);
  EXPECT_LT(wins, 600);
  // How much the helper searched depends on the machine's load (these solves take well under a
  // millisecond); the mid-size test below checks that it takes part.
  RecordProperty("helper_nodes", std::to_string(helper_nodes));
}

TEST(EndgameParallel, AgreesWithOneThreadOnMidSizePositions) {
  Rng rng(1313);
  EndgameSolver one(SolverOptions{16, 0});
  EndgameSolver two(parallel_options(16, 0));
  SolverOptions o = parallel_options(16, 0, false);
  o.split_cards = 8;
  EndgameSolver two_dfs(o);
  uint64_t helper_nodes = 0;
  for (int i = 0; i < 30; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 7 + int(rng.below(4)), 7 + int(rng.below(4)), rng.below(2) == 1);
    const auto expected = one.side_to_move_wins(p);
    ASSERT_EQ(two.side_to_move_wins(p), expected) << describe(p);
    helper_nodes += two.last_stats().helper_nodes;
    ASSERT_EQ(two_dfs.side_to_move_wins(p), expected) << describe(p);
    const ThreePlayerPosition q = random_three_player(rng, 7 + int(rng.below(3)), 5 + int(rng.below(3)),
                                                      5 + int(rng.below(3)), rng.below(2) == 1);
    const auto expected3 = one.side_to_move_wins(q);
    ASSERT_EQ(two.side_to_move_wins(q), expected3) << describe(q);
    helper_nodes += two.last_stats().helper_nodes;
    ASSERT_EQ(two_dfs.side_to_move_wins(q), expected3) << describe(q);
  }
  // The helper did search (split points, leaves of the proof-number search): the comparison
  // covers the parallel code.
  EXPECT_GT(helper_nodes, 0u);
}

TEST(EndgameParallel, OneBucketTableStaysExact) {
  Rng rng(77);
  EndgameSolver tiny(parallel_options(0, 0));
  EndgameSolver tiny_dfs(parallel_options(0, 0, false));
  for (int i = 0; i < 150; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 2 + int(rng.below(5)), 2 + int(rng.below(5)), rng.below(2) == 1);
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(tiny.side_to_move_wins(p), std::optional<bool>(expected)) << describe(p);
    ASSERT_EQ(tiny_dfs.side_to_move_wins(p), std::optional<bool>(expected)) << describe(p);
    const ThreePlayerPosition q = random_three_player(rng, 2 + int(rng.below(4)), 2 + int(rng.below(3)),
                                                      2 + int(rng.below(3)), rng.below(2) == 1);
    const bool expected3 = reference_side_to_move_wins(q);
    ASSERT_EQ(tiny.side_to_move_wins(q), std::optional<bool>(expected3)) << describe(q);
    ASSERT_EQ(tiny_dfs.side_to_move_wins(q), std::optional<bool>(expected3)) << describe(q);
  }
}

TEST(EndgameParallel, NodeBudgetGivesUnknownAndStoresNothingUnfinished) {
  const TwoPlayerPosition p{parse_cards("448999TJJQQAD"), parse_cards("336688TAA22X"), Move::pass()};
  for (uint64_t budget : {50ull, 5000ull, 40000ull}) {
    for (bool proof_numbers : {false, true}) {
      EndgameSolver solver(parallel_options(16, budget, proof_numbers));
      EXPECT_FALSE(solver.side_to_move_wins(p).has_value()) << budget;
      EXPECT_FALSE(solver.solve(p, true).complete) << budget;
    }
  }
  // The budget counts both threads' nodes (each may overshoot by one chunk of 512).
  EndgameSolver solver(parallel_options(16, 40000, false));
  EXPECT_FALSE(solver.side_to_move_wins(p).has_value());
  EXPECT_LT(solver.last_stats().nodes, 40000u + 2 * 512 + 2);
}

// A solver whose calls often run out must keep only finished results in its table: its later
// calls (which reuse that table) that do finish are exact.
TEST(EndgameParallel, BudgetedCallsStoreOnlyFinishedResults) {
  Rng rng(5150);
  EndgameSolver exact(SolverOptions{16, 0});
  int finished = 0, unknown = 0;
  for (uint64_t budget : {100ull, 300ull, 3000ull}) {
    for (bool proof_numbers : {false, true}) {
      EndgameSolver budgeted(parallel_options(16, budget, proof_numbers));
      test_positions::check_budgeted_calls(
          exact, budgeted, 100, 4,
          [&] { return random_two_player(rng, 5 + int(rng.below(5)), 5 + int(rng.below(5)), rng.below(2) == 1); },
          &finished, &unknown);
      ASSERT_FALSE(HasFatalFailure()) << "budget " << budget;
    }
  }
  // Both kinds occur, so the budget cuts searches that the table then serves. (How many of each
  // depends on how the two threads share the budget: 2,206 finished and 194 unknown under
  // ThreadSanitizer's slowdown, so the bounds leave room for a starved helper.)
  EXPECT_GT(finished, 100) << unknown;
  EXPECT_GT(unknown, 100) << finished;
}

TEST(EndgameParallel, RepeatedSolvesOnOneSolver) {
  // One solver, many calls (the helper thread sleeps and wakes for each), table kept; full
  // solve() calls (winning-move sets, PVs) as well.
  Rng rng(9001);
  EndgameSolver two(parallel_options(4, 0));
  EndgameSolver one(SolverOptions{4, 0});
  for (int i = 0; i < 200; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 4 + int(rng.below(4)), 4 + int(rng.below(4)), rng.below(2) == 1);
    ASSERT_EQ(two.side_to_move_wins(p), one.side_to_move_wins(p)) << describe(p);
    if (i % 10 == 0) {
      const SolveResult a = two.solve(p, true), b = one.solve(p, true);
      ASSERT_TRUE(a.complete);
      ASSERT_EQ(a.win, b.win);
      ASSERT_EQ(a.winning_moves, b.winning_moves) << describe(p);
      ASSERT_FALSE(a.pv.empty());
    }
  }
  EndgameSolver puzzle(parallel_options(16, 0));
  const TwoPlayerPosition q{parse_cards("448999TJJQQAD"), parse_cards("336688TAA22X"), Move::pass()};
  for (int i = 0; i < 3; ++i) {
    const SolveResult r = puzzle.solve(q, true);
    ASSERT_TRUE(r.complete);
    EXPECT_TRUE(r.win);
    ASSERT_EQ(r.winning_moves.size(), 1u);
    EXPECT_EQ(to_string(r.winning_moves[0]), "8");
    puzzle.clear_table();
  }
}

}  // namespace
}  // namespace ddz
