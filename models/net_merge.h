// Merging networks into one: K networks of the same architecture become one network, K times as
// wide, whose heads compute the mean of the K heads' outputs exactly (an ensemble in one file).
#pragma once
#include <string>
#include <vector>

#include "models/network_spec.h"
#include "models/weights.h"

namespace ddz {

struct MergedNetwork {
  NetworkSpec spec;
  Weights weights;
};

// Merges `members` (each holding every tensor of `spec`, as check_weights requires) head by head.
// For each head in `heads`, the merged head's hidden layer i has K x spec's units: member k's
// units are block k, its first layer's rows are member k's, each later layer is block-diagonal
// (a block sees only its own member's units), and the output layer is the members' output
// weights side by side divided by K, with the mean of their biases. ReLU acts unit by unit, so
// the merged head's output is the mean of the members' outputs on every input; for the policy,
// whose scores are softmax logits, that is the normalised geometric mean of the members'
// policies. A head not in `heads` is the first member's, unchanged. `heads` may name "policy",
// "value" and "bid". Throws std::invalid_argument ("cannot merge the networks: ...") naming
// the problem: no members, an unknown head, a member whose tensors do not fit `spec`, or merged
// widths past NetworkSpec's limit.
MergedNetwork merge_networks(const NetworkSpec& spec, const std::vector<Weights>& members,
                             const std::vector<std::string>& heads);

}  // namespace ddz
