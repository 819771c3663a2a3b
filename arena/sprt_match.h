// An arena match of two agents under a sequential probability ratio test: duplicate deals are
// played in order until the test accepts a hypothesis or the maximum number of deals is reached.
#pragma once
#include "arena/arena.h"
#include "arena/sprt.h"

namespace ddz {

struct SprtMatchResult {
  ArenaResult arena;  // the deals played up to the decision (result.deals is their number)
  Sprt sprt;
  SprtState state = SprtState::Continue;  // Continue: the maximum came first
};

// Plays config.agents[0] (A) against config.agents[1] on deals 0, 1, ... (at most config.deals),
// adding each deal's wins of A to the test in deal order and stopping at the first deal where it
// decides. Deals are played in parallel blocks, so a few past the decision may be played and
// dropped; the decision and the figures do not depend on the thread count. records_path is not
// supported (std::invalid_argument). Throws as run_arena does.
SprtMatchResult run_sprt_match(const ArenaConfig& config, const SprtConfig& sprt);

}  // namespace ddz
