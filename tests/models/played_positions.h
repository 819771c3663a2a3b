// Play-phase positions of seeded random games, with their legal moves: the inputs the network
// tests (Eigen forward pass, network growth) compare outputs on.
#pragma once
#include <vector>

#include "game/movegen.h"
#include "game/state.h"

namespace ddz::testing {

struct Position {
  GameState state;
  std::vector<Move> moves;
};

// Every play-phase position of `games` random games (deal 100 + g, moves drawn by Rng{g}).
inline std::vector<Position> positions(int games) {
  std::vector<Position> out;
  std::vector<Move> moves;
  for (int g = 0; g < games; ++g) {
    GameState s(uint64_t(100 + g));
    Rng rng{uint64_t(g)};
    while (s.phase() == Phase::Play) {
      s.legal(moves);
      out.push_back({s, moves});
      s.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
    }
  }
  return out;
}

}  // namespace ddz::testing
