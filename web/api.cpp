// Routing and validation of the JSON API of `ddz web` (web/api.h, docs/web.md).
#include "web/api.h"

#include <algorithm>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include "agent/agent_spec.h"
#include "agent/factory.h"
#include "web/memory_release.h"
#include "web/replay_view.h"

namespace ddz::web {

namespace {

using nlohmann::json;

// A request the client got wrong: the status and the message it is told.
struct ApiError : std::runtime_error {
  int status;
  int retry_after;  // seconds, for a 429
  ApiError(int s, const std::string& message, int retry = 0)
      : std::runtime_error(message), status(s), retry_after(retry) {}
};

// Strings a client sent (a field name, a path) may hold bytes that are not UTF-8: they are
// replaced (U+FFFD) rather than throwing, which made such a request a 500.
Reply reply(int status, const json& j) { return Reply{status, j.dump(-1, ' ', false, json::error_handler_t::replace)}; }
Reply error_reply(int status, const std::string& message) { return reply(status, json{{"error", message}}); }

// The body as a JSON object ({} when empty); anything else is a 400.
json object_body(const std::string& body) {
  if (body.find_first_not_of(" \t\r\n") == std::string::npos) return json::object();
  json j = json::parse(body, nullptr, false);
  if (j.is_discarded()) throw ApiError(400, "the body is not valid JSON");
  if (!j.is_object()) throw ApiError(400, "the body must be a JSON object, got " + std::string(j.type_name()));
  return j;
}

void only_keys(const json& j, const std::vector<std::string>& keys) {
  for (auto it = j.begin(); it != j.end(); ++it)
    if (std::find(keys.begin(), keys.end(), it.key()) == keys.end())
      throw ApiError(400, "unknown field \"" + it.key() + "\"");
}

std::string string_field(const json& j, const char* key, const std::string& def) {
  if (!j.contains(key)) return def;
  if (!j[key].is_string()) throw ApiError(400, std::string("\"") + key + "\" must be a string");
  return j[key].get<std::string>();
}

bool bool_field(const json& j, const char* key, bool def) {
  if (!j.contains(key)) return def;
  if (!j[key].is_boolean()) throw ApiError(400, std::string("\"") + key + "\" must be true or false");
  return j[key].get<bool>();
}

// Integers the page's JavaScript holds exactly (below 2^53).
constexpr int64_t kMaxSafeInteger = (int64_t(1) << 53) - 1;

int64_t int_field(const json& j, const char* key, int64_t def, int64_t lo, int64_t hi) {
  if (!j.contains(key)) return def;
  const json& v = j[key];
  if (!v.is_number_integer() || (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(hi)))
    throw ApiError(
        400, std::string("\"") + key + "\" must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
  const int64_t x = v.get<int64_t>();
  if (x < lo || x > hi)
    throw ApiError(
        400, std::string("\"") + key + "\" must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
  return x;
}

uint64_t fresh_seed() {
  static std::mutex mutex;
  static std::mt19937_64 rng(std::random_device{}());
  std::lock_guard<std::mutex> lock(mutex);
  return rng() % 1000000000;  // short enough to read out and type back
}

// Splits "/api/games/ID/play" after the prefix into its pieces.
std::vector<std::string> pieces(const std::string& path) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < path.size()) {
    size_t slash = path.find('/', pos);
    if (slash == std::string::npos) slash = path.size();
    if (slash > pos) out.push_back(path.substr(pos, slash - pos));
    pos = slash + 1;
  }
  return out;
}

void require_method(const std::string& method, const char* allowed) {
  if (method != allowed) throw ApiError(405, "method " + method + " is not allowed here (use " + allowed + ")");
}

}  // namespace

Api::Api(WebOptions options)
    : options_(std::move(options)),
      games_(options_.max_games, options_.idle, options_.clock),
      arenas_(8, options_.idle, options_.clock),
      rate_(options_.client_rate, 2 * options_.client_rate, options_.clock),
      compute_(options_.agent_slots > 0 ? options_.agent_slots : std::max(1u, std::thread::hardware_concurrency())),
      league_(options_.league.empty() ? nullptr : std::make_unique<LeagueView>(options_.league)) {}

Reply Api::handle(const std::string& method, const std::string& path, const std::string& body,
                  const std::string& client) {
  try {
    if (options_.public_mode) {
      const int wait = rate_.admit(client);
      if (wait > 0) {
        Reply r = error_reply(429, "too many requests from " + client + " (at most " +
                                       std::to_string(int(options_.client_rate)) + " a second): retry in " +
                                       std::to_string(wait) + " s");
        r.retry_after = wait;
        return r;
      }
    }
    if (body.size() > options_.max_body)
      return error_reply(413, "the body has " + std::to_string(body.size()) + " bytes; at most " +
                                  std::to_string(options_.max_body) + " are accepted");
    return route(method, path, body, client);
  } catch (const ApiError& e) {
    Reply r = error_reply(e.status, e.what());
    r.retry_after = e.retry_after;
    return r;
  } catch (const AgentSpecError& e) { return error_reply(400, e.what()); } catch (const std::invalid_argument& e) {
    return error_reply(400, e.what());
  } catch (const std::exception& e) {
    // A bug (an agent's illegal move, a failed allocation): the client is told, the server goes on.
    return error_reply(500, std::string("internal error: ") + e.what());
  }
}

std::vector<std::string> Api::kinds_offered() const {
  std::vector<std::string> out;
  const auto& allowed = options_.policy.allow_agents;
  for (const std::string& line : agent_kinds())
    if (!options_.public_mode ||
        std::find(allowed.begin(), allowed.end(), line.substr(0, line.find(':'))) != allowed.end())
      out.push_back(line);
  return out;
}

void Api::check_spec(const std::string& field, const std::string& spec) const {
  // The operator's own --agent is always allowed (the page sends it back as a choice).
  if (!options_.public_mode || spec == options_.agent) return;
  const std::string refusal = public_spec_refusal(field, spec, options_.policy);
  if (!refusal.empty()) throw ApiError(400, refusal);
}

Reply Api::route(const std::string& method, const std::string& path, const std::string& body,
                 const std::string& client) {
  const auto p = pieces(path);
  if (p.size() < 2 || p[0] != "api") throw ApiError(404, "no such API path: " + path);
  const std::string& what = p[1];
  if (what == "config" && p.size() == 2) {
    require_method(method, "GET");
    json config{{"agent", options_.agent},
                {"max_games", options_.max_games},
                {"idle_seconds", options_.idle.count()},
                {"arena_max_deals", options_.arena_max_deals},
                {"pace_ms", options_.pace_ms},
                {"max_body", options_.max_body},
                {"public", options_.public_mode},
                {"league", !options_.league.empty()},
                {"agent_kinds", kinds_offered()}};
    if (options_.public_mode) {
      config["max_sims"] = options_.policy.max_sims;
      config["client_games"] = options_.client_games;
      config["client_rate"] = options_.client_rate;
    }
    return reply(200, config);
  }
  if (what == "games" && p.size() == 2) {
    require_method(method, "POST");
    return new_game(body, client);
  }
  if (what == "games" && (p.size() == 3 || p.size() == 4))
    return game_action(method, p[2], p.size() == 4 ? p[3] : "", body);
  if (what == "replay" && p.size() == 2) {
    require_method(method, "POST");
    try {
      return reply(200, replay_games(body));
    } catch (const std::runtime_error& e) { throw ApiError(400, e.what()); }
  }
  if (what == "arena" && p.size() == 2) {
    require_method(method, "POST");
    return new_arena(body);
  }
  if (what == "arena" && p.size() == 3) return arena_action(method, p[2]);
  if (what == "league" && p.size() == 2) {
    require_method(method, "GET");
    if (!league_) throw ApiError(404, "no league file: start the server with ddz web --league FILE");
    try {
      return reply(200, league_->standings());
    } catch (const std::runtime_error& e) { throw ApiError(500, e.what()); }
  }
  throw ApiError(404, "no such API path: " + path);
}

Reply Api::new_game(const std::string& body, const std::string& client) {
  const json j = object_body(body);
  only_keys(j, {"seed", "opponents", "hint_agent", "bidding", "role", "ranked"});
  GameOptions o;
  o.seed = j.contains("seed") ? uint64_t(int_field(j, "seed", 0, 0, kMaxSafeInteger)) : fresh_seed();
  o.opponents = string_field(j, "opponents", options_.agent);
  o.hint_agent = string_field(j, "hint_agent", "");
  if (j.contains("opponents")) check_spec("opponents", o.opponents);
  if (!o.hint_agent.empty()) check_spec("hint_agent", o.hint_agent);
  o.bidding = bool_field(j, "bidding", true);
  o.ranked = bool_field(j, "ranked", false);
  const std::string role = string_field(j, "role", "random");
  static const std::vector<std::string> roles{"landlord", "landlord_down", "landlord_up", "random"};
  const auto it = std::find(roles.begin(), roles.end(), role);
  if (it == roles.end())
    throw ApiError(400, "\"role\" must be landlord, landlord_down, landlord_up or random, got \"" + role + "\"");
  if (o.bidding && role != "random")
    throw ApiError(400, "\"role\" needs \"bidding\": false (the bidding decides the roles)");
  o.role = role == "random" ? -1 : int(it - roles.begin());
  // Public mode: a client's live games are counted (those expired or evicted no longer count),
  // with the ones being created now, so that parallel requests cannot pass the limit together.
  const bool counted = options_.public_mode;
  if (counted) {
    std::lock_guard<std::mutex> lock(client_games_mutex_);
    ClientGames& mine = client_games_[client];
    auto& ids = mine.ids;
    ids.erase(std::remove_if(ids.begin(), ids.end(), [this](const std::string& id) { return !games_.contains(id); }),
              ids.end());
    if (ids.size() + mine.pending >= options_.client_games)
      throw ApiError(429,
                     "this address already has " + std::to_string(ids.size() + mine.pending) + " live games (at most " +
                         std::to_string(options_.client_games) + "): finish or delete one (DELETE /api/games/ID)",
                     5);
    ++mine.pending;
  }
  std::string id;
  json view;
  try {
    std::shared_ptr<GameSession> game;
    {
      const ComputeGate::Pass pass = compute_.enter();
      game = std::make_shared<GameSession>(o);
    }
    {
      std::lock_guard<std::mutex> lock(game->mutex());
      view = game->view();
    }
    if (options_.public_mode) {
      // Full: the visitor is told to come back (the cap bounds the memory of live games).
      id = games_.add_if_room(std::move(game));
      if (id.empty())
        throw ApiError(
            503, "the server holds its most live games (" + std::to_string(options_.max_games) + "): retry in a minute",
            60);
    } else {
      id = games_.add(std::move(game));
    }
    view["id"] = id;
  } catch (...) {
    if (counted) count_game(client, "");
    throw;
  }
  if (counted) count_game(client, id);
  return reply(201, view);
}

void Api::count_game(const std::string& client, const std::string& id) {
  std::lock_guard<std::mutex> lock(client_games_mutex_);
  ClientGames& mine = client_games_[client];
  --mine.pending;
  if (!id.empty()) mine.ids.push_back(id);
  // Addresses whose games are all gone leave the map, so it stays small.
  if (client_games_.size() > 4096)
    for (auto it = client_games_.begin(); it != client_games_.end();) {
      auto& ids = it->second.ids;
      ids.erase(std::remove_if(ids.begin(), ids.end(), [this](const std::string& g) { return !games_.contains(g); }),
                ids.end());
      it = ids.empty() && it->second.pending == 0 ? client_games_.erase(it) : std::next(it);
    }
}

Reply Api::game_action(const std::string& method, const std::string& id, const std::string& action,
                       const std::string& body) {
  auto game = games_.find(id);
  if (!game)
    throw ApiError(
        404, "no game " + id + " (it may have expired after " + std::to_string(options_.idle.count()) + " s idle)");
  if (action.empty() && method == "DELETE") {
    games_.erase(id);
    game.reset();  // the last reference, unless another request on it is still running
    release_free_memory();
    return reply(200, {{"deleted", id}});
  }
  std::lock_guard<std::mutex> lock(game->mutex());
  if (action.empty()) {
    require_method(method, "GET");
  } else if (action == "bid") {
    require_method(method, "POST");
    const json j = object_body(body);
    only_keys(j, {"bid"});
    if (!j.contains("bid")) throw ApiError(400, "\"bid\" is missing (0 = pass, or 1..3)");
    const int bid = int(int_field(j, "bid", 0, 0, 3));
    const ComputeGate::Pass pass = compute_.enter();
    const std::string error = game->bid(bid);
    if (!error.empty()) throw ApiError(422, error);
  } else if (action == "play" || action == "check") {
    require_method(method, "POST");
    const json j = object_body(body);
    only_keys(j, {"cards"});
    if (!j.contains("cards")) throw ApiError(400, "\"cards\" is missing (cards in notation, or \"pass\")");
    const std::string cards = string_field(j, "cards", "");
    if (action == "check") return reply(200, game->check(cards));
    const ComputeGate::Pass pass = compute_.enter();
    const std::string error = game->play(cards);
    if (!error.empty()) throw ApiError(422, error);
    if (game->over()) release_free_memory();  // its agents are gone
  } else if (action == "hint") {
    require_method(method, "POST");
    const ComputeGate::Pass pass = compute_.enter();
    json h = game->hint();
    if (h.contains("error")) throw ApiError(409, h["error"].get<std::string>());
    return reply(200, h);
  } else if (action == "explain") {
    require_method(method, "POST");
    const json j = object_body(body);
    only_keys(j, {"play"});
    if (!j.contains("play")) throw ApiError(400, "\"play\" is missing (the index of an opponent's play in \"plays\")");
    const int64_t play = int_field(j, "play", 0, 0, kMaxSafeInteger);
    const ComputeGate::Pass pass = compute_.enter();  // the exact solver may run
    json e = game->explain(play);
    if (e.contains("error")) throw ApiError(400, e["error"].get<std::string>());
    return reply(200, e);
  } else if (action == "undo") {
    require_method(method, "POST");
    only_keys(object_body(body), {});
    const std::string error = game->undo();
    if (!error.empty()) throw ApiError(409, error);
  } else {
    throw ApiError(404, "no game action \"" + action + "\" (bid, play, check, hint, explain, undo)");
  }
  json view = game->view();
  view["id"] = id;
  return reply(200, view);
}

Reply Api::new_arena(const std::string& body) {
  const json j = object_body(body);
  only_keys(j, {"agents", "deals", "seed", "bidding"});
  ArenaConfig config;
  if (!j.contains("agents") || !j["agents"].is_array() || j["agents"].size() != 2)
    throw ApiError(400, "\"agents\" must be an array of two agent specs");
  for (const json& a : j["agents"]) {
    if (!a.is_string() || a.get<std::string>().empty())
      throw ApiError(400, "\"agents\" must hold two non-empty spec strings");
    check_spec("agents", a.get<std::string>());
    config.agents.push_back(a.get<std::string>());
  }
  config.deals = int_field(j, "deals", std::min<int64_t>(20, options_.arena_max_deals), 1, options_.arena_max_deals);
  config.seed = uint64_t(int_field(j, "seed", 1, 0, kMaxSafeInteger));
  config.rules.bidding = bool_field(j, "bidding", false);
  config.cpu_clock = CpuClock::Thread;
  std::lock_guard<std::mutex> lock(arena_start_mutex_);
  if (arenas_.count_if([](const ArenaJob& job) { return job.running(); }) >= options_.arena_jobs)
    throw ApiError(429, "an arena match is already running (at most " + std::to_string(options_.arena_jobs) +
                            " at once): wait for it or stop it");
  auto job = std::make_shared<ArenaJob>(config);
  json status = job->status();
  status["id"] = arenas_.add(std::move(job));
  return reply(201, status);
}

Reply Api::arena_action(const std::string& method, const std::string& id) {
  auto job = arenas_.find(id);
  if (!job) throw ApiError(404, "no arena match " + id);
  if (method == "DELETE") {
    job->stop();
    json status = job->status();
    status["id"] = id;
    return reply(200, status);
  }
  require_method(method, "GET");
  json status = job->status();
  status["id"] = id;
  return reply(200, status);
}

}  // namespace ddz::web
