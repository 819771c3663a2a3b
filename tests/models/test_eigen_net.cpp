// Tests of the Eigen forward pass against a naive reference, single versus batched paths, and
// the NetEvaluator contract (priors a distribution over the given moves, value in [-1, 1]).
#include <gtest/gtest.h>

#include <cmath>

#include "game/movegen.h"
#include "models/eigen_net.h"
#include "models/features.h"
#include "models/net_evaluator.h"
#include "tests/models/played_positions.h"

namespace ddz {
namespace {

NetworkSpec small_spec() {
  NetworkSpec s = default_spec();
  s.policy_hidden = {16, 8};
  s.value_hidden = {12, 6};
  s.bid_hidden = {10};
  return s;
}

// Naive dense layer: y = W x + b, W row-major [out, in].
std::vector<float> dense(const Weights& w, const std::string& name, const std::vector<float>& x, bool relu,
                         bool bias = true) {
  const Tensor& W = w.at(name + ".weight");
  std::vector<float> y(size_t(W.shape[0]));
  for (int64_t o = 0; o < W.shape[0]; ++o) {
    double acc = bias ? w.at(name + ".bias").data[size_t(o)] : 0.0;
    for (int64_t i = 0; i < W.shape[1]; ++i) acc += double(W.data[size_t(o * W.shape[1] + i)]) * x[size_t(i)];
    y[size_t(o)] = relu ? std::max(0.0f, float(acc)) : float(acc);
  }
  return y;
}

std::vector<float> add(std::vector<float> a, const std::vector<float>& b, bool relu) {
  for (size_t i = 0; i < a.size(); ++i) a[i] = relu ? std::max(0.0f, a[i] + b[i]) : a[i] + b[i];
  return a;
}

using testing::Position;
using testing::positions;

// The forward pass of `spec` against the naive reference on played positions. Both heads have two
// hidden layers.
void expect_matches_naive_reference(const NetworkSpec& spec) {
  const Weights w = random_weights(spec, 3);
  const EigenNet net(spec, w);
  for (const Position& p : positions(3)) {
    std::vector<float> state(kStateDim), value_in(kValueDim), moves;
    encode_state(p.state, p.state.to_move(), state.data());
    encode_value(p.state, value_in.data());
    encode_moves(p.moves, p.state.hand(p.state.to_move()), moves);
    std::vector<float> scores(p.moves.size());
    net.policy_scores(state.data(), moves.data(), int(p.moves.size()), scores.data());
    const std::vector<float> s_part = dense(w, "policy_state_in", state, false, false);
    for (size_t i = 0; i < p.moves.size(); ++i) {
      std::vector<float> m(moves.begin() + long(i * kMoveDim), moves.begin() + long((i + 1) * kMoveDim));
      auto h = add(dense(w, "policy_move_in", m, false), s_part, true);
      h = dense(w, "policy_h1", h, true);
      const float ref = dense(w, "policy_out", h, false)[0];
      ASSERT_NEAR(scores[i], ref, 1e-4f);
    }
    auto h = dense(w, "value_h0", value_in, true);
    h = dense(w, "value_h1", h, true);
    const auto ref = dense(w, "value_out", h, false);
    const HeadOutput v = net.value(value_in.data());
    ASSERT_NEAR(v.win_logit, ref[0], 1e-4f);
    ASSERT_NEAR(v.score, ref[1] * kScoreScale, 4e-4f);
  }
}

TEST(EigenNet, MatchesNaiveReference) { expect_matches_naive_reference(small_spec()); }

// Widths that take every path of the summing kernel in eigen_net.cpp on every -march level: whole
// register blocks (256, 320), blocks of four vectors, single vectors and a scalar tail (100, 37).
TEST(EigenNet, MatchesNaiveReferenceAtKernelWidths) {
  NetworkSpec spec = default_spec();
  spec.policy_hidden = {256, 100};
  spec.value_hidden = {320, 37};
  expect_matches_naive_reference(spec);
}

TEST(EigenNet, BatchedPathsEqualSinglePaths) {
  const NetworkSpec spec = small_spec();
  const EigenNet net(spec, random_weights(spec, 5));
  const auto ps = positions(2);
  std::vector<float> states, moves, values, one;
  std::vector<int> owner;
  std::vector<float> single_scores;
  std::vector<HeadOutput> single_values;
  for (size_t i = 0; i < ps.size(); ++i) {
    std::vector<float> s(kStateDim), v(kValueDim);
    encode_state(ps[i].state, ps[i].state.to_move(), s.data());
    encode_value(ps[i].state, v.data());
    encode_moves(ps[i].moves, ps[i].state.hand(ps[i].state.to_move()), one);
    std::vector<float> sc(ps[i].moves.size());
    net.policy_scores(s.data(), one.data(), int(sc.size()), sc.data());
    single_scores.insert(single_scores.end(), sc.begin(), sc.end());
    single_values.push_back(net.value(v.data()));
    states.insert(states.end(), s.begin(), s.end());
    values.insert(values.end(), v.begin(), v.end());
    moves.insert(moves.end(), one.begin(), one.end());
    owner.insert(owner.end(), ps[i].moves.size(), int(i));
  }
  // The single calls take the small-batch path (most positions have few moves), the batch call
  // Eigen's matrix product (EigenNet::kSmallBatch): both paths are compared.
  ASSERT_GT(owner.size(), size_t(96));
  std::vector<float> batch(owner.size());
  net.policy_scores_batch(states.data(), int(ps.size()), moves.data(), owner.data(), int(owner.size()), batch.data());
  for (size_t i = 0; i < batch.size(); ++i) ASSERT_NEAR(batch[i], single_scores[i], 1e-5f);
  std::vector<HeadOutput> vb(ps.size());
  net.value_batch(values.data(), int(ps.size()), vb.data());
  for (size_t i = 0; i < vb.size(); ++i) {
    ASSERT_NEAR(vb[i].win_logit, single_values[i].win_logit, 1e-5f);
    ASSERT_NEAR(vb[i].score, single_values[i].score, 1e-5f);
  }
}

TEST(EigenNet, RejectsMismatchedWeights) {
  const NetworkSpec spec = small_spec();
  Weights w = random_weights(spec, 1);
  w.tensors["value_h1.weight"].shape = {6, 13};
  EXPECT_THROW(EigenNet(spec, w), std::invalid_argument);
  w.tensors.erase("value_h1.weight");
  EXPECT_THROW(EigenNet(spec, w), std::invalid_argument);
}

TEST(NetEvaluator, PriorsAreADistributionAndBatchAgrees) {
  const NetworkSpec spec = small_spec();
  auto net = std::make_shared<const EigenNet>(spec, random_weights(spec, 9));
  NetEvaluator ev(net);
  const auto ps = positions(2);
  std::vector<const GameState*> worlds;
  std::vector<const std::vector<Move>*> lists;
  std::vector<std::vector<float>> single;
  std::vector<float> single_values;
  for (const Position& p : ps) {
    std::vector<float> priors, only;
    const float v = ev.evaluate(p.state, p.moves, priors);
    ASSERT_GE(v, -1.0f);
    ASSERT_LE(v, 1.0f);
    ASSERT_EQ(priors.size(), p.moves.size());
    double sum = 0;
    for (float x : priors) {
      ASSERT_GE(x, 0.0f);
      sum += x;
    }
    ASSERT_NEAR(sum, 1.0, 1e-5);
    ev.priors(p.state, p.moves, only);
    for (size_t i = 0; i < only.size(); ++i) ASSERT_NEAR(only[i], priors[i], 1e-6f);
    worlds.push_back(&p.state);
    lists.push_back(&p.moves);
    single.push_back(priors);
    single_values.push_back(v);
  }
  std::vector<std::vector<float>> batch;
  const std::vector<float> values = ev.evaluate_batch(worlds, lists, batch);
  for (size_t i = 0; i < ps.size(); ++i) {
    ASSERT_NEAR(values[i], single_values[i], 1e-5f);
    for (size_t k = 0; k < batch[i].size(); ++k) ASSERT_NEAR(batch[i][k], single[i][k], 1e-5f);
  }
}

TEST(EigenNet, SoftmaxTemperature) {
  std::vector<float> a{1.0f, 2.0f, 3.0f}, b = a;
  EigenNet::softmax(a.data(), 3, 1.0f);
  EigenNet::softmax(b.data(), 3, 0.1f);
  EXPECT_NEAR(a[0] + a[1] + a[2], 1.0f, 1e-6f);
  EXPECT_GT(b[2], a[2]);
  EXPECT_GT(b[2], 0.99f);
}

}  // namespace
}  // namespace ddz
