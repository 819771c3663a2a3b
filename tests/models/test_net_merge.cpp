// Tests of merging networks into one wider network: on positions of seeded games each merged head
// outputs the mean of the members' outputs, unmerged heads are the first member's, bad merges fail.
#include <gtest/gtest.h>

#include "models/agent_file.h"
#include "models/eigen_net.h"
#include "models/features.h"
#include "models/net_merge.h"
#include "tests/models/played_positions.h"

namespace ddz {
namespace {

NetworkSpec small_spec() {
  NetworkSpec s = default_spec();
  s.policy_hidden = {16, 8, 6};
  s.value_hidden = {12, 6};
  s.bid_hidden = {10};
  return s;
}

// random_weights leaves biases zero: give them values so that the merged biases are tested too.
Weights member(const NetworkSpec& spec, uint64_t seed) {
  Weights w = random_weights(spec, seed);
  Rng rng{seed + 100};
  for (auto& [name, t] : w.tensors)
    if (t.shape.size() == 1)
      for (float& x : t.data) x = float(rng.uniform() - 0.5);
  return w;
}

struct Outputs {
  std::vector<std::vector<float>> policy;  // per position, the legal moves' scores
  std::vector<HeadOutput> value, bid;
};

// Every head of `net` on the play positions of three seeded random games (the bid head on random
// inputs in [0, 1]: a bid input is not a play position).
Outputs outputs_of(const EigenNet& net) {
  Outputs o;
  std::vector<float> state(kStateDim), value_in(kValueDim), move_in, bid_in(kBidDim);
  for (const testing::Position& p : testing::positions(3)) {
    encode_state(p.state, p.state.to_move(), state.data());
    encode_value(p.state, value_in.data());
    encode_moves(p.moves, p.state.hand(p.state.to_move()), move_in);
    std::vector<float> scores(p.moves.size());
    net.policy_scores(state.data(), move_in.data(), int(p.moves.size()), scores.data());
    o.policy.push_back(std::move(scores));
    o.value.push_back(net.value(value_in.data()));
  }
  Rng rng{1};
  for (int k = 0; k < 5; ++k) {
    for (float& x : bid_in) x = float(rng.uniform());
    o.bid.push_back(net.bid(bid_in.data()));
  }
  return o;
}

// merged = mean of members (or, for a head not merged, the first member), head by head.
void expect_mean(const Outputs& merged, const std::vector<Outputs>& members, bool policy, bool value, bool bid) {
  const double k = double(members.size());
  ASSERT_GT(merged.policy.size(), 50u);
  for (size_t p = 0; p < merged.policy.size(); ++p)
    for (size_t i = 0; i < merged.policy[p].size(); ++i) {
      double want = 0;
      for (const Outputs& m : members) want += m.policy[p][i] / k;
      if (!policy) want = members[0].policy[p][i];
      ASSERT_NEAR(merged.policy[p][i], want, 1e-4) << "position " << p << " move " << i;
    }
  const auto check_heads = [&](const std::vector<HeadOutput> Outputs::*field, bool is_merged, const char* what) {
    for (size_t p = 0; p < (merged.*field).size(); ++p) {
      double win = 0, score = 0;
      for (const Outputs& m : members) {
        win += (m.*field)[p].win_logit / k;
        score += (m.*field)[p].score / k;
      }
      if (!is_merged) {
        win = (members[0].*field)[p].win_logit;
        score = (members[0].*field)[p].score;
      }
      ASSERT_NEAR((merged.*field)[p].win_logit, win, 1e-4) << what << " " << p;
      ASSERT_NEAR((merged.*field)[p].score, score, 1e-4) << what << " " << p;
    }
  };
  check_heads(&Outputs::value, value, "value");
  check_heads(&Outputs::bid, bid, "bid");
}

TEST(NetMerge, MergedHeadsOutputTheMembersMean) {
  const NetworkSpec spec = small_spec();
  const std::vector<Weights> members{member(spec, 1), member(spec, 2), member(spec, 3)};
  std::vector<Outputs> alone;
  for (const Weights& w : members) alone.push_back(outputs_of(EigenNet(spec, w)));
  // The members differ, so a mean is not any one of them.
  ASSERT_NE(alone[0].policy[0], alone[1].policy[0]);

  const MergedNetwork all = merge_networks(spec, members, {"policy", "value", "bid"});
  EXPECT_EQ(all.spec.policy_hidden, (std::vector<int>{48, 24, 18}));
  EXPECT_EQ(all.spec.value_hidden, (std::vector<int>{36, 18}));
  EXPECT_EQ(all.spec.bid_hidden, (std::vector<int>{30}));
  EXPECT_NO_THROW(check_weights(all.spec, all.weights));
  expect_mean(outputs_of(EigenNet(all.spec, all.weights)), alone, true, true, true);

  // Only the policy: the value and bid heads stay the first member's, at their widths.
  const MergedNetwork policy = merge_networks(spec, members, {"policy"});
  EXPECT_EQ(policy.spec.policy_hidden, (std::vector<int>{48, 24, 18}));
  EXPECT_EQ(policy.spec.value_hidden, spec.value_hidden);
  EXPECT_EQ(policy.spec.bid_hidden, spec.bid_hidden);
  expect_mean(outputs_of(EigenNet(policy.spec, policy.weights)), alone, true, false, false);
}

TEST(NetMerge, OneMemberIsItself) {
  const NetworkSpec spec = small_spec();
  const Weights w = member(spec, 5);
  const MergedNetwork m = merge_networks(spec, {w}, {"policy", "value", "bid"});
  EXPECT_EQ(m.spec, spec);
  for (const auto& [name, t] : w.tensors) EXPECT_EQ(m.weights.at(name), t) << name;
}

TEST(NetMerge, BadMergesAreRefusedWithTheReason) {
  const NetworkSpec spec = small_spec();
  const auto message = [&](const std::vector<Weights>& members, const std::vector<std::string>& heads) {
    try {
      merge_networks(spec, members, heads);
    } catch (const std::invalid_argument& e) { return std::string(e.what()); }
    return std::string("no error");
  };
  EXPECT_NE(message({}, {"policy"}).find("no networks"), std::string::npos);
  EXPECT_NE(message({member(spec, 1)}, {"critic"}).find("unknown head \"critic\""), std::string::npos);
  NetworkSpec other = spec;
  other.policy_hidden = {16, 8};
  const std::string misfit = message({member(spec, 1), member(other, 2)}, {"policy"});
  EXPECT_NE(misfit.find("network 2 does not fit"), std::string::npos) << misfit;
  // 300 members of 16 units: 4,800, past NetworkSpec's limit of 4,096 a layer.
  const std::vector<Weights> many(300, member(spec, 1));
  EXPECT_NE(message(many, {"policy"}).find("outside 1..4096"), std::string::npos);
}

}  // namespace
}  // namespace ddz
