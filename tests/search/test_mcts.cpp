// Tests of the MCTS search: it finds forced wins in known endgames (with the whole deal known and
// with hidden cards), is deterministic with a fixed seed and one thread, merges threads' trees,
// and rejects bad options.
#include <gtest/gtest.h>

#include <memory>

#include "game/movegen.h"
#include "search/mcts.h"
#include "search/rollout_evaluator.h"

namespace ddz {
namespace {

Mcts::EvaluatorFactory random_rollouts() {
  return [](uint64_t seed) { return std::make_unique<RolloutEvaluator>(seed, 1); };
}

// Farmer seat 1 to lead; the landlord (seat 0) had the kitty `kitty` and holds it plus `extra`;
// farmer seat 2 holds `farmer2`; every other card was played by seat 2. With `extra` empty the
// observation is determined (the landlord holds only known cards).
Observation farmer_view(const char* kitty, const char* extra, const char* farmer1, const char* farmer2) {
  Observation o;
  o.seat = 1;
  o.landlord = 0;
  o.to_move = 1;
  o.hand = parse_cards(farmer1);
  o.kitty = parse_cards(kitty);
  const Hand landlord = o.kitty + parse_cards(extra);
  const Hand f2 = parse_cards(farmer2);
  o.cards_left = {landlord.size(), o.hand.size(), f2.size()};
  o.played[2] = Hand::deck() - landlord - o.hand - f2;
  return o;
}

MctsOptions exact_options(int sims) {
  MctsOptions opt;
  opt.simulations = sims;
  opt.solver_cards = 54;  // every world below the root is solved
  opt.solver_nodes = 0;  // these positions are small: no cap needed
  opt.solver_table_mb = 4;
  return opt;
}

struct KnownWin {
  const char* landlord;
  const char* farmer1;
  const char* farmer2;
  const char* only_win;
};

TEST(Mcts, FindsTheOnlyWinWhenEverythingIsKnown) {
  // Positions checked with the exact solver: farmer 1 leads and exactly one of its moves wins.
  const KnownWin cases[] = {
      {"8Q2", "4689TJKX", "36Q", "6"},  // a lone 6, not the straight
      {"49D", "458889", "57TA", "4888"},  // trio with the 4, keeping 5 and 9
      {"522", "6689TJQKA", "5TQKA", "89TJQKA"},  // the 7-card straight, not the longest
      {"JKK", "36789TJQ", "5788TTQ", "6789TJQ"},
  };
  for (const KnownWin& c : cases) {
    const Observation obs = farmer_view(c.landlord, "", c.farmer1, c.farmer2);
    ASSERT_TRUE(world_is_determined(obs));
    Mcts mcts(exact_options(600), random_rollouts());
    const SearchResult r = mcts.search(obs, 1);
    EXPECT_EQ(to_string(r.best), c.only_win) << c.farmer1;
    EXPECT_GT(r.solver_calls, 0);
    for (const RootMoveStats& m : r.moves) {
      if (m.move == r.best) { EXPECT_DOUBLE_EQ(m.value, 1.0) << c.farmer1; }
    }
  }
}

TEST(Mcts, FindsTheMoveThatWinsInEveryWorld) {
  // The landlord holds its kitty 47X and one unseen card (D, or one of farmer 2's 6AA2). Most
  // first moves win in most of those worlds; only the pair of 3s wins in all of them.
  const Observation obs = farmer_view("47X", "D", "33348JQKA", "6AA2");
  ASSERT_FALSE(world_is_determined(obs));
  Mcts mcts(exact_options(3000), random_rollouts());
  const SearchResult r = mcts.search(obs, 3);
  EXPECT_EQ(to_string(r.best), "33");
  for (const RootMoveStats& m : r.moves) {
    if (m.move == r.best) { EXPECT_DOUBLE_EQ(m.value, 1.0); }
  }
}

// A mid-game observation from a seeded random game.
Observation midgame(uint64_t seed, int plies) {
  Rules rules;
  GameState s(seed, rules);
  Rng rng(seed);
  std::vector<Move> moves;
  for (int i = 0; i < plies && s.phase() == Phase::Play; ++i) {
    s.legal(moves);
    s.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
  }
  return observe(s, s.to_move());
}

TEST(Mcts, DeterministicWithFixedSeedAndOneThread) {
  MctsOptions opt;
  opt.simulations = 300;
  for (uint64_t game = 1; game <= 3; ++game) {
    const Observation obs = midgame(game, 6);
    Mcts a(opt, random_rollouts());
    Mcts b(opt, random_rollouts());
    const SearchResult ra = a.search(obs, 42);
    const SearchResult rb = b.search(obs, 42);
    const SearchResult ra2 = a.search(obs, 42);  // a second search on the same instance too
    ASSERT_EQ(ra.moves.size(), rb.moves.size());
    EXPECT_EQ(ra.best, rb.best);
    EXPECT_EQ(ra.best, ra2.best);
    for (size_t i = 0; i < ra.moves.size(); ++i) {
      EXPECT_EQ(ra.moves[i].visits, rb.moves[i].visits);
      EXPECT_EQ(ra.moves[i].visits, ra2.moves[i].visits);
      EXPECT_DOUBLE_EQ(ra.moves[i].value, rb.moves[i].value);
    }
  }
}

TEST(Mcts, TwoThreadsMergeTheirTrees) {
  MctsOptions opt;
  opt.simulations = 401;
  opt.threads = 2;
  const Observation obs = midgame(9, 3);
  Mcts mcts(opt, random_rollouts());
  const SearchResult r = mcts.search(obs, 7);
  EXPECT_EQ(r.simulations, 401);
  int visits = 0;
  for (const RootMoveStats& m : r.moves) visits += m.visits;
  EXPECT_EQ(visits, 401 - 2);  // each tree's first simulation only expands its root
  std::vector<Move> legal;
  obs.legal(legal);
  EXPECT_EQ(r.moves.size(), legal.size());
  EXPECT_NE(std::find(legal.begin(), legal.end(), r.best), legal.end());
}

TEST(Mcts, SingleLegalMoveNeedsNoSearch) {
  // Farmer 1 holds one 3 and must answer a 2: passing is its only move.
  Observation obs = farmer_view("47X", "", "3", "6A");
  obs.to_beat = Move{Hand::of(R2), MoveType::Solo, uint8_t(R2), 1};
  obs.to_beat_seat = 0;
  obs.played[2] -= Hand::of(R2);
  obs.played[0] += Hand::of(R2);
  MctsOptions opt;
  Mcts mcts(opt, random_rollouts());
  const SearchResult r = mcts.search(obs, 1);
  EXPECT_TRUE(r.best.is_pass());
  EXPECT_EQ(r.simulations, 0);
}

TEST(Mcts, TimeBudgetAloneEndsTheSearch) {
  MctsOptions opt;
  opt.simulations = 0;  // no simulation cap: only the clock stops it
  opt.time_ms = 20;
  const Observation obs = midgame(12, 0);  // the opening lead: many moves
  Mcts mcts(opt, random_rollouts());
  const SearchResult r = mcts.search(obs, 1);
  EXPECT_GE(r.simulations, 1);
  std::vector<Move> legal;
  obs.legal(legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), r.best), legal.end());
}

TEST(Mcts, RejectsBadOptions) {
  MctsOptions opt;
  opt.simulations = 0;
  EXPECT_THROW(Mcts(opt, random_rollouts()), std::invalid_argument);
  opt.simulations = 10;
  opt.threads = 0;
  EXPECT_THROW(Mcts(opt, random_rollouts()), std::invalid_argument);
  opt.threads = 1;
  EXPECT_THROW(Mcts(opt, nullptr), std::invalid_argument);
}

TEST(Mcts, InconsistentObservationThrows) {
  Observation obs = midgame(4, 5);
  obs.cards_left[(obs.seat + 1) % 3] += 1;
  MctsOptions opt;
  opt.simulations = 10;
  Mcts mcts(opt, random_rollouts());
  EXPECT_THROW(mcts.search(obs, 1), std::invalid_argument);
}

}  // namespace
}  // namespace ddz
