// Tests of the `gumbel` agent (the self-play search as a player): legal full games with bidding,
// the same games for the same seeds, network rollouts, rollouts finished by the solver, the
// confidence shortcut, its settings and their errors named with the spec.
#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "agent/agent_spec.h"
#include "arena/arena.h"
#include "agent/factory.h"
#include "agent/gumbel_agent.h"
#include "models/net_evaluator.h"
#include "search/gumbel_search.h"
#include "agent/net_agent.h"
#include "agent/play_game.h"
#include "agent/policy_rollout_agent.h"
#include "small_model_file.h"

namespace ddz {
namespace {

TEST(GumbelAgent, PlaysLegalReproducibleGames) {
  const std::string path = testing::small_model_file("", "gumbel", 7);
  const std::string spec = "gumbel:" + path + ",sims=8,k=4,rollout_mix=1,solver=10";
  Rules rules;
  rules.bidding = true;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    std::array<std::unique_ptr<Agent>, kNumSeats> a, b;
    for (int s = 0; s < kNumSeats; ++s) {
      a[size_t(s)] = make_agent(s == 0 ? spec : "heuristic");
      b[size_t(s)] = make_agent(s == 0 ? spec : "heuristic");
    }
    // play_game throws on any illegal bid or move.
    const GameState g1 = play_game({a[0].get(), a[1].get(), a[2].get()}, seed, rules);
    const GameState g2 = play_game({b[0].get(), b[1].get(), b[2].get()}, seed, rules);
    ASSERT_EQ(g1.phase(), Phase::Over);
    ASSERT_EQ(g1.history().size(), g2.history().size()) << "seed " << seed;
    for (size_t i = 0; i < g1.history().size(); ++i) ASSERT_EQ(g1.history()[i].move, g2.history()[i].move);
  }
  std::remove(path.c_str());
}

// bid=mcts hands the bids to the `mcts` agent's simulation; its games stay legal and
// reproducible, and some deals are bid differently from the bid head of random weights.
TEST(GumbelAgent, BidsBySearchWhenAsked) {
  const std::string path = testing::small_model_file("", "gumbel_bid", 9);
  Rules rules;
  rules.bidding = true;
  int differ = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    auto head = make_agent("gumbel:" + path + ",sims=4,k=2,rollout_mix=1");
    auto search = make_agent("gumbel:" + path + ",sims=4,k=2,rollout_mix=1,bid=mcts");
    auto again = make_agent("gumbel:" + path + ",sims=4,k=2,rollout_mix=1,bid=mcts");
    auto h1 = make_agent("heuristic"), h2 = make_agent("heuristic");
    const GameState a = play_game({search.get(), h1.get(), h2.get()}, seed, rules);
    const GameState b = play_game({again.get(), h1.get(), h2.get()}, seed, rules);
    const GameState c = play_game({head.get(), h1.get(), h2.get()}, seed, rules);
    ASSERT_EQ(a.bids().size(), b.bids().size());
    for (size_t i = 0; i < a.bids().size(); ++i) ASSERT_EQ(a.bids()[i].bid, b.bids()[i].bid);
    if (a.bids().size() != c.bids().size() || a.bids()[0].bid != c.bids()[0].bid || a.landlord() != c.landlord())
      ++differ;
  }
  EXPECT_GT(differ, 0);
  std::remove(path.c_str());
}

// rollout=net: legal, reproducible games whose rollouts the network plays, and they differ from
// heuristic rollouts' games on some deal (the judge changed).
TEST(GumbelAgent, NetworkRolloutsPlayLegalGamesOfTheirOwn) {
  const std::string path = testing::small_model_file("", "gumbel_netroll", 11);
  const std::string base = "gumbel:" + path + ",sims=8,k=4,rollout_mix=1,c_scale=1";
  int differ = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    auto n1 = make_agent(base + ",rollout=net"), n2 = make_agent(base + ",rollout=net");
    auto h = make_agent(base);
    auto o1 = make_agent("heuristic"), o2 = make_agent("heuristic");
    const GameState a = play_game({n1.get(), o1.get(), o2.get()}, seed, Rules{});
    const GameState b = play_game({n2.get(), o1.get(), o2.get()}, seed, Rules{});
    const GameState c = play_game({h.get(), o1.get(), o2.get()}, seed, Rules{});
    ASSERT_EQ(a.phase(), Phase::Over);
    ASSERT_EQ(a.history().size(), b.history().size()) << "seed " << seed;
    for (size_t i = 0; i < a.history().size(); ++i) ASSERT_EQ(a.history()[i].move, b.history()[i].move);
    bool same = a.history().size() == c.history().size();
    for (size_t i = 0; same && i < a.history().size(); ++i) same = a.history()[i].move == c.history()[i].move;
    differ += same ? 0 : 1;
  }
  EXPECT_GT(differ, 0);
  std::remove(path.c_str());
}

// With others=heuristic the opposing side's seats play the heuristic's moves, the searching
// seat's side the network's.
TEST(GumbelAgent, RolloutOthersPlayTheOpposingSide) {
  const std::string path = testing::small_model_file("", "rollout_others", 15);
  const auto model = load_model_cached(path);
  PolicyRolloutAgent mixed(*model->net, make_agent("heuristic"));
  PolicyRolloutAgent plain(*model->net);
  auto heuristic = make_agent("heuristic");
  int opposing = 0, own = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    GameState s(seed);
    const int root = int(seed % 3);
    mixed.set_root_seat(root);
    while (s.phase() == Phase::Play) {
      const Observation obs = observe(s, s.to_move());
      const Move m = mixed.play(obs);
      if (obs.teammates(root, obs.seat)) {
        ASSERT_EQ(m, plain.play(obs));
        ++own;
      } else {
        ASSERT_EQ(m, heuristic->play(obs));
        ++opposing;
      }
      s.apply_trusted(m);
    }
  }
  EXPECT_GT(own, 10);
  EXPECT_GT(opposing, 10);
  std::remove(path.c_str());
}

// The rollout agent plays what the `net` agent plays at temperature 0: the policy's argmax.
TEST(GumbelAgent, PolicyRolloutAgentPlaysThePolicysArgmax) {
  const std::string path = testing::small_model_file("", "policy_rollout", 12);
  const auto model = load_model_cached(path);
  PolicyRolloutAgent rollout(*model->net);
  auto net = make_agent("net:" + path);
  std::vector<Move> moves;
  int checked = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    GameState s(seed);
    while (s.phase() == Phase::Play) {
      const Observation obs = observe(s, s.to_move());
      const Move m = rollout.play(obs);
      ASSERT_EQ(m, net->play(obs));
      obs.legal(moves);
      if (moves.size() > 1) {
        const std::vector<float> logits = policy_logits(NetEvaluator::borrowing(*model->net), obs, moves);
        const size_t best = size_t(std::max_element(logits.begin(), logits.end()) - logits.begin());
        ASSERT_EQ(m, moves[best]);
        ++checked;
      }
      s.apply_trusted(m);
    }
  }
  EXPECT_GT(checked, 20);
  std::remove(path.c_str());
}

// A rollout stopped at once (rollout_solver_cards above every world's card count) is scored by
// the exact solver from the candidate's position: the same values as solver_cards there.
TEST(GumbelAgent, RolloutsStoppedAtOnceAreTheSolversValues) {
  const std::string path = testing::small_model_file("", "rollout_solver", 13);
  const auto model = load_model_cached(path);
  SolverOptions so;
  so.table_mb = 1;
  so.max_nodes = 0;  // no cap: every world is solved
  EndgameSolver solver_a(so), solver_b(so);
  PlayoutEvaluator rollouts_a(make_agent("heuristic"), 1), rollouts_b(make_agent("heuristic"), 1);
  std::vector<Move> moves;
  int compared = 0;
  for (uint64_t seed = 1; compared < 6 && seed < 200; ++seed) {
    GameState s(seed);
    Rng walk(seed);
    // Play random moves until few cards are left, so that each world solves quickly.
    while (s.phase() == Phase::Play && s.hand(0).size() + s.hand(1).size() + s.hand(2).size() > 14) {
      s.legal(moves);
      s.apply_trusted(moves[walk.below(uint32_t(moves.size()))]);
    }
    if (s.phase() != Phase::Play) continue;
    const Observation obs = observe(s, s.to_move());
    obs.legal(moves);
    if (moves.size() < 2) continue;
    GumbelSettings by_rollout;
    by_rollout.sims = 8;
    by_rollout.k = 2;
    by_rollout.noise = false;
    by_rollout.rollout_mix = 1.0;
    by_rollout.rollout_solver_cards = 54;
    GumbelSettings by_solver = by_rollout;
    by_solver.rollout_solver_cards = 0;
    by_solver.solver_cards = 54;
    Rng ra(seed), rb(seed);
    const GumbelResult a =
        gumbel_search(NetEvaluator::borrowing(*model->net), obs, moves, by_rollout, ra, &rollouts_a, &solver_a);
    const GumbelResult b =
        gumbel_search(NetEvaluator::borrowing(*model->net), obs, moves, by_solver, rb, &rollouts_b, &solver_b);
    ASSERT_EQ(a.visits, b.visits);
    for (size_t i = 0; i < moves.size(); ++i) ASSERT_FLOAT_EQ(a.q[i], b.q[i]) << "seed " << seed << " move " << i;
    ++compared;
  }
  EXPECT_EQ(compared, 6);
  std::remove(path.c_str());
}

// confident=0 plays every move at once: the policy's argmax, like the `net` agent.
TEST(GumbelAgent, ConfidentMovesSkipTheSearch) {
  const std::string path = testing::small_model_file("", "gumbel_confident", 14);
  auto sure = make_agent("gumbel:" + path + ",sims=8,k=4,rollout_mix=1,confident=0");
  auto net = make_agent("net:" + path);
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    GameState s(seed);
    while (s.phase() == Phase::Play) {
      const Observation obs = observe(s, s.to_move());
      const Move m = sure->play(obs);
      ASSERT_EQ(m, net->play(obs));
      s.apply_trusted(m);
    }
  }
  std::remove(path.c_str());
}

// search_cards=20: while the hands hold more than 20 cards the policy's argmax is played without
// a simulation; from 20 down every move with a choice is searched.
TEST(GumbelAgent, SearchCardsLeavesTheOpeningToThePolicy) {
  const std::string path = testing::small_model_file("", "gumbel_search_cards", 15);
  auto agent = make_agent("gumbel:" + path + ",sims=8,k=4,rollout_mix=1,search_cards=20");
  auto* gumbel = dynamic_cast<GumbelAgent*>(agent.get());
  ASSERT_NE(gumbel, nullptr);
  auto net = make_agent("net:" + path);
  int policy_moves = 0, searched = 0;
  std::vector<Move> legal;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    agent->new_game(seed);
    GameState s(seed);
    while (s.phase() == Phase::Play) {
      const Observation obs = observe(s, s.to_move());
      obs.legal(legal);
      const Move m = agent->play(obs);
      if (legal.size() > 1) {
        const int cards = obs.cards_left[0] + obs.cards_left[1] + obs.cards_left[2];
        if (cards > 20) {
          EXPECT_EQ(m, net->play(obs));
          EXPECT_EQ(gumbel->last_search().simulations, 0u);
          ++policy_moves;
        } else {
          EXPECT_GT(gumbel->last_search().simulations, 0u);
          ++searched;
        }
      }
      s.apply_trusted(m);
    }
  }
  EXPECT_GT(policy_moves, 0);
  EXPECT_GT(searched, 0);
  std::remove(path.c_str());
}

TEST(GumbelAgent, SettingsAreCheckedAndNamed) {
  const std::string path = testing::small_model_file("", "gumbel_bad", 8);
  EXPECT_NO_THROW(make_agent("gumbel:" + path + ",sims=4,k=2,rollout_mix=0.5,stakes=1"));
  EXPECT_NO_THROW(
      make_agent("gumbel:" + path + ",sims=4,k=2,rollout=net,rollout_solver=12,confident=0.9,others=heuristic"));
  EXPECT_NO_THROW(make_agent("gumbel:" + path + ",sims=4,k=2,rollout_mix=1,infer=0.2,infer_draws=16"));
  for (const std::string bad : {",k=9,sims=4", ",bogus=1", ",rollout_mix=2", ",solver=99", ",bid=guess",
                                ",rollout=mcts", ",rollout_solver=55", ",confident=1.5", ",others=random",
                                ",others=seats", ",search_cards=55", ",infer_draws=0", ",noise=1", ",rescale=1"}) {
    try {
      make_agent("gumbel:" + path + bad);
      ADD_FAILURE() << "accepted " << bad;
    } catch (const AgentSpecError& e) {
      EXPECT_NE(std::string(e.what()).find("gumbel:"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(make_agent("gumbel:/nonexistent/file.ddz"), AgentSpecError);
  EXPECT_THROW(make_agent("gumbel"), AgentSpecError);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace ddz
