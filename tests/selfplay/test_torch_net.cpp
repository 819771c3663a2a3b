// LibTorch modules versus the Eigen inference path: the same weights give the same policy scores,
// values and bid outputs (to 1e-5) on positions of seeded random games; weight conversion round
// trips; the segment-softmax policy loss is right and trains.
#include <gtest/gtest.h>
#include <torch/torch.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "game/state.h"
#include "models/eigen_net.h"
#include "models/features.h"
#include "models/torch/torch_net.h"

namespace ddz {
namespace {

struct Batch {
  std::vector<float> states, moves, values, bids;
  std::vector<int64_t> owner;
  int positions = 0;
};

// Play-phase positions of seeded random games with bidding, encoded for every head.
Batch random_positions(int games) {
  Batch b;
  std::vector<Move> legal;
  std::vector<float> s(kStateDim), v(kValueDim), bid(kBidDim), m;
  Rules rules;
  rules.bidding = true;
  for (int g = 0; g < games; ++g) {
    GameState st(uint64_t(500 + g), rules);
    Rng rng{uint64_t(g) * 7 + 1};
    while (st.phase() == Phase::Bidding) {
      encode_bid(observe(st, st.to_move()), bid.data());
      b.bids.insert(b.bids.end(), bid.begin(), bid.end());
      const auto bids = st.legal_bids();
      st.apply_bid(bids[rng.below(uint32_t(bids.size()))]);
    }
    while (st.phase() == Phase::Play) {
      st.legal(legal);
      encode_state(st, st.to_move(), s.data());
      encode_value(st, v.data());
      encode_moves(legal, st.hand(st.to_move()), m);
      b.states.insert(b.states.end(), s.begin(), s.end());
      b.values.insert(b.values.end(), v.begin(), v.end());
      b.moves.insert(b.moves.end(), m.begin(), m.end());
      b.owner.insert(b.owner.end(), legal.size(), b.positions);
      ++b.positions;
      st.apply_trusted(legal[rng.below(uint32_t(legal.size()))]);
    }
  }
  return b;
}

torch::Tensor as_tensor(std::vector<float>& data, int64_t cols) {
  return torch::from_blob(data.data(), {int64_t(data.size()) / cols, cols}, torch::kFloat32);
}

TEST(TorchNet, AgreesWithEigenTo1e5) {
  at::set_num_threads(1);
  torch::manual_seed(11);
  const NetworkSpec spec = default_spec();
  TorchNet net(spec);
  {
    // The modules start with small output layers; enlarge them so outputs are O(1) and the
    // comparison is not trivially met.
    torch::NoGradGuard guard;
    for (auto& p : net->named_parameters())
      if (p.key().find("_out.") != std::string::npos) p.value().mul_(10.0).add_(0.05);
  }
  const EigenNet eigen(spec, net->to_weights());
  Batch b = random_positions(4);
  torch::NoGradGuard guard;
  const torch::Tensor owner = torch::from_blob(b.owner.data(), {int64_t(b.owner.size())}, torch::kInt64);
  const torch::Tensor t_scores =
      net->policy_scores(as_tensor(b.states, kStateDim), as_tensor(b.moves, kMoveDim), owner).contiguous();
  std::vector<int> owner32(b.owner.begin(), b.owner.end());
  std::vector<float> e_scores(b.owner.size());
  eigen.policy_scores_batch(b.states.data(), b.positions, b.moves.data(), owner32.data(), int(owner32.size()),
                            e_scores.data());
  float worst = 0, biggest = 0;
  for (size_t i = 0; i < e_scores.size(); ++i) {
    worst = std::max(worst, std::abs(e_scores[i] - t_scores[int64_t(i)].item<float>()));
    biggest = std::max(biggest, std::abs(e_scores[i]));
  }
  EXPECT_LT(worst, 1e-5f);
  EXPECT_GT(biggest, 0.1f);
  // Single-position path too (the one search and agents use).
  std::vector<float> one(size_t(std::count(b.owner.begin(), b.owner.end(), 0)));
  eigen.policy_scores(b.states.data(), b.moves.data(), int(one.size()), one.data());
  for (size_t i = 0; i < one.size(); ++i) EXPECT_NEAR(one[i], t_scores[int64_t(i)].item<float>(), 1e-5f);

  const torch::Tensor t_values = net->value(as_tensor(b.values, kValueDim)).contiguous();
  std::vector<HeadOutput> e_values(size_t(b.positions));
  eigen.value_batch(b.values.data(), b.positions, e_values.data());
  for (int i = 0; i < b.positions; ++i) {
    ASSERT_NEAR(e_values[size_t(i)].win_logit, t_values[i][0].item<float>(), 1e-5f);
    ASSERT_NEAR(e_values[size_t(i)].score / kScoreScale, t_values[i][1].item<float>(), 1e-5f);
    const HeadOutput single = eigen.value(b.values.data() + size_t(i) * kValueDim);
    ASSERT_NEAR(single.win_logit, t_values[i][0].item<float>(), 1e-5f);
  }
  const int nbids = int(b.bids.size()) / kBidDim;
  ASSERT_GT(nbids, 0);
  const torch::Tensor t_bids = net->bid(as_tensor(b.bids, kBidDim)).contiguous();
  for (int i = 0; i < nbids; ++i) {
    const HeadOutput o = eigen.bid(b.bids.data() + size_t(i) * kBidDim);
    ASSERT_NEAR(o.win_logit, t_bids[i][0].item<float>(), 1e-5f);
    ASSERT_NEAR(o.score / kScoreScale, t_bids[i][1].item<float>(), 1e-5f);
  }
}

TEST(TorchNet, WeightsRoundTrip) {
  torch::manual_seed(1);
  NetworkSpec spec = default_spec();
  spec.policy_hidden = {32, 16};
  spec.value_hidden = {24};
  spec.bid_hidden = {8, 8};
  TorchNet a(spec), b(spec);
  const Weights wa = a->to_weights();
  EXPECT_EQ(wa.tensors.size(), spec.parameter_shapes().size());
  for (const auto& [name, shape] : spec.parameter_shapes()) EXPECT_EQ(wa.at(name).shape, shape) << name;
  EXPECT_FALSE(b->to_weights() == wa);
  b->load_weights(wa);
  EXPECT_TRUE(b->to_weights() == wa);
  Weights bad = wa;
  bad.tensors.erase("policy_out.bias");
  EXPECT_THROW(b->load_weights(bad), std::invalid_argument);
  // The Eigen-side initialiser produces weights the modules accept.
  b->load_weights(random_weights(spec, 4));
}

TEST(TorchNet, SegmentLogSoftmaxAndPolicyLoss) {
  const torch::Tensor scores = torch::tensor({1.0f, 2.0f, 3.0f, -1.0f, 1000.0f});
  const torch::Tensor owner = torch::tensor({0, 0, 0, 1, 1}, torch::kInt64);
  const torch::Tensor logp = segment_log_softmax(scores, owner, 2);
  const torch::Tensor ref0 = torch::log_softmax(scores.slice(0, 0, 3), 0);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(logp[i].item<float>(), ref0[i].item<float>(), 1e-6f);
  EXPECT_NEAR(logp[4].item<float>(), 0.0f, 1e-6f);  // stable with a huge score
  const torch::Tensor target = torch::tensor({0.0f, 0.5f, 0.5f, 1.0f, 0.0f});
  const float loss = policy_loss(scores, owner, target, 2).item<float>();
  const float manual = -(0.5f * ref0[1].item<float>() + 0.5f * ref0[2].item<float>() + logp[3].item<float>()) / 2.0f;
  EXPECT_NEAR(loss, manual, 1e-5f);
}

TEST(TorchNet, PolicyLossDecreasesWhenTrained) {
  at::set_num_threads(1);
  torch::manual_seed(3);
  NetworkSpec spec = default_spec();
  spec.policy_hidden = {64, 64};
  spec.value_hidden = {32};
  spec.bid_hidden = {16};
  TorchNet net(spec);
  Batch b = random_positions(2);
  const torch::Tensor owner = torch::from_blob(b.owner.data(), {int64_t(b.owner.size())}, torch::kInt64).clone();
  // Target: all mass on each position's first legal move.
  torch::Tensor target = torch::zeros({int64_t(b.owner.size())});
  for (size_t i = 0; i < b.owner.size(); ++i)
    if (i == 0 || b.owner[i] != b.owner[i - 1]) target[int64_t(i)] = 1.0f;
  const torch::Tensor states = as_tensor(b.states, kStateDim).clone(), moves = as_tensor(b.moves, kMoveDim).clone();
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(3e-3));
  float first = 0, last = 0;
  // Stops as soon as the loss has halved (a few dozen steps); the cap only bounds a broken run.
  for (int step = 0; step < 300 && (step == 0 || last >= 0.5f * first); ++step) {
    opt.zero_grad();
    torch::Tensor loss = policy_loss(net->policy_scores(states, moves, owner), owner, target, b.positions);
    if (step == 0) first = loss.item<float>();
    last = loss.item<float>();
    if (std::getenv("DDZ_TEST_VERBOSE")) std::printf("step %d loss %f\n", step, last);
    loss.backward();
    opt.step();
  }
  EXPECT_LT(last, 0.5f * first);
}

}  // namespace
}  // namespace ddz
