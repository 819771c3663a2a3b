// Eigen forward pass. Weights are kept as row-major [out, in] like torch.nn.Linear, so a batch of
// rows x (n x in) maps to x * W^T; the layers on the encoded input are kept transposed and skip
// zero inputs; the policy's state part is computed once per position.
#include "models/eigen_net.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

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

namespace {

// The indices of the non-zero entries of x[0..n), k of them, written to idx (room for n + 3).
// No branch per entry: after a ReLU about half of a row is zero, at random, and a branch on each
// entry mispredicts often (much of the hidden layer's time went there). Four entries at a time
// with SSE2 (every x86-64): their non-zero mask picks the indices to write from a table.
int gather_nonzero(const float* x, Eigen::Index n, int* idx) {
  int k = 0;
  Eigen::Index j = 0;
#if defined(__SSE2__)
  // kSetBits[m]: the positions of the set bits of the 4-bit mask m, lowest first.
  static constexpr int32_t kSetBits[16][4] = {
      {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
      {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0}, {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3}};
  const __m128 zero = _mm_setzero_ps();
  for (; j + 4 <= n; j += 4) {
    const int m = _mm_movemask_ps(_mm_cmpneq_ps(_mm_loadu_ps(x + j), zero));
    const __m128i at =
        _mm_add_epi32(_mm_set1_epi32(int(j)), _mm_loadu_si128(reinterpret_cast<const __m128i*>(kSetBits[m])));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(idx + k), at);
    k += __builtin_popcount(unsigned(m));
  }
#endif
  for (; j < n; ++j) {
    idx[k] = int(j);
    k += x[j] != 0.0f;
  }
  return k;
}

// One vector register of floats as a value (GCC's vector extension): 16 lanes with AVX-512, 8
// with AVX, 4 otherwise (x86-64-v2). kAccVecs accumulators leave room for the operands in the
// register file (32 registers with AVX-512: a whole 256-wide layer per pass; 16 otherwise).
#if defined(__AVX512F__)
constexpr int kLanes = 16;
constexpr int kAccVecs = 16;
#elif defined(__AVX__)
constexpr int kLanes = 8;
constexpr int kAccVecs = 8;
#else
constexpr int kLanes = 4;
constexpr int kAccVecs = 8;
#endif
using Vec = float __attribute__((vector_size(4 * kLanes)));
Vec load_vec(const float* p) {
  Vec v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
void store_vec(float* p, Vec v) { std::memcpy(p, &v, sizeof v); }

// out[c..c + V lanes) = bias + sum over t < k of x[idx[t]] * row idx[t] of wt (row-major, `outs`
// columns), summed in V vector registers across the whole sum, so each output is stored once
// rather than once per input (the explicit vectors also keep the compiler from vectorizing over
// t with gathers instead).
template <int V>
void sparse_rows_chunk(const float* wt, size_t outs, size_t c, const float* bias, const int* idx, const float* x, int k,
                       float* out) {
  Vec acc[V];
#pragma GCC unroll 16
  for (int q = 0; q < V; ++q) acc[q] = load_vec(bias + c + size_t(kLanes * q));
  for (int t = 0; t < k; ++t) {
    const float v = x[idx[t]];
    const float* w = wt + size_t(idx[t]) * outs + c;
#pragma GCC unroll 16
    for (int q = 0; q < V; ++q) acc[q] += v * load_vec(w + kLanes * q);
  }
#pragma GCC unroll 16
  for (int q = 0; q < V; ++q) store_vec(out + c + size_t(kLanes * q), acc[q]);
}

// out[0..outs) = bias + sum over t < k of x[idx[t]] * row idx[t] of wt.
void sparse_rows_sum(const float* wt, Eigen::Index outs, const float* bias, const int* idx, const float* x, int k,
                     float* out) {
  const size_t n = size_t(outs);
  size_t c = 0;
  for (; c + kAccVecs * kLanes <= n; c += kAccVecs * kLanes)
    sparse_rows_chunk<kAccVecs>(wt, n, c, bias, idx, x, k, out);
  for (; c + 4 * kLanes <= n; c += 4 * kLanes) sparse_rows_chunk<4>(wt, n, c, bias, idx, x, k, out);
  for (; c + kLanes <= n; c += kLanes) sparse_rows_chunk<1>(wt, n, c, bias, idx, x, k, out);
  if (c == n) return;
  for (size_t q = c; q < n; ++q) out[q] = bias[q];
  for (int t = 0; t < k; ++t) {
    const float v = x[idx[t]];
    const float* w = wt + size_t(idx[t]) * n;
    for (size_t q = c; q < n; ++q) out[q] += v * w[q];
  }
}

// out (rows x outs, row-major) = x (rows x in, row r at x + r * stride) * wt + bias, wt being
// [in, outs] row-major: each row lists its non-zero inputs, then sums their weight rows. The
// index list lives in per-thread room (the net is const and shared by threads), so a call
// allocates nothing for it.
void sparse_affine(const float* wt, Eigen::Index in, Eigen::Index outs, const float* bias, const float* x,
                   size_t stride, Eigen::Index rows, float* out) {
  thread_local std::vector<int> idx;
  if (idx.size() < size_t(in) + 3) idx.resize(size_t(in) + 3);
  for (Eigen::Index r = 0; r < rows; ++r) {
    const float* row = x + size_t(r) * stride;
    const int k = gather_nonzero(row, in, idx.data());
    sparse_rows_sum(wt, outs, bias, idx.data(), row, k, out + size_t(r) * size_t(outs));
  }
}

}  // namespace

EigenNet::Matrix EigenNet::affine_sparse(const InputLayer& layer, const float* x, int n) {
  const Eigen::Index in = layer.wt.rows(), outs = layer.wt.cols();
  Matrix out(n, outs);
  sparse_affine(layer.wt.data(), in, outs, layer.b.data(), x, size_t(layer.stride), n, out.data());
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
  for (size_t i = 1; i < spec.policy_hidden.size(); ++i)
    policy_rest_.push_back(load(weights, layer_name("policy", int(i)), true));
  policy_rest_.push_back(load(weights, "policy_out", true));
  value_in_ = load_input(weights, layer_name("value", 0), true, kValueDim);
  for (size_t i = 1; i < spec.value_hidden.size(); ++i)
    value_rest_.push_back(load(weights, layer_name("value", int(i)), true));
  value_rest_.push_back(load(weights, "value_out", true));
  bid_in_ = load_input(weights, layer_name("bid", 0), true, kBidDim);
  for (size_t i = 1; i < spec.bid_hidden.size(); ++i)
    bid_rest_.push_back(load(weights, layer_name("bid", int(i)), true));
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
      sparse_affine(l.wt.data(), in, outs, l.b.data(), x.data(), size_t(in), n, y.data());
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
void EigenNet::value_batch(const float* inputs, int n, HeadOutput* out) const {
  heads(value_in_, value_rest_, inputs, n, out);
}
HeadOutput EigenNet::bid(const float* input) const {
  HeadOutput o;
  heads(bid_in_, bid_rest_, input, 1, &o);
  return o;
}
void EigenNet::bid_batch(const float* inputs, int n, HeadOutput* out) const {
  heads(bid_in_, bid_rest_, inputs, n, out);
}

}  // namespace ddz
