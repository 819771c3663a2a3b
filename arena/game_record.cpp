// Writing, replaying and printing "ddz-game" records. Replay goes through the validating
// GameState entry points, so a record that replays is a legal game by construction.
#include "arena/game_record.h"

#include <sstream>
#include <stdexcept>

#include "game/catalogue.h"

namespace ddz {

namespace {

using nlohmann::json;

[[noreturn]] void bad(const std::string& field, const std::string& why) {
  throw std::runtime_error("game record: " + field + ": " + why);
}

const json& member(const json& obj, const char* key, const std::string& path) {
  if (!obj.is_object()) bad(path.empty() ? "record" : path, "expected a JSON object");
  auto it = obj.find(key);
  if (it == obj.end()) bad(path.empty() ? key : path + "." + key, "missing");
  return *it;
}

std::string join(const std::string& path, const char* key) { return path.empty() ? key : path + "." + key; }

int int_in(const json& v, const std::string& field, int lo, int hi) {
  if (!v.is_number_integer()) bad(field, "expected an integer, got " + v.dump());
  const auto x = v.get<int64_t>();
  if (x < lo || x > hi) bad(field, std::to_string(x) + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return int(x);
}

bool boolean(const json& v, const std::string& field) {
  if (!v.is_boolean()) bad(field, "expected true or false, got " + v.dump());
  return v.get<bool>();
}

Hand cards_of(const json& v, const std::string& field) {
  if (!v.is_string()) bad(field, "expected a card string, got " + v.dump());
  std::string error;
  auto hand = try_parse_cards(v.get<std::string>(), &error);
  if (!hand) bad(field, error);
  return *hand;
}

// Optional boolean rule switch: absent means the Rules() default.
bool rule_switch(const json& rules, const char* key, bool def) {
  auto it = rules.find(key);
  return it == rules.end() ? def : boolean(*it, join("rules", key));
}

Rules rules_of(const json& j) {
  const json& r = member(j, "rules", "");
  if (!r.is_object()) bad("rules", "expected a JSON object");
  Rules rules;
  rules.bidding = boolean(member(r, "bidding", "rules"), "rules.bidding");
  if (r.contains("fixed_landlord")) rules.fixed_landlord = int_in(r["fixed_landlord"], "rules.fixed_landlord", 0, 2);
  if (r.contains("first_bidder")) rules.first_bidder = int_in(r["first_bidder"], "rules.first_bidder", -1, 2);
  rules.double_on_bomb = rule_switch(r, "double_on_bomb", rules.double_on_bomb);
  rules.double_on_rocket = rule_switch(r, "double_on_rocket", rules.double_on_rocket);
  rules.double_on_spring = rule_switch(r, "double_on_spring", rules.double_on_spring);
  rules.double_on_anti_spring = rule_switch(r, "double_on_anti_spring", rules.double_on_anti_spring);
  return rules;
}

}  // namespace

nlohmann::json record_to_json(const GameState& state, const std::array<std::string, kNumSeats>& agents, uint64_t seed) {
  const Rules& rules = state.rules();
  json j;
  j["format"] = kGameRecordFormat;
  j["version"] = kGameRecordVersion;
  j["seed"] = seed;
  j["rules"] = {{"bidding", rules.bidding},
                {"fixed_landlord", rules.fixed_landlord},
                // The seat that actually bid first when bidding (the setting may be -1, "from the seed"),
                // so that the rules of a replayed game equal the recorded ones.
                {"first_bidder", rules.bidding ? state.first_bidder() : rules.first_bidder},
                {"double_on_bomb", rules.double_on_bomb},
                {"double_on_rocket", rules.double_on_rocket},
                {"double_on_spring", rules.double_on_spring},
                {"double_on_anti_spring", rules.double_on_anti_spring}};
  j["agents"] = json::array({agents[0], agents[1], agents[2]});
  const Deal& deal = state.initial_deal();
  j["deal"] = {{"hands", json::array({to_string(deal.hands[0]), to_string(deal.hands[1]), to_string(deal.hands[2])})},
               {"kitty", to_string(deal.kitty)}};
  j["first_bidder"] = state.first_bidder();
  json bids = json::array();
  for (const auto& b : state.bids()) bids.push_back({{"seat", b.seat}, {"bid", b.bid}});
  j["bids"] = bids;
  j["redeals"] = state.redeals();
  j["landlord"] = state.phase() == Phase::Bidding ? json(nullptr) : json(state.landlord());
  j["base"] = state.base_score();
  json plays = json::array();
  for (const auto& p : state.history()) {
    if (p.move.is_pass()) plays.push_back({{"seat", p.seat}, {"pass", true}});
    else plays.push_back({{"seat", p.seat}, {"cards", to_string(p.move.cards)}, {"type", type_name(p.move.type)}});
  }
  j["plays"] = plays;
  if (state.phase() == Phase::Over) {
    j["winner"] = state.winner();
    j["landlord_won"] = state.landlord_won();
    j["bombs"] = state.bombs_played();
    j["rockets"] = state.rockets_played();
    j["spring"] = state.spring();
    j["anti_spring"] = state.anti_spring();
    j["stake"] = state.stake();
    const auto s = state.scores();
    j["scores"] = json::array({s[0], s[1], s[2]});
  } else {
    j["winner"] = nullptr;
  }
  return j;
}

std::array<std::string, kNumSeats> record_agents(const nlohmann::json& j) {
  std::array<std::string, kNumSeats> out;
  if (!j.is_object() || !j.contains("agents") || !j["agents"].is_array()) return out;
  for (size_t i = 0; i < kNumSeats && i < j["agents"].size(); ++i)
    if (j["agents"][i].is_string()) out[i] = j["agents"][i].get<std::string>();
  return out;
}

std::vector<nlohmann::json> records_from_text(const std::string& text, size_t max_records) {
  std::vector<json> out;
  auto whole = json::parse(text, nullptr, false);
  if (!whole.is_discarded()) {
    out.push_back(std::move(whole));
    return out;
  }
  std::istringstream lines(text);
  std::string line;
  size_t number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto j = json::parse(line, nullptr, false);
    if (j.is_discarded())
      throw std::runtime_error("line " + std::to_string(number) +
                               " is not JSON (neither one JSON value nor JSON lines)");
    if (out.size() == max_records) throw std::runtime_error("more than " + std::to_string(max_records) + " records");
    out.push_back(std::move(j));
  }
  if (out.empty()) throw std::runtime_error("no record: the text is empty");
  return out;
}

namespace {

// replay_record, stopping before bid `upto_bids` when that is not negative.
GameState replay(const nlohmann::json& j, int upto_plays, int upto_bids) {
  if (!j.is_object()) bad("record", "expected a JSON object");
  const json& format = member(j, "format", "");
  if (format != kGameRecordFormat) bad("format", "expected \"ddz-game\", got " + format.dump());
  int_in(member(j, "version", ""), "version", kGameRecordVersion, kGameRecordVersion);

  Rules rules = rules_of(j);
  const json& deal_j = member(j, "deal", "");
  const json& hands_j = member(deal_j, "hands", "deal");
  if (!hands_j.is_array() || hands_j.size() != kNumSeats) bad("deal.hands", "expected an array of 3 card strings");
  Deal deal;
  for (size_t i = 0; i < kNumSeats; ++i) deal.hands[i] = cards_of(hands_j[i], "deal.hands[" + std::to_string(i) + "]");
  deal.kitty = cards_of(member(deal_j, "kitty", "deal"), "deal.kitty");
  if (rules.bidding) rules.first_bidder = int_in(member(j, "first_bidder", ""), "first_bidder", 0, 2);
  uint64_t seed = 0;
  if (j.contains("seed")) {
    if (!j["seed"].is_number_unsigned() && !j["seed"].is_number_integer()) bad("seed", "expected an integer");
    seed = j["seed"].get<uint64_t>();
  }

  GameState state = [&]() {
    try {
      return GameState(deal, rules, seed);
    } catch (const std::invalid_argument& e) { bad("deal", e.what()); }
  }();

  const json& bids = member(j, "bids", "");
  if (!bids.is_array()) bad("bids", "expected an array");
  if (!rules.bidding && !bids.empty()) bad("bids", "bids recorded but rules.bidding is false");
  if (upto_bids > int(bids.size()))
    bad("bids",
        "asked to replay " + std::to_string(upto_bids) + " bids but the record holds " + std::to_string(bids.size()));
  for (size_t i = 0; i < bids.size(); ++i) {
    if (upto_bids >= 0 && i == size_t(upto_bids)) return state;
    const std::string field = "bids[" + std::to_string(i) + "]";
    if (state.phase() != Phase::Bidding) bad(field, "bidding is already over");
    const int seat = int_in(member(bids[i], "seat", field), field + ".seat", 0, 2);
    const int bid = int_in(member(bids[i], "bid", field), field + ".bid", 0, 3);
    if (seat != state.to_move())
      bad(field, "seat " + std::to_string(seat) + " bids out of turn (seat " + std::to_string(state.to_move()) +
                     " is to bid)");
    if (state.bids().size() == kNumSeats - 1 && bid == 0) {
      bool all_passed = true;
      for (const auto& b : state.bids()) all_passed = all_passed && b.bid == 0;
      if (all_passed) bad(field, "all three seats pass: a record holds only the bidding of the deal actually played");
    }
    const std::string error = state.apply_bid(bid);
    if (!error.empty()) bad(field, error);
  }
  if (state.phase() == Phase::Bidding) bad("bids", "the bidding is incomplete");
  if (j.contains("landlord") && !j["landlord"].is_null()) {
    const int landlord = int_in(j["landlord"], "landlord", 0, 2);
    if (landlord != state.landlord())
      bad("landlord",
          "recorded " + std::to_string(landlord) + " but the game gives " + std::to_string(state.landlord()));
  }

  if (upto_bids >= 0) return state;  // replay_record_bids reads no plays

  const json& plays = member(j, "plays", "");
  if (!plays.is_array()) bad("plays", "expected an array");
  if (upto_plays > int(plays.size()))
    bad("plays", "asked to replay " + std::to_string(upto_plays) + " plays but the record holds " +
                     std::to_string(plays.size()));
  const size_t n = upto_plays < 0 ? plays.size() : size_t(upto_plays);
  for (size_t i = 0; i < n; ++i) {
    const std::string field = "plays[" + std::to_string(i) + "]";
    const json& p = plays[i];
    const int seat = int_in(member(p, "seat", field), field + ".seat", 0, 2);
    if (state.phase() != Phase::Play) bad(field, "the game is already over");
    if (seat != state.to_move())
      bad(field, "seat " + std::to_string(seat) + " plays out of turn (seat " + std::to_string(state.to_move()) +
                     " is to play)");
    Move move;
    const bool is_pass = p.contains("pass") && boolean(p["pass"], field + ".pass");
    if (is_pass) {
      if (p.contains("cards")) bad(field, "has both \"pass\": true and \"cards\"");
    } else {
      const json& cards = member(p, "cards", field);
      if (!cards.is_string()) bad(field + ".cards", "expected a card string, got " + cards.dump());
      try {
        move = parse_move(cards.get<std::string>());
      } catch (const NotationError& e) { bad(field + ".cards", e.what()); }
    }
    const std::string error = state.apply_move(move);
    if (!error.empty()) bad(field, "seat " + std::to_string(seat) + " " + to_string(move) + ": " + error);
  }
  if (n < plays.size()) return state;

  const auto has = [&](const char* key) { return j.contains(key) && !j[key].is_null(); };
  if (state.phase() != Phase::Over) {
    if (has("winner")) bad("plays", "the plays end before anyone has emptied its hand, but a winner is recorded");
    return state;
  }
  if (has("winner") && int_in(j["winner"], "winner", 0, 2) != state.winner())
    bad("winner", "recorded " + j["winner"].dump() + " but the plays give seat " + std::to_string(state.winner()));
  if (has("stake") && (!j["stake"].is_number_integer() || j["stake"].get<int64_t>() != state.stake()))
    bad("stake", "recorded " + j["stake"].dump() + " but the game gives " + std::to_string(state.stake()));
  if (has("scores")) {
    const auto s = state.scores();
    const json expect = json::array({s[0], s[1], s[2]});
    if (j["scores"] != expect) bad("scores", "recorded " + j["scores"].dump() + " but the game gives " + expect.dump());
  }
  return state;
}

}  // namespace

GameState replay_record(const nlohmann::json& j, int upto_plays) { return replay(j, upto_plays, -1); }

GameState replay_record_bids(const nlohmann::json& j, int upto_bids) {
  if (upto_bids < 0) throw std::invalid_argument("replay_record_bids: negative bid count");
  return replay(j, -1, upto_bids);
}

std::string game_to_text(const GameState& state, const std::array<std::string, kNumSeats>& agents, uint64_t seed) {
  std::ostringstream out;
  const Rules& rules = state.rules();
  const Deal& deal = state.initial_deal();
  out << "seed " << seed << ", "
      << (rules.bidding ? "bidding" : "fixed landlord " + std::to_string(rules.fixed_landlord));
  std::string off;
  if (!rules.double_on_bomb) off += " bomb";
  if (!rules.double_on_rocket) off += " rocket";
  if (!rules.double_on_spring) off += " spring";
  if (!rules.double_on_anti_spring) off += " anti-spring";
  if (!off.empty()) out << ", no doubling for:" << off;
  out << "\n";
  if (state.redeals() > 0) out << "redealt " << state.redeals() << " time(s) after all seats passed\n";
  for (int seat = 0; seat < kNumSeats; ++seat) {
    out << "seat " << seat;
    if (!agents[size_t(seat)].empty()) out << " (" << agents[size_t(seat)] << ")";
    if (state.phase() != Phase::Bidding) out << " " << role_name(state.role_of(seat));
    out << ": " << to_string(deal.hands[size_t(seat)]) << "\n";
  }
  out << "kitty: " << to_string(deal.kitty) << "\n";
  if (rules.bidding) {
    out << "bids (seat " << state.first_bidder() << " first):";
    for (const auto& b : state.bids())
      out << " seat " << b.seat << " " << (b.bid == 0 ? std::string("pass") : std::to_string(b.bid)) << ";";
    out << "\n";
  }
  if (state.phase() == Phase::Bidding) return out.str();
  out << "landlord: seat " << state.landlord() << ", base " << state.base_score() << "\n";
  int index = 0;
  for (const auto& p : state.history()) {
    out << "  " << ++index << ". seat " << p.seat << ": " << to_string(p.move);
    if (!p.move.is_pass()) out << " (" << type_name(p.move.type) << ")";
    out << "\n";
  }
  if (state.phase() != Phase::Over) {
    out << "game in progress: seat " << state.to_move() << " to play\n";
    return out.str();
  }
  out << "winner: seat " << state.winner() << " (" << (state.landlord_won() ? "landlord wins" : "farmers win") << ")\n";
  out << "stake: " << state.stake() << " = base " << state.base_score() << ", bombs " << state.bombs_played()
      << ", rockets " << state.rockets_played() << (state.spring() ? ", spring" : "")
      << (state.anti_spring() ? ", anti-spring" : "") << "\n";
  const auto s = state.scores();
  out << "scores: " << s[0] << " " << s[1] << " " << s[2] << "\n";
  return out.str();
}

}  // namespace ddz
