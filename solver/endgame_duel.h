// Three players: the farmers' win proved by a two-player "duel" (one farmer against the landlord
// while its partner passes throughout), solved by a budgeted two-player search.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "solver/endgame_search.h"

namespace ddz::endgame {

// Why a duel proves a three-player win: if the partner passes at every turn from now on, the
// turn order landlord -> farmer 1 -> farmer 2 behaves exactly like the two-player game between
// the landlord and the other farmer (a pass by the partner only hands the turn on; two passes in
// a row give the lead back to whoever played last, which is one pass in the two-player game),
// and the partner never has to lead since it never plays. So a winning strategy of that farmer
// in the two-player game is a winning strategy of the farmers' team in the three-player game.
// The converse does not hold (the partner may be needed), so a duel only ever proves a win for
// the farmers, never a loss.
//
// Which duels a position offers (seat to move s, combination c played by seat b; internal seats
// 0 landlord, 1 farmer 1, 2 farmer 2), each the position the partner's passes lead to:
//   landlord leads: it leads against farmer 1, and against farmer 2;
//   farmer f leads: f leads against the landlord;
//   landlord follows c of farmer b: it follows c against farmer b;
//   farmer f follows the landlord's c: f follows c; farmer 1 may also pass, so farmer 2 follows
//     c; farmer 2 may also pass, so the landlord leads against farmer 1;
//   farmer 1 follows farmer 2's c (the landlord passed): passing gives farmer 2 the lead;
//   farmer 2 follows farmer 1's c (nobody passed): passing lets the landlord follow c against
//     farmer 1.
class FarmerDuel {
 public:
  // Duels search with a two-player search of their own on `table` (two-player keys never equal
  // three-player ones), so solved duels are shared by every position that offers them.
  explicit FarmerDuel(EndgameTable& table);
  ~FarmerDuel();

  // True when a duel of n (a three-player node, not over) proves that the farmers win, within
  // `budget` two-player nodes per duel (0: none). Only duels of a farmer holding at most
  // kMaxFarmerCards cards that needs no more plays than the landlord (minimum plays, one fewer
  // when it leads) are tried: the others are rarely won and cost the most. A duel whose budget
  // ran out is not tried again (a direct-mapped memo of key hashes: a collision only skips a
  // test). *nodes receives the two-player nodes spent.
  bool farmers_win(const Node& n, uint64_t budget, uint64_t* nodes);

 private:
  // One duel: seat 0 of d the landlord, seat 1 the farmer. True when the farmer wins.
  bool farmer_wins(const Node& d, uint64_t budget, uint64_t* nodes);
  bool try_duel(const Node& n, int farmer, int mover, const Move& beat, uint64_t budget, uint64_t* nodes);

  // 40 random 14/12/12 positions at a 2M-node cap, duels of 100 nodes (docs/solver.md): farmers
  // of up to 4, 5, 6, 7 and 8 cards gave geomean nodes 174k, 163k, 166k, 168k and 177k (279k
  // without duels) and 27, 27, 28, 27 and 27 solved (26 without); 6 had the lowest median CPU.
  static constexpr int kMaxFarmerCards = 6;

  std::unique_ptr<Search<2>> search_;
  static constexpr int kMemoBits = 16;
  std::vector<uint64_t> failed_;
};

}  // namespace ddz::endgame
