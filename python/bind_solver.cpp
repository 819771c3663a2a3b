// Python bindings of the exact solvers (solver/endgame_solver.h, solver/min_plays.h): ddz.solve
// for two- and three-player perfect-information positions and ddz.min_plays; both release the GIL.
#include <pybind11/stl.h>

#include "solver/endgame_solver.h"
#include "solver/min_plays.h"
#include "python/bindings.h"

namespace ddz::py {
namespace {

const char* const kSeatNames[3] = {"landlord", "farmer1", "farmer2"};

int seat_of_name(const pyb::handle& value, const char* what) {
  if (pyb::isinstance<pyb::str>(value)) {
    const std::string name = value.cast<std::string>();
    for (int s = 0; s < 3; ++s)
      if (name == kSeatNames[s]) return s;
    throw pyb::value_error(std::string(what) + " \"" + name + "\" must be landlord, farmer1 or farmer2");
  }
  throw pyb::value_error(std::string(what) + " must be 'landlord', 'farmer1' or 'farmer2'");
}

Hand hand_in_play(const pyb::handle& text, const char* what) {
  if (!pyb::isinstance<pyb::str>(text))
    throw pyb::value_error(std::string(what) + ": expected cards in notation (str)");
  const Hand hand = cards_arg(text.cast<std::string>(), what);
  if (hand.empty()) throw pyb::value_error(std::string(what) + " is empty: a hand in play holds at least one card");
  return hand;
}

// The result as `ddz solve --json` prints it; `seat_name` names the seats of pv and winner.
template <class SeatName>
pyb::dict result_dict(const SolveResult& r, SeatName seat_name) {
  pyb::dict out;
  out["complete"] = r.complete;
  pyb::dict stats;
  stats["nodes"] = r.stats.nodes;
  stats["seconds"] = r.stats.seconds;
  stats["cpu_seconds"] = r.stats.cpu_seconds;
  out["stats"] = stats;
  if (!r.complete) return out;
  out["side_to_move_wins"] = r.win;
  out["winner"] = seat_name(r.winner_seat, true);
  out["winning_moves"] = moves_list(r.winning_moves);
  out["all_winning_moves"] = r.all_wins;
  pyb::list pv;
  for (const PvStep& step : r.pv) pv.append(pyb::make_tuple(seat_name(step.seat, false), move_str(step.move)));
  out["pv"] = pv;
  return out;
}

pyb::dict solve(const pyb::object& game, const pyb::object& hand, const pyb::object& other, const pyb::object& landlord,
                const pyb::object& farmer1, const pyb::object& farmer2, const pyb::object& to_move,
                const pyb::object& beat, const pyb::object& beat_by, bool all_wins, uint64_t max_nodes, size_t table_mb,
                int threads) {
  const bool two = !hand.is_none() || !other.is_none();
  const bool three = !landlord.is_none() || !farmer1.is_none() || !farmer2.is_none();
  if (int(two) + int(three) + int(!game.is_none()) != 1)
    throw pyb::value_error(
        "solve: give a game, or hand and other (two players), or landlord, farmer1, farmer2 and to_move (three)");
  if (threads < 1 || threads > 2) throw pyb::value_error("solve: threads must be 1 or 2");
  SolverOptions options;
  options.table_mb = table_mb;
  options.max_nodes = max_nodes;
  options.threads = threads;
  SolveResult result;
  if (!game.is_none()) {
    if (!beat.is_none() || !to_move.is_none() || !beat_by.is_none())
      throw pyb::value_error("solve: a game gives its own seat to move and combination to beat");
    const GameState& g = game.cast<const GameState&>();
    if (g.phase() != Phase::Play)
      throw pyb::value_error(std::string("solve: the game is in the ") + phase_name(g.phase()) + " phase");
    {
      pyb::gil_scoped_release release;
      EndgameSolver solver(options);
      result = solver.solve(g, all_wins);
    }
    // Seats are the game's seat numbers; the winner is "landlord" or "farmers".
    const int landlord_seat = g.landlord();
    return result_dict(result, [landlord_seat](int seat, bool winner) -> pyb::object {
      if (winner) return pyb::str(seat == landlord_seat ? "landlord" : "farmers");
      return pyb::int_(seat);
    });
  }
  const Move to_beat = move_arg(beat, "beat");
  if (two) {
    if (hand.is_none() || other.is_none()) throw pyb::value_error("solve: two players need both hand and other");
    if (!to_move.is_none() || !beat_by.is_none())
      throw pyb::value_error(
          "solve: to_move and beat_by are for three players; with two, hand is to move and beat was played by other");
    const TwoPlayerPosition p{hand_in_play(hand, "hand"), hand_in_play(other, "other"), to_beat};
    const std::string error = check_position(p);
    if (!error.empty()) throw pyb::value_error("solve: " + error);
    {
      pyb::gil_scoped_release release;
      EndgameSolver solver(options);
      result = solver.solve(p, all_wins);
    }
    return result_dict(result, [](int seat, bool) { return seat == 0 ? "hand" : "other"; });
  }
  if (landlord.is_none() || farmer1.is_none() || farmer2.is_none())
    throw pyb::value_error("solve: three players need landlord, farmer1 and farmer2");
  if (to_move.is_none())
    throw pyb::value_error("solve: three players need to_move ('landlord', 'farmer1' or 'farmer2')");
  ThreePlayerPosition p;
  p.hands = {hand_in_play(landlord, "landlord"), hand_in_play(farmer1, "farmer1"), hand_in_play(farmer2, "farmer2")};
  p.landlord = 0;
  p.to_move = seat_of_name(to_move, "to_move");
  p.to_beat = to_beat;
  if (!to_beat.is_pass()) {
    if (beat_by.is_none()) throw pyb::value_error("solve: beat needs beat_by (the seat that played it)");
    p.to_beat_seat = seat_of_name(beat_by, "beat_by");
  } else if (!beat_by.is_none()) {
    throw pyb::value_error("solve: beat_by needs beat");
  }
  const std::string error = check_position(p);
  if (!error.empty()) throw pyb::value_error("solve: " + error);
  {
    pyb::gil_scoped_release release;
    EndgameSolver solver(options);
    result = solver.solve(p, all_wins);
  }
  return result_dict(
      result, [](int seat, bool winner) { return winner ? (seat == 0 ? "landlord" : "farmers") : kSeatNames[seat]; });
}

}  // namespace

void bind_solver(pyb::module_& m) {
  m.def("solve", &solve, pyb::arg("game") = pyb::none(), pyb::kw_only(), pyb::arg("hand") = pyb::none(),
        pyb::arg("other") = pyb::none(), pyb::arg("landlord") = pyb::none(), pyb::arg("farmer1") = pyb::none(),
        pyb::arg("farmer2") = pyb::none(), pyb::arg("to_move") = pyb::none(), pyb::arg("beat") = pyb::none(),
        pyb::arg("beat_by") = pyb::none(), pyb::arg("all_wins") = false, pyb::arg("max_nodes") = 0,
        pyb::arg("table_mb") = 64, pyb::arg("threads") = 1,
        "Exact perfect-information solve, as `ddz solve --json`. A ddz.Game in the play phase: every hand "
        "known, pv seats are seat numbers, winner 'landlord' or 'farmers'. Two players: hand (to move) against other, "
        "beat played by other. Three: landlord, farmer1, farmer2 in play order, to_move and beat_by named "
        "'landlord', 'farmer1' or 'farmer2'. Returns complete, side_to_move_wins, winner, winning_moves "
        "(all of them with all_wins=True), pv as (seat, move) pairs and stats; complete is False when "
        "max_nodes (0: no limit) ran out. Releases the GIL.");
  m.def(
      "min_plays",
      [](const std::string& hand) {
        const Hand h = cards_arg(hand, "hand");
        Decomposition d;
        {
          pyb::gil_scoped_release release;
          d = min_plays(h);
        }
        return moves_list(d.moves);
      },
      pyb::arg("hand"),
      "A partition of the hand into the fewest combinations (each led, nobody interferes); its length is "
      "the minimum number of plays.");
}

}  // namespace ddz::py
