// Python bindings of the networks' input encodings (models/features.h) as numpy float32 arrays,
// so that a learner in Python trains on exactly the inputs the C++ agents and search feed.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "game/movegen.h"
#include "models/features.h"
#include "python/bindings.h"

namespace ddz::py {
namespace {

using FloatArray = pyb::array_t<float, pyb::array::c_style>;

template <class Encode>
FloatArray vector_of(int dim, Encode encode) {
  FloatArray out(dim);
  encode(out.mutable_data());
  return out;
}

}  // namespace

FloatArray state_features(const Observation& obs) {
  return vector_of(kStateDim, [&](float* p) { encode_state(obs, p); });
}

void bind_features(pyb::module_& m) {
  m.attr("FEATURE_VERSION") = kFeatureVersion;
  m.attr("CARD_SET_DIM") = kCardSetDim;
  m.attr("MOVE_BASE_DIM") = kMoveBaseDim;
  m.attr("MOVE_DIM") = kMoveDim;
  m.attr("STATE_DIM") = kStateDim;
  m.attr("VALUE_DIM") = kValueDim;
  m.attr("HISTORY_DIM") = kHistoryDim;  // the last HISTORY_DIM floats of a state, after the hands in a value input
  m.attr("BID_DIM") = kBidDim;

  m.def(
      "encode_cards",
      [](const std::string& cards) {
        const Hand hand = cards_arg(cards, "cards");
        return vector_of(kCardSetDim, [&](float* p) { encode_cards(hand, p); });
      },
      pyb::arg("cards"), "A card set as CARD_SET_DIM floats (thermometer planes per rank, then X and D).");
  m.def("encode_state", &state_features, pyb::arg("observation"),
        "Policy input of the observing seat (play phase): STATE_DIM floats, layout in models/features.h.");
  m.def(
      "encode_state",
      [](const GameState& game, int seat) {
        seat_arg(seat, "encode_state");
        return vector_of(kStateDim, [&](float* p) { encode_state(game, seat, p); });
      },
      pyb::arg("game"), pyb::arg("seat"), "The same for `seat` of a full game.");
  m.def(
      "encode_value",
      [](const GameState& game) {
        if (game.phase() != Phase::Play) throw pyb::value_error("encode_value: the game is not in the play phase");
        return vector_of(kValueDim, [&](float* p) { encode_value(game, p); });
      },
      pyb::arg("game"), "Value input for the seat to move, which also sees the other two hands: VALUE_DIM floats.");
  m.def(
      "encode_bid", [](const Observation& obs) { return vector_of(kBidDim, [&](float* p) { encode_bid(obs, p); }); },
      pyb::arg("observation"), "Bidding input of the observing seat: BID_DIM floats.");
  m.def(
      "encode_move",
      [](const pyb::handle& move, const std::string& hand) {
        const Move mv = move_arg(move, "move");
        const Hand h = cards_arg(hand, "hand");
        if (!h.contains(mv.cards))
          throw pyb::value_error("encode_move: the hand " + hand + " does not hold " + to_string(mv));
        return vector_of(kMoveDim, [&](float* p) { encode_move(mv, h, p); });
      },
      pyb::arg("move"), pyb::arg("hand"), "A candidate move of `hand` (the mover's hand before it): MOVE_DIM floats.");
  m.def(
      "encode_moves",
      [](const Observation& obs, const pyb::handle& moves) {
        std::vector<Move> list;
        if (moves.is_none()) {
          obs.legal(list);
        } else {
          for (const pyb::handle& item : moves) list.push_back(move_arg(item, "encode_moves"));
          for (const Move& mv : list)
            if (!obs.hand.contains(mv.cards))
              throw pyb::value_error("encode_moves: the hand " + to_string(obs.hand) + " does not hold " +
                                     to_string(mv));
        }
        FloatArray out({pyb::ssize_t(list.size()), pyb::ssize_t(kMoveDim)});
        std::vector<float> buffer;
        encode_moves(list, obs.hand, buffer);
        std::copy(buffer.begin(), buffer.end(), out.mutable_data());
        return out;
      },
      pyb::arg("observation"), pyb::arg("moves") = pyb::none(),
      "Candidate moves of the observing seat, one MOVE_DIM row each: its legal moves in legal_moves() order "
      "by default, or the given moves (cards or action ids).");
}

}  // namespace ddz::py
