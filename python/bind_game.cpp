// Python bindings of the game state machine and of one seat's observation (game/state.h,
// game/observation.h): ddz.Game and ddz.Observation, with cards and moves in notation.
#include <pybind11/stl.h>

#include "arena/game_record.h"
#include "python/bindings.h"

namespace ddz::py {
namespace {

pyb::list history_list(const std::vector<PlayRecord>& history) {
  pyb::list out(history.size());
  for (size_t i = 0; i < history.size(); ++i) out[i] = pyb::make_tuple(history[i].seat, move_str(history[i].move));
  return out;
}

pyb::list bids_list(const std::vector<BidRecord>& bids) {
  pyb::list out(bids.size());
  for (size_t i = 0; i < bids.size(); ++i) out[i] = pyb::make_tuple(bids[i].seat, bids[i].bid);
  return out;
}

template <class HandsOf>
std::vector<std::string> hand_strings(HandsOf hand_of) {
  std::vector<std::string> out;
  for (int s = 0; s < kNumSeats; ++s) out.push_back(to_string(hand_of(s)));
  return out;
}

pyb::object seat_or_none(int seat) { return seat == kNoSeat ? pyb::none() : pyb::object(pyb::int_(seat)); }

Rules rules_of(bool bidding, int landlord, const pyb::handle& first_bidder, bool bomb_double, bool spring) {
  Rules rules;
  rules.bidding = bidding;
  rules.fixed_landlord = seat_arg(landlord, "landlord");
  rules.first_bidder = first_bidder.is_none() ? -1 : seat_arg(first_bidder.cast<int>(), "first_bidder");
  rules.double_on_bomb = rules.double_on_rocket = bomb_double;
  rules.double_on_spring = rules.double_on_anti_spring = spring;
  return rules;
}

std::array<Hand, kNumSeats> three_hands(const std::vector<std::string>& texts, const char* what) {
  if (texts.size() != kNumSeats)
    throw pyb::value_error(std::string(what) + ": expected 3 hands (seats 0, 1, 2), got " +
                           std::to_string(texts.size()));
  std::array<Hand, kNumSeats> hands;
  for (size_t s = 0; s < kNumSeats; ++s) hands[s] = cards_arg(texts[s], what);
  return hands;
}

void check_applied(const std::string& reason, const std::string& what) {
  if (!reason.empty()) throw pyb::value_error(what + ": " + reason);
}

void bind_observation(pyb::module_& m) {
  pyb::class_<Observation>(m, "Observation",
                           "What one seat may know (game/observation.h): its hand, the public history, the kitty "
                           "once shown, cards left per seat. Agents only ever see this.")
      .def_readonly("seat", &Observation::seat)
      .def_property_readonly("phase", [](const Observation& o) { return phase_name(o.phase); })
      .def_property_readonly("landlord", [](const Observation& o) { return seat_or_none(o.landlord); })
      .def_property_readonly("role",
                             [](const Observation& o) -> pyb::object {
                               if (o.landlord == kNoSeat) return pyb::none();
                               return pyb::str(role_name(o.role()));
                             })
      .def_property_readonly("hand", [](const Observation& o) { return to_string(o.hand); })
      .def_property_readonly("kitty", [](const Observation& o) { return to_string(o.kitty); })
      .def_property_readonly(
          "unseen", [](const Observation& o) { return to_string(o.unseen()); },
          "Cards this seat cannot see: the deck less its hand and every card played.")
      .def_readonly("first_bidder", &Observation::first_bidder)
      .def_property_readonly("bids", [](const Observation& o) { return bids_list(o.bids); })
      .def_property_readonly("history", [](const Observation& o) { return history_list(o.history); })
      .def_readonly("cards_left", &Observation::cards_left)
      .def_property_readonly(
          "played", [](const Observation& o) { return hand_strings([&](int s) { return o.played[size_t(s)]; }); })
      .def_readonly("base_score", &Observation::base_score)
      .def_readonly("bombs_played", &Observation::bombs_played)
      .def_readonly("to_move", &Observation::to_move)
      .def_property_readonly("to_beat", [](const Observation& o) { return move_str(o.to_beat); })
      .def_property_readonly("to_beat_seat", [](const Observation& o) { return seat_or_none(o.to_beat_seat); })
      .def("legal_moves",
           [](const Observation& o) {
             std::vector<Move> moves;
             o.legal(moves);
             return moves_list(moves);
           })
      .def("legal_actions",
           [](const Observation& o) {
             std::vector<Move> moves;
             o.legal(moves);
             return action_ids(moves);
           })
      .def("legal_bids", &Observation::legal_bids)
      .def("__repr__", [](const Observation& o) {
        return "<ddz.Observation seat " + std::to_string(o.seat) + ", " + phase_name(o.phase) + ", hand " +
               to_string(o.hand) + ">";
      });
}

}  // namespace

void bind_game(pyb::module_& m) {
  bind_observation(m);
  pyb::class_<GameState>(m, "Game",
                         "One game (game/state.h): deal, bidding, play and scoring per RULES.md. Moves are cards "
                         "in notation or action ids; a bad move raises ValueError and leaves the game unchanged.")
      .def(pyb::init([](const pyb::handle& seed, bool bidding, int landlord, const pyb::handle& first_bidder,
                        bool bomb_double, bool spring) {
             return GameState(seed_arg(seed, "Game seed"),
                              rules_of(bidding, landlord, first_bidder, bomb_double, spring));
           }),
           pyb::arg("seed") = 0, pyb::arg("bidding") = false, pyb::arg("landlord") = 0,
           pyb::arg("first_bidder") = pyb::none(), pyb::arg("bomb_double") = true, pyb::arg("spring") = true,
           "A game dealt from `seed`. bidding=False: seat `landlord` takes the kitty at base 1 (as research "
           "benchmarks play); bidding=True: the seats bid first (first_bidder None: drawn from the seed).")
      .def_static(
          "from_deal",
          [](const std::vector<std::string>& hands, const std::string& kitty, bool bidding, int landlord,
             const pyb::handle& first_bidder, bool bomb_double, bool spring) {
            Deal deal{three_hands(hands, "from_deal hands"), cards_arg(kitty, "from_deal kitty")};
            return GameState(deal, rules_of(bidding, landlord, first_bidder, bomb_double, spring));
          },
          pyb::arg("hands"), pyb::arg("kitty"), pyb::arg("bidding") = false, pyb::arg("landlord") = 0,
          pyb::arg("first_bidder") = pyb::none(), pyb::arg("bomb_double") = true, pyb::arg("spring") = true,
          "A game from a known deal: three 17-card hands and the 3-card kitty (ValueError unless they make one deck).")
      .def_static(
          "from_position",
          [](const std::vector<std::string>& hands, int landlord, int to_move, const pyb::handle& beat,
             const pyb::handle& beat_by) {
            const Move to_beat = move_arg(beat, "beat");
            const int by = beat_by.is_none() ? kNoSeat : beat_by.cast<int>();
            return GameState::from_position(three_hands(hands, "from_position hands"), seat_arg(landlord, "landlord"),
                                            seat_arg(to_move, "to_move"), to_beat, by);
          },
          pyb::arg("hands"), pyb::arg("landlord"), pyb::arg("to_move"), pyb::arg("beat") = pyb::none(),
          pyb::arg("beat_by") = pyb::none(),
          "A play-phase position from explicit hands (no history), e.g. an endgame; `beat` was played by seat "
          "`beat_by`.")
      .def_property_readonly("phase", [](const GameState& g) { return phase_name(g.phase()); })
      .def("is_over", [](const GameState& g) { return g.phase() == Phase::Over; })
      .def_property_readonly("to_move", &GameState::to_move)
      .def_property_readonly("landlord",
                             [](const GameState& g) {
                               return g.phase() == Phase::Bidding ? pyb::none() : pyb::object(pyb::int_(g.landlord()));
                             })
      .def_property_readonly("hands", [](const GameState& g) { return hand_strings([&](int s) { return g.hand(s); }); })
      .def(
          "hand", [](const GameState& g, int seat) { return to_string(g.hand(seat_arg(seat, "hand"))); },
          pyb::arg("seat"))
      .def_property_readonly("kitty", [](const GameState& g) { return to_string(g.kitty()); })
      .def_property_readonly(
          "deal",
          [](const GameState& g) {
            pyb::dict d;
            d["hands"] = hand_strings([&](int s) { return g.initial_deal().hands[size_t(s)]; });
            d["kitty"] = to_string(g.initial_deal().kitty);
            return d;
          },
          "The cards as dealt: the three 17-card hands and the kitty.")
      .def_property_readonly("played",
                             [](const GameState& g) { return hand_strings([&](int s) { return g.played(s); }); })
      .def_property_readonly("first_bidder", &GameState::first_bidder)
      .def_property_readonly("bids", [](const GameState& g) { return bids_list(g.bids()); })
      .def_property_readonly("redeals", &GameState::redeals)
      .def_property_readonly(
          "history", [](const GameState& g) { return history_list(g.history()); },
          "Every turn of the play phase: (seat, cards or 'pass').")
      .def_property_readonly("to_beat", [](const GameState& g) { return move_str(g.to_beat()); })
      .def_property_readonly("to_beat_seat", [](const GameState& g) { return seat_or_none(g.to_beat_seat()); })
      .def_property_readonly("base_score", &GameState::base_score)
      .def_property_readonly("bombs_played", &GameState::bombs_played)
      .def_property_readonly("rockets_played", &GameState::rockets_played)
      .def_property_readonly("winner", [](const GameState& g) { return seat_or_none(g.winner()); })
      .def_property_readonly("landlord_won", &GameState::landlord_won)
      .def_property_readonly("spring", &GameState::spring)
      .def_property_readonly("anti_spring", &GameState::anti_spring)
      .def_property_readonly("stake", &GameState::stake)
      .def_property_readonly("scores", &GameState::scores,
                             "Final score per seat (zero-sum); zeros until the game is over.")
      .def(
          "legal_moves",
          [](const GameState& g) {
            std::vector<Move> moves;
            g.legal(moves);
            return moves_list(moves);
          },
          "Legal moves of the seat to move (play phase), 'pass' last when following.")
      .def(
          "legal_actions",
          [](const GameState& g) {
            std::vector<Move> moves;
            g.legal(moves);
            return action_ids(moves);
          },
          "The legal moves as action ids.")
      .def("legal_bids", &GameState::legal_bids)
      .def(
          "apply",
          [](GameState& g, const pyb::handle& move) {
            const Move mv = move_arg_not_none(move, "move");
            check_applied(g.apply_move(mv), "move " + to_string(mv) + " by seat " + std::to_string(g.to_move()));
          },
          pyb::arg("move"), "Plays a move (cards, 'pass' or an action id) for the seat to move; ValueError if illegal.")
      .def(
          "bid",
          [](GameState& g, int bid) {
            check_applied(g.apply_bid(bid), "bid " + std::to_string(bid) + " by seat " + std::to_string(g.to_move()));
          },
          pyb::arg("bid"), "Bids 0 (pass) or 1..3 for the seat to move; ValueError if illegal.")
      .def(
          "observation",
          [](const GameState& g, const pyb::handle& seat) {
            return observe(g, seat.is_none() ? g.to_move() : seat_arg(seat.cast<int>(), "observation"));
          },
          pyb::arg("seat") = pyb::none(), "What `seat` (default: the seat to move) may know.")
      .def("check_consistency", &GameState::check_consistency,
           "'' when all 54 cards are accounted for, else what is wrong.")
      .def(
          "record",
          [](const GameState& g, const std::array<std::string, kNumSeats>& agents, const pyb::handle& seed) {
            return record_to_json(g, agents, seed_arg(seed, "record seed")).dump();
          },
          pyb::arg("agents") = std::array<std::string, kNumSeats>{"", "", ""}, pyb::arg("seed") = 0,
          "The game record as JSON text (docs/game_record.md), readable by `ddz game --replay`.")
      .def("copy", [](const GameState& g) { return GameState(g); })
      .def("__copy__", [](const GameState& g) { return GameState(g); })
      .def("__repr__", [](const GameState& g) {
        return std::string("<ddz.Game ") + phase_name(g.phase()) + ", seat " + std::to_string(g.to_move()) +
               " to move>";
      });
}

}  // namespace ddz::py
