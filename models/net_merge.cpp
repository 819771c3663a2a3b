// Merging K networks into one K times as wide (models/net_merge.h): input layers stacked, hidden
// layers block-diagonal, output layers side by side over K, so each head outputs the members' mean.
#include "models/net_merge.h"

#include <stdexcept>

#include "models/agent_file.h"

namespace ddz {
namespace {

enum class Role { kInput, kHidden, kOutput };

// What a parameter of a merged head is: the first layer (reads the head's input, which every
// member shares), a later hidden layer (reads the members' units), or the output layer.
Role role_of(const std::string& name, const std::string& head) {
  if (name.compare(0, head.size() + 5, head + "_out.") == 0) return Role::kOutput;
  if (name.compare(0, 16, "policy_state_in.") == 0 || name.compare(0, 15, "policy_move_in.") == 0) return Role::kInput;
  if (name.compare(0, head.size() + 4, head + "_h0.") == 0) return Role::kInput;
  return Role::kHidden;
}

// The head a parameter belongs to: its name up to the first '_'.
std::string head_of(const std::string& name) { return name.substr(0, name.find('_')); }

Tensor merge_tensor(Role role, const std::vector<const Tensor*>& parts) {
  const int64_t k = int64_t(parts.size());
  const Tensor& first = *parts[0];
  Tensor t;
  const bool bias = first.shape.size() == 1;
  if (bias) {
    const int64_t n = first.shape[0];
    if (role == Role::kOutput) {  // the mean of the members' biases
      t.shape = {n};
      t.data.assign(size_t(n), 0.0f);
      for (const Tensor* p : parts)
        for (int64_t i = 0; i < n; ++i) t.data[size_t(i)] += p->data[size_t(i)] / float(k);
    } else {  // member k's units are block k
      t.shape = {n * k};
      for (const Tensor* p : parts) t.data.insert(t.data.end(), p->data.begin(), p->data.end());
    }
    return t;
  }
  const int64_t out = first.shape[0], in = first.shape[1];
  switch (role) {
    case Role::kInput:  // every member reads the same input: its rows stacked
      t.shape = {out * k, in};
      for (const Tensor* p : parts) t.data.insert(t.data.end(), p->data.begin(), p->data.end());
      break;
    case Role::kHidden:  // block-diagonal: member m's units read member m's units only
      t.shape = {out * k, in * k};
      t.data.assign(size_t(out * k * in * k), 0.0f);
      for (int64_t m = 0; m < k; ++m)
        for (int64_t r = 0; r < out; ++r)
          for (int64_t c = 0; c < in; ++c)
            t.data[size_t((m * out + r) * in * k + m * in + c)] = parts[size_t(m)]->data[size_t(r * in + c)];
      break;
    case Role::kOutput:  // side by side, each over K: the output is the members' mean
      t.shape = {out, in * k};
      t.data.assign(size_t(out * in * k), 0.0f);
      for (int64_t m = 0; m < k; ++m)
        for (int64_t r = 0; r < out; ++r)
          for (int64_t c = 0; c < in; ++c)
            t.data[size_t(r * in * k + m * in + c)] = parts[size_t(m)]->data[size_t(r * in + c)] / float(k);
      break;
  }
  return t;
}

}  // namespace

MergedNetwork merge_networks(const NetworkSpec& spec, const std::vector<Weights>& members,
                             const std::vector<std::string>& heads) {
  const std::string why = "cannot merge the networks: ";
  if (members.empty()) throw std::invalid_argument(why + "no networks to merge");
  for (const std::string& h : heads)
    if (h != "policy" && h != "value" && h != "bid")
      throw std::invalid_argument(why + "unknown head \"" + h + "\" (policy, value or bid)");
  for (size_t i = 0; i < members.size(); ++i) {
    try {
      check_weights(spec, members[i]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(why + "network " + std::to_string(i + 1) + " does not fit the architecture " +
                                  spec.to_json() + ": " + e.what());
    }
  }
  const auto merged = [&heads](const std::string& head) {
    for (const std::string& h : heads)
      if (h == head) return true;
    return false;
  };
  MergedNetwork out;
  out.spec = spec;
  const int k = int(members.size());
  for (auto [head, hidden] : {std::pair<const char*, std::vector<int>*>{"policy", &out.spec.policy_hidden},
                              {"value", &out.spec.value_hidden},
                              {"bid", &out.spec.bid_hidden}})
    if (merged(head))
      for (int& width : *hidden) width *= k;
  try {
    out.spec.validate();  // merged widths past the limit are an error here, before any copy
  } catch (const std::invalid_argument& e) { throw std::invalid_argument(why + e.what()); }
  out.weights.meta = members[0].meta;
  for (const auto& [name, shape] : spec.parameter_shapes()) {
    const std::string head = head_of(name);
    if (!merged(head)) {
      out.weights.tensors[name] = members[0].tensors.at(name);
      continue;
    }
    std::vector<const Tensor*> parts;
    for (const Weights& w : members) parts.push_back(&w.tensors.at(name));
    out.weights.tensors[name] = merge_tensor(role_of(name, head), parts);
  }
  check_weights(out.spec, out.weights);
  return out;
}

}  // namespace ddz
