// Plain minimax reference: legal moves in generator order, combined with any/all (stopping at
// the first child that settles a node), so nothing but the rules decides the answer.
#include "solver/endgame_reference.h"

#include <stdexcept>

#include "game/movegen.h"

namespace ddz {

namespace {

// Two players: value for the side to move.
bool two_player(Hand me, Hand other, const Move& to_beat) {
  for (const Move& m : legal_moves(me, to_beat)) {
    bool win;
    if (m.is_pass()) {
      win = !two_player(other, me, Move::pass());
    } else {
      const Hand rest = me - m.cards;
      win = rest.empty() || !two_player(other, rest, m);
    }
    if (win) return true;
  }
  return false;
}

// Three players: true when the landlord wins.
bool landlord_wins(const GameState& s) {
  if (s.phase() == Phase::Over) return s.landlord_won();
  const bool landlord_moves = s.to_move() == s.landlord();
  bool any = false, all = true;
  std::vector<Move> moves;
  s.legal(moves);
  for (const Move& m : moves) {
    GameState c = s;
    const std::string err = c.apply_move(m);
    if (!err.empty()) throw std::logic_error("reference minimax: legal move rejected: " + err);
    const bool v = landlord_wins(c);
    any = any || v;
    all = all && v;
    if (landlord_moves ? any : !all) break;
  }
  return landlord_moves ? any : all;
}

}  // namespace

bool reference_side_to_move_wins(const TwoPlayerPosition& p) {
  const std::string e = check_position(p);
  if (!e.empty()) throw std::invalid_argument(e);
  return two_player(p.to_move, p.other, p.to_beat);
}

bool reference_side_to_move_wins(const ThreePlayerPosition& p) {
  const std::string e = check_position(p);
  if (!e.empty()) throw std::invalid_argument(e);
  const GameState s = GameState::from_position(p.hands, p.landlord, p.to_move, p.to_beat, p.to_beat_seat);
  const bool lw = landlord_wins(s);
  return p.to_move == p.landlord ? lw : !lw;
}

}  // namespace ddz
