// Tests of the depth-first search's shortcuts that only save work: the sure-win pre-test never
// rejects a hand whose uncovered cards fit in one combination.
#include <gtest/gtest.h>

#include "game/cards.h"
#include "game/movegen.h"
#include "game/rng.h"
#include "solver/endgame_random.h"
#include "solver/endgame_search.h"
#include "solver/endgame_sure_win.h"

namespace ddz {
namespace {

// last_may_hold(me, covered) may say false only when no combination made from `me` holds every
// card of `me` at the ranks outside `covered` (brute force over all leads of `me`). It must also
// reject often, or it saves nothing.
TEST(EndgameFast, LastCombinationPretestIsANecessaryCondition) {
  Rng rng(1130);
  int rejected = 0;
  for (int i = 0; i < 6000; ++i) {
    const Hand me = random_two_player(rng, 1 + int(rng.below(15)), 1, false).to_move;
    const uint32_t ranks = endgame::at_least(me, 1);
    // Cover a random subset of the held ranks.
    const uint32_t covered = ranks & uint32_t(rng.below(1u << kNumRanks));
    Hand uncovered;
    for (int r = 0; r < kNumRanks; ++r)
      if (!(covered >> r & 1)) uncovered.add(r, me.count(r));
    bool fits = uncovered.empty();
    for (const Move& c : legal_moves(me, Move::pass()))
      if (!c.is_pass() && c.cards.contains(uncovered)) fits = true;
    const bool may = endgame::last_may_hold(me, covered);
    if (fits) { ASSERT_TRUE(may) << to_string(me) << " covered " << covered; }
    rejected += !may;
  }
  EXPECT_GT(rejected, 1500);
  // Cases random hands seldom give: the rocket left over, a chain left over, scattered ranks.
  const auto ranks_of = [](const char* cards) { return endgame::at_least(parse_cards(cards), 1); };
  EXPECT_TRUE(endgame::last_may_hold(parse_cards("34567XD"), ranks_of("34567")));
  EXPECT_TRUE(endgame::last_may_hold(parse_cards("345672"), ranks_of("2")));
  EXPECT_FALSE(endgame::last_may_hold(parse_cards("35792"), ranks_of("2")));
  EXPECT_FALSE(endgame::last_may_hold(parse_cards("3456792"), ranks_of("2")));
}

}  // namespace
}  // namespace ddz
