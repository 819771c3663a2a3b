// `ddz serve --agent SPEC`: answers play/bid requests with an agent, one JSON line in, one JSON line
// out (docs/protocol.md), or one Botzone exchange per process with --protocol botzone.
#include <iostream>
#include <iterator>
#include <memory>
#include <string>

#include "serve/botzone.h"
#include "agent/factory.h"
#include "serve/protocol.h"
#include "cli/command_registry.h"

namespace ddz::cli {
namespace {

struct ServeOptions {
  std::string agent = "pretrained";
  std::string protocol = "json";
  uint64_t seed = 0;
};

int serve_json(Agent& agent, uint64_t seed) {
  ProtocolServer server(agent, seed);
  std::string line;
  // Untie stdin from stdout: every answer is flushed explicitly, right after it is written.
  std::cin.tie(nullptr);
  while (std::getline(std::cin, line)) {
    const std::string out = server.answer(line);
    if (out.empty()) continue;
    std::cout << out << '\n' << std::flush;
  }
  return 0;
}

int serve_botzone(Agent& agent, uint64_t seed) {
  const std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  std::string error;
  std::cout << botzone_answer(agent, input, seed, &error) << '\n' << std::flush;
  // Botzone reads only stdout; the reason also goes to stderr for people running it by hand.
  if (!error.empty()) std::cerr << "ddz serve: error: " << error << "\n";
  return 0;
}

CommandAction setup(CLI::App& sub) {
  auto opt = std::make_shared<ServeOptions>();
  sub.add_option("--agent", opt->agent,
                 "Agent spec, e.g. heuristic, mcts:sims=400, mcts+net:FILE; the default is the shipped network "
                 "with search (models/pretrained/agent.ddz, or $DDZ_PRETRAINED)")
      ->capture_default_str();
  sub.add_option("--protocol", opt->protocol,
                 "json: one request per line on stdin, one answer per line on stdout (docs/protocol.md); "
                 "botzone: one Botzone FightTheLandlord/FightTheLandlord2 input on stdin, one output, then exit")
      ->check(CLI::IsMember({"json", "botzone"}))
      ->capture_default_str();
  sub.add_option("--seed", opt->seed, "Mixed with each request's text to seed the agent (a request's \"seed\" wins)")
      ->capture_default_str();
  return [opt]() {
    std::unique_ptr<Agent> agent;
    try {
      agent = make_agent(opt->agent);
    } catch (const AgentSpecError& e) {
      const bool shipped = opt->agent.rfind("pretrained", 0) == 0;
      throw UsageError(std::string(e.what()) + (shipped ? "; to serve without it: ddz serve --agent heuristic" : ""));
    }
    return opt->protocol == "botzone" ? serve_botzone(*agent, opt->seed) : serve_json(*agent, opt->seed);
  };
}

}  // namespace
DDZ_COMMAND("serve", "Answer bid/play requests with an agent (JSON lines, or --protocol botzone)", setup);
}  // namespace ddz::cli
