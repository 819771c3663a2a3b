// The `ddz serve` line protocol: parsing and checking requests, rebuilding the Observation from a
// role-based history, and formatting answers. Every user mistake becomes a ProtocolError message.
#include "serve/protocol.h"

#include <algorithm>
#include <set>

#include "game/catalogue.h"
#include "game/movegen.h"
#include "game/rng.h"

namespace ddz {

namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& why) { throw ProtocolError(why); }

const char* kRoleNames = "landlord, landlord_down or landlord_up";

int dealt_cards(Role role) { return role == Role::Landlord ? 20 : 17; }

std::string describe(const Move& move) {
  return move.is_pass() ? std::string("pass") : to_string(move) + " (" + type_name(move.type) + ")";
}

// Cards per rank beyond what one deck holds, as notation ("" when none).
std::string excess_over_deck(Hand total) {
  std::string out;
  const Hand deck = Hand::deck();
  for (int r = 0; r < kNumRanks; ++r)
    if (total.count(r) > deck.count(r)) out += std::string(size_t(total.count(r) - deck.count(r)), rank_char(r));
  return out;
}

const json& field(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end()) fail(std::string("missing field \"") + key + "\"");
  return *it;
}

std::string string_field(const json& j, const char* key, const std::string& where) {
  const json& v = field(j, key);
  if (!v.is_string()) fail(where + key + " must be a string");
  return v.get<std::string>();
}

Role role_field(const json& j, const char* key, const std::string& where) {
  const std::string name = string_field(j, key, where);
  Role role;
  if (!role_from_name(name, &role)) fail(where + key + ": \"" + name + "\" is not " + kRoleNames);
  return role;
}

Hand cards_field(const json& j, const char* key, const std::string& where) {
  const std::string text = string_field(j, key, where);
  std::string error;
  auto hand = try_parse_cards(text, &error);
  if (!hand) fail(where + key + ": " + error);
  return *hand;
}

int int_field(const json& v, const std::string& name, int lo, int hi) {
  if (!v.is_number_integer()) fail(name + " must be an integer");
  const auto value = v.get<int64_t>();
  if (value < lo || value > hi)
    fail(name + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", not " +
         std::to_string(value));
  return int(value);
}

void check_keys(const json& j, const std::set<std::string>& allowed, const std::string& where) {
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!allowed.count(it.key())) fail(where + "unknown field \"" + it.key() + "\"");
}

uint64_t fnv1a(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

std::vector<int> parse_bid_list(const json& request) {
  std::vector<int> bids;
  auto it = request.find("bids");
  if (it == request.end()) return bids;
  if (!it->is_array()) fail("bids must be an array of bids (0 = pass, 1, 2, 3)");
  for (size_t i = 0; i < it->size(); ++i) bids.push_back(int_field((*it)[i], "bids[" + std::to_string(i) + "]", 0, 3));
  return bids;
}

}  // namespace

bool role_from_name(const std::string& name, Role* role) {
  for (Role r : {Role::Landlord, Role::LandlordDown, Role::LandlordUp})
    if (name == role_name(r)) {
      *role = r;
      return true;
    }
  return false;
}

Observation rebuild_play(const PlayPosition& pos, int landlord_seat) {
  if (landlord_seat < 0 || landlord_seat >= kNumSeats) fail("landlord seat must be 0, 1 or 2");
  auto seat_of = [&](Role r) { return (landlord_seat + int(r)) % kNumSeats; };
  if (!pos.hand.is_valid()) fail("hand holds more cards of a rank than a deck has");
  if (pos.kitty.size() != 3 || !pos.kitty.is_valid())
    fail("kitty must be exactly 3 cards, not \"" + to_string(pos.kitty) + "\"");

  // Bidding, when given, must be a complete legal bidding that made this landlord.
  int base = 1;
  if (!pos.bids.empty()) {
    int highest = 0;
    Role best = Role::Landlord;
    for (size_t i = 0; i < pos.bids.size(); ++i) {
      const std::string where = "bids[" + std::to_string(i) + "]";
      const auto& [role, bid] = pos.bids[i];
      if (i >= size_t(kNumSeats)) fail(where + ": each seat bids only once");
      if (highest == 3) fail(where + ": bidding ended with the bid of 3");
      if (i > 0 && int(role) != (int(pos.bids[i - 1].first) + 1) % kNumSeats)
        fail(where + ": " + role_name(role) + " bids out of turn (seats bid in table order)");
      if (bid < 0 || bid > 3) fail(where + ": a bid is 0 (pass), 1, 2 or 3");
      if (bid != 0 && bid <= highest)
        fail(where + ": bid " + std::to_string(bid) + " does not exceed the highest bid so far (" +
             std::to_string(highest) + ")");
      if (bid > highest) highest = bid, best = role;
    }
    if (highest == 0) fail("bids: all seats passed, so the hand is dealt again and has no landlord");
    if (highest != 3 && pos.bids.size() != size_t(kNumSeats)) fail("bids: the bidding is not finished");
    if (best != Role::Landlord)
      fail(std::string("bids: the highest bid was made by ") + role_name(best) + ", so it would be the landlord");
    base = highest;
    if (pos.base != 0 && pos.base != highest)
      fail("base " + std::to_string(pos.base) + " differs from the winning bid " + std::to_string(highest));
  } else if (pos.base != 0) {
    if (pos.base < 1 || pos.base > 3) fail("base must be 1, 2 or 3");
    base = pos.base;
  }

  Observation o;
  o.seat = seat_of(pos.role);
  o.phase = Phase::Play;
  o.rules.bidding = !pos.bids.empty();
  o.rules.fixed_landlord = landlord_seat;
  o.landlord = landlord_seat;
  o.hand = pos.hand;
  o.kitty = pos.kitty;
  o.first_bidder = pos.bids.empty() ? landlord_seat : seat_of(pos.bids.front().first);
  if (o.rules.bidding) o.rules.first_bidder = o.first_bidder;
  for (const auto& [role, bid] : pos.bids) o.bids.push_back(BidRecord{seat_of(role), bid});
  o.base_score = base;

  // Replay the trick rules over the history, exactly as GameState::apply_move does.
  Role to_move = Role::Landlord;
  Move to_beat = Move::pass();
  int to_beat_seat = kNoSeat;
  int passes = 0;
  Hand all_played;
  for (size_t i = 0; i < pos.history.size(); ++i) {
    const std::string where = "history[" + std::to_string(i) + "]";
    const auto& [role, move] = pos.history[i];
    const int seat = seat_of(role);
    if (role != to_move)
      fail(where + ": " + role_name(role) + " moved out of turn (it was " + role_name(to_move) + "'s turn)");
    if (move.is_pass()) {
      if (to_beat.is_pass()) fail(where + ": " + role_name(role) + " may not pass when it leads a trick");
      if (++passes == 2) to_beat = Move::pass(), to_beat_seat = kNoSeat, passes = 0;
    } else {
      auto real = classify(move.cards);
      if (!real || *real != move) fail(where + ": " + to_string(move.cards) + " is not a combination");
      if (!beats(move, to_beat)) fail(where + ": " + describe(move) + " does not beat " + describe(to_beat));
      Hand& played = o.played[size_t(seat)];
      played += move.cards;
      all_played += move.cards;
      if (!all_played.is_valid())
        fail(where + ": more cards are played than a deck holds (extra " + excess_over_deck(all_played) + ")");
      if (played.size() > dealt_cards(role))
        fail(where + ": " + role_name(role) + " would have played " + std::to_string(played.size()) +
             " cards, more than the " + std::to_string(dealt_cards(role)) + " it holds");
      if (role == Role::Landlord && played.size() == 20 && !played.contains(pos.kitty))
        fail(where + ": the landlord's 20 cards would not include the kitty " + to_string(pos.kitty));
      if (played.size() == dealt_cards(role))
        fail(where + ": " + role_name(role) + " emptied its hand, so the game is over");
      if (move.type == MoveType::Bomb || move.type == MoveType::Rocket) ++o.bombs_played;
      to_beat = move, to_beat_seat = seat, passes = 0;
    }
    o.history.push_back(PlayRecord{seat, move});
    to_move = Role((int(to_move) + 1) % kNumSeats);
  }
  if (to_move != pos.role)
    fail(std::string("it is ") + role_name(to_move) + "'s turn after this history, not " + role_name(pos.role) + "'s");

  // The asking seat's own cards must be what it was dealt less what it played.
  const Hand own_played = o.played[size_t(o.seat)];
  const Hand initial = pos.hand + own_played;
  if (!initial.is_valid() || initial.size() != dealt_cards(pos.role))
    fail("hand " + to_string(pos.hand) + " plus the cards " + role_name(pos.role) + " played (" +
         to_string(own_played) + ") make " + std::to_string(initial.size()) + " cards, but " + role_name(pos.role) +
         " starts with " + std::to_string(dealt_cards(pos.role)));
  if (pos.role == Role::Landlord && !initial.contains(pos.kitty))
    fail("the landlord's hand and plays (" + to_string(initial) + ") do not include the kitty " + to_string(pos.kitty));
  // Every card seen (own hand, all plays, the kitty cards the landlord still holds) fits one deck.
  Hand seen = pos.hand + all_played;
  if (pos.role != Role::Landlord) seen += o.landlord_known_cards();
  if (!seen.is_valid())
    fail("hand, kitty and history together hold more cards than a deck (extra " + excess_over_deck(seen) + ")");

  for (int r = 0; r < kNumSeats; ++r)
    o.cards_left[size_t(seat_of(Role(r)))] = dealt_cards(Role(r)) - o.played[size_t(seat_of(Role(r)))].size();
  o.to_move = o.seat;
  o.to_beat = to_beat;
  o.to_beat_seat = to_beat_seat;
  return o;
}

Observation rebuild_bid(Hand hand, const std::vector<int>& bids) {
  if (!hand.is_valid() || hand.size() != 17)
    fail("a bidding hand must be 17 cards, not " + std::to_string(hand.size()) + " (\"" + to_string(hand) + "\")");
  if (bids.size() >= size_t(kNumSeats)) fail("bids: all three seats have bid already");
  Observation o;
  o.phase = Phase::Bidding;
  o.rules.bidding = true;
  o.rules.first_bidder = 0;
  o.landlord = kNoSeat;
  o.hand = hand;
  o.first_bidder = 0;
  int highest = 0;
  for (size_t i = 0; i < bids.size(); ++i) {
    const std::string where = "bids[" + std::to_string(i) + "]";
    if (bids[i] < 0 || bids[i] > 3) fail(where + ": a bid is 0 (pass), 1, 2 or 3");
    if (bids[i] == 3) fail(where + ": a bid of 3 ends the bidding, so nobody bids after it");
    if (bids[i] != 0 && bids[i] <= highest)
      fail(where + ": bid " + std::to_string(bids[i]) + " does not exceed the highest bid so far (" +
           std::to_string(highest) + ")");
    highest = std::max(highest, bids[i]);
    o.bids.push_back(BidRecord{int(i), bids[i]});
  }
  o.seat = int(bids.size());
  o.to_move = o.seat;
  o.cards_left = {17, 17, 17};
  return o;
}

PlayPosition parse_play_position(const json& request) {
  PlayPosition pos;
  pos.role = role_field(request, "role", "");
  pos.hand = cards_field(request, "hand", "");
  pos.kitty = cards_field(request, "kitty", "");
  if (auto it = request.find("base"); it != request.end()) pos.base = int_field(*it, "base", 1, 3);
  if (auto it = request.find("bids"); it != request.end()) {
    if (!it->is_array()) fail("bids must be an array of {\"role\": ..., \"bid\": ...}");
    for (size_t i = 0; i < it->size(); ++i) {
      const std::string where = "bids[" + std::to_string(i) + "]";
      const json& b = (*it)[i];
      if (!b.is_object()) fail(where + " must be an object {\"role\": ..., \"bid\": ...}");
      check_keys(b, {"role", "bid"}, where + ": ");
      pos.bids.emplace_back(role_field(b, "role", where + "."), int_field(field(b, "bid"), where + ".bid", 0, 3));
    }
  }
  if (auto it = request.find("history"); it != request.end()) {
    if (!it->is_array()) fail("history must be an array of {\"role\": ..., \"cards\": ...}");
    for (size_t i = 0; i < it->size(); ++i) {
      const std::string where = "history[" + std::to_string(i) + "]";
      const json& h = (*it)[i];
      if (!h.is_object()) fail(where + " must be an object {\"role\": ..., \"cards\": ...}");
      check_keys(h, {"role", "cards"}, where + ": ");
      const Role role = role_field(h, "role", where + ".");
      const std::string cards = string_field(h, "cards", where + ".");
      try {
        pos.history.emplace_back(role, parse_move(cards));
      } catch (const NotationError& e) { fail(where + ".cards: " + e.what()); }
    }
  }
  return pos;
}

json request_from_observation(const Observation& obs) {
  json j;
  if (obs.phase == Phase::Bidding) {
    j["type"] = "bid";
    j["hand"] = to_string(obs.hand);
    j["bids"] = json::array();
    for (const auto& b : obs.bids) j["bids"].push_back(b.bid);
    return j;
  }
  j["type"] = "play";
  j["role"] = role_name(obs.role());
  j["hand"] = to_string(obs.hand);
  j["kitty"] = to_string(obs.kitty);
  j["base"] = obs.base_score;
  if (!obs.bids.empty()) {
    j["bids"] = json::array();
    for (const auto& b : obs.bids) j["bids"].push_back({{"role", role_name(obs.role_of(b.seat))}, {"bid", b.bid}});
  }
  j["history"] = json::array();
  for (const auto& rec : obs.history)
    j["history"].push_back({{"role", role_name(obs.role_of(rec.seat))}, {"cards", to_string(rec.move)}});
  return j;
}

std::string ProtocolServer::answer(std::string_view line) {
  const auto first = line.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return "";
  ojson out;
  json id;
  try {
    if (line.size() > kMaxLineBytes) fail("request line is longer than " + std::to_string(kMaxLineBytes) + " bytes");
    const json request = json::parse(line.begin(), line.end(), nullptr, false);
    if (request.is_discarded()) fail("request is not valid JSON");
    if (!request.is_object()) fail("a request must be a JSON object");
    if (auto it = request.find("id"); it != request.end()) {
      if (!it->is_number() && !it->is_string()) fail("id must be a number or a string");
      id = *it;
    }
    out = answer_request(request, line);
  } catch (const std::exception& e) {
    out = ojson::object();
    if (!id.is_null()) out["id"] = id;
    out["error"] = e.what();
  }
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

ojson ProtocolServer::answer_request(const json& request, std::string_view line) {
  ojson out = ojson::object();
  if (auto it = request.find("id"); it != request.end()) out["id"] = *it;
  const std::string type = string_field(request, "type", "");
  uint64_t seed = Rng::mix(seed_, fnv1a(line));
  if (auto it = request.find("seed"); it != request.end()) {
    if (!it->is_number_unsigned()) fail("seed must be a non-negative integer");
    seed = it->get<uint64_t>();
  }
  if (type == "bid") {
    check_keys(request, {"id", "type", "seed", "hand", "bids"}, "");
    const Observation obs = rebuild_bid(cards_field(request, "hand", ""), parse_bid_list(request));
    agent_.new_game(seed);
    const int bid = agent_.bid(obs);
    const auto legal = obs.legal_bids();
    if (std::find(legal.begin(), legal.end(), bid) == legal.end())
      throw std::logic_error("agent " + agent_.spec() + " answered the illegal bid " + std::to_string(bid));
    out["bid"] = bid;
    return out;
  }
  if (type != "play" && type != "legal" && type != "observe")
    fail("type \"" + type + "\" is not play, bid, legal or observe");
  check_keys(request, {"id", "type", "seed", "role", "hand", "kitty", "bids", "base", "history"}, "");
  const Observation obs = rebuild_play(parse_play_position(request), 0);
  std::vector<Move> legal;
  obs.legal(legal);
  if (type == "legal") {
    out["moves"] = ojson::array();
    for (const Move& m : legal) out["moves"].push_back(to_string(m));
    return out;
  }
  if (type == "observe") {
    out["role"] = role_name(obs.role());
    out["to_beat"] = to_string(obs.to_beat);
    out["to_beat_role"] = obs.to_beat_seat == kNoSeat ? ojson() : ojson(role_name(obs.role_of(obs.to_beat_seat)));
    ojson left = ojson::object(), played = ojson::object();
    for (Role r : {Role::Landlord, Role::LandlordDown, Role::LandlordUp}) {
      left[role_name(r)] = obs.cards_left[size_t(obs.seat_of(r))];
      played[role_name(r)] = to_string(obs.played[size_t(obs.seat_of(r))]);
    }
    out["cards_left"] = left;
    out["played"] = played;
    out["landlord_known"] = to_string(obs.landlord_known_cards());
    out["unseen"] = to_string(obs.unseen());
    out["base"] = obs.base_score;
    out["bombs"] = obs.bombs_played;
    out["legal_moves"] = legal.size();
    return out;
  }
  agent_.new_game(seed);
  const Move move = agent_.play(obs);
  if (std::find(legal.begin(), legal.end(), move) == legal.end())
    throw std::logic_error("agent " + agent_.spec() + " answered the illegal move " + describe(move));
  out["move"] = to_string(move);
  out["type"] = type_name(move.type);
  return out;
}

}  // namespace ddz
