// NetworkSpec: validation, JSON round trip and the parameter table shared by LibTorch and Eigen.
#include "models/network_spec.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "game/rng.h"
#include "models/features.h"
#include "models/weights.h"

namespace ddz {

int NetworkSpec::state_dim() const { return state_dim_of(feature_version); }
int NetworkSpec::move_dim() const { return kMoveDim; }
int NetworkSpec::value_dim() const { return value_dim_of(feature_version); }
int NetworkSpec::bid_dim() const { return bid_dim_of(feature_version); }

void NetworkSpec::validate() const {
  if (feature_version < kMinFeatureVersion || feature_version > kFeatureVersion)
    throw std::invalid_argument("architecture: feature_version " + std::to_string(feature_version) +
                                " is not one this build encodes (" + std::to_string(kMinFeatureVersion) + ".." +
                                std::to_string(kFeatureVersion) + ")");
  const auto check = [](const std::vector<int>& sizes, const char* name) {
    if (sizes.empty()) throw std::invalid_argument(std::string("architecture: ") + name + " needs at least one layer");
    for (int s : sizes)
      if (s < 1 || s > 4096)
        throw std::invalid_argument(std::string("architecture: ") + name + " layer size " + std::to_string(s) +
                                    " is outside 1..4096");
  };
  check(policy_hidden, "policy_hidden");
  check(value_hidden, "value_hidden");
  check(bid_hidden, "bid_hidden");
}

std::string NetworkSpec::to_json() const {
  nlohmann::json j;
  j["feature_version"] = feature_version;
  j["policy_hidden"] = policy_hidden;
  j["value_hidden"] = value_hidden;
  j["bid_hidden"] = bid_hidden;
  return j.dump();
}

NetworkSpec NetworkSpec::from_json(const std::string& text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("architecture is not valid JSON: ") + e.what());
  }
  if (!j.is_object()) throw std::invalid_argument("architecture must be a JSON object");
  NetworkSpec spec;
  bool have_version = false;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& key = it.key();
    try {
      if (key == "feature_version") {
        spec.feature_version = it.value().get<int>();
        have_version = true;
      } else if (key == "policy_hidden") {
        spec.policy_hidden = it.value().get<std::vector<int>>();
      } else if (key == "value_hidden") {
        spec.value_hidden = it.value().get<std::vector<int>>();
      } else if (key == "bid_hidden") {
        spec.bid_hidden = it.value().get<std::vector<int>>();
      } else {
        throw std::invalid_argument("architecture has an unknown key '" + key + "'");
      }
    } catch (const nlohmann::json::exception& e) {
      throw std::invalid_argument("architecture key '" + key + "' has the wrong type: " + e.what());
    }
  }
  if (!have_version) throw std::invalid_argument("architecture lacks feature_version");
  spec.validate();
  return spec;
}

std::string layer_name(const std::string& head, int index) { return head + "_h" + std::to_string(index); }

std::vector<std::pair<std::string, std::vector<int64_t>>> NetworkSpec::parameter_shapes() const {
  std::vector<std::pair<std::string, std::vector<int64_t>>> out;
  const auto linear = [&out](const std::string& name, int64_t in, int64_t outs, bool bias) {
    out.push_back({name + ".weight", {outs, in}});
    if (bias) out.push_back({name + ".bias", {outs}});
  };
  linear("policy_state_in", state_dim(), policy_hidden[0], false);
  linear("policy_move_in", move_dim(), policy_hidden[0], true);
  for (size_t i = 1; i < policy_hidden.size(); ++i)
    linear(layer_name("policy", int(i)), policy_hidden[i - 1], policy_hidden[i], true);
  linear("policy_out", policy_hidden.back(), 1, true);
  const auto mlp = [&](const std::string& head, int in, const std::vector<int>& hidden, int outs) {
    int prev = in;
    for (size_t i = 0; i < hidden.size(); ++i) {
      linear(layer_name(head, int(i)), prev, hidden[i], true);
      prev = hidden[i];
    }
    linear(head + "_out", prev, outs, true);
  };
  mlp("value", value_dim(), value_hidden, 2);
  mlp("bid", bid_dim(), bid_hidden, 2);
  return out;
}

int64_t NetworkSpec::parameter_count() const {
  int64_t n = 0;
  for (const auto& [name, shape] : parameter_shapes()) {
    int64_t k = 1;
    for (int64_t d : shape) k *= d;
    n += k;
  }
  return n;
}

Weights random_weights(const NetworkSpec& spec, uint64_t seed) {
  Rng rng(seed);
  Weights w;
  for (const auto& [name, shape] : spec.parameter_shapes()) {
    Tensor t;
    t.shape = shape;
    t.data.resize(size_t(t.numel()));
    if (shape.size() == 2) {
      const bool output = name.find("_out.") != std::string::npos;
      const double bound = std::sqrt(6.0 / double(shape[1])) * (output ? 0.1 : 1.0);
      for (float& x : t.data) x = float((2.0 * rng.uniform() - 1.0) * bound);
    }
    w.tensors[name] = std::move(t);
  }
  return w;
}

NetworkSpec default_spec() {
  NetworkSpec s;
  s.feature_version = kFeatureVersion;
  return s;
}

}  // namespace ddz
