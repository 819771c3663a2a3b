// The search's lead-list cache as the relay sure-win test uses it: when the leader's and the
// partner's hands share a cache slot, neither may lend the other its leads (unsound proofs).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game/movegen.h"
#include "game/rng.h"
#include "solver/endgame_sure_win.h"
#include "solver/endgame_reference.h"
#include "tests/solver/random_hands.h"
#include "solver/endgame_search.h"
#include "solver/endgame_table.h"

namespace ddz {
namespace {

using test_hands::draw;

// Farmer-to-lead positions whose leader and partner hands map to one slot of the direct-mapped
// lead cache (found by comparing the addresses of the cached lists, so the test does not
// depend on the hash): whenever the relay test on freshly generated leads proves a win, the
// search's sure-win tests (lead lists from the cache) must prove it too, and every win they
// prove must be a win under plain minimax. With both lists read from the shared slot, the
// relay test is fed one hand's leads twice and misses about a fifth of its proofs.
TEST(EndgameLeadCache, SureWinProofsHoldWhenLeaderAndPartnerShareASlot) {
  EndgameTable table(1);
  endgame::Search<3> search(table, 0);
  Rng rng(20261130);
  int collisions = 0, proved = 0, relays = 0;
  std::vector<Move> moves;
  for (int i = 0; collisions < 200 && i < 2000; ++i) {
    ThreePlayerPosition p;
    p.hands[0] = draw(rng, Hand::deck(), 1 + int(rng.below(5)));
    p.to_move = 1 + int(rng.below(2));
    const int partner = 3 - p.to_move;
    p.hands[size_t(p.to_move)] = draw(rng, Hand::deck() - p.hands[0], 2 + int(rng.below(5)));
    const Hand pool = Hand::deck() - p.hands[0] - p.hands[size_t(p.to_move)];
    const std::vector<Move>* leader_slot = &search.leads_of(p.hands[size_t(p.to_move)]);
    bool found = false;
    for (int tries = 0; tries < 40000 && !found; ++tries) {
      const Hand h = draw(rng, pool, 2 + int(rng.below(4)));
      found = &search.leads_of(h) == leader_slot;
      if (found) p.hands[size_t(partner)] = h;
    }
    if (!found) continue;
    ++collisions;
    const Hand leader = p.hands[size_t(p.to_move)], mate = p.hands[size_t(partner)];
    const bool fresh_relay = endgame::relay_wins(leader, mate, p.hands[0], p.to_move == 1,
                                                 legal_moves(leader, Move::pass()), legal_moves(mate, Move::pass()));
    endgame::Node n;
    for (int s = 0; s < 3; ++s) n.h[s] = p.hands[size_t(s)];
    n.to_move = p.to_move;
    search.ordered_moves(n, moves);
    const bool claimed = search.sure_win_after_ordering(n);
    if (fresh_relay) {
      ++relays;
      ASSERT_TRUE(claimed) << "relay missed: " << to_string(p.hands[0]) << " / " << to_string(p.hands[1]) << " / "
                           << to_string(p.hands[2]) << " to move " << p.to_move;
    }
    if (!claimed) continue;
    ++proved;
    ASSERT_TRUE(reference_side_to_move_wins(p)) << to_string(p.hands[0]) << " / " << to_string(p.hands[1]) << " / "
                                                << to_string(p.hands[2]) << " to move " << p.to_move;
  }
  EXPECT_GE(collisions, 200);
  EXPECT_GT(relays, 30);
  EXPECT_GT(proved, 40);
}

}  // namespace
}  // namespace ddz
