// RandomAgent: one uniform draw over obs.legal_bids() or the legal moves of the observation.
// Pass counts as one choice among the moves when following, like any other legal move.
#include "agent/random_agent.h"

#include <stdexcept>
#include <utility>

namespace ddz {

RandomAgent::RandomAgent(uint64_t seed, std::string spec) : rng_(seed), spec_(std::move(spec)) {}

int RandomAgent::bid(const Observation& obs) {
  const std::vector<int> bids = obs.legal_bids();
  if (bids.empty()) throw std::logic_error("RandomAgent::bid called outside the bidding phase");
  return bids[rng_.below(uint32_t(bids.size()))];
}

Move RandomAgent::play(const Observation& obs) {
  obs.legal(moves_);
  if (moves_.empty()) throw std::logic_error("RandomAgent::play called with no legal move");
  return moves_[rng_.below(uint32_t(moves_.size()))];
}

}  // namespace ddz
