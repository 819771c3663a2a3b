// Plays one whole game (bidding if the rules ask for it, then play) between three agents, each
// seeing only its own Observation. Used by `ddz game`, `ddz bench` and tests.
#pragma once
#include <array>
#include <cstdint>

#include "agent/agent.h"
#include "game/state.h"

namespace ddz {

// Deals from `seed` (GameState(seed, rules)), calls agents[i]->new_game(Rng::mix(seed, i + 1)) and
// plays until the game is over. Throws std::logic_error naming the seat and the reason when an
// agent answers an illegal bid or move, since that is a bug in the agent, not in user input.
GameState play_game(const std::array<Agent*, kNumSeats>& agents, uint64_t seed, const Rules& rules);
// The same with the agents' seeds drawn from their own stream: agents[i]->new_game(Rng::mix(agent_seed,
// i + 1)); the arena replays one deal with other agents' seeds this way.
GameState play_game(const std::array<Agent*, kNumSeats>& agents, uint64_t deal_seed, uint64_t agent_seed,
                    const Rules& rules);

}  // namespace ddz
