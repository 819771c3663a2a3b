// Team proof-number search tests (two threads both running df-pn from the root; two and three
// players): the same answers as plain minimax and as one thread, tiny tables, budgets, full solves.
#include <gtest/gtest.h>

#include <string>

#include "solver/endgame_random.h"
#include "solver/endgame_reference.h"
#include "solver/endgame_solver.h"
#include "tests/solver/position_text.h"

namespace ddz {
namespace {

// Team mode on small positions: no depth-first attempt and depth-first leaves of at most
// `leaf_cards` cards, so that both threads expand proof-number nodes even here, race to the
// root's answer and stop each other thousands of times.
SolverOptions team_options(size_t table_mb, uint64_t max_nodes, int leaf_cards) {
  SolverOptions o{table_mb, max_nodes, true};
  o.threads = 2;
  o.pns_leaf_cards = leaf_cards;
  o.pns_attempt_nodes = 0;
  return o;
}

using test_positions::describe;

TEST(EndgameTeam, AgreesWithMinimaxOnSmallPositions) {
  Rng rng(20261130);
  EndgameSolver team(team_options(1, 0, 3));
  uint64_t helper_nodes = 0;
  int wins = 0;
  for (int i = 0; i < 500; ++i) {
    const ThreePlayerPosition p = random_three_player(rng, 2 + int(rng.below(5)), 2 + int(rng.below(5)),
                                                      2 + int(rng.below(5)), rng.below(2) == 1);
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(team.side_to_move_wins(p), std::optional<bool>(expected)) << "position " << i << ": " << describe(p);
    helper_nodes += team.last_stats().helper_nodes;
    wins += expected;
  }
  for (int i = 0; i < 300; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 2 + int(rng.below(6)), 2 + int(rng.below(6)), rng.below(2) == 1);
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(team.side_to_move_wins(p), std::optional<bool>(expected)) << "position " << i << ": " << describe(p);
    helper_nodes += team.last_stats().helper_nodes;
    wins += expected;
  }
  EXPECT_GT(wins, 200);
  EXPECT_LT(wins, 600);
  RecordProperty("helper_nodes", std::to_string(helper_nodes));
}

TEST(EndgameTeam, AgreesWithOneThreadOnMidSizePositions) {
  Rng rng(4711);
  EndgameSolver one(SolverOptions{16, 0});
  EndgameSolver team(team_options(16, 0, 8));
  uint64_t helper_nodes = 0;
  for (int i = 0; i < 40; ++i) {
    const ThreePlayerPosition p = random_three_player(rng, 7 + int(rng.below(4)), 5 + int(rng.below(4)),
                                                      5 + int(rng.below(4)), rng.below(2) == 1);
    const auto expected = one.side_to_move_wins(p);
    ASSERT_TRUE(expected.has_value());
    ASSERT_EQ(team.side_to_move_wins(p), expected) << describe(p);
    helper_nodes += team.last_stats().helper_nodes;
    const TwoPlayerPosition q = random_two_player(rng, 7 + int(rng.below(4)), 7 + int(rng.below(4)), rng.below(2) == 1);
    const auto expected2 = one.side_to_move_wins(q);
    ASSERT_TRUE(expected2.has_value());
    ASSERT_EQ(team.side_to_move_wins(q), expected2) << describe(q);
    helper_nodes += team.last_stats().helper_nodes;
  }
  // The helper searched: the comparison covers the team code, not just thread 0.
  RecordProperty("helper_nodes", std::to_string(helper_nodes));
  EXPECT_GT(helper_nodes, 1000u);
}

TEST(EndgameTeam, OneBucketTableStaysExact) {
  // Evictions everywhere: the threads' numbers overwrite each other's all the time.
  Rng rng(99);
  EndgameSolver tiny(team_options(0, 0, 2));
  for (int i = 0; i < 200; ++i) {
    const ThreePlayerPosition p = random_three_player(rng, 2 + int(rng.below(4)), 2 + int(rng.below(4)),
                                                      2 + int(rng.below(4)), rng.below(2) == 1);
    ASSERT_EQ(tiny.side_to_move_wins(p), std::optional<bool>(reference_side_to_move_wins(p))) << describe(p);
  }
}

// Budgeted calls: either unknown or exact, and a table filled by cut calls keeps later calls exact.
TEST(EndgameTeam, BudgetsGiveUnknownOrExactAnswers) {
  Rng rng(31337);
  EndgameSolver exact(SolverOptions{16, 0});
  int finished = 0, unknown = 0;
  for (uint64_t budget : {200ull, 2000ull}) {
    EndgameSolver budgeted(team_options(16, budget, 6));
    test_positions::check_budgeted_calls(
        exact, budgeted, 40, 3,
        [&] {
          return random_three_player(rng, 6 + int(rng.below(4)), 5 + int(rng.below(4)), 5 + int(rng.below(4)),
                                     rng.below(2) == 1);
        },
        &finished, &unknown);
    ASSERT_FALSE(HasFatalFailure()) << "budget " << budget;
  }
  EXPECT_GT(finished, 20) << unknown;
  EXPECT_GT(unknown, 20) << finished;
}

TEST(EndgameTeam, FullSolvesMatchOneThread) {
  // solve() runs many roots per call (winning moves, every step of the PV), each a team race.
  Rng rng(8080);
  EndgameSolver one(SolverOptions{16, 0});
  EndgameSolver team(team_options(16, 0, 6));
  for (int i = 0; i < 30; ++i) {
    const ThreePlayerPosition p = random_three_player(rng, 5 + int(rng.below(4)), 4 + int(rng.below(4)),
                                                      4 + int(rng.below(4)), rng.below(2) == 1);
    const SolveResult a = team.solve(p, true), b = one.solve(p, true);
    ASSERT_TRUE(a.complete) << describe(p);
    ASSERT_EQ(a.win, b.win) << describe(p);
    ASSERT_EQ(a.winning_moves, b.winning_moves) << describe(p);
    ASSERT_FALSE(a.pv.empty());
  }
}

}  // namespace
}  // namespace ddz
