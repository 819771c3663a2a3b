// Sample positions for legal-move benchmarks, drawn from seeded deals and random games.
#include "game/sample_positions.h"

#include "game/state.h"

namespace ddz {

std::vector<MovegenPosition> leading_positions(uint64_t seed, uint64_t first_deal, int count) {
  std::vector<MovegenPosition> out;
  for (int i = 0; i < count; ++i) {
    GameState s(Rng::mix(seed, first_deal + uint64_t(i)));
    out.push_back({s.hand(s.landlord()), Move::pass()});
  }
  return out;
}

std::vector<MovegenPosition> following_positions(uint64_t seed, uint64_t first_game, int count) {
  std::vector<MovegenPosition> all;
  std::vector<Move> moves;
  for (uint64_t g = 0; all.size() < size_t(count) * 8; ++g) {
    GameState s(Rng::mix(seed, first_game + g));
    Rng rng(g);
    while (s.phase() == Phase::Play) {
      if (!s.to_beat().is_pass()) all.push_back({s.hand(s.to_move()), s.to_beat()});
      s.legal(moves);
      s.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
    }
  }
  std::vector<MovegenPosition> out;
  for (int i = 0; i < count; ++i) out.push_back(all[size_t(i) * all.size() / size_t(count)]);
  return out;
}

}  // namespace ddz
