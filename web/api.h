// The JSON API of `ddz web` (docs/web.md): games a person plays, hints, record replay and arena
// matches, independent of the HTTP library so that tests call it directly. Every bad request is
// a 4xx reply with {"error": message}; nothing a client sends ends the process.
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "web/arena_job.h"
#include "web/compute_gate.h"
#include "web/game_session.h"
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
  SteadyClock clock = std::chrono::steady_clock::now;  // tests move time with their own
};

struct Reply {
  int status = 200;
  std::string body;  // JSON
};

class Api {
 public:
  explicit Api(WebOptions options);

  // One request: `path` without the query string, `body` as received.
  Reply handle(const std::string& method, const std::string& path, const std::string& body);

  size_t live_games() { return games_.size(); }
  const WebOptions& options() const { return options_; }

 private:
  Reply route(const std::string& method, const std::string& path, const std::string& body);
  Reply new_game(const std::string& body);
  Reply game_action(const std::string& method, const std::string& id, const std::string& action,
                    const std::string& body);
  Reply new_arena(const std::string& body);
  Reply arena_action(const std::string& method, const std::string& id);

  WebOptions options_;
  SessionStore<GameSession> games_;
  SessionStore<ArenaJob> arenas_;
  std::mutex arena_start_mutex_;  // the running-jobs check and the start are one step
  ComputeGate compute_;  // agents' turns and hints, a few at a time (taken after a game's mutex)
};

}  // namespace ddz::web
