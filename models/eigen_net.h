// Eigen forward pass of the policy, value and bid networks (NetworkSpec) over a Weights
// container: the torch-free inference path for search, agents and the `ddz` binary.
#pragma once
// GCC 12 reports -Wmaybe-uninitialized inside its own AVX-512 intrinsic headers when Eigen's
// kernels are inlined (GCC PR 105593, fixed in GCC 13), although they are system headers: with
// -march=native on an AVX-512 CPU or -march=x86-64-v4 that would be 136 warnings not ours.
// At -O1 (the sanitizer builds) the same code is reported as -Wuninitialized instead.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <Eigen/Core>
#pragma GCC diagnostic pop
#include <vector>

#include "models/network_spec.h"
#include "models/weights.h"

namespace ddz {

// Two raw outputs of the value or bid head (see NetworkSpec) and their usual readings.
struct HeadOutput {
  float win_logit = 0;
  float score = 0;  // already multiplied back by kScoreScale
  float win_probability() const;
  float value() const { return 2.0f * win_probability() - 1.0f; }  // in [-1, 1]
};

class EigenNet {
 public:
  using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  // Copies the parameters; throws std::invalid_argument naming a missing or mis-shaped tensor.
  EigenNet(const NetworkSpec& spec, const Weights& weights);

  const NetworkSpec& spec() const { return spec_; }

  // Scores (logits) of n candidate moves of one position: `state` has kStateDim floats, `moves`
  // is n x kMoveDim row-major (features.h). All methods are const and thread-safe. Inputs are
  // always this build's encodings; a model of an older feature version reads each row's prefix.
  void policy_scores(const float* state, const float* moves, int n, float* out) const;
  // Many positions at once: `states` is p x kStateDim, `moves` is m x kMoveDim and owner[i]
  // (0..p-1) the position of move i. Writes m scores.
  void policy_scores_batch(const float* states, int p, const float* moves, const int* owner, int m, float* out) const;
  // Softmax of scores / temperature (temperature > 0), in place.
  static void softmax(float* scores, int n, float temperature = 1.0f);

  HeadOutput value(const float* input) const;  // kValueDim floats
  void value_batch(const float* inputs, int n, HeadOutput* out) const;
  HeadOutput bid(const float* input) const;  // kBidDim floats
  void bid_batch(const float* inputs, int n, HeadOutput* out) const;

 private:
  struct Layer {
    Matrix w;  // [out, in]
    Matrix wt;  // [in, out], for small batches (mlp)
    Eigen::VectorXf b;
  };
  // A layer on the encoded input, kept transposed ([in, out]): the inputs are card planes and
  // one-hots, about one in seven non-zero, so summing the weight rows of the non-zero inputs
  // does a seventh of the dense product's work (features.h; bench/bench_eigen_net.cpp).
  struct InputLayer {
    Matrix wt;  // [in, out]
    Eigen::VectorXf b;
    Eigen::Index stride = 0;  // floats per input row (>= in: older feature versions read a prefix)
  };
  Layer load(const Weights& w, const std::string& name, bool bias);
  InputLayer load_input(const Weights& w, const std::string& name, bool bias, int stride);
  // out (n x layer outputs) = x (n x in, row-major) * W^T + b, skipping zero inputs.
  static Matrix affine_sparse(const InputLayer& layer, const float* x, int n);
  // Runs hidden layers (ReLU) and the output layer on rows of x (n x in). Batches of up to
  // kSmallBatch rows skip Eigen's matrix product, which repacks the whole weight matrix on every
  // call (most of a move's time at batch 1-20, where searches and rollouts evaluate): each row
  // lists its non-zero inputs (about half are zero after ReLU) and sums their transposed weight
  // rows in vector registers, and narrow output layers take one dot product per output.
  static Matrix mlp(const std::vector<Layer>& layers, Matrix x);
  // 96, not 32: phase 7's teacher ran 6% faster (the same deals, alternating runs), since a
  // position with 33-96 legal moves costs Eigen more in repacking than the sparse rows do.
  static constexpr Eigen::Index kSmallBatch = 96;
  void heads(const InputLayer& in, const std::vector<Layer>& rest, const float* inputs, int n, HeadOutput* out) const;

  NetworkSpec spec_;
  InputLayer policy_state_in_;  // [kStateDim, h0], zero bias
  InputLayer policy_move_in_;  // [kMoveDim, h0]
  std::vector<Layer> policy_rest_;  // hidden layers 1.. and the output
  InputLayer value_in_;
  std::vector<Layer> value_rest_;  // value hidden layers 1.. and the output
  InputLayer bid_in_;
  std::vector<Layer> bid_rest_;
};

}  // namespace ddz
