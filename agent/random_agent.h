// RandomAgent: bids and plays uniformly at random among the legal choices, seeded per game.
// The baseline opponent, the engine's fuzzer in tests, and the player of `ddz game` and `ddz bench`.
#pragma once
#include <string>
#include <vector>

#include "agent/agent.h"
#include "game/rng.h"

namespace ddz {

class RandomAgent : public Agent {
 public:
  // `spec` is only echoed by spec(); the agent has no settings.
  explicit RandomAgent(uint64_t seed = 0, std::string spec = "random");

  void new_game(uint64_t seed) override { rng_.reseed(seed); }
  int bid(const Observation& obs) override;
  Move play(const Observation& obs) override;
  std::string spec() const override { return spec_; }

 private:
  Rng rng_;
  std::string spec_;
  std::vector<Move> moves_;  // reused so play() does not allocate once warmed up
};

}  // namespace ddz
