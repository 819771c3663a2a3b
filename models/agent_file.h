// The exported agent file (.ddz): one self-contained file with the feature version, the
// architecture, the weights, default agent settings, training provenance and a checksum.
// Loaded with Eigen only; the format is described in docs/model_format.md.
#pragma once
#include <memory>
#include <string>

#include "models/eigen_net.h"
#include "models/network_spec.h"
#include "models/weights.h"

namespace ddz {

struct AgentFile {
  NetworkSpec spec;  // spec.feature_version is the encoding it was trained with
  Weights weights;  // the tensors of spec.parameter_shapes() (meta unused)
  std::string agent_settings;  // default settings for `net:` agents, e.g. "temperature=0"
  std::string provenance;  // JSON object: run name, config, steps, games, created time
};

// Metadata keys of the container (the rest of the container is the tensors).
constexpr const char* kMetaFormat = "format";  // "ddz-agent"
constexpr const char* kMetaFeatureVersion = "feature_version";
constexpr const char* kMetaArchitecture = "architecture";  // NetworkSpec::to_json()
constexpr const char* kMetaAgentSettings = "agent_settings";
constexpr const char* kMetaProvenance = "provenance";

// Checks the tensors against spec (names and shapes; extra tensors are an error); throws
// std::invalid_argument naming the first problem.
void check_weights(const NetworkSpec& spec, const Weights& weights);

// Writes atomically; throws ModelFileError / std::invalid_argument on bad content.
void save_agent_file(const AgentFile& file, const std::string& path);
std::string serialize_agent_file(const AgentFile& file);
// Throws ModelFileError naming the file when it is missing, truncated, corrupt, of the wrong
// kind, of another feature version or with weights that do not fit its architecture.
AgentFile load_agent_file(const std::string& path);
AgentFile parse_agent_file(const std::string& bytes, const std::string& source);

// A loaded, ready-to-run model shared by agents and evaluators (cached per path, so an arena's
// many agent instances of one file share one copy).
struct LoadedModel {
  AgentFile file;
  std::shared_ptr<const EigenNet> net;
};
std::shared_ptr<const LoadedModel> load_model_cached(const std::string& path);

}  // namespace ddz
