// Tests of MixedEvaluator (search/mixed_evaluator.h): the two ends of the mix reduce to the
// network and to a heuristic rollout, the middle is their blend, and the heuristic prior share.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "agent/factory.h"
#include "agent/mcts_net_agent.h"
#include "models/net_evaluator.h"
#include "search/playout_evaluator.h"
#include "search/mixed_evaluator.h"
#include "models/network_spec.h"
#include "search/rollout_evaluator.h"

namespace ddz {
namespace {

std::shared_ptr<const EigenNet> small_net() {
  NetworkSpec spec = default_spec();
  spec.policy_hidden = {32, 16};
  spec.value_hidden = {16};
  spec.bid_hidden = {8};
  return std::make_shared<const EigenNet>(spec, random_weights(spec, 5));
}

// Seeded play-phase positions a few moves into random games.
std::vector<GameState> positions(int n) {
  std::vector<GameState> out;
  Rules rules;
  rules.bidding = false;
  Rng rng(99);
  std::vector<Move> moves;
  for (int i = 0; i < n; ++i) {
    GameState s(uint64_t(500 + i), rules);
    const int steps = int(rng.below(12));
    for (int k = 0; k < steps && s.phase() == Phase::Play; ++k) {
      s.legal(moves);
      GameState next = s;
      next.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
      if (next.phase() != Phase::Play) break;
      s = next;
    }
    out.push_back(s);
  }
  return out;
}

TEST(MixedEvaluator, MixZeroIsTheNetwork) {
  auto net = small_net();
  NetEvaluator plain(net);
  MixedEvaluatorOptions o;
  o.rollout_mix = 0.0;
  const std::unique_ptr<MixedEvaluator> owned = make_mixed_evaluator(net, 1, o);
  MixedEvaluator& mixed = *owned;
  std::vector<Move> moves;
  std::vector<float> p1, p2;
  for (const GameState& s : positions(30)) {
    s.legal(moves);
    const float v1 = plain.evaluate(s, moves, p1);
    const float v2 = mixed.evaluate(s, moves, p2);
    EXPECT_FLOAT_EQ(v1, v2);
    ASSERT_EQ(p1.size(), p2.size());
    for (size_t i = 0; i < p1.size(); ++i) EXPECT_FLOAT_EQ(p1[i], p2[i]);
  }
}

TEST(MixedEvaluator, MixOneIsAHeuristicRolloutWithNetworkPriors) {
  auto net = small_net();
  NetEvaluator plain(net);
  MixedEvaluatorOptions o;
  o.rollout_mix = 1.0;
  const std::unique_ptr<MixedEvaluator> owned = make_mixed_evaluator(net, 7, o);
  MixedEvaluator& mixed = *owned;
  // The same seed gives the same rollout stream, so a PlayoutEvaluator made alike agrees.
  PlayoutEvaluator rollouts(make_agent("heuristic"), 7, PlayoutEvaluatorOptions{false, 0.5, 1, 0.0});
  std::vector<Move> moves;
  std::vector<float> p1, p2, unused;
  for (const GameState& s : positions(30)) {
    s.legal(moves);
    const float v = mixed.evaluate(s, moves, p2);
    EXPECT_TRUE(v == 1.0f || v == -1.0f) << v;
    EXPECT_FLOAT_EQ(v, rollouts.evaluate(s, moves, unused));
    plain.evaluate(s, moves, p1);
    for (size_t i = 0; i < p1.size(); ++i) EXPECT_FLOAT_EQ(p1[i], p2[i]);
  }
}

TEST(MixedEvaluator, HalfMixIsTheAverageOfNetworkAndRollout) {
  auto net = small_net();
  NetEvaluator plain(net);
  MixedEvaluatorOptions o;
  o.rollout_mix = 0.5;
  const std::unique_ptr<MixedEvaluator> owned = make_mixed_evaluator(net, 3, o);
  MixedEvaluator& mixed = *owned;
  std::vector<Move> moves;
  std::vector<float> p;
  int checked = 0;
  for (const GameState& s : positions(40)) {
    s.legal(moves);
    const float v_net = plain.evaluate(s, moves, p);
    const float v = mixed.evaluate(s, moves, p);
    // The rollout half is +-0.5; what is left must be half the network's value.
    const float rest = v - 0.5f * v_net;
    EXPECT_TRUE(std::fabs(rest - 0.5f) < 1e-5f || std::fabs(rest + 0.5f) < 1e-5f) << v << " " << v_net;
    ++checked;
  }
  EXPECT_EQ(checked, 40);
}

TEST(MixedEvaluator, HeuristicPriorMovesMassOntoTheHeuristicsMove) {
  auto net = small_net();
  NetEvaluator plain(net);
  MixedEvaluatorOptions o;
  o.rollout_mix = 0.0;
  o.heuristic_prior = 0.4;
  const std::unique_ptr<MixedEvaluator> owned = make_mixed_evaluator(net, 1, o);
  MixedEvaluator& mixed = *owned;
  auto heuristic = make_agent("heuristic");
  heuristic->new_game(1);
  std::vector<Move> moves;
  std::vector<float> p_net, p_mix;
  int tested = 0;
  for (const GameState& s : positions(40)) {
    s.legal(moves);
    if (moves.size() < 2) continue;
    plain.priors(s, moves, p_net);
    mixed.priors(s, moves, p_mix);
    const Move choice = heuristic->play(observe(s, s.to_move()));
    EXPECT_NEAR(std::accumulate(p_mix.begin(), p_mix.end(), 0.0f), 1.0f, 1e-5f);
    for (size_t i = 0; i < moves.size(); ++i) {
      const float expected = 0.6f * p_net[i] + (moves[i] == choice ? 0.4f : 0.0f);
      EXPECT_NEAR(p_mix[i], expected, 1e-5f) << to_string(moves[i]);
    }
    ++tested;
  }
  EXPECT_GT(tested, 20);
}

TEST(MixedEvaluator, RejectsSettingsOutOfRange) {
  auto net = small_net();
  MixedEvaluatorOptions o;
  o.rollout_mix = 1.5;
  EXPECT_THROW(make_mixed_evaluator(net, 1, o), std::invalid_argument);
  o.rollout_mix = 0.5;
  o.heuristic_prior = -0.1;
  EXPECT_THROW(make_mixed_evaluator(net, 1, o), std::invalid_argument);
  EXPECT_THROW(make_mixed_evaluator(nullptr, 1, MixedEvaluatorOptions{}), std::invalid_argument);
}

}  // namespace
}  // namespace ddz

namespace ddz {
namespace {

// net_plies: nodes at least that many plies below the root are evaluated exactly as the `mcts`
// agent's heuristic evaluator does (same priors, same rollout from the same seed), shallower
// nodes by the networks; without the root's history length the option is refused.
TEST(MixedEvaluator, NetPliesLeavesDeepNodesToTheHeuristic) {
  auto net = small_net();
  auto root = std::make_shared<std::atomic<int>>(0);
  MixedEvaluatorOptions o;
  o.rollout_mix = 0.0;
  o.net_plies = 2;
  o.root_plies = root;
  NetEvaluator plain(net);
  std::vector<Move> moves;
  std::vector<float> p_mixed, p_ref;
  int deep_checked = 0, shallow_checked = 0;
  for (const GameState& s : positions(40)) {
    s.legal(moves);
    if (moves.size() < 2) continue;
    const int plies = int(s.history().size());
    // As seen from a root two plies up: deep. The heuristic reference gets the seed the mixed
    // evaluator gives its deep part.
    root->store(plies - 2);
    const std::unique_ptr<MixedEvaluator> owned = make_mixed_evaluator(net, 3, o);
    MixedEvaluator& mixed = *owned;
    PlayoutEvaluator reference(make_agent("heuristic"), Rng::mix(3, 0xdee9));
    const float v = mixed.evaluate(s, moves, p_mixed);
    const float r = reference.evaluate(s, moves, p_ref);
    EXPECT_FLOAT_EQ(v, r);
    ASSERT_EQ(p_mixed, p_ref);
    ++deep_checked;
    // From a root one ply up: the network.
    root->store(plies - 1);
    const float vn = mixed.evaluate(s, moves, p_mixed);
    std::vector<float> p_net;
    EXPECT_FLOAT_EQ(vn, plain.evaluate(s, moves, p_net));
    ASSERT_EQ(p_mixed, p_net);
    ++shallow_checked;
  }
  EXPECT_GE(deep_checked, 20);
  MixedEvaluatorOptions bad = o;
  bad.root_plies = nullptr;
  EXPECT_THROW(make_mixed_evaluator(net, 1, bad), std::invalid_argument);
}

}  // namespace
}  // namespace ddz
