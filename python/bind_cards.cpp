// Python bindings of the rules engine's card level: notation, classification, the catalogue of
// action ids and legal-move generation (game/cards.h, game/catalogue.h, game/movegen.h).
#include <pybind11/stl.h>

#include "game/movegen.h"
#include "python/bindings.h"

namespace ddz::py {
namespace {

pyb::object classify_cards(const std::string& text) {
  const auto move = classify(cards_arg(text, "cards"));
  if (!move) return pyb::none();
  pyb::dict out;
  out["cards"] = move_str(*move);
  out["type"] = type_name(move->type);
  out["key"] = move->type == MoveType::Rocket ? std::string() : std::string(1, rank_char(move->key));
  out["length"] = int(move->len);
  out["action_id"] = action_id(*move);
  return std::move(out);
}

std::vector<Move> legal(const std::string& hand_text, const pyb::handle& beat) {
  const Hand hand = cards_arg(hand_text, "hand");
  const Move to_beat = move_arg(beat, "beat");
  std::vector<Move> moves;
  legal_moves(hand, to_beat, moves);
  return moves;
}

int id_of_cards(const pyb::handle& cards) {
  if (!pyb::isinstance<pyb::str>(cards))
    throw pyb::type_error("action_id: expected cards in notation (str) such as \"33344455\" or \"pass\"");
  return action_id(move_arg(cards, "action_id"));
}

}  // namespace

void bind_cards(pyb::module_& m) {
  m.attr("NUM_COMBINATIONS") = kNumCombinations;
  m.attr("NUM_ACTIONS") = kNumActions;
  m.attr("PASS") = kPassAction;
  m.attr("RANKS") = "3456789TJQKA2XD";

  m.def(
      "parse_cards", [](const std::string& text) { return to_string(cards_arg(text, "cards")); }, pyb::arg("cards"),
      "Canonical notation of a card set: sorted by rank, one character a card. Accepts lower case, "
      "'10' for T, B/R for X/D, spaces and commas. ValueError naming the text otherwise.");
  m.def(
      "cards_from_ids",
      [](const std::vector<int>& ids) {
        try {
          return to_string(hand_from_ids(ids));
        } catch (const NotationError& e) { throw pyb::value_error(e.what()); }
      },
      pyb::arg("ids"), "Cards of card ids 0..53 (id // 4 is the rank for 0..51, 52 = X, 53 = D).");
  m.def(
      "rank_counts",
      [](const std::string& text) {
        const Hand hand = cards_arg(text, "cards");
        std::vector<int> counts(kNumRanks);
        for (int r = 0; r < kNumRanks; ++r) counts[size_t(r)] = hand.count(r);
        return counts;
      },
      pyb::arg("cards"), "Count of each rank 3..2, X, D (15 ints).");
  m.def("classify", &classify_cards, pyb::arg("cards"),
        "The combination a card set forms as a dict (cards, type, key, length, action_id), or None when it "
        "forms none.");
  m.def(
      "legal_moves", [](const std::string& hand, const pyb::handle& beat) { return moves_list(legal(hand, beat)); },
      pyb::arg("hand"), pyb::arg("beat") = pyb::none(),
      "Legal moves of `hand` on `beat` (cards, action id, or None/'pass' when leading) as canonical "
      "strings; 'pass' last when following.");
  m.def(
      "legal_actions", [](const std::string& hand, const pyb::handle& beat) { return action_ids(legal(hand, beat)); },
      pyb::arg("hand"), pyb::arg("beat") = pyb::none(), "The same moves as legal_moves, as action ids.");
  m.def(
      "beats",
      [](const pyb::handle& move, const pyb::handle& last) {
        return beats(move_arg(move, "move"), move_arg(last, "last"));
      },
      pyb::arg("move"), pyb::arg("last"),
      "True when `move` may be played on `last` (RULES.md; last = pass: any combination).");
  m.def(
      "catalogue",
      []() {
        const auto& cat = catalogue();
        return moves_list(std::vector<Move>(cat.begin(), cat.end()));
      },
      "The 27,471 combinations as canonical strings; the index is the action id (pass is PASS = 27471).");
  m.def("action_id", &id_of_cards, pyb::arg("cards"),
        "Action id of a move in notation ('pass' gives PASS); ValueError when the cards form no combination.");
  m.def(
      "action_cards", [](const pyb::handle& id) { return action_str(action_id_arg(id, "action_cards")); },
      pyb::arg("id"), "Cards of an action id ('pass' for PASS); ValueError outside 0..27471.");
}

}  // namespace ddz::py
