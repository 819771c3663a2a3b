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
    if (to.policy_hidden[0] > from.policy_hidden[0]) {
      EXPECT_GT(tail, 0.0);
    }
  }
}

TEST(NetGrowth, ShrinkingOrANarrowAddedLayerIsRefused) {
  const NetworkSpec from = spec_of({16, 8}, {12, 6}, {10});
  const Weights w = random_weights(from, 1);
  EXPECT_EQ(growth_error(from, from), "");
  EXPECT_NE(growth_error(from, spec_of({16}, {12, 6}, {10})).find("policy_hidden: fewer hidden layers"),
            std::string::npos);
  EXPECT_NE(growth_error(from, spec_of({16, 8}, {12, 4}, {10})).find("value_hidden: layer 1 has 4 units"),
            std::string::npos);
  EXPECT_NE(growth_error(from, spec_of({16, 8}, {12, 6}, {10, 9})).find("bid_hidden: layer 1 has 9 units, fewer "
                                                                        "than 10 (the checkpoint's last layer)"),
            std::string::npos);
  NetworkSpec other_features = from;
  other_features.feature_version += 1;
  EXPECT_NE(growth_error(from, other_features).find("feature version"), std::string::npos);
  EXPECT_THROW(grow_weights(from, w, spec_of({8, 8}, {12, 6}, {10}), 1), std::invalid_argument);
  Weights damaged = w;
  damaged.tensors.erase("value_out.weight");
  EXPECT_THROW(grow_weights(from, damaged, spec_of({16, 8}, {12, 6}, {10}), 1), std::invalid_argument);
}

}  // namespace
}  // namespace ddz
