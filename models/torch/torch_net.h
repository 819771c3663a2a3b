// LibTorch modules for training the policy, value and bid networks of NetworkSpec, the
// segment-softmax policy loss, and conversion to and from the Weights container (which the
// Eigen inference path and checkpoints use). Parameter names equal NetworkSpec's.
#pragma once
#include <torch/torch.h>

#include "models/network_spec.h"
#include "models/weights.h"

namespace ddz {

class TorchNetImpl : public torch::nn::Module {
 public:
  explicit TorchNetImpl(const NetworkSpec& spec);

  // Scores (logits) of m moves: states [p, kStateDim], moves [m, kMoveDim], owner [m] (int64,
  // the row of `states` each move belongs to). Returns [m].
  torch::Tensor policy_scores(const torch::Tensor& states, const torch::Tensor& moves, const torch::Tensor& owner);
  // Raw head outputs [n, 2]: column 0 win logit, column 1 score / kScoreScale (network_spec.h).
  torch::Tensor value(const torch::Tensor& inputs);  // inputs [n, kValueDim]
  torch::Tensor bid(const torch::Tensor& inputs);  // inputs [n, kBidDim]

  const NetworkSpec& spec() const { return spec_; }
  // Copies every parameter into a Weights container (meta left empty).
  Weights to_weights() const;
  // Copies parameters from `w`; throws std::invalid_argument naming a missing or mis-shaped tensor.
  void load_weights(const Weights& w);

 private:
  torch::Tensor run(std::vector<torch::nn::Linear>& layers, torch::Tensor x);
  NetworkSpec spec_;
  torch::nn::Linear policy_state_in_{nullptr};
  torch::nn::Linear policy_move_in_{nullptr};
  std::vector<torch::nn::Linear> policy_rest_;  // hidden layers 1.. then policy_out
  std::vector<torch::nn::Linear> value_;  // value_h0.. then value_out
  std::vector<torch::nn::Linear> bid_;  // bid_h0.. then bid_out
};
TORCH_MODULE(TorchNet);

// log-softmax of `scores` [m] within each group of equal owner [m] (values 0..positions-1).
torch::Tensor segment_log_softmax(const torch::Tensor& scores, const torch::Tensor& owner, int64_t positions);
// Mean over positions of the cross-entropy -sum_i target_i * log p_i, with p the softmax of the
// scores over each position's moves and `target` [m] a distribution per position (e.g. the
// search's visit shares).
torch::Tensor policy_loss(const torch::Tensor& scores, const torch::Tensor& owner, const torch::Tensor& target,
                          int64_t positions);

// Conversions for storing any tensor (e.g. optimizer state) in a Weights container.
Tensor to_container_tensor(const torch::Tensor& t);
torch::Tensor from_container_tensor(const Tensor& t);

}  // namespace ddz
