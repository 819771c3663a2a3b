// `ddz classify CARDS`: names the one combination a card set forms, or says it forms none.
#include <iostream>

#include "cli/command_registry.h"
#include "game/catalogue.h"

namespace ddz::cli {
namespace {

CommandAction setup(CLI::App& sub) {
  auto cards = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  sub.add_option("cards", *cards, "Cards in notation, e.g. 33344455 (quote spaces)")->required();
  sub.add_flag("--json", *json, "Print one JSON object instead of text");
  return [cards, json]() {
    const Hand hand = parse_cards(*cards);
    auto move = classify(hand);
    if (!move) {
      if (*json) std::cout << "{\"cards\":\"" << to_string(hand) << "\",\"combination\":false}\n";
      else std::cout << to_string(hand) << ": not a combination\n";
      return 1;
    }
    const int id = action_id(*move);
    // The rocket has no key rank (RULES.md).
    const bool rocket = move->type == MoveType::Rocket;
    const std::string key_text = rocket ? "-" : std::string(1, rank_char(move->key));
    const std::string key_json = rocket ? "null" : "\"" + key_text + "\"";
    if (*json) {
      std::cout << "{\"cards\":\"" << to_string(hand) << "\",\"combination\":true,\"type\":\"" << type_name(move->type)
                << "\",\"key\":" << key_json << ",\"length\":" << int(move->len) << ",\"action_id\":" << id << "}\n";
    } else {
      std::cout << to_string(hand) << ": " << type_name(move->type) << ", key " << key_text << ", length "
                << int(move->len) << ", action id " << id << "\n";
    }
    return 0;
  };
}

}  // namespace
DDZ_COMMAND("classify", "Name the combination a card set forms (exit 1 when it forms none)", setup);
}  // namespace ddz::cli
