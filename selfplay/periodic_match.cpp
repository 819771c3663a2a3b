// Evaluation during a run (selfplay/periodic_match.h). It runs on the main thread, so the learner waits
// for it while the actors keep playing; the arena gets one thread to leave them their cores.
#include "selfplay/periodic_match.h"

#include <system_error>

#include "arena/arena.h"
#include "models/agent_file.h"
#include "selfplay/actor.h"
#include "selfplay/signals.h"

namespace ddz::selfplay {

PeriodicMatch::PeriodicMatch(fs::path run, const TrainConfig& config, const RunClock& clock, RunLog& log)
    : run_(std::move(run)), config_(config), clock_(clock), log_(log) {}

void PeriodicMatch::evaluate(const Learner& learner, int64_t steps, int64_t games, MetricsRow& row) {
  const fs::path tmp_agent = run_ / ("eval-" + std::to_string(steps) + "-" + std::to_string(index_++) + ".ddz");
  AgentFile file;
  file.spec = learner.spec();
  file.weights = learner.weights();
  file.weights.meta.clear();
  file.provenance = nlohmann::json{{"run", run_.string()}, {"steps", steps}, {"games", games}}.dump();
  save_agent_file(file, tmp_agent.string());
  const std::string me = config_.eval_agent == "net"
                             ? "net:" + tmp_agent.string()
                             : "mcts+net:" + tmp_agent.string() + ",sims=" + std::to_string(config_.eval_sims);
  summary_.clear();
  if (config_.rollout_mix_decay_minutes > 0)
    log_.line("rollout_mix now " + format_number("%.3f", rollout_mix_at(config_, clock_.elapsed_s() / 60.0)));
  for (const std::string& opp : config_.eval_opponents) {
    if (stop_requested()) break;
    ArenaConfig ac;
    ac.agents = {me, opp};
    ac.deals = config_.eval_deals;
    ac.seed = Rng::mix(config_.seed, 0xe7a1);  // the same deals at every evaluation
    ac.threads = 1;
    ac.rules = evaluation_rules(config_);
    const ArenaResult r = run_arena(ac);
    const RoleStats t = r.agents[0].total();
    EvalResult e;
    e.opponent = opp;
    e.wp = t.wp();
    e.wp_lo = t.wp_ci().lo;
    e.wp_hi = t.wp_ci().hi;
    e.adp = t.adp();
    e.deals = int(r.deals);
    row.evals.push_back(e);
    summary_ += (summary_.empty() ? "" : " ") + opp + " " + format_number("%.2f", e.wp);
    log_.line("evaluation at step " + std::to_string(steps) + " vs " + opp + ": WP " + format_number("%.3f", e.wp) +
              " [" + format_number("%.3f", e.wp_lo) + ", " + format_number("%.3f", e.wp_hi) + "], ADP " +
              format_number("%.3f", e.adp) + " over " + std::to_string(r.deals) + " duplicate deals");
  }
  std::error_code ec;
  fs::rename(tmp_agent, run_ / "agent.ddz", ec);  // the latest evaluated agent, ready to use
}

}  // namespace ddz::selfplay
