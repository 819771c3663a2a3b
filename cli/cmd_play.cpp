// `ddz play`: one game in the terminal against two agents; reads moves from stdin, so it also
// runs through a pipe (tests script whole games that way).
#include <unistd.h>

#include <iostream>
#include <memory>
#include <random>

#include "agent/agent_spec.h"
#include "agent/factory.h"
#include "serve/terminal_game.h"
#include "cli/command_registry.h"

namespace ddz::cli {
namespace {

struct PlayOptions {
  std::string opponents = "pretrained";
  std::string hint_agent;
  std::string seat = "random";
  bool bidding = false;
  uint64_t seed = 0;
};

CommandAction setup(CLI::App& sub) {
  auto opt = std::make_shared<PlayOptions>();
  sub.add_option("--opponents", opt->opponents,
                 "Agent spec of both opponents; the default is the shipped network with search (models/pretrained/"
                 "agent.ddz, or $DDZ_PRETRAINED); --opponents heuristic needs no network file")
      ->capture_default_str();
  sub.add_option("--seat", opt->seat,
                 "Your role with the landlord fixed (landlord, landlord_down, landlord_up, random)")
      ->check(CLI::IsMember({"landlord", "landlord_down", "landlord_up", "random"}))
      ->capture_default_str();
  sub.add_option("--seed", opt->seed, "Deal seed (default: a fresh one, printed so the game can be replayed)");
  sub.add_flag("--bidding", opt->bidding, "Bid for the landlord (you bid at seat 0; roles come from the bidding)");
  sub.add_option("--hint-agent", opt->hint_agent,
                 "Agent spec that answers `hint` (default: heuristic when available, else random)");
  return [opt, &sub]() {
    TerminalGameOptions options;
    options.opponents = opt->opponents;
    options.hint_agent =
        !opt->hint_agent.empty() ? opt->hint_agent : (is_agent_kind("heuristic") ? "heuristic" : "random");
    options.bidding = opt->bidding;
    if (opt->bidding && opt->seat != "random")
      throw UsageError("--seat " + opt->seat + " cannot be used with --bidding: the bidding decides the roles");
    options.role = opt->seat == "landlord" ? 0 : opt->seat == "landlord_down" ? 1 : opt->seat == "landlord_up" ? 2 : -1;
    options.seed = sub.count("--seed") ? opt->seed : std::random_device{}();
    options.color = isatty(STDOUT_FILENO) != 0;
    // The opponents are built once here first so that a missing or corrupt shipped network is
    // reported with the way out; the instance also keeps the loaded model cached for the game.
    std::unique_ptr<Agent> opponents_check;
    try {
      opponents_check = make_agent(options.opponents);
    } catch (const AgentSpecError& e) {
      const bool shipped = options.opponents.rfind("pretrained", 0) == 0;
      throw UsageError(std::string(e.what()) + (shipped ? "; to play without it: ddz play --opponents heuristic" : ""));
    }
    try {
      return play_terminal_game(options, std::cin, std::cout);
    } catch (const AgentSpecError& e) { throw UsageError(e.what()); }
  };
}

}  // namespace
DDZ_COMMAND("play", "Play a game in the terminal against two agents (moves in card notation; hint, pass)", setup);
}  // namespace ddz::cli
