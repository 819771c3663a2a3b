// The small network architecture (and config) the self-play tests train and search with: fast
// enough for learner steps in a unit test, same layer structure as the real configs.
#pragma once
#include <filesystem>

#include "models/network_spec.h"
#include "selfplay/config.h"

namespace ddz::selfplay::testing {

inline NetworkSpec tiny_spec() {
  NetworkSpec s = default_spec();
  s.policy_hidden = {16};
  s.value_hidden = {16};
  s.bid_hidden = {8};
  return s;
}

// A config of tiny_spec()'s widths with the fewest simulations the search accepts.
inline TrainConfig tiny_config() {
  TrainConfig cfg;
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
  cfg.policy_hidden = {16};
  cfg.value_hidden = {16};
  cfg.bid_hidden = {8};
  cfg.search.sims = 4;
  cfg.search.k = 4;
  cfg.fast_sims = 2;
  return cfg;
}

// tiny_config() with every move searched (8 simulations) and scored by rollouts alone.
inline TrainConfig rollout_search_config() {
  TrainConfig cfg = tiny_config();
  cfg.search.sims = 8;
  cfg.full_search_prob = 1.0;
  cfg.search.rollout_mix = 1.0;
  cfg.search.c_scale = 1.0;
  return cfg;
}

// An empty folder test_tmp/<name> in the build tree.
inline std::filesystem::path fresh_dir(const char* name) {
  const std::filesystem::path dir = std::filesystem::path(DDZ_BINARY_DIR) / "test_tmp" / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace ddz::selfplay::testing
