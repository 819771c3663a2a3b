// The training run's wiring and main loop: the parts (run directory, learner driver, warm start,
// actors, evaluator; a file each) are built here, then the main thread learns, reports, saves
// checkpoints and evaluates until a limit or a signal. Torch-free: tensors stay behind learner.h.
#include "selfplay/trainer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <thread>

#include "selfplay/actor_pool.h"
#include "selfplay/evaluator.h"
#include "selfplay/learner_driver.h"
#include "selfplay/metrics.h"
#include "selfplay/progress_line.h"
#include "selfplay/run_checkpoints.h"
#include "selfplay/run_clock.h"
#include "selfplay/run_directory.h"
#include "selfplay/run_log.h"
#include "selfplay/signals.h"
#include "selfplay/warm_start.h"

namespace ddz::selfplay {
namespace {

NetworkSpec spec_of(const TrainConfig& c) {
  NetworkSpec spec = default_spec();
  spec.policy_hidden = c.policy_hidden;
  spec.value_hidden = c.value_hidden;
  spec.bid_hidden = c.bid_hidden;
  spec.validate();
  return spec;
}

// Why the run stops now, or "" to go on.
std::string stop_reason(const TrainConfig& cfg, const RunClock& clock, int64_t games, int64_t steps) {
  if (stop_requested()) return "stopped by signal " + std::to_string(stop_signal());
  if (cfg.minutes > 0 && clock.elapsed_s() >= cfg.minutes * 60.0) return "time budget reached";
  if (cfg.max_games > 0 && games >= cfg.max_games) return "max_games reached";
  if (cfg.max_steps > 0 && steps >= cfg.max_steps) return "max_steps reached";
  return "";
}

// The rows of metrics.csv: losses and throughput over the interval since the previous row.
class MetricsRows {
 public:
  MetricsRows(Metrics& metrics, const RunClock& clock, LearnerDriver& learner, const ActorPool& actors)
      : metrics_(metrics), clock_(clock), learner_(learner), actors_(actors),
        games_(actors.games()), samples_(actors.samples()) {}

  MetricsRow make() const {
    MetricsRow row;
    row.time_s = clock_.elapsed_s();
    row.steps = learner_.steps();
    row.games = actors_.games();
    row.samples = actors_.samples();
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
  const ActorPool& actors_;
  int64_t games_, samples_;  // at the previous row
  Stopwatch since_;
};

}  // namespace

int run_training(const TrainOptions& o) {
  const RunDirectory dir = open_run_directory(o);
  const TrainConfig& cfg = dir.config;
  RunLog log(dir.path / "log.txt");
  const NetworkSpec spec = spec_of(cfg);
  Learner learner(spec, cfg, Rng::mix(cfg.seed, 0x1ea4));
  const TrainCounters resumed =
      dir.checkpoint ? resume_learner(dir.path, *dir.checkpoint, dir.skipped, learner, log) : TrainCounters{};
  if (!dir.checkpoint)
    log.line("new run: config " + dir.config_file + ", architecture " + spec.to_json() + ", " +
             std::to_string(spec.parameter_count()) + " parameters");
  Metrics metrics((dir.path / "metrics.csv").string(), (dir.path / "curves.svg").string(), cfg.eval_opponents);
  if (dir.checkpoint) metrics.load_existing();
  install_stop_handlers();

  SampleStore store(cfg.replay_capacity);
  PublishedNet published;
  LearnerDriver driver(learner, cfg, store, published, resumed.steps);
  driver.publish();
  const RunClock clock(resumed.elapsed_s);
  if (!dir.checkpoint && cfg.warm_games > 0) warm_start(cfg, store, driver, log);
  ActorPool actors(cfg, published, store, resumed, clock.elapsed_s() / 60.0);
  Evaluator evaluator(dir.path, cfg, clock, log);

  ProgressLine progress(o.progress && ProgressLine::stderr_is_terminal());
  Stopwatch since_checkpoint, since_eval, since_draw;
  MetricsRows rows(metrics, clock, driver, actors);
  TrainCounters saved = resumed;  // as of the latest checkpoint
  auto checkpoint = [&] {
    saved = TrainCounters{driver.steps(), actors.games(), actors.samples(), clock.elapsed_s()};
    save_run_checkpoint(dir.path, saved, learner, cfg.keep_checkpoints, log);
    since_checkpoint.restart();
  };
  const double row_every_s = std::min(30.0, cfg.eval_every_minutes > 0 ? cfg.eval_every_minutes * 60.0 : 30.0);
  std::string reason;
  while (true) {
    actors.set_train_minutes(clock.elapsed_s() / 60.0);
    if (actors.failed()) break;  // reported below, whatever else holds
    reason = stop_reason(cfg, clock, actors.games(), driver.steps());
    if (!reason.empty()) break;
    if (driver.ready()) driver.step();
    else std::this_thread::sleep_for(std::chrono::milliseconds(20));

    if (since_draw.seconds() >= 0.5) {
      ProgressFigures f;
      f.elapsed_s = clock.elapsed_s();
      f.budget_s = cfg.minutes * 60.0;
      f.games = actors.games();
      f.steps = driver.steps();
      // Samples since the latest checkpoint over the whole session's time, as before the trainer
      // was split; samples since the session's start (resumed.samples) were probably meant.
      f.samples_per_s = double(actors.samples() - saved.samples) / std::max(1e-9, clock.session_s());
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
      evaluator.evaluate(learner, driver.steps(), actors.games(), row);
      rows.commit(row);
      since_eval.restart();
    } else if (rows.seconds_since_commit() >= row_every_s) {
      rows.commit(rows.make());
    }
  }
  const std::string actor_error = actors.stop();
  progress.finish();
  if (!actor_error.empty()) {
    log.line("actor failed: " + actor_error);
    checkpoint();
    throw std::runtime_error("self-play actor failed: " + actor_error);
  }
  log.line("stopping: " + reason);
  checkpoint();
  MetricsRow row = rows.make();
  if (!stop_requested()) evaluator.evaluate(learner, driver.steps(), actors.games(), row);  // a signal asks to stop quickly
  rows.commit(row);
  const double secs = clock.session_s();
  log.line("session: " + std::to_string(actors.games() - resumed.games) + " games, " +
           format_number("%.0f", double(actors.samples() - resumed.samples) / std::max(1e-9, secs)) +
           " self-play samples/s over " + format_number("%.1f", secs) + " s; total steps " +
           std::to_string(driver.steps()));
  std::fprintf(stderr, "ddz train: %s after %lld steps, %lld games; run directory %s\n", reason.c_str(),
               static_cast<long long>(driver.steps()), static_cast<long long>(actors.games()),
               dir.path.string().c_str());
  return 0;
}

}  // namespace ddz::selfplay
