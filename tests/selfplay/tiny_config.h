// The smallest training config that trains for real (tiny networks, four simulations, no periodic
// evaluation), shared by the tests that run the trainer or `ddz train`; each adds its own keys.
#pragma once
#include <string>

namespace ddz::testing {

// The shared keys followed by `extra` (YAML lines, each ending in a newline).
inline std::string tiny_train_config(const std::string& extra) {
  return R"(policy_hidden: [16]
value_hidden: [16]
bid_hidden: [8]
sims: 4
k: 4
fast_sims: 2
min_replay: 100
replay_capacity: 5000
batch_size: 32
eval_every_minutes: 0
eval_deals: 4
eval_opponents: [random]
)" + extra;
}

}  // namespace ddz::testing
