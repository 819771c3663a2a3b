// `ddz web`: serves the page to play against an agent, see its hints and search, replay game
// records and watch short arena matches, with its JSON API (docs/web.md).
#include <pthread.h>
#include <signal.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <thread>

#include "agent/agent_spec.h"
#include "agent/factory.h"
#include "arena/league_file.h"
#include "cli/command_registry.h"
#include "web/api.h"
#include "web/server.h"

namespace ddz::cli {
namespace {

struct WebCliOptions {
  std::string agent = "pretrained";
  int port = 8080;
  std::string bind = "127.0.0.1";
  size_t max_games = 100;
  int idle_minutes = 30;
  int64_t arena_max_deals = 200;
  size_t threads = 64;
  size_t queue = 64;
  size_t agent_slots = 0;
  int pace_ms = web::WebOptions{}.pace_ms;
  bool public_mode = false;
  std::vector<std::string> allow_agents = web::PublicPolicy{}.allow_agents;
  int max_sims = web::PublicPolicy{}.max_sims;
  size_t client_games = web::WebOptions{}.client_games;
  double client_rate = web::WebOptions{}.client_rate;
  std::string trust_proxy;
  std::string league;
};

// Whether `address` only reaches this machine (then the server is not public by itself).
bool is_loopback(const std::string& address) {
  return address == "localhost" || address == "::1" || address.rfind("127.", 0) == 0;
}

CommandAction setup(CLI::App& sub) {
  auto opt = std::make_shared<WebCliOptions>();
  sub.add_option("--agent", opt->agent,
                 "Agent spec of the opponents and hints of a new game unless the page names another; the default is "
                 "the shipped network with search (models/pretrained/agent.ddz, or $DDZ_PRETRAINED)")
      ->capture_default_str();
  sub.add_option("--port", opt->port, "TCP port (0: any free port, printed at start)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  sub.add_option("--bind", opt->bind,
                 "Address to listen on; another than 127.0.0.1 lets other machines play (and run agents) on this one")
      ->capture_default_str();
  sub.add_option("--max-games", opt->max_games,
                 "Live games at most; a new game beyond it drops the least recently used")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub.add_option("--idle-minutes", opt->idle_minutes, "A game or arena match unused this long is dropped")
      ->check(CLI::Range(1, 10080))
      ->capture_default_str();
  sub.add_option("--arena-max-deals", opt->arena_max_deals, "Duplicate deals one arena match from the page may play")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub.add_option("--threads", opt->threads,
                 "Connections served at once (an open browser connection holds one until it has been idle 2 s)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  sub.add_option("--queue", opt->queue,
                 "Connections that may wait for one of the --threads; beyond them a request is answered 503 with "
                 "Retry-After")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  sub.add_option("--agent-slots", opt->agent_slots,
                 "Requests computing the agents' turns or a hint at once, the others waiting in arrival order (0: one "
                 "per core)")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  sub.add_option("--pace-ms", opt->pace_ms,
                 "The page's pause between two opponents' plays, in milliseconds (a player may change it on the page)")
      ->check(CLI::Range(0, 5000))
      ->capture_default_str();
  sub.add_flag("--public", opt->public_mode,
               "Public mode even on a loopback address (behind a reverse proxy on this machine); a --bind "
               "beyond loopback is public anyway");
  sub.add_option("--allow-agents", opt->allow_agents,
                 "Public mode: the agent kinds a visitor may choose (comma-separated)")
      ->delimiter(',')
      ->capture_default_str();
  sub.add_option("--max-sims", opt->max_sims, "Public mode: the largest sims=N a visitor may set")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  sub.add_option("--client-games", opt->client_games, "Public mode: live games one client address may hold")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub.add_option("--client-rate", opt->client_rate,
                 "Public mode: requests a second one client address may make (bursts of twice as many); beyond, "
                 "429 with Retry-After")
      ->check(CLI::Range(0.1, 100000.0))
      ->capture_default_str();
  sub.add_option("--trust-proxy", opt->trust_proxy,
                 "Address of a reverse proxy whose X-Forwarded-For names the client (only requests from it)");
  sub.add_option("--league", opt->league,
                 "A league file (ddz league) whose standings the Arena tab shows, refitted when the file changes");
  return [opt]() {
    if (!opt->league.empty()) {
      if (!std::ifstream(opt->league)) throw UsageError("--league " + opt->league + ": no such file");
      try {
        read_league_file(opt->league);
      } catch (const LeagueFileError& e) { throw UsageError(e.what()); }
    }
    try {
      make_agent(opt->agent);  // a missing shipped network is reported now, with the way out
    } catch (const AgentSpecError& e) {
      const bool shipped = opt->agent.rfind("pretrained", 0) == 0;
      throw UsageError(std::string(e.what()) + (shipped ? "; to serve without it: ddz web --agent heuristic" : ""));
    }
    web::WebOptions options;
    options.agent = opt->agent;
    options.max_games = opt->max_games;
    options.idle = std::chrono::minutes(opt->idle_minutes);
    options.arena_max_deals = opt->arena_max_deals;
    options.http_threads = opt->threads;
    options.http_queue = opt->queue;
    options.agent_slots = opt->agent_slots;
    options.pace_ms = opt->pace_ms;
    options.public_mode = opt->public_mode || !is_loopback(opt->bind);
    options.policy.allow_agents = opt->allow_agents;
    options.policy.max_sims = opt->max_sims;
    options.client_games = opt->client_games;
    options.client_rate = opt->client_rate;
    options.trust_proxy = opt->trust_proxy;
    for (const std::string& kind : options.policy.allow_agents)
      if (!is_agent_kind(kind)) throw UsageError("--allow-agents: unknown agent kind \"" + kind + "\"");
    options.league = opt->league;
    web::Api api(options);
    web::WebServer server(api);
    // SIGINT/SIGTERM are taken by a thread that stops the server, so the process ends normally
    // (running arena matches are stopped, games freed) instead of being killed mid-request.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    int port = 0;
    try {
      port = server.bind(opt->bind, opt->port);
    } catch (const std::runtime_error& e) {
      throw UsageError(std::string(e.what()) + " (is the port in use? --port 0 picks a free one)");
    }
    std::cout << "ddz web: http://" << opt->bind << ":" << port << "/ (opponents " << opt->agent
              << (options.public_mode ? "; public mode" : "") << "); Ctrl-C stops" << std::endl;
    std::thread stopper([&server, signals]() {
      int received = 0;
      sigwait(&signals, &received);
      server.stop();
    });
    const bool ok = server.listen();
    // listen() also returns when the server fails; wake the stopper thread so it can be joined.
    pthread_kill(stopper.native_handle(), SIGTERM);
    stopper.join();
    std::cout << "ddz web: stopped" << std::endl;
    return ok ? 0 : 1;
  };
}

}  // namespace
DDZ_COMMAND("web", "Serve a web page to play against an agent, see hints, replay records and run arena matches", setup);
}  // namespace ddz::cli
