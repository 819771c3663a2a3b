// Tests of function-preserving network growth: a grown net computes what the original does
// (policy scores, value and bid outputs on positions of seeded games), and bad growths fail.
#include <gtest/gtest.h>

#include "models/eigen_net.h"
#include "models/features.h"
#include "models/net_growth.h"
#include "tests/models/played_positions.h"

namespace ddz {
namespace {

NetworkSpec spec_of(std::vector<int> policy, std::vector<int> value, std::vector<int> bid) {
  NetworkSpec s = default_spec();
  s.policy_hidden = std::move(policy);
  s.value_hidden = std::move(value);
  s.bid_hidden = std::move(bid);
  return s;
}

// Compares every head of two nets on the play positions of a few seeded random games.
void expect_same_outputs(const EigenNet& a, const EigenNet& b) {
  std::vector<float> state(kStateDim), value_in(kValueDim), move_in, bid_in(kBidDim);
  const std::vector<testing::Position> played = testing::positions(3);
  ASSERT_GT(played.size(), 50u);
  Rng rng{1};
  for (const testing::Position& p : played) {
    encode_state(p.state, p.state.to_move(), state.data());
    encode_value(p.state, value_in.data());
    encode_moves(p.moves, p.state.hand(p.state.to_move()), move_in);
    std::vector<float> sa(p.moves.size()), sb(p.moves.size());
    a.policy_scores(state.data(), move_in.data(), int(p.moves.size()), sa.data());
    b.policy_scores(state.data(), move_in.data(), int(p.moves.size()), sb.data());
    for (size_t i = 0; i < p.moves.size(); ++i) ASSERT_NEAR(sa[i], sb[i], 1e-4f) << "move " << i;
    ASSERT_NEAR(a.value(value_in.data()).win_logit, b.value(value_in.data()).win_logit, 1e-4f);
    ASSERT_NEAR(a.value(value_in.data()).score, b.value(value_in.data()).score, 1e-4f);
  }
  // The bid input is not on a played position: random values in [0, 1] exercise the head.
  for (int k = 0; k < 3; ++k) {
    for (float& x : bid_in) x = float(rng.uniform());
    EXPECT_NEAR(a.bid(bid_in.data()).win_logit, b.bid(bid_in.data()).win_logit, 1e-4f);
    EXPECT_NEAR(a.bid(bid_in.data()).score, b.bid(bid_in.data()).score, 1e-4f);
  }
}

TEST(NetGrowth, WiderAndDeeperNetsComputeTheSame) {
  const NetworkSpec from = spec_of({16, 8}, {12, 6}, {10});
  // Biases are zero in random_weights: give them values so that zeroed blocks are tested too.
  Weights old = random_weights(from, 7);
  Rng rng{3};
  for (auto& [name, t] : old.tensors) {
    if (t.shape.size() != 1) continue;
    for (float& x : t.data) x = float(rng.uniform() - 0.5);
  }
  const EigenNet original(from, old);
  for (const NetworkSpec& to : {spec_of({32, 8}, {12, 6}, {10}), spec_of({16, 8, 8}, {12, 6, 9}, {10, 10}),
                                spec_of({32, 24, 16}, {20, 12, 12}, {14, 10})}) {
    SCOPED_TRACE(to.to_json());
    const Weights grown = grow_weights(from, old, to, 11);
    const EigenNet bigger(to, grown);
    expect_same_outputs(original, bigger);
    // The new units are live: their incoming weights are not all zero.
    const Tensor& first = grown.at("policy_move_in.weight");
    double tail = 0;
    for (int64_t r = from.policy_hidden[0]; r < first.shape[0]; ++r)
      for (int64_t c = 0; c < first.shape[1]; ++c) tail += std::abs(first.data[size_t(r * first.shape[1] + c)]);
    if (to.policy_hidden[0] > from.policy_hidden[0]) { EXPECT_GT(tail, 0.0); }
  }
}

TEST(NetGrowth, AnOlderFeatureVersionGrowsIntoTheCurrentOneUnchanged) {
  // A version-1 net reads the prefix of this build's rows; grown to the current version, the new
  // inputs (the history block) get zero weights from the old units, so on any position it
  // computes what it did, while new units see them.
  NetworkSpec from = spec_of({16, 8}, {12, 6}, {10});
  from.feature_version = 1;
  ASSERT_LT(from.state_dim(), kStateDim);
  ASSERT_LT(from.value_dim(), kValueDim);
  const Weights old = random_weights(from, 5);
  const EigenNet original(from, old);
  for (const NetworkSpec& to : {spec_of({16, 8}, {12, 6}, {10}), spec_of({24, 8}, {16, 6}, {10})}) {
    SCOPED_TRACE(to.to_json());
    ASSERT_EQ(to.feature_version, kFeatureVersion);
    const Weights grown = grow_weights(from, old, to, 13);
    ASSERT_EQ(grown.at("policy_state_in.weight").shape, (std::vector<int64_t>{to.policy_hidden[0], kStateDim}));
    const EigenNet upgraded(to, grown);
    expect_same_outputs(original, upgraded);
    // Batches too: rows are this build's width, of which the old net reads a prefix.
    const std::vector<testing::Position> played = testing::positions(1);
    const int p = 6;
    std::vector<float> states(size_t(p) * kStateDim), values(size_t(p) * kValueDim), moves, one;
    std::vector<int> owner;
    for (int i = 0; i < p; ++i) {
      const testing::Position& pos = played[size_t(i) * 5];
      encode_state(pos.state, pos.state.to_move(), states.data() + size_t(i) * kStateDim);
      encode_value(pos.state, values.data() + size_t(i) * kValueDim);
      encode_moves(pos.moves, pos.state.hand(pos.state.to_move()), one);
      moves.insert(moves.end(), one.begin(), one.end());
      owner.insert(owner.end(), pos.moves.size(), i);
    }
    std::vector<float> sa(owner.size()), sb(owner.size());
    original.policy_scores_batch(states.data(), p, moves.data(), owner.data(), int(owner.size()), sa.data());
    upgraded.policy_scores_batch(states.data(), p, moves.data(), owner.data(), int(owner.size()), sb.data());
    for (size_t i = 0; i < sa.size(); ++i) ASSERT_NEAR(sa[i], sb[i], 1e-4f) << "move " << i;
    std::vector<HeadOutput> va(static_cast<size_t>(p)), vb(static_cast<size_t>(p));
    original.value_batch(values.data(), p, va.data());
    upgraded.value_batch(values.data(), p, vb.data());
    for (int i = 0; i < p; ++i) {
      ASSERT_NEAR(va[size_t(i)].win_logit, vb[size_t(i)].win_logit, 1e-4f) << "position " << i;
      // and the batch row equals the single-position output
      ASSERT_NEAR(va[size_t(i)].win_logit, original.value(values.data() + size_t(i) * kValueDim).win_logit, 1e-5f);
    }
  }
  NetworkSpec newer = from;
  newer.feature_version = kFeatureVersion;
  EXPECT_NE(growth_error(newer, from).find("older than the checkpoint's"), std::string::npos);
}

TEST(NetGrowth, ShrinkingOrANarrowAddedLayerIsRefused) {
  const NetworkSpec from = spec_of({16, 8}, {12, 6}, {10});
  const Weights w = random_weights(from, 1);
  EXPECT_EQ(growth_error(from, from), "");
  EXPECT_NE(growth_error(from, spec_of({16}, {12, 6}, {10})).find("policy_hidden: fewer hidden layers"),
            std::string::npos);
  EXPECT_NE(growth_error(from, spec_of({16, 8}, {12, 4}, {10})).find("value_hidden: layer 1 has 4 units"),
            std::string::npos);
  EXPECT_NE(growth_error(from, spec_of({16, 8}, {12, 6}, {10, 9}))
                .find("bid_hidden: layer 1 has 9 units, fewer "
                      "than 10 (the checkpoint's last layer)"),
            std::string::npos);
  EXPECT_THROW(grow_weights(from, w, spec_of({8, 8}, {12, 6}, {10}), 1), std::invalid_argument);
  Weights damaged = w;
  damaged.tensors.erase("value_out.weight");
  EXPECT_THROW(grow_weights(from, damaged, spec_of({16, 8}, {12, 6}, {10}), 1), std::invalid_argument);
}

}  // namespace
}  // namespace ddz
