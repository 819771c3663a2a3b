// The game loop over agents: ask the seat to move, apply through the validating entry points so a
// faulty agent can never corrupt the game.
#include "agent/play_game.h"

#include <stdexcept>
#include <string>

#include "game/observation.h"

namespace ddz {

GameState play_game(const std::array<Agent*, kNumSeats>& agents, uint64_t seed, const Rules& rules) {
  return play_game(agents, seed, seed, rules);
}

GameState play_game(const std::array<Agent*, kNumSeats>& agents, uint64_t deal_seed, uint64_t agent_seed,
                    const Rules& rules) {
  GameState state(deal_seed, rules);
  for (int seat = 0; seat < kNumSeats; ++seat) agents[size_t(seat)]->new_game(Rng::mix(agent_seed, uint64_t(seat) + 1));
  while (state.phase() != Phase::Over) {
    const int seat = state.to_move();
    Agent& agent = *agents[size_t(seat)];
    const Observation obs = observe(state, seat);
    std::string error;
    if (state.phase() == Phase::Bidding) {
      const int bid = agent.bid(obs);
      error = state.apply_bid(bid);
      if (!error.empty())
        throw std::logic_error("agent " + agent.spec() + " at seat " + std::to_string(seat) + " made an illegal bid " +
                               std::to_string(bid) + ": " + error);
    } else {
      const Move move = agent.play(obs);
      error = state.apply_move(move);
      if (!error.empty())
        throw std::logic_error("agent " + agent.spec() + " at seat " + std::to_string(seat) + " made an illegal move " +
                               to_string(move) + ": " + error);
    }
  }
  return state;
}

}  // namespace ddz
