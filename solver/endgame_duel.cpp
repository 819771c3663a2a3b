// Three-player win proofs for the farmers from two-player duels (see endgame_duel.h for why a
// duel's win is the team's win and which duels a position offers).
#include "solver/endgame_duel.h"

namespace ddz::endgame {

FarmerDuel::FarmerDuel(EndgameTable& table)
    : search_(std::make_unique<Search<2>>(table, 0)), failed_(size_t(1) << kMemoBits, 0) {}

FarmerDuel::~FarmerDuel() = default;

bool FarmerDuel::farmer_wins(const Node& d, uint64_t budget, uint64_t* nodes) {
  const EndgameKey key = search_->key_of(d);
  const uint64_t h = EndgameTable::hash_of(key) | 1;  // never 0, the empty slot
  uint64_t& memo = failed_[size_t(h >> (64 - kMemoBits))];
  if (memo == h) return false;
  bool done = false;
  const uint64_t before = search_->nodes();
  const bool v = search_->wins_within(d, budget ? budget : uint64_t(1) << 62, &done);
  *nodes += search_->nodes() - before;
  // Only budget failures are remembered: a finished duel is in the table (one node to look up
  // again), and its key does not say which seat is the farmer (two-player keys are by the hand to
  // move and the other hand), so "the farmer lost" could not be remembered by key anyway.
  if (!done) {
    memo = h;
    return false;
  }
  return d.to_move == 1 ? v : !v;
}

bool FarmerDuel::try_duel(const Node& n, int farmer, int mover, const Move& beat, uint64_t budget, uint64_t* nodes) {
  if (n.h[farmer].size() > kMaxFarmerCards) return false;
  const int lead_bonus = mover == 1 && beat.is_pass() ? 1 : 0;
  if (search_->min_plays(n.h[farmer]) - lead_bonus > search_->min_plays(n.h[0])) return false;
  Node d;
  d.h[0] = n.h[0];
  d.h[1] = n.h[farmer];
  d.to_move = mover;
  d.beat = beat;
  d.passes = 0;
  return farmer_wins(d, budget, nodes);
}

bool FarmerDuel::farmers_win(const Node& n, uint64_t budget, uint64_t* nodes) {
  *nodes = 0;
  const int s = n.to_move;
  const Move pass = Move::pass();
  auto duel = [&](int farmer, int mover, const Move& beat) { return try_duel(n, farmer, mover, beat, budget, nodes); };
  if (n.beat.is_pass()) {
    if (s == 0) return duel(1, 0, pass) || duel(2, 0, pass);
    return duel(s, 1, pass);
  }
  const int b = Search<3>::beat_seat(n);
  if (s == 0) return duel(b, 0, n.beat);
  if (b == 0) {
    if (duel(s, 1, n.beat)) return true;
    return s == 1 ? duel(2, 1, n.beat) : duel(1, 0, pass);
  }
  return s == 1 ? duel(2, 1, pass) : duel(1, 0, n.beat);
}

}  // namespace ddz::endgame
