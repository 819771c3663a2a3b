// Three players: every farmers' win that FarmerDuel proves from a two-player duel (one farmer
// against the landlord, the partner passing) must be a win under plain minimax.
#include <gtest/gtest.h>

#include <string>

#include "game/rng.h"
#include "solver/endgame_duel.h"
#include "solver/endgame_random.h"
#include "solver/endgame_reference.h"
#include "solver/endgame_solver.h"
#include "solver/endgame_table.h"
#include "tests/solver/position_text.h"

namespace ddz {
namespace {

using test_positions::describe;

// Which of the six cases of endgame_duel.h a position is (seat to move and who played the
// combination to beat), so the test can require that each case was proved at least once.
int duel_case(const ThreePlayerPosition& p) {
  if (p.to_beat.is_pass()) return p.to_move == 0 ? 0 : 1;
  if (p.to_move == 0) return 2;
  if (p.to_beat_seat == 0) return 3;
  return p.to_move == 1 ? 4 : 5;
}

TEST(EndgameDuel, DuelWinsAreFarmerWinsUnderMinimax) {
  EndgameTable table(16);
  endgame::FarmerDuel duel(table);
  Rng rng(20261201);
  int proved[6] = {0, 0, 0, 0, 0, 0}, farmer_wins = 0;
  for (int i = 0; i < 4000; ++i) {
    // Farmers of one to five cards against a landlord of two to seven: duels fire often.
    ThreePlayerPosition p = random_three_player(rng, 2 + int(rng.below(6)), 1 + int(rng.below(5)),
                                                1 + int(rng.below(5)), rng.below(3) != 0);
    const endgame::Node n = test_positions::node_of(p);
    const bool mover_wins = reference_side_to_move_wins(p);
    const bool farmers = p.to_move == 0 ? !mover_wins : mover_wins;
    farmer_wins += farmers;
    uint64_t nodes = 0;
    if (duel.farmers_win(n, 0, &nodes)) {
      ASSERT_TRUE(farmers) << "position " << i << ": " << describe(p);
      ++proved[duel_case(p)];
    }
  }
  // Every case of the duel table was used to prove a win (so each mapping is checked).
  for (int c = 0; c < 6; ++c) EXPECT_GT(proved[c], 10) << "case " << c;
  EXPECT_GT(farmer_wins, 1000);
}

// The solver with duels in its proof-number search (no depth-first attempt, depth-first leaves of
// at most three cards, so duels run at almost every expansion) against minimax.
TEST(EndgameDuel, SolverWithDuelsAgreesWithMinimax) {
  Rng rng(777);
  SolverOptions o{1, 0, true};
  o.pns_leaf_cards = 3;
  o.pns_attempt_nodes = 0;
  EndgameSolver solver(o);
  for (int i = 0; i < 600; ++i) {
    const ThreePlayerPosition p = random_three_player(rng, 2 + int(rng.below(6)), 1 + int(rng.below(6)),
                                                      1 + int(rng.below(6)), rng.below(2) == 1);
    ASSERT_EQ(solver.side_to_move_wins(p), std::optional<bool>(reference_side_to_move_wins(p)))
        << "position " << i << ": " << describe(p);
  }
}

}  // namespace
}  // namespace ddz
