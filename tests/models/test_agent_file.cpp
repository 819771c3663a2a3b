// Tests of the exported agent file: round trip, and a clear error naming the file for truncated,
// corrupted, foreign, wrong-feature-version and wrong-architecture files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>

#include "models/agent_file.h"
#include "models/features.h"

namespace ddz {
namespace {

NetworkSpec tiny_spec() {
  NetworkSpec s = default_spec();
  s.policy_hidden = {8, 4};
  s.value_hidden = {6};
  s.bid_hidden = {5};
  return s;
}

AgentFile tiny_file() {
  AgentFile f;
  f.spec = tiny_spec();
  f.weights = random_weights(f.spec, 42);
  f.agent_settings = "temperature=0";
  f.provenance = R"({"run":"test","steps":10,"games":3})";
  return f;
}

void expect_error(const std::string& bytes, const std::string& source, const std::string& needle = "") {
  try {
    parse_agent_file(bytes, source);
    FAIL() << "no error (" << bytes.size() << " bytes)";
  } catch (const ModelFileError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(source + ": ", 0), 0u) << what;
    if (!needle.empty()) { EXPECT_NE(what.find(needle), std::string::npos) << what; }
  }
}

// A file with this metadata but otherwise valid (fresh checksum), to test semantic checks.
std::string with_meta(const std::string& key, const std::string& value) {
  Weights w = parse_weights(serialize_agent_file(tiny_file()), "mem", kAgentMagic);
  w.meta[key] = value;
  return serialize_weights(w, kAgentMagic);
}

TEST(AgentFile, RoundTripThroughADisk) {
  const AgentFile f = tiny_file();
  const std::string path = ::testing::TempDir() + "ddz_agent_" + std::to_string(::getpid()) + ".ddz";
  save_agent_file(f, path);
  const AgentFile g = load_agent_file(path);
  EXPECT_TRUE(g.spec == f.spec);
  EXPECT_TRUE(g.weights == f.weights);
  EXPECT_EQ(g.agent_settings, f.agent_settings);
  EXPECT_EQ(g.provenance, f.provenance);
  auto model = load_model_cached(path);
  EXPECT_EQ(model.get(), load_model_cached(path).get());  // shared while alive
  EXPECT_TRUE(model->net->spec() == f.spec);
  std::remove(path.c_str());
}

TEST(AgentFile, SaveRefusesWeightsThatDoNotFit) {
  AgentFile f = tiny_file();
  f.weights.tensors.erase("bid_out.bias");
  EXPECT_THROW(serialize_agent_file(f), std::invalid_argument);
}

TEST(AgentFile, TruncationsAreErrors) {
  const std::string bytes = serialize_agent_file(tiny_file());
  ASSERT_GT(bytes.size(), 4000u);
  for (size_t len = 0; len < 2048; ++len) expect_error(bytes.substr(0, len), "cut.ddz");
  for (size_t len = 2048; len < bytes.size(); len += 61) expect_error(bytes.substr(0, len), "cut.ddz");
  expect_error(bytes.substr(0, bytes.size() - 1), "cut.ddz", "checksum");
}

TEST(AgentFile, FlippedBytesAreErrors) {
  const std::string bytes = serialize_agent_file(tiny_file());
  for (size_t i = 0; i < bytes.size(); i += (i < 1024 ? 1 : 37)) {
    std::string bad = bytes;
    bad[i] = char(uint8_t(bad[i]) ^ 0x10);
    expect_error(bad, "flip.ddz");
  }
}

TEST(AgentFile, WrongMagicAndCheckpointGivenAsAgent) {
  std::string bytes = serialize_agent_file(tiny_file());
  bytes[0] = 'X';
  expect_error(bytes, "magic.ddz", "not a ddz model file");
  expect_error(serialize_weights(tiny_file().weights), "ckpt.bin", "wrong kind of file");
}

TEST(AgentFile, WrongFeatureVersionIsRefused) {
  expect_error(with_meta(kMetaFeatureVersion, std::to_string(kFeatureVersion + 1)), "future.ddz", "feature version");
  expect_error(with_meta(kMetaFeatureVersion, "zero"), "bad.ddz", "feature version");
  expect_error(with_meta(kMetaFeatureVersion, std::to_string(kMinFeatureVersion - 1)), "old.ddz", "feature version");
}

TEST(AgentFile, ArchitectureMustMatchTheWeights) {
  NetworkSpec other = tiny_spec();
  other.value_hidden = {7};
  expect_error(with_meta(kMetaArchitecture, other.to_json()), "arch.ddz", "value_h0.weight");
  expect_error(with_meta(kMetaArchitecture, "{not json"), "json.ddz", "JSON");
  expect_error(
      with_meta(kMetaArchitecture,
                R"({"feature_version":1,"policy_hidden":[8,4],"value_hidden":[6],"bid_hidden":[5],"extra":1})"),
      "unknown.ddz", "unknown key");
  Weights w = parse_weights(serialize_agent_file(tiny_file()), "mem", kAgentMagic);
  w.meta.erase(kMetaAgentSettings);
  expect_error(serialize_weights(w, kAgentMagic), "meta.ddz", "agent_settings");
}

TEST(NetworkSpec, JsonRoundTripAndValidation) {
  const NetworkSpec s = tiny_spec();
  EXPECT_TRUE(NetworkSpec::from_json(s.to_json()) == s);
  EXPECT_THROW(NetworkSpec::from_json(R"({"feature_version":1,"policy_hidden":[]})"), std::invalid_argument);
  EXPECT_THROW(NetworkSpec::from_json(R"({"feature_version":1,"policy_hidden":[0]})"), std::invalid_argument);
  EXPECT_THROW(NetworkSpec::from_json(R"({"policy_hidden":[8]})"), std::invalid_argument);
  EXPECT_THROW(NetworkSpec::from_json(R"({"feature_version":"one"})"), std::invalid_argument);
  EXPECT_EQ(default_spec().parameter_count(), [] {
    int64_t n = 0;
    for (const auto& [name, t] : random_weights(default_spec(), 1).tensors) n += t.numel();
    return n;
  }());
}

}  // namespace
}  // namespace ddz
