// Python binding of the arena (arena/arena.h): ddz.arena plays agents on duplicate deals without
// the GIL and returns the figures of `ddz arena --json` as a dict (parsed from the same JSON).
#include <pybind11/stl.h>

#include "arena/arena.h"
#include "arena/arena_report.h"
#include "python/bindings.h"

namespace ddz::py {
namespace {

pyb::object arena(const std::vector<std::string>& agents, int64_t deals, const pyb::handle& seed, int threads,
                  bool bidding, bool spring, bool bomb_double, bool cpu_times) {
  if (agents.size() < 2) throw pyb::value_error("arena: need at least two agent specs");
  if (deals < 1) throw pyb::value_error("arena: deals must be at least 1");
  if (threads < 1 || threads > 256) throw pyb::value_error("arena: threads must be 1..256");
  for (const std::string& spec : agents) agent_arg(spec);  // bad specs fail here, as ValueError
  ArenaConfig config;
  config.agents = agents;
  config.deals = deals;
  config.seed = seed_arg(seed, "arena seed");
  config.threads = threads;
  config.rules.bidding = bidding;
  config.rules.double_on_spring = config.rules.double_on_anti_spring = spring;
  config.rules.double_on_bomb = config.rules.double_on_rocket = bomb_double;
  // As `ddz arena`: with one worker the process clock is exact and counts an agent's own threads.
  config.cpu_clock = !cpu_times ? CpuClock::Off : threads == 1 ? CpuClock::Process : CpuClock::Thread;
  std::string json;
  {
    pyb::gil_scoped_release release;
    json = arena_json(run_arena(config), -1);
  }
  return pyb::module_::import("json").attr("loads")(json);
}

}  // namespace

void bind_arena(pyb::module_& m) {
  m.def("arena", &arena, pyb::arg("agents"), pyb::arg("deals") = 1000, pyb::arg("seed") = 1, pyb::arg("threads") = 1,
        pyb::arg("bidding") = false, pyb::arg("spring") = true, pyb::arg("bomb_double") = true,
        pyb::arg("cpu_times") = true,
        "Plays every pair of agent specs on `deals` duplicate deals (each twice, seats swapped) and returns the "
        "figures of `ddz arena --json` as a dict: WP and ADP per agent and role with 95% CIs, per pair paired "
        "scores and verdicts, CPU time per move. ValueError naming a bad spec before any game starts. "
        "Releases the GIL.");
}

}  // namespace ddz::py
