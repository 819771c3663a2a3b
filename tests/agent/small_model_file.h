// A small exported agent file with random weights, written for a test: the agent tests need a
// model without LibTorch or a training run.
#pragma once
#include <unistd.h>

#include <gtest/gtest.h>

#include <string>

#include "models/agent_file.h"

namespace ddz::testing {

// Writes <TempDir>/ddz_<name>_<pid>.ddz (small hidden layers, weights from `seed`, the given
// default agent settings) and returns its path; the caller removes it.
inline std::string small_model_file(const std::string& settings, const std::string& name, uint64_t seed) {
  AgentFile f;
  f.spec = default_spec();
  f.spec.policy_hidden = {32, 16};
  f.spec.value_hidden = {16};
  f.spec.bid_hidden = {8};
  f.weights = random_weights(f.spec, seed);
  f.agent_settings = settings;
  f.provenance = "{}";
  const std::string path = ::testing::TempDir() + "ddz_" + name + "_" + std::to_string(::getpid()) + ".ddz";
  save_agent_file(f, path);
  return path;
}

}  // namespace ddz::testing
