// `ddz minplays CARDS`: the fewest combinations that empty a hand (each led, nobody interfering)
// and one decomposition achieving it, one combination a line.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command_registry.h"
#include "game/catalogue.h"
#include "solver/min_plays.h"

namespace ddz::cli {
namespace {

CommandAction setup(CLI::App& sub) {
  auto cards = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  sub.add_option("cards", *cards, "Cards in notation, e.g. 33344455TJQKA (quote spaces)")->required();
  sub.add_flag("--json", *json, "Print one JSON object instead of text");
  return [cards, json]() {
    const Hand hand = parse_cards(*cards);
    // No game hand holds more (the landlord's 17 + 3); the search grows fast past it (the whole
    // deck takes tens of seconds), so larger sets are refused rather than left to hang.
    if (hand.size() > 20)
      throw UsageError("\"" + *cards + "\" has " + std::to_string(hand.size()) +
                       " cards; a hand holds at most 20 (the landlord's 17 + 3)");
    Decomposition d = min_plays(hand);
    // Catalogue order (type, length, key): the same hand always prints the same way.
    std::sort(d.moves.begin(), d.moves.end(), [](const Move& a, const Move& b) { return action_id(a) < action_id(b); });
    if (*json) {
      nlohmann::json out;
      out["cards"] = to_string(hand);
      out["plays"] = d.plays;
      out["moves"] = nlohmann::json::array();
      for (const Move& m : d.moves)
        out["moves"].push_back({{"cards", to_string(m)}, {"type", type_name(m.type)}, {"action_id", action_id(m)}});
      std::cout << out.dump() << "\n";
    } else {
      std::cout << d.plays << "\n";
      for (const Move& m : d.moves) std::cout << to_string(m) << " " << type_name(m.type) << "\n";
    }
    return 0;
  };
}

}  // namespace
DDZ_COMMAND("minplays", "Fewest combinations that empty a hand, with one decomposition", setup);
}  // namespace ddz::cli
