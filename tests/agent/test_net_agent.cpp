// Tests of the `net` and `mcts+net` agents built through the factory from an exported model
// file (random weights): legal play over seeded games, bids, determinism, and spec/file errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "agent/factory.h"
#include "agent/random_agent.h"
#include "models/agent_file.h"
#include "tests/agent/small_model_file.h"

namespace ddz {
namespace {

std::string model_path(const std::string& settings, const std::string& tag) {
  return testing::small_model_file(settings, "net_agent_" + tag, 77);
}

// Plays `games` seeded games with bidding, agent in seat 0 and random agents elsewhere; returns
// the moves of seat 0 in notation. Fails on any illegal bid or move.
std::vector<std::string> play(Agent& agent, int games) {
  std::vector<std::string> moves;
  RandomAgent other(1);
  Rules rules;
  rules.bidding = true;
  for (int g = 0; g < games; ++g) {
    GameState s(uint64_t(1000 + g), rules);
    agent.new_game(uint64_t(g));
    other.new_game(uint64_t(g) + 99);
    while (s.phase() != Phase::Over) {
      const Observation obs = observe(s, s.to_move());
      Agent& who = s.to_move() == 0 ? agent : other;
      if (s.phase() == Phase::Bidding) {
        const std::string err = s.apply_bid(who.bid(obs));
        EXPECT_EQ(err, "");
        if (!err.empty()) return moves;
      } else {
        const Move m = who.play(obs);
        if (s.to_move() == 0) moves.push_back(to_string(m));
        const std::string err = s.apply_move(m);
        EXPECT_EQ(err, "") << to_string(m);
        if (!err.empty()) return moves;
      }
    }
  }
  return moves;
}

// The first bidder's view of the deal of `seed` (a game with bidding).
Observation first_bid(uint64_t seed) {
  Rules rules;
  rules.bidding = true;
  const GameState s(seed, rules);
  return observe(s, s.to_move());
}

TEST(NetAgent, PlaysLegallyAndDeterministically) {
  const std::string path = model_path("temperature=0", "a");
  auto greedy = make_agent("net:" + path);
  EXPECT_EQ(greedy->spec(), "net:" + path);
  const auto a = play(*greedy, 20);
  EXPECT_GT(a.size(), 50u);
  EXPECT_EQ(a, play(*make_agent("net:" + path), 20));
  auto sampling = make_agent("net:" + path + ",temperature=1");
  const auto b = play(*sampling, 20);
  EXPECT_EQ(b, play(*make_agent("net:" + path + ",temperature=1"), 20));  // seeded by new_game
  EXPECT_NE(a, b);
  std::remove(path.c_str());
}

TEST(NetAgent, SpecAndFileErrorsNameTheInput) {
  const std::string path = model_path("", "b");
  EXPECT_THROW(make_agent("net"), AgentSpecError);
  EXPECT_THROW(make_agent("net:" + path + ",sims=5"), AgentSpecError);
  EXPECT_THROW(make_agent("net:" + path + ",temperature=-1"), AgentSpecError);
  const std::string missing = path + ".missing";
  try {
    make_agent("net:" + missing);
    FAIL();
  } catch (const AgentSpecError& e) { EXPECT_NE(std::string(e.what()).find(missing), std::string::npos) << e.what(); }
  const std::string junk = path + ".junk";
  std::ofstream(junk) << "not a model";
  try {
    make_agent("mcts+net:" + junk);
    FAIL();
  } catch (const AgentSpecError& e) {
    EXPECT_NE(std::string(e.what()).find("not a ddz model file"), std::string::npos) << e.what();
  }
  std::remove(junk.c_str());
  std::remove(path.c_str());
}

// bid=heuristic hands every bid to the heuristic agent (so the arena can compare bidding alone):
// over seeded bidding situations the network agent's bids equal heuristic's, while its bid head
// (random weights) decides some of them differently. A bid= value it does not know names the spec.
TEST(NetAgent, BidSettingHandsBidsToAnotherKind) {
  const std::string path = model_path("", "bid");
  auto by_heuristic = make_agent("net:" + path + ",bid=heuristic");
  auto by_head = make_agent("net:" + path);
  auto heuristic = make_agent("heuristic");
  int differ = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    const Observation obs = first_bid(seed);
    by_heuristic->new_game(seed);
    heuristic->new_game(seed);
    const int want = heuristic->bid(obs);
    EXPECT_EQ(by_heuristic->bid(obs), want) << "seed " << seed;
    differ += by_head->bid(obs) != want;
  }
  EXPECT_GT(differ, 0);
  try {
    make_agent("net:" + path + ",bid=oracle");
    FAIL();
  } catch (const AgentSpecError& e) {
    EXPECT_NE(std::string(e.what()).find("bid=oracle"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("head, lookahead, heuristic or mcts"), std::string::npos) << e.what();
  }
  EXPECT_THROW(make_agent("gumbel:" + path + ",bid=oracle"), AgentSpecError);
  EXPECT_NO_THROW(make_agent("gumbel:" + path + ",bid=heuristic"));
  std::remove(path.c_str());
}

// bid=lookahead (agent/bid_lookahead.h) in every network kind: legal, seeded games with bidding,
// and bids that differ from the bid head's somewhere; its settings are range-checked by name.
TEST(NetAgent, LookaheadBidsLegallyAndDeterministically) {
  const std::string path = model_path("", "lookahead");
  auto lookahead = make_agent("net:" + path + ",bid=lookahead,bid_worlds=8");
  const auto a = play(*lookahead, 10);
  EXPECT_GT(a.size(), 20u);
  EXPECT_EQ(a, play(*make_agent("net:" + path + ",bid=lookahead,bid_worlds=8"), 10));
  auto by_head = make_agent("net:" + path);
  int differ = 0;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    const Observation obs = first_bid(seed);
    lookahead->new_game(seed);
    differ += lookahead->bid(obs) != by_head->bid(obs);
  }
  EXPECT_GT(differ, 0);
  for (const char* kind : {"gumbel:", "mcts+net:"})
    EXPECT_NO_THROW(make_agent(kind + path + ",bid=lookahead,bid_worlds=4,bid_infer=0.5")) << kind;
  for (const char* bad : {",bid=lookahead,bid_worlds=0", ",bid_infer=2", ",bid_worlds=many"}) {
    try {
      make_agent("net:" + path + bad);
      ADD_FAILURE() << bad;
    } catch (const AgentSpecError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string(bad).substr(std::string(bad).rfind(',') + 1, 8)),
                std::string::npos)
          << e.what();
    }
  }
  std::remove(path.c_str());
}

TEST(NetAgent, FileDefaultsApplyUnderTheSpec) {
  const std::string bad = model_path("temperature=oops", "c");
  EXPECT_THROW(make_agent("net:" + bad), AgentSpecError);
  std::remove(bad.c_str());
}

TEST(MctsNetAgent, SearchesWithTheNetworkAndPlaysLegally) {
  const std::string path = model_path("sims=16", "d");
  auto agent = make_agent("mcts+net:" + path + ",solver=0");
  const auto a = play(*agent, 2);
  EXPECT_GT(a.size(), 5u);
  EXPECT_EQ(a, play(*make_agent("mcts+net:" + path + ",solver=0"), 2));
  EXPECT_THROW(make_agent("mcts+net:" + path + ",rollout=random"), AgentSpecError);
  EXPECT_THROW(make_agent("mcts+net:" + path + ",sims=-3"), AgentSpecError);
  EXPECT_THROW(make_agent("mcts+net:" + path + ",rollout_mix=1.5"), AgentSpecError);
  EXPECT_THROW(make_agent("mcts+net:" + path + ",heuristic_prior=-1"), AgentSpecError);
  // Every blend plays legally: network only, rollouts only, and half-half with heuristic priors.
  for (const char* mix : {",rollout_mix=0", ",rollout_mix=1", ",rollout_mix=0.5,heuristic_prior=0.3"})
    EXPECT_GT(play(*make_agent("mcts+net:" + path + ",solver=0" + mix), 1).size(), 2u) << mix;
  std::remove(path.c_str());
}

}  // namespace
}  // namespace ddz
