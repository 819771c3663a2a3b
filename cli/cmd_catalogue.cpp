// `ddz catalogue [--type TYPE] [--json]`: every one of the 27,471 combinations with its action id,
// type, key rank and chain length, in action-id order (the order documented in game/catalogue.h).
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command_registry.h"
#include "game/catalogue.h"

namespace ddz::cli {
namespace {

// The rocket has no key rank (RULES.md): "-" in text, null in JSON.
std::string key_name(const Move& m) { return m.type == MoveType::Rocket ? "-" : std::string(1, rank_char(m.key)); }

CommandAction setup(CLI::App& sub) {
  auto type_text = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  sub.add_option("--type", *type_text,
                 "Only this type: solo, pair, trio, trio_solo, trio_pair, solo_chain, pair_chain, trio_chain, "
                 "trio_solo_chain, trio_pair_chain, four_two_solo, four_two_pair, bomb, rocket");
  sub.add_flag("--json", *json, "Print a JSON array of {id, cards, type, key, length} instead of text lines");
  return [type_text, json]() {
    MoveType only = MoveType::Pass;
    const bool filter = !type_text->empty();
    if (filter && (!type_from_name(*type_text, &only) || only == MoveType::Pass))
      throw UsageError("--type \"" + *type_text + "\" is not a combination type (see --help)");
    const auto& cat = catalogue();
    if (*json) {
      nlohmann::json out = nlohmann::json::array();
      for (size_t id = 0; id < cat.size(); ++id) {
        const Move& m = cat[id];
        if (filter && m.type != only) continue;
        out.push_back({{"id", id},
                       {"cards", to_string(m.cards)},
                       {"type", type_name(m.type)},
                       {"key", m.type == MoveType::Rocket ? nlohmann::json(nullptr) : nlohmann::json(key_name(m))},
                       {"length", int(m.len)}});
      }
      std::cout << out.dump() << "\n";
      return 0;
    }
    std::string text;  // one write: 27k lines through iostream one by one is needlessly slow
    for (size_t id = 0; id < cat.size(); ++id) {
      const Move& m = cat[id];
      if (filter && m.type != only) continue;
      text += std::to_string(id) + " " + to_string(m.cards) + " " + type_name(m.type) + " " + key_name(m) + " " +
              std::to_string(m.len) + "\n";
    }
    std::cout << text;
    return 0;
  };
}

}  // namespace
DDZ_COMMAND("catalogue", "Print all 27,471 combinations: action id, cards, type, key rank, chain length", setup);
}  // namespace ddz::cli
