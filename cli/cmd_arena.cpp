// `ddz arena`: plays agents against each other on duplicate deals (each deal twice, seats
// swapped) and reports WP and ADP per agent and role with 95% CIs, a paired verdict and each
// agent's CPU time per move; with --sprt, plays two agents until a sequential test decides.
#include <algorithm>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "arena/arena.h"
#include "arena/arena_report.h"
#include "agent/factory.h"
#include "arena/progress.h"
#include "arena/sprt_match.h"
#include "cli/command_registry.h"

namespace ddz::cli {
namespace {

struct ArenaOptions {
  std::string agents;
  std::vector<std::string> agent;
  int64_t deals = 1000;
  uint64_t seed = 1;
  int threads = 1;
  bool bidding = false;
  bool no_spring = false;
  bool no_bomb_double = false;
  bool json = false;
  bool csv = false;
  bool no_cpu_times = false;
  std::string records;
  std::string list_settings;
  bool markdown = false;
  std::string sprt;
  double alpha = 0.05;
  double beta = 0.05;
};

// The SPRT's outcome in words, with its figures.
std::string sprt_text(const SprtMatchResult& r, const std::vector<std::string>& agents) {
  const Sprt& s = r.sprt;
  const SprtConfig& c = s.config();
  char buf[512];
  const char* verdict = r.state == SprtState::AcceptH1   ? "H1 accepted"
                        : r.state == SprtState::AcceptH0 ? "H0 accepted"
                                                         : "no decision (the maximum number of deals came first)";
  std::snprintf(buf, sizeof buf,
                "SPRT of %s against %s: H0 %+.1f Elo, H1 %+.1f Elo, alpha %.3g, beta %.3g\n"
                "%s after %lld deals: LLR %.3f (bounds %.3f, %.3f); %s scores %.4f a game (%+.1f Elo); pairs by "
                "%s's wins 0/1/2: %lld/%lld/%lld\n",
                agents[0].c_str(), agents[1].c_str(), c.elo0, c.elo1, c.alpha, c.beta, verdict,
                static_cast<long long>(s.pairs()), s.llr(), s.lower_bound(), s.upper_bound(), agents[0].c_str(),
                s.score(), s.pairs() ? score_to_elo(std::clamp(s.score(), 1e-6, 1 - 1e-6)) : 0.0, agents[0].c_str(),
                static_cast<long long>(s.counts()[0]), static_cast<long long>(s.counts()[2]),
                static_cast<long long>(s.counts()[4]));
  return buf;
}

nlohmann::json sprt_json(const SprtMatchResult& r) {
  const Sprt& s = r.sprt;
  return {{"elo0", s.config().elo0},
          {"elo1", s.config().elo1},
          {"alpha", s.config().alpha},
          {"beta", s.config().beta},
          {"result", sprt_state_name(r.state)},
          {"deals", s.pairs()},
          {"llr", s.llr()},
          {"bounds", {s.lower_bound(), s.upper_bound()}},
          {"pentanomial", s.counts()}};
}

std::string kinds_help() {
  std::string text = "Agent kinds:";
  for (const auto& line : agent_kinds()) text += "\n  " + line;
  return text;
}

CommandAction setup(CLI::App& sub) {
  auto o = std::make_shared<ArenaOptions>();
  sub.add_option("--agents", o->agents,
                 "Comma-separated agent specs, e.g. heuristic,random or mcts:sims=100,threads=2,random: a "
                 "key=value piece belongs to the spec before it, any other piece starts a new spec");
  sub.add_option("--agent", o->agent, "One agent spec (repeatable; combined after --agents)");
  sub.add_option("--deals", o->deals, "Duplicate deals per pair of agents (each played twice)")
      ->default_val(1000)
      ->check(CLI::Range(int64_t(1), int64_t(1000000000)));
  sub.add_option("--seed", o->seed, "Match seed: the same seed gives the same deals")->default_val(1);
  sub.add_option("--threads", o->threads,
                 "Worker threads (results do not depend on it). CPU time per move is measured on the process "
                 "clock with 1 thread (an agent's own search threads, mcts:threads=2, count) and on each "
                 "thread's clock with more (they do not)")
      ->default_val(1)
      ->check(CLI::Range(1, 256));
  sub.add_flag("--bidding", o->bidding,
               "Bid for the landlord (first bidder fixed per deal); the duplicate replay seats A in seat 0 and B "
               "in seats 1 and 2, then B in seat 0 and A in seats 1 and 2. Without it seat 0 is landlord at base 1");
  sub.add_flag("--no-spring", o->no_spring, "Do not double the stake for spring and anti-spring");
  sub.add_flag("--no-bomb-double", o->no_bomb_double, "Do not double the stake for bombs and the rocket");
  sub.add_flag("--no-cpu-times", o->no_cpu_times,
               "Do not time the agents' moves: timing costs two clock system calls a decision (1-3 us), which "
               "more than doubles the time of random or heuristic matches");
  sub.add_flag("--json", o->json, "Print one JSON object instead of the table");
  sub.add_flag("--csv", o->csv, "Print CSV rows instead of the table");
  sub.add_option("--records", o->records, "Write every game as one JSON line (game record format) to this file");
  sub.add_option("--list-settings", o->list_settings,
                 "Print the settings of an agent kind (e.g. gumbel) with defaults, ranges and help, and exit");
  sub.add_flag("--markdown", o->markdown, "With --list-settings: a Markdown table");
  sub.add_option("--sprt", o->sprt,
                 "ELO0,ELO1: play two agents until a sequential probability ratio test (pentanomial GSPRT on the "
                 "paired deals, logistic Elo of the first agent over the second) accepts H0 (ELO0) or H1 (ELO1); "
                 "--deals is then the maximum");
  sub.add_option("--alpha", o->alpha, "SPRT: probability of accepting H1 when H0 holds")
      ->default_val(0.05)
      ->check(CLI::Range(1e-6, 0.499));
  sub.add_option("--beta", o->beta, "SPRT: probability of accepting H0 when H1 holds")
      ->default_val(0.05)
      ->check(CLI::Range(1e-6, 0.499));
  sub.footer(kinds_help());
  return [o]() {
    if (!o->list_settings.empty()) {
      try {
        std::cout << list_agent_settings(o->list_settings, o->markdown);
      } catch (const AgentSpecError& e) { throw UsageError(e.what()); }
      return 0;
    }
    if (o->json && o->csv) throw UsageError("--json and --csv exclude each other");
    ArenaConfig config;
    try {
      if (!o->agents.empty()) config.agents = split_agent_list(o->agents);
      for (const auto& a : o->agent) config.agents.push_back(a);
      if (config.agents.size() < 2)
        throw UsageError("need at least two agents (--agents A,B or --agent A --agent B); " + kinds_help());
      for (const auto& spec : config.agents) make_agent(spec);
    } catch (const AgentSpecError& e) { throw UsageError(e.what()); }
    config.deals = o->deals;
    config.seed = o->seed;
    config.threads = o->threads;
    config.rules.bidding = o->bidding;
    config.rules.double_on_spring = config.rules.double_on_anti_spring = !o->no_spring;
    config.rules.double_on_bomb = config.rules.double_on_rocket = !o->no_bomb_double;
    config.records_path = o->records;
    // With one worker thread nothing else runs in this process while an agent decides, so the
    // process clock is exact and also counts the agent's own search threads.
    config.cpu_clock = o->no_cpu_times ? CpuClock::Off : config.threads == 1 ? CpuClock::Process : CpuClock::Thread;
    if (!o->sprt.empty()) {
      SprtConfig sc;
      try {
        sc = parse_sprt_bounds(o->sprt);
      } catch (const std::invalid_argument& e) { throw UsageError(e.what()); }
      sc.alpha = o->alpha;
      sc.beta = o->beta;
      if (config.agents.size() != 2) throw UsageError("--sprt needs exactly two agents");
      if (!config.records_path.empty()) throw UsageError("--sprt and --records exclude each other");
      if (o->csv) throw UsageError("--sprt prints a table or --json, not --csv");
      ProgressBar bar(2 * config.deals, "games", ProgressBar::stderr_is_terminal());
      config.progress = [&bar](int64_t done, int64_t) { bar.update(done); };
      const SprtMatchResult r = run_sprt_match(config, sc);
      bar.finish();
      if (o->json) {
        nlohmann::json j = nlohmann::json::parse(arena_json(r.arena));
        j["sprt"] = sprt_json(r);
        std::cout << j.dump(2) << "\n";
      } else {
        std::cout << arena_text(r.arena, config.threads) << "\n" << sprt_text(r, config.agents);
      }
      return 0;
    }
    const int64_t pairs = int64_t(config.agents.size() * (config.agents.size() - 1) / 2);
    ProgressBar bar(2 * pairs * config.deals, "games", ProgressBar::stderr_is_terminal());
    config.progress = [&bar](int64_t done, int64_t) { bar.update(done); };
    const ArenaResult result = run_arena(config);
    bar.finish();
    if (o->json) std::cout << arena_json(result);
    else if (o->csv) std::cout << arena_csv(result);
    else std::cout << arena_text(result, config.threads);
    return 0;
  };
}

}  // namespace
DDZ_COMMAND("arena", "Match agents on duplicate deals: WP and ADP per role with 95% CIs", setup);
}  // namespace ddz::cli
