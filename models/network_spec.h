// The architecture of the policy, value and bid networks: layer sizes, the input sizes they
// imply (from features.h), the parameter names and shapes both LibTorch and Eigen use.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ddz {

// Three plain ReLU MLPs (separate, so each head can be trained and sized on its own):
// - policy: action-conditioned scorer. Layer 1 = W_s * state + W_m * move + b, so a position's
//   state part is computed once and every legal move costs one small product; then the hidden
//   layers and a scalar score. Softmax over the legal moves gives the policy.
// - value: on the value input (features.h, full deal); two outputs: [0] a logit of the
//   probability that the side to move wins, [1] the expected final score of the seat to move
//   (GameState::scores()[seat], landlord +-2 x stake, farmer +-stake) divided by kScoreScale.
// - bid: on the bidding input; two outputs: [0] a logit of the probability that this seat wins
//   if it becomes landlord, [1] its expected landlord score divided by the base score (i.e. +-2
//   x doublings) divided by kScoreScale.
struct NetworkSpec {
  int feature_version = 0;  // set to kFeatureVersion by default_spec()
  std::vector<int> policy_hidden{256, 256};
  std::vector<int> value_hidden{256, 256};
  std::vector<int> bid_hidden{128, 128};

  int state_dim() const;
  int move_dim() const;
  int value_dim() const;
  int bid_dim() const;

  // Throws std::invalid_argument when a list is empty, a size is outside 1..4096 or the feature
  // version is not one this build encodes (kMinFeatureVersion..kFeatureVersion).
  void validate() const;
  // Compact JSON, e.g. {"feature_version":1,"policy_hidden":[256,256],...}.
  std::string to_json() const;
  // Throws std::invalid_argument naming what is wrong; unknown keys are an error.
  static NetworkSpec from_json(const std::string& text);
  // Every parameter the networks hold, in a fixed order, with its shape ([out, in] for weights
  // as in torch.nn.Linear, [out] for biases). Both the LibTorch modules and EigenNet use these.
  std::vector<std::pair<std::string, std::vector<int64_t>>> parameter_shapes() const;
  int64_t parameter_count() const;

  bool operator==(const NetworkSpec& o) const {
    return feature_version == o.feature_version && policy_hidden == o.policy_hidden && value_hidden == o.value_hidden &&
           bid_hidden == o.bid_hidden;
  }
};

// Scores are divided by this before training (typical |score| is 1..8), so outputs stay O(1).
constexpr float kScoreScale = 4.0f;

// The default (small, 2-core friendly) architecture at the current feature version.
NetworkSpec default_spec();

// Parameter names. Hidden layer i of a head (i = 0 first) is "<head>_h<i>"; for the policy,
// layer 0 is split into "policy_state_in" (weight only) and "policy_move_in" (weight and bias).
std::string layer_name(const std::string& head, int index);

struct Weights;
// Freshly initialised parameters for spec (He-uniform weights, zero biases, output layers scaled
// by 0.1 like the LibTorch modules), reproducible from `seed`: an untrained model without torch.
Weights random_weights(const NetworkSpec& spec, uint64_t seed);

}  // namespace ddz
