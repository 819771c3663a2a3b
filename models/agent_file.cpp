// Exported agent files: the weights container (magic DDZAGT) with required metadata, validated
// on load against this build's feature version and the architecture it declares.
#include "models/agent_file.h"

#include <mutex>
#include <unordered_map>

#include "models/features.h"

namespace ddz {

void check_weights(const NetworkSpec& spec, const Weights& weights) {
  const auto shapes = spec.parameter_shapes();
  for (const auto& [name, shape] : shapes) {
    auto it = weights.tensors.find(name);
    if (it == weights.tensors.end()) throw std::invalid_argument("missing tensor '" + name + "'");
    if (it->second.shape != shape) {
      std::string want, got;
      for (int64_t d : shape) want += (want.empty() ? "" : "x") + std::to_string(d);
      for (int64_t d : it->second.shape) got += (got.empty() ? "" : "x") + std::to_string(d);
      throw std::invalid_argument("tensor '" + name + "' has shape " + got + ", the architecture needs " + want);
    }
  }
  if (weights.tensors.size() != shapes.size()) {
    for (const auto& [name, t] : weights.tensors) {
      bool known = false;
      for (const auto& s : shapes) known = known || s.first == name;
      if (!known) throw std::invalid_argument("unexpected tensor '" + name + "' for this architecture");
    }
  }
}

std::string serialize_agent_file(const AgentFile& file) {
  file.spec.validate();
  check_weights(file.spec, file.weights);
  Weights w;
  w.tensors = file.weights.tensors;
  w.meta[kMetaFormat] = "ddz-agent";
  w.meta[kMetaFeatureVersion] = std::to_string(file.spec.feature_version);
  w.meta[kMetaArchitecture] = file.spec.to_json();
  w.meta[kMetaAgentSettings] = file.agent_settings;
  w.meta[kMetaProvenance] = file.provenance.empty() ? "{}" : file.provenance;
  return serialize_weights(w, kAgentMagic);
}

void save_agent_file(const AgentFile& file, const std::string& path) {
  write_file_atomic(path, serialize_agent_file(file));
}

AgentFile parse_agent_file(const std::string& bytes, const std::string& source) {
  Weights w = parse_weights(bytes, source, kAgentMagic);
  const auto meta = [&](const char* key) -> const std::string& {
    auto it = w.meta.find(key);
    if (it == w.meta.end()) throw ModelFileError(source + ": not a complete agent file (no '" + key + "' entry)");
    return it->second;
  };
  if (meta(kMetaFormat) != "ddz-agent") throw ModelFileError(source + ": unknown format '" + meta(kMetaFormat) + "'");
  int version = 0;
  try {
    version = std::stoi(meta(kMetaFeatureVersion));
  } catch (const std::exception&) {
    throw ModelFileError(source + ": bad feature version '" + meta(kMetaFeatureVersion) + "'");
  }
  if (version < kMinFeatureVersion || version > kFeatureVersion)
    throw ModelFileError(source + ": the model was trained with feature version " + std::to_string(version) +
                         ", this build reads feature versions " + std::to_string(kMinFeatureVersion) + ".." +
                         std::to_string(kFeatureVersion) + "; retrain or export it with a matching build");
  AgentFile f;
  try {
    f.spec = NetworkSpec::from_json(meta(kMetaArchitecture));
  } catch (const std::invalid_argument& e) { throw ModelFileError(source + ": " + e.what()); }
  if (f.spec.feature_version != version)
    throw ModelFileError(source + ": the architecture's feature version disagrees with the file header");
  try {
    check_weights(f.spec, w);
  } catch (const std::invalid_argument& e) {
    throw ModelFileError(source + ": weights do not fit the architecture: " + e.what());
  }
  f.agent_settings = meta(kMetaAgentSettings);
  f.provenance = meta(kMetaProvenance);
  f.weights.tensors = std::move(w.tensors);
  return f;
}

AgentFile load_agent_file(const std::string& path) { return parse_agent_file(read_file_bytes(path), path); }

std::shared_ptr<const LoadedModel> load_model_cached(const std::string& path) {
  static std::mutex mutex;
  static std::unordered_map<std::string, std::weak_ptr<const LoadedModel>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto hit = cache[path].lock()) return hit;
  auto model = std::make_shared<LoadedModel>();
  model->file = load_agent_file(path);
  model->net = std::make_shared<const EigenNet>(model->file.spec, model->file.weights);
  model->file.weights.tensors.clear();  // the EigenNet holds its own copy
  cache[path] = model;
  return model;
}

}  // namespace ddz
