// Tests of the `gumbel` agent (the self-play search as a player): legal full games with bidding,
// the same games for the same seeds, its settings and their errors named with the spec.
#include <gtest/gtest.h>

#include <cstdio>

#include "agent/agent_spec.h"
#include "agent/arena.h"
#include "agent/factory.h"
#include "agent/play_game.h"
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

// bid=search hands the bids to the `mcts` agent's simulation; its games stay legal and
// reproducible, and some deals are bid differently from the bid head of random weights.
TEST(GumbelAgent, BidsBySearchWhenAsked) {
  const std::string path = testing::small_model_file("", "gumbel_bid", 9);
  Rules rules;
  rules.bidding = true;
  int differ = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    auto head = make_agent("gumbel:" + path + ",sims=4,k=2,rollout_mix=1");
    auto search = make_agent("gumbel:" + path + ",sims=4,k=2,rollout_mix=1,bid=search");
    auto again = make_agent("gumbel:" + path + ",sims=4,k=2,rollout_mix=1,bid=search");
    auto h1 = make_agent("heuristic"), h2 = make_agent("heuristic");
    const GameState a = play_game({search.get(), h1.get(), h2.get()}, seed, rules);
    const GameState b = play_game({again.get(), h1.get(), h2.get()}, seed, rules);
    const GameState c = play_game({head.get(), h1.get(), h2.get()}, seed, rules);
    ASSERT_EQ(a.bids().size(), b.bids().size());
    for (size_t i = 0; i < a.bids().size(); ++i) ASSERT_EQ(a.bids()[i].bid, b.bids()[i].bid);
    if (a.bids().size() != c.bids().size() || a.bids()[0].bid != c.bids()[0].bid || a.landlord() != c.landlord()) ++differ;
  }
  EXPECT_GT(differ, 0);
  std::remove(path.c_str());
}

TEST(GumbelAgent, SettingsAreCheckedAndNamed) {
  const std::string path = testing::small_model_file("", "gumbel_bad", 8);
  EXPECT_NO_THROW(make_agent("gumbel:" + path + ",sims=4,k=2,rollout_mix=0.5,noise=1"));
  for (const std::string bad : {",k=9,sims=4", ",bogus=1", ",rollout_mix=2", ",solver=99", ",bid=guess"}) {
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
