// The JSON API of `ddz web` (docs/web.md): games a person plays, hints, record replay and arena
// matches, independent of the HTTP library so that tests call it directly. Every bad request is
// a 4xx reply with {"error": message}; nothing a client sends ends the process.
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <map>
#include <string>
#include <vector>

#include "web/arena_job.h"
#include "web/client_limits.h"
#include "web/compute_gate.h"
#include "web/game_session.h"
#include "web/public_policy.h"
#include "web/league_view.h"
#include "web/session_store.h"

namespace ddz::web {

struct WebOptions {
  std::string agent = "pretrained";  // default opponents (and hint agent) of a new game
  size_t max_games = 100;  // live games; at the cap the least recently used goes
  std::chrono::seconds idle{1800};  // a game or arena match unused this long is dropped
  int64_t arena_max_deals = 200;  // duplicate deals one arena match may play
  size_t arena_jobs = 1;  // arena matches running at once
  size_t max_body = 2 << 20;  // bytes of a request body (records to replay are the largest)
  size_t http_threads = 64;  // connections served at once (an open one holds a thread)
  size_t http_queue = 64;  // connections that may wait for a thread; beyond, 503 at once
  size_t agent_slots = 0;  // requests computing agents' turns or hints at once; 0: one per core
  // The page's pause between two opponents' plays it shows one after the other (the player may
  // change it on the page); sent in GET /api/config.
  int pace_ms = 700;
  // Public mode (a --bind beyond loopback, or --public): agents from policy's allow-list only,
  // and per-client limits. Off: any agent spec, no per-client limit (a machine's own user).
  bool public_mode = false;
  PublicPolicy policy;
  size_t client_games = 3;  // public mode: live games one client address may hold
  double client_rate = 20;  // public mode: requests a second one client address may make (bursts of 2 s worth)
  // The reverse proxy's address: requests from it count for the client its X-Forwarded-For
  // names last (what the proxy saw). Empty: every request counts for its peer address.
  std::string trust_proxy;
  std::string league;  // league file whose standings GET /api/league serves ("" = none)
  SteadyClock clock = std::chrono::steady_clock::now;  // tests move time with their own
};

struct Reply {
  int status = 200;
  std::string body;  // JSON
  int retry_after = 0;  // seconds, sent as Retry-After when > 0 (429)
};

class Api {
 public:
  explicit Api(WebOptions options);

  // One request: `path` without the query string, `body` as received, `client` the address it
  // came from (the per-client limits of public mode count by it).
  Reply handle(const std::string& method, const std::string& path, const std::string& body,
               const std::string& client = "local");

  size_t live_games() { return games_.size(); }
  const WebOptions& options() const { return options_; }

 private:
  Reply route(const std::string& method, const std::string& path, const std::string& body, const std::string& client);
  Reply new_game(const std::string& body, const std::string& client);
  void check_spec(const std::string& field, const std::string& spec) const;
  // "kind: description" of the kinds a request may name (public mode: the allow-list's).
  std::vector<std::string> kinds_offered() const;
  // Public mode: a game of `client` created (its id) or failed (""); ends its pending count.
  void count_game(const std::string& client, const std::string& id);
  Reply game_action(const std::string& method, const std::string& id, const std::string& action,
                    const std::string& body);
  Reply new_arena(const std::string& body);
  Reply arena_action(const std::string& method, const std::string& id);

  WebOptions options_;
  SessionStore<GameSession> games_;
  SessionStore<ArenaJob> arenas_;
  std::mutex arena_start_mutex_;  // the running-jobs check and the start are one step
  ClientRate rate_;
  std::mutex client_games_mutex_;
  struct ClientGames {
    std::vector<std::string> ids;  // live (or since dropped) games
    size_t pending = 0;  // being created now
  };
  std::map<std::string, ClientGames> client_games_;  // public mode, per client address
  ComputeGate compute_;  // agents' turns and hints, a few at a time (taken after a game's mutex)
  std::unique_ptr<LeagueView> league_;
};

}  // namespace ddz::web
