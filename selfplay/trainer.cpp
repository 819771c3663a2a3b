// The training run's wiring and main loop: the parts (run directory, learner driver, warm start,
// actors, evaluator; a file each) are built here, then the main thread learns, reports, saves
// checkpoints and evaluates until a limit or a signal. Torch-free: tensors stay behind learner.h.
#include "selfplay/trainer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <thread>

#include "selfplay/actor_pool.h"
#include "selfplay/periodic_match.h"
#include "selfplay/learner_driver.h"
#include "selfplay/metrics.h"
#include "selfplay/progress_line.h"
#include "selfplay/remote_hub.h"
#include "selfplay/run_checkpoints.h"
#include "selfplay/run_clock.h"
#include "selfplay/run_directory.h"
#include "selfplay/run_log.h"
#include "selfplay/signals.h"
#include "selfplay/warm_start.h"

namespace ddz::selfplay {
namespace {

// Why the run stops now, or "" to go on.
std::string stop_reason(const TrainConfig& cfg, const RunClock& clock, int64_t games, int64_t steps) {
  if (stop_requested()) return "stopped by signal " + std::to_string(stop_signal());
  if (cfg.minutes > 0 && clock.elapsed_s() >= cfg.minutes * 60.0) return "time budget reached";
  if (cfg.max_games > 0 && games >= cfg.max_games) return "max_games reached";
  if (cfg.max_steps > 0 && steps >= cfg.max_steps) return "max_steps reached";
  return "";
}

// Where the run's games come from: the learner's actor threads and, with --listen, actor
// processes. Counts include the resumed run's (ActorPool starts from them).
struct Sources {
  const ActorPool& actors;
  const RemoteHub* hub;
  TrainCounters resumed;
  int64_t games() const { return actors.games() + (hub ? hub->figures().games : 0); }
  int64_t samples() const { return actors.samples() + (hub ? hub->figures().samples : 0); }
};

std::string source_list(const RemoteFigures& f) {
  std::string out;
  for (const SourceFigures& s : f.sources)
    out += (out.empty() ? "" : " ") + s.name + ":" + std::to_string(s.games) + ":" + std::to_string(s.samples);
  return out;
}

// The rows of metrics.csv: losses and throughput over the interval since the previous row.
class MetricsRows {
 public:
  MetricsRows(Metrics& metrics, const RunClock& clock, LearnerDriver& learner, const Sources& sources)
      : metrics_(metrics),
        clock_(clock),
        learner_(learner),
        sources_(sources),
        games_(sources.games()),
        samples_(sources.samples()) {}

  MetricsRow make() const {
    MetricsRow row;
    row.time_s = clock_.elapsed_s();
    row.steps = learner_.steps();
    row.games = sources_.games();
    row.samples = sources_.samples();
    if (sources_.hub) {
      const RemoteFigures f = sources_.hub->figures();
      row.actors_connected = f.connected;
      row.local_games = sources_.actors.games() - sources_.resumed.games;
      row.local_samples = sources_.actors.samples() - sources_.resumed.samples;
      row.remote_games = f.games;
      row.remote_samples = f.samples;
      row.stale_samples = f.stale_samples;
      row.net_rx_bytes = f.rx_bytes;
      row.net_tx_bytes = f.tx_bytes;
      row.sources = source_list(f);
    }
    row.policy_loss = learner_.policy_loss();
    row.value_loss = learner_.value_loss();
    row.bid_loss = learner_.bid_loss();
    const double dt = std::max(1e-9, since_.seconds());
    row.games_per_hour = double(row.games - games_) / dt * 3600.0;
    row.selfplay_samples_per_s = double(row.samples - samples_) / dt;
    row.learner_samples_per_s = learner_.samples_per_s();
    return row;
  }
  // Appends the row (metrics.csv and curves.svg) and starts the next interval.
  void commit(const MetricsRow& row) {
    metrics_.add(row);
    metrics_.write_svg();
    learner_.start_interval();
    games_ = row.games;
    samples_ = row.samples;
    since_.restart();
  }
  double seconds_since_commit() const { return since_.seconds(); }

 private:
  Metrics& metrics_;
  const RunClock& clock_;
  LearnerDriver& learner_;
  const Sources& sources_;
  int64_t games_, samples_;  // at the previous row
  Stopwatch since_;
};

// Serves actor processes on `at`; the port served goes to RUN/listen.txt for scripts and tests.
std::unique_ptr<RemoteHub> start_hub(const Endpoint& at, const fs::path& run, const TrainConfig& cfg,
                                     const NetworkSpec& spec, const PublishedNet& published, SampleStore& store,
                                     RunLog& log) {
  auto hub = std::make_unique<RemoteHub>(at, cfg, spec, published, store, log);
  const Endpoint served{at.host, hub->port()};
  write_file_atomic(run / "listen.txt", served.text() + "\n");
  std::string note = "listening for actor processes on " + served.text();
  if (at.host != "127.0.0.1" && at.host != "localhost")
    note +=
        " (c10d has no authentication: anyone who reaches this address can feed the run; keep it on a private network)";
  log.line(note);
  std::fprintf(stderr, "ddz train: %s\n", note.c_str());
  return hub;
}

}  // namespace

int run_training(const TrainOptions& o) {
  const RunDirectory dir = open_run_directory(o);
  const TrainConfig& cfg = dir.config;
  if (cfg.actors == 0 && o.listen.empty())
    throw ConfigError(dir.config_file + ": key 'actors': 0 needs --listen (actor processes to play the games)");
  const std::optional<Endpoint> listen =
      o.listen.empty() ? std::nullopt : std::optional<Endpoint>(parse_endpoint(o.listen, "--listen"));
  RunLog log(dir.path / "log.txt");
  const NetworkSpec spec = network_spec(cfg);
  Learner learner(spec, cfg, Rng::mix(cfg.seed, 0x1ea4));
  const TrainCounters resumed =
      dir.checkpoint ? resume_learner(dir.path, *dir.checkpoint, dir.skipped, learner, log, o.grow) : TrainCounters{};
  record_config(dir);
  if (!dir.checkpoint)
    log.line("new run: config " + dir.config_file + ", architecture " + spec.to_json() + ", " +
             std::to_string(spec.parameter_count()) + " parameters");
  Metrics metrics((dir.path / "metrics.csv").string(), (dir.path / "curves.svg").string(), cfg.eval_opponents,
                  listen.has_value());
  if (dir.checkpoint) metrics.load_existing();
  install_stop_handlers();

  SampleStore store(cfg.replay_capacity);
  PublishedNet published;
  LearnerDriver driver(learner, cfg, store, published, resumed.steps);
  driver.publish();
  const RunClock clock(resumed.elapsed_s);
  if (!dir.checkpoint && cfg.warm_games > 0) warm_start(cfg, store, driver, log);
  ActorPool actors(cfg, published, store, resumed, clock.elapsed_s() / 60.0);
  std::unique_ptr<RemoteHub> hub;
  if (listen) hub = start_hub(*listen, dir.path, cfg, spec, published, store, log);
  const Sources sources{actors, hub.get(), resumed};
  PeriodicMatch evaluator(dir.path, cfg, clock, log);

  ProgressLine progress(!o.progress                          ? ProgressMode::Off
                        : ProgressLine::stderr_is_terminal() ? ProgressMode::Terminal
                                                             : ProgressMode::Log);
  Stopwatch since_checkpoint, since_eval, since_draw;
  MetricsRows rows(metrics, clock, driver, sources);
  TrainCounters saved = resumed;  // as of the latest checkpoint
  auto checkpoint = [&] {
    saved = TrainCounters{driver.steps(), sources.games(), sources.samples(), clock.elapsed_s()};
    save_run_checkpoint(dir.path, saved, learner, cfg.keep_checkpoints, log);
    since_checkpoint.restart();
  };
  const double row_every_s = std::min(30.0, cfg.eval_every_minutes > 0 ? cfg.eval_every_minutes * 60.0 : 30.0);
  std::string reason;
  while (true) {
    actors.set_train_minutes(clock.elapsed_s() / 60.0);
    if (hub) hub->set_train_minutes(clock.elapsed_s() / 60.0);
    if (actors.failed() || (hub && !hub->error().empty())) break;  // reported below, whatever else holds
    reason = stop_reason(cfg, clock, sources.games(), driver.steps());
    if (!reason.empty()) break;
    if (driver.ready()) driver.step();
    else std::this_thread::sleep_for(std::chrono::milliseconds(20));

    if (since_draw.seconds() >= 0.5) {
      ProgressFigures f;
      f.elapsed_s = clock.elapsed_s();
      f.budget_s = cfg.minutes * 60.0;
      f.games = sources.games();
      f.steps = driver.steps();
      if (hub) f.actors_connected = hub->figures().connected;
      // Samples since the latest checkpoint over this process's whole time, as before the trainer
      // was split; samples since this process's start (resumed.samples) were probably meant.
      f.samples_per_s = double(sources.samples() - saved.samples) / std::max(1e-9, clock.session_s());
      f.learner_samples_per_s = driver.samples_per_s();
      f.policy_loss = driver.policy_loss();
      f.value_loss = driver.value_loss();
      f.last_eval = evaluator.summary();
      progress.draw(f);
      since_draw.restart();
    }
    if (since_checkpoint.seconds() >= cfg.checkpoint_every_minutes * 60.0) checkpoint();
    if (cfg.eval_every_minutes > 0 && since_eval.seconds() >= cfg.eval_every_minutes * 60.0) {
      MetricsRow row = rows.make();
      evaluator.evaluate(learner, driver.steps(), sources.games(), row);
      rows.commit(row);
      since_eval.restart();
    } else if (rows.seconds_since_commit() >= row_every_s) {
      rows.commit(rows.make());
    }
  }
  const std::string actor_error = actors.stop();
  const std::string hub_error = hub ? hub->error() : "";
  if (hub) hub->finish();  // the actor processes stop playing now
  progress.finish();
  if (!hub_error.empty()) {
    log.line("actor-process service failed: " + hub_error);
    checkpoint();
    throw std::runtime_error("serving actor processes failed: " + hub_error);
  }
  if (!actor_error.empty()) {
    log.line("actor failed: " + actor_error);
    checkpoint();
    throw std::runtime_error("self-play actor failed: " + actor_error);
  }
  log.line("stopping: " + reason);
  checkpoint();
  MetricsRow row = rows.make();
  if (!stop_requested())
    evaluator.evaluate(learner, driver.steps(), sources.games(), row);  // a signal asks to stop quickly
  rows.commit(row);
  const double secs = clock.session_s();
  log.line("session: " + std::to_string(sources.games() - resumed.games) + " games, " +
           format_number("%.0f", double(sources.samples() - resumed.samples) / std::max(1e-9, secs)) +
           " self-play samples/s over " + format_number("%.1f", secs) + " s; total steps " +
           std::to_string(driver.steps()));
  std::fprintf(stderr, "ddz train: %s after %lld steps, %lld games; run directory %s\n", reason.c_str(),
               static_cast<long long>(driver.steps()), static_cast<long long>(sources.games()),
               dir.path.string().c_str());
  return 0;
}

}  // namespace ddz::selfplay
