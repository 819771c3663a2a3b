// The small network architecture the self-play tests train and search with: fast enough for
// learner steps in a unit test, same layer structure as the real configs.
#pragma once
#include "models/network_spec.h"

namespace ddz::selfplay::testing {

inline NetworkSpec tiny_spec() {
  NetworkSpec s = default_spec();
  s.policy_hidden = {16};
  s.value_hidden = {16};
  s.bid_hidden = {8};
  return s;
}

}  // namespace ddz::selfplay::testing
