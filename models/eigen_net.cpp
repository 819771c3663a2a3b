// Eigen forward pass. Weights are kept as row-major [out, in] like torch.nn.Linear, so a batch of
// rows x (n x in) maps to x * W^T; the layers on the encoded input are kept transposed and skip
// zero inputs; the policy's state part is computed once per position.
#include "models/eigen_net.h"

#include <algorithm>
#include <cmath>

#include "models/features.h"

namespace ddz {

float HeadOutput::win_probability() const { return 1.0f / (1.0f + std::exp(-win_logit)); }

EigenNet::Layer EigenNet::load(const Weights& w, const std::string& name, bool bias) {
  const Tensor& t = w.at(name + ".weight");
  if (t.shape.size() != 2) throw std::invalid_argument("tensor '" + name + ".weight' must have rank 2");
  Layer l;
  l.w = Eigen::Map<const Matrix>(t.data.data(), t.shape[0], t.shape[1]);
  if (bias) {
    const Tensor& b = w.at(name + ".bias");
    if (b.shape.size() != 1 || b.shape[0] != t.shape[0])
      throw std::invalid_argument("tensor '" + name + ".bias' does not match its weight");
    l.b = Eigen::Map<const Eigen::VectorXf>(b.data.data(), b.shape[0]);
  } else {
    l.b = Eigen::VectorXf::Zero(t.shape[0]);
  }
  l.wt = l.w.transpose();
  return l;
}

EigenNet::InputLayer EigenNet::load_input(const Weights& w, const std::string& name, bool bias, int stride) {
  Layer l = load(w, name, bias);
  if (stride < l.w.cols()) throw std::invalid_argument("tensor '" + name + "' is wider than its input rows");
  return InputLayer{l.w.transpose(), std::move(l.b), stride};
}

EigenNet::Matrix EigenNet::affine_sparse(const InputLayer& layer, const float* x, int n) {
  const Eigen::Index in = layer.wt.rows(), outs = layer.wt.cols();
  Matrix out(n, outs);
  for (int r = 0; r < n; ++r) {
    const float* row = x + size_t(r) * size_t(layer.stride);
    auto h = out.row(r);
    h = layer.b.transpose();
    for (Eigen::Index j = 0; j < in; ++j)
      if (row[j] != 0.0f) h.noalias() += row[j] * layer.wt.row(j);
  }
  return out;
}

EigenNet::EigenNet(const NetworkSpec& spec, const Weights& weights) : spec_(spec) {
  spec.validate();
  // Shapes first, so a mismatch is reported by name before anything is copied.
  for (const auto& [name, shape] : spec.parameter_shapes()) {
    auto it = weights.tensors.find(name);
    if (it == weights.tensors.end()) throw std::invalid_argument("missing tensor '" + name + "'");
    if (it->second.shape != shape) throw std::invalid_argument("tensor '" + name + "' has the wrong shape");
  }
  policy_state_in_ = load_input(weights, "policy_state_in", false, kStateDim);
  policy_move_in_ = load_input(weights, "policy_move_in", true, kMoveDim);
  for (size_t i = 1; i < spec.policy_hidden.size(); ++i) policy_rest_.push_back(load(weights, layer_name("policy", int(i)), true));
  policy_rest_.push_back(load(weights, "policy_out", true));
  value_in_ = load_input(weights, layer_name("value", 0), true, kValueDim);
  for (size_t i = 1; i < spec.value_hidden.size(); ++i) value_rest_.push_back(load(weights, layer_name("value", int(i)), true));
  value_rest_.push_back(load(weights, "value_out", true));
  bid_in_ = load_input(weights, layer_name("bid", 0), true, kBidDim);
  for (size_t i = 1; i < spec.bid_hidden.size(); ++i) bid_rest_.push_back(load(weights, layer_name("bid", int(i)), true));
  bid_rest_.push_back(load(weights, "bid_out", true));
}

EigenNet::Matrix EigenNet::mlp(const std::vector<Layer>& layers, Matrix x) {
  const Eigen::Index n = x.rows();
  for (size_t i = 0; i < layers.size(); ++i) {
    const Layer& l = layers[i];
    const Eigen::Index outs = l.w.rows(), in = l.w.cols();
    Matrix y(n, outs);
    if (n > kSmallBatch) {
      y.noalias() = x * l.w.transpose();
      y.rowwise() += l.b.transpose();
    } else if (outs <= 4) {
      for (Eigen::Index r = 0; r < n; ++r)
        for (Eigen::Index o = 0; o < outs; ++o) y(r, o) = x.row(r).dot(l.w.row(o)) + l.b(o);
    } else {
      // Weight row j is read once for all rows (the n output rows stay in L1).
      y.rowwise() = l.b.transpose();
      for (Eigen::Index j = 0; j < in; ++j) {
        const auto w = l.wt.row(j);
        for (Eigen::Index r = 0; r < n; ++r) {
          const float v = x(r, j);
          if (v != 0.0f) y.row(r).noalias() += v * w;
        }
      }
    }
    if (i + 1 < layers.size()) y = y.cwiseMax(0.0f);
    x.swap(y);
  }
  return x;
}

void EigenNet::policy_scores(const float* state, const float* moves, int n, float* out) const {
  if (n <= 0) return;
  const Matrix s_part = affine_sparse(policy_state_in_, state, 1);
  Matrix h = affine_sparse(policy_move_in_, moves, n);
  h.rowwise() += s_part.row(0);
  h = h.cwiseMax(0.0f);
  const Matrix y = mlp(policy_rest_, std::move(h));
  for (int i = 0; i < n; ++i) out[i] = y(i, 0);
}

void EigenNet::policy_scores_batch(const float* states, int p, const float* moves, const int* owner, int m,
                                   float* out) const {
  if (m <= 0 || p <= 0) return;
  const Matrix s_part = affine_sparse(policy_state_in_, states, p);
  Matrix h = affine_sparse(policy_move_in_, moves, m);
  for (int i = 0; i < m; ++i) h.row(i) += s_part.row(owner[i]);
  h = h.cwiseMax(0.0f);
  const Matrix y = mlp(policy_rest_, std::move(h));
  for (int i = 0; i < m; ++i) out[i] = y(i, 0);
}

void EigenNet::softmax(float* scores, int n, float temperature) {
  if (n <= 0) return;
  const float inv = 1.0f / temperature;
  const float mx = *std::max_element(scores, scores + n);
  float sum = 0;
  for (int i = 0; i < n; ++i) {
    scores[i] = std::exp((scores[i] - mx) * inv);
    sum += scores[i];
  }
  for (int i = 0; i < n; ++i) scores[i] /= sum;
}

void EigenNet::heads(const InputLayer& in, const std::vector<Layer>& rest, const float* inputs, int n,
                     HeadOutput* out) const {
  if (n <= 0) return;
  Matrix h = affine_sparse(in, inputs, n);
  if (!rest.empty()) h = h.cwiseMax(0.0f);  // rest always holds the output layer (NetworkSpec)
  const Matrix y = mlp(rest, std::move(h));
  for (int i = 0; i < n; ++i) out[i] = HeadOutput{y(i, 0), y(i, 1) * kScoreScale};
}

HeadOutput EigenNet::value(const float* input) const {
  HeadOutput o;
  heads(value_in_, value_rest_, input, 1, &o);
  return o;
}
void EigenNet::value_batch(const float* inputs, int n, HeadOutput* out) const { heads(value_in_, value_rest_, inputs, n, out); }
HeadOutput EigenNet::bid(const float* input) const {
  HeadOutput o;
  heads(bid_in_, bid_rest_, input, 1, &o);
  return o;
}
void EigenNet::bid_batch(const float* inputs, int n, HeadOutput* out) const { heads(bid_in_, bid_rest_, inputs, n, out); }

}  // namespace ddz
