// LibTorch modules mirroring models/eigen_net.cpp layer by layer, the policy loss over variable
// legal-move sets, and Weights conversion.
#include "models/torch/torch_net.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace ddz {

TorchNetImpl::TorchNetImpl(const NetworkSpec& spec) : spec_(spec) {
  spec.validate();
  const auto linear = [this](const std::string& name, int64_t in, int64_t out, bool bias) {
    return register_module(name, torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(bias)));
  };
  policy_state_in_ = linear("policy_state_in", spec.state_dim(), spec.policy_hidden[0], false);
  policy_move_in_ = linear("policy_move_in", spec.move_dim(), spec.policy_hidden[0], true);
  for (size_t i = 1; i < spec.policy_hidden.size(); ++i)
    policy_rest_.push_back(
        linear(layer_name("policy", int(i)), spec.policy_hidden[i - 1], spec.policy_hidden[i], true));
  policy_rest_.push_back(linear("policy_out", spec.policy_hidden.back(), 1, true));
  const auto mlp = [&](const std::string& head, int in, const std::vector<int>& hidden,
                       std::vector<torch::nn::Linear>& out) {
    int prev = in;
    for (size_t i = 0; i < hidden.size(); ++i) {
      out.push_back(linear(layer_name(head, int(i)), prev, hidden[i], true));
      prev = hidden[i];
    }
    out.push_back(linear(head + "_out", prev, 2, true));
  };
  mlp("value", spec.value_dim(), spec.value_hidden, value_);
  mlp("bid", spec.bid_dim(), spec.bid_hidden, bid_);
  // Small output layers: a near-uniform initial policy and near-zero initial values.
  torch::NoGradGuard guard;
  for (auto* head : {&policy_rest_, &value_, &bid_}) {
    head->back()->weight.mul_(0.1);
    head->back()->bias.zero_();
  }
}

torch::Tensor TorchNetImpl::run(std::vector<torch::nn::Linear>& layers, torch::Tensor x) {
  for (size_t i = 0; i < layers.size(); ++i) {
    x = layers[i]->forward(x);
    if (i + 1 < layers.size()) x = torch::relu(x);
  }
  return x;
}

torch::Tensor TorchNetImpl::policy_scores(const torch::Tensor& states, const torch::Tensor& moves,
                                          const torch::Tensor& owner) {
  const torch::Tensor s = policy_state_in_->forward(states);  // [p, h0], computed once per position
  torch::Tensor h = torch::relu(policy_move_in_->forward(moves) + s.index_select(0, owner));
  return run(policy_rest_, h).squeeze(1);
}

torch::Tensor TorchNetImpl::value(const torch::Tensor& inputs) { return run(value_, inputs); }
torch::Tensor TorchNetImpl::bid(const torch::Tensor& inputs) { return run(bid_, inputs); }

Tensor to_container_tensor(const torch::Tensor& t) {
  const torch::Tensor c = t.detach().to(torch::kCPU, torch::kFloat32).contiguous();
  Tensor out;
  for (int64_t d : c.sizes()) out.shape.push_back(d);
  out.data.resize(size_t(c.numel()));
  if (c.numel() > 0) std::memcpy(out.data.data(), c.data_ptr<float>(), out.data.size() * sizeof(float));
  return out;
}

torch::Tensor from_container_tensor(const Tensor& t) {
  torch::Tensor out = torch::empty(t.shape, torch::kFloat32);
  if (!t.data.empty()) std::memcpy(out.data_ptr<float>(), t.data.data(), t.data.size() * sizeof(float));
  return out;
}

Weights TorchNetImpl::to_weights() const {
  Weights w;
  for (const auto& p : named_parameters()) w.tensors[p.key()] = to_container_tensor(p.value());
  return w;
}

void TorchNetImpl::load_weights(const Weights& w) {
  torch::NoGradGuard guard;
  for (auto& p : named_parameters()) {
    auto it = w.tensors.find(p.key());
    if (it == w.tensors.end()) throw std::invalid_argument("missing tensor '" + p.key() + "'");
    const std::vector<int64_t> shape(p.value().sizes().begin(), p.value().sizes().end());
    if (it->second.shape != shape) throw std::invalid_argument("tensor '" + p.key() + "' has the wrong shape");
    p.value().copy_(from_container_tensor(it->second));
  }
}

torch::Tensor segment_log_softmax(const torch::Tensor& scores, const torch::Tensor& owner, int64_t positions) {
  // Subtract each segment's max (no gradient needed through it) for stability. The maxima are
  // taken in a plain loop: scatter_reduce would do it but is a beta API in LibTorch 1.13 that
  // prints a warning in every training run.
  const torch::Tensor flat_scores = scores.detach().to(torch::kFloat32).contiguous();
  const torch::Tensor flat_owner = owner.to(torch::kInt64).contiguous();
  std::vector<float> maxima(size_t(positions), -1e30f);
  const float* sp = flat_scores.data_ptr<float>();
  const int64_t* op = flat_owner.data_ptr<int64_t>();
  for (int64_t i = 0; i < flat_scores.numel(); ++i) maxima[size_t(op[i])] = std::max(maxima[size_t(op[i])], sp[i]);
  const torch::Tensor mx = torch::from_blob(maxima.data(), {positions}, torch::kFloat32).clone().to(scores.dtype());
  const torch::Tensor shifted = scores - mx.index_select(0, owner);
  const torch::Tensor sums = torch::zeros({positions}, scores.options()).index_add(0, owner, shifted.exp());
  return shifted - sums.log().index_select(0, owner);
}

torch::Tensor policy_loss(const torch::Tensor& scores, const torch::Tensor& owner, const torch::Tensor& target,
                          int64_t positions) {
  const torch::Tensor logp = segment_log_softmax(scores, owner, positions);
  return -(target * logp).sum() / double(positions);
}

}  // namespace ddz
