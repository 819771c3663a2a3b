// `ddz moves --hand CARDS [--beat CARDS] [--json]`: the legal moves of a hand, leading or following,
// one per line in canonical notation (pass last as "pass"), or as JSON with type, key and action id.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command_registry.h"
#include "game/catalogue.h"
#include "game/movegen.h"

namespace ddz::cli {
namespace {

nlohmann::json move_json(const Move& m) {
  nlohmann::json j = {{"cards", to_string(m)}, {"type", type_name(m.type)}, {"action_id", action_id(m)}};
  if (!m.is_pass()) {
    // The rocket has no key rank (RULES.md); null keeps the field present for every combination.
    j["key"] = m.type == MoveType::Rocket ? nlohmann::json(nullptr) : nlohmann::json(std::string(1, rank_char(m.key)));
    j["length"] = int(m.len);
  }
  return j;
}

CommandAction setup(CLI::App& sub) {
  auto hand_text = std::make_shared<std::string>();
  auto beat_text = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  sub.add_option("--hand", *hand_text, "The hand in notation, e.g. 3345567TTJQKA2XD")->required();
  sub.add_option("--beat", *beat_text, "The combination to beat (omit, or give pass, to list the moves of a leader)");
  sub.add_flag("--json", *json, "Print one JSON object: hand, beat and moves with type, key, length, action_id");
  return [hand_text, beat_text, json]() {
    const Hand hand = parse_cards(*hand_text);
    if (hand.size() > 20)
      throw UsageError("--hand \"" + *hand_text + "\" holds " + std::to_string(hand.size()) +
                       " cards; a hand holds at most 20");
    const Move beat = parse_move(*beat_text);
    if (!beat.is_pass() && !(hand + beat.cards).is_valid())
      throw UsageError("--hand \"" + *hand_text + "\" and --beat \"" + *beat_text +
                       "\" together hold more cards of a rank than a deck");
    const std::vector<Move> moves = legal_moves(hand, beat);
    if (*json) {
      nlohmann::json out = {{"hand", to_string(hand)}, {"beat", to_string(beat)}, {"moves", nlohmann::json::array()}};
      for (const Move& m : moves) out["moves"].push_back(move_json(m));
      std::cout << out.dump() << "\n";
    } else {
      for (const Move& m : moves) std::cout << to_string(m) << "\n";
    }
    return 0;
  };
}

}  // namespace
DDZ_COMMAND("moves", "List the legal moves of a hand, leading or against a combination to beat", setup);
}  // namespace ddz::cli
