// Tests of the `mcts` agent: settings from spec and YAML (unknown keys rejected with the key and
// file named), whole games with legal moves and reproducible results, bidding by simulated
// results, and exact endgame play.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "agent/factory.h"
#include "arena/game_record.h"
#include "search/playout_evaluator.h"
#include "agent/mcts_agent.h"
#include "agent/play_game.h"

namespace ddz {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "ddz_test_mcts_" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(MctsAgentConfig, SpecSettings) {
  const auto c = mcts_config_from_spec(AgentSpec::parse("mcts:sims=77,c=2.5,threads=2,solver=0,rollout=random,seed=9"));
  EXPECT_EQ(c.search.simulations, 77);
  EXPECT_DOUBLE_EQ(c.search.c_puct, 2.5);
  EXPECT_EQ(c.search.threads, 2);
  EXPECT_EQ(c.search.solver_cards, 0);
  EXPECT_EQ(c.rollout, "random");
  EXPECT_EQ(c.seed, 9u);
}

TEST(MctsAgentConfig, BadSpecsNameTheProblem) {
  auto message = [](const std::string& spec) {
    try {
      make_agent(spec);
    } catch (const AgentSpecError& e) { return std::string(e.what()); }
    return std::string("no error");
  };
  EXPECT_NE(message("mcts:simz=5").find("simz"), std::string::npos);
  EXPECT_NE(message("mcts:sims=-3").find("sims"), std::string::npos);
  EXPECT_NE(message("mcts:rollout=smart").find("rollout"), std::string::npos);
  EXPECT_NE(message("mcts:c=abc").find("\"c\""), std::string::npos);
  EXPECT_NE(message("mcts:sims=0").find("ms"), std::string::npos);  // no budget at all
  EXPECT_NE(message("mcts:config=/nonexistent/x.yaml").find("/nonexistent/x.yaml"), std::string::npos);
}

TEST(MctsAgentConfig, YamlFileAndOverrides) {
  const std::string path = write_temp("good.yaml", "sims: 33\nc: 0.7\nrollout: random\n");
  const auto c = mcts_config_from_spec(AgentSpec::parse("mcts:config=" + path + ",c=1.1"));
  EXPECT_EQ(c.search.simulations, 33);
  EXPECT_DOUBLE_EQ(c.search.c_puct, 1.1);  // the spec wins over the file
  EXPECT_EQ(c.rollout, "random");

  const std::string unknown = write_temp("unknown.yaml", "sims: 10\nexploration: 3\n");
  try {
    load_mcts_config(unknown);
    FAIL() << "unknown key accepted";
  } catch (const AgentSpecError& e) {
    EXPECT_NE(std::string(e.what()).find("exploration"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(unknown), std::string::npos) << e.what();
  }
  const std::string bad_value = write_temp("bad.yaml", "threads: many\n");
  EXPECT_THROW(load_mcts_config(bad_value), AgentSpecError);
  const std::string not_map = write_temp("list.yaml", "- 1\n- 2\n");
  EXPECT_THROW(load_mcts_config(not_map), AgentSpecError);
  std::remove(path.c_str());
  std::remove(unknown.c_str());
  std::remove(bad_value.c_str());
  std::remove(not_map.c_str());
}

TEST(MctsAgentConfig, ShippedConfigHoldsTheDefaults) {
  const MctsAgentConfig d;
  const MctsAgentConfig c = load_mcts_config(std::string(DDZ_SOURCE_DIR) + "/configs/mcts.yaml");
  EXPECT_EQ(c.search.simulations, d.search.simulations);
  EXPECT_DOUBLE_EQ(c.search.time_ms, d.search.time_ms);
  EXPECT_DOUBLE_EQ(c.search.c_puct, d.search.c_puct);
  EXPECT_DOUBLE_EQ(c.search.fpu_reduction, d.search.fpu_reduction);
  EXPECT_EQ(c.search.threads, d.search.threads);
  EXPECT_EQ(c.search.solver_cards, d.search.solver_cards);
  EXPECT_EQ(c.search.solver_nodes, d.search.solver_nodes);
  EXPECT_EQ(c.search.solver_table_mb, d.search.solver_table_mb);
  EXPECT_EQ(c.rollout, d.rollout);
  EXPECT_EQ(c.priors, d.priors);
  EXPECT_DOUBLE_EQ(c.prior_weight, d.prior_weight);
  EXPECT_EQ(c.rollouts, d.rollouts);
  EXPECT_DOUBLE_EQ(c.epsilon, d.epsilon);
  EXPECT_EQ(c.bid_deals, d.bid_deals);
  EXPECT_DOUBLE_EQ(c.bid_margin, d.bid_margin);
  EXPECT_EQ(c.seed, d.seed);
}

TEST(MctsAgent, PlaysWholeGamesReproducibly) {
  Rules rules;
  for (uint64_t seed : {3u, 4u}) {
    rules.fixed_landlord = int(seed % 3);
    auto a = make_agent("mcts:sims=40");
    auto b = make_agent("heuristic");
    auto c = make_agent("random");
    const GameState g1 = play_game({a.get(), b.get(), c.get()}, seed, rules);
    auto a2 = make_agent("mcts:sims=40");
    const GameState g2 = play_game({a2.get(), b.get(), c.get()}, seed, rules);
    ASSERT_EQ(g1.phase(), Phase::Over);
    EXPECT_EQ(g1.check_consistency(), "");
    ASSERT_EQ(g1.history().size(), g2.history().size());
    for (size_t i = 0; i < g1.history().size(); ++i) EXPECT_EQ(g1.history()[i].move, g2.history()[i].move);
  }
}

TEST(MctsAgent, PlaysWithBiddingAndTwoThreads) {
  Rules rules;
  rules.bidding = true;
  auto a = make_agent("mcts:sims=30,threads=2,bid_deals=8");
  auto b = make_agent("random");
  auto c = make_agent("heuristic");
  const GameState g = play_game({a.get(), b.get(), c.get()}, 11, rules);
  EXPECT_EQ(g.phase(), Phase::Over);
  EXPECT_EQ(g.check_consistency(), "");
}

Observation bidding_view(const char* hand) {
  Observation o;
  o.seat = 0;
  o.phase = Phase::Bidding;
  o.rules.bidding = true;
  o.landlord = kNoSeat;
  o.hand = parse_cards(hand);
  o.cards_left = {17, 17, 17};
  o.to_move = 0;
  return o;
}

TEST(MctsAgent, BidsByTheSimulatedResult) {
  auto agent = make_agent("mcts:bid_deals=64");
  auto* mcts = dynamic_cast<MctsAgent*>(agent.get());
  ASSERT_NE(mcts, nullptr);
  mcts->new_game(5);
  EXPECT_EQ(mcts->bid(bidding_view("XD2222AAAKKKQQJ99")), 3);
  const double strong = mcts->last_bid_estimate();
  EXPECT_EQ(mcts->bid(bidding_view("3345578899TJJQK2A")), 0);
  const double weak = mcts->last_bid_estimate();
  EXPECT_GT(strong, 1.0);
  EXPECT_LT(weak, strong);
}

TEST(MctsAgent, FindsTheOnlyWinningMove) {
  // Farmer seat 1 leads; the landlord holds only its kitty 8Q2, farmer 2 holds 36Q; only the
  // lone 6 wins (checked with the exact solver).
  Observation o;
  o.seat = 1;
  o.landlord = 0;
  o.to_move = 1;
  o.hand = parse_cards("4689TJKX");
  o.kitty = parse_cards("8Q2");
  o.cards_left = {3, 8, 3};
  o.played[2] = Hand::deck() - o.kitty - o.hand - parse_cards("36Q");
  auto agent = make_agent("mcts:sims=300");
  agent->new_game(1);
  EXPECT_EQ(to_string(agent->play(o)), "6");
}

TEST(PlayoutEvaluator, PriorsFavourThePolicyAndSumToOne) {
  PlayoutEvaluatorOptions opt;
  opt.prior_weight = 0.6;
  PlayoutEvaluator eval(make_agent("heuristic"), 1, opt);
  Rules rules;
  GameState s(21, rules);
  std::vector<Move> moves;
  s.legal(moves);
  std::vector<float> priors;
  const float v = eval.evaluate(s, moves, priors);
  EXPECT_TRUE(v == 1.0f || v == -1.0f);
  ASSERT_EQ(priors.size(), moves.size());
  float sum = 0, top = 0;
  for (float p : priors) {
    sum += p;
    top = std::max(top, p);
  }
  EXPECT_NEAR(sum, 1.0f, 1e-5);
  EXPECT_NEAR(top, 0.6f + 0.4f / float(moves.size()), 1e-5);
  // The rollout ends the game.
  GameState w = s;
  const int winner = eval.rollout(w);
  EXPECT_EQ(w.phase(), Phase::Over);
  EXPECT_EQ(w.winner(), winner);
}

}  // namespace
}  // namespace ddz
