// Growth of a checkpoint into a larger architecture (models/net_growth.h): old blocks copied,
// new inputs of old units zeroed, added layers identity on the old units, the rest fresh.
#include "models/net_growth.h"

#include <algorithm>
#include <stdexcept>

namespace ddz {
namespace {

std::string head_error(const char* head, const std::vector<int>& from, const std::vector<int>& to) {
  const std::string name = std::string(head) + "_hidden";
  if (to.size() < from.size()) return name + ": fewer hidden layers than the checkpoint's";
  for (size_t i = 0; i < to.size(); ++i) {
    const int needed = i < from.size() ? from[i] : from.back();
    if (to[i] < needed)
      return name + ": layer " + std::to_string(i) + " has " + std::to_string(to[i]) + " units, fewer than " +
             std::to_string(needed) + (i < from.size() ? " (the checkpoint's)" : " (the checkpoint's last layer)");
  }
  return "";
}

// The hidden layer index of a parameter name "<head>_h<i>.weight/bias", or -1.
int hidden_index(const std::string& name, const std::string& head) {
  const std::string prefix = head + "_h";
  if (name.compare(0, prefix.size(), prefix) != 0) return -1;
  return std::stoi(name.substr(prefix.size()));
}

// Copies `old` into the top-left block of `t` (same rank, each dimension at least as large);
// for a weight [out, in], the old rows' columns past the old inputs become zero.
void embed(Tensor& t, const Tensor& old) {
  if (t.shape.size() == 1) {
    std::copy(old.data.begin(), old.data.end(), t.data.begin());
    return;
  }
  const int64_t in = t.shape[1], old_in = old.shape[1];
  for (int64_t r = 0; r < old.shape[0]; ++r) {
    float* row = t.data.data() + r * in;
    std::copy(old.data.begin() + r * old_in, old.data.begin() + (r + 1) * old_in, row);
    std::fill(row + old_in, row + in, 0.0f);
  }
}

// An added hidden layer: its first `pass` units copy the same units of its input.
void identity_rows(Tensor& t, int64_t pass) {
  const int64_t in = t.shape[1];
  for (int64_t r = 0; r < pass; ++r) {
    float* row = t.data.data() + r * in;
    std::fill(row, row + in, 0.0f);
    row[r] = 1.0f;
  }
}

}  // namespace

std::string growth_error(const NetworkSpec& from, const NetworkSpec& to) {
  // A newer feature version appends inputs (models/features.h), which embed() gives zero weights.
  if (from.feature_version > to.feature_version)
    return "feature version " + std::to_string(to.feature_version) + " is older than the checkpoint's " +
           std::to_string(from.feature_version);
  for (const std::string& e :
       {head_error("policy", from.policy_hidden, to.policy_hidden),
        head_error("value", from.value_hidden, to.value_hidden), head_error("bid", from.bid_hidden, to.bid_hidden)})
    if (!e.empty()) return e;
  return "";
}

Weights grow_weights(const NetworkSpec& from, const Weights& weights, const NetworkSpec& to, uint64_t seed) {
  const std::string error = growth_error(from, to);
  if (!error.empty()) throw std::invalid_argument("cannot grow the networks: " + error);
  for (const auto& [name, shape] : from.parameter_shapes()) {
    auto it = weights.tensors.find(name);
    if (it == weights.tensors.end() || it->second.shape != shape)
      throw std::invalid_argument("cannot grow the networks: tensor " + name + " is missing or mis-shaped");
  }
  Weights out = random_weights(to, seed);
  out.meta = weights.meta;
  const std::pair<std::string, const std::vector<int>*> heads[] = {
      {"policy", &from.policy_hidden}, {"value", &from.value_hidden}, {"bid", &from.bid_hidden}};
  for (auto& [name, tensor] : out.tensors) {
    auto old = weights.tensors.find(name);
    if (old != weights.tensors.end()) {
      embed(tensor, old->second);
      continue;
    }
    for (const auto& [head, hidden] : heads) {
      if (hidden_index(name, head) < int(hidden->size())) continue;
      if (name.size() > 7 && name.compare(name.size() - 7, 7, ".weight") == 0) identity_rows(tensor, hidden->back());
      // added layers' biases stay zero (random_weights), so the identity rows stay exact
    }
  }
  return out;
}

}  // namespace ddz
