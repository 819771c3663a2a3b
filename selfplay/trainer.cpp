// The training loop: actor threads (Eigen inference, one game at a time) feed the replay buffer;
// the main thread runs the learner (LibTorch, one intra-op thread) and the periodic work
// (weight publication, progress, metrics, checkpoints, evaluation). Torch-free itself: all
// tensor code sits behind selfplay/learner.h.
#include "selfplay/trainer.h"

#include <atomic>
#include <chrono>
#include <ctime>
#include <fstream>
#include <mutex>
#include <thread>

#include "agent/arena.h"
#include "agent/factory.h"
#include "models/agent_file.h"
#include "selfplay/actor.h"
#include "selfplay/checkpoint.h"
#include "selfplay/config.h"
#include "selfplay/files.h"
#include "selfplay/learner.h"
#include "selfplay/metrics.h"
#include "selfplay/progress_line.h"
#include "selfplay/replay_buffer.h"
#include "selfplay/signals.h"

namespace ddz::selfplay {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// log.txt: one timestamped line per event, appended (a resumed run continues the same log).
class RunLog {
 public:
  explicit RunLog(const fs::path& path) : out_(path, std::ios::app) {
    if (!out_) throw RunFileError(path.string() + ": cannot open the log for writing");
  }
  void line(const std::string& text) {
    std::lock_guard<std::mutex> lock(mu_);
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", std::gmtime(&now));
    out_ << stamp << "Z " << text << "\n";
    out_.flush();
  }

 private:
  std::mutex mu_;
  std::ofstream out_;
};

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

NetworkSpec spec_of(const TrainConfig& c) {
  NetworkSpec spec = default_spec();
  spec.policy_hidden = c.policy_hidden;
  spec.value_hidden = c.value_hidden;
  spec.bid_hidden = c.bid_hidden;
  spec.validate();
  return spec;
}

// The weights published to the actors: swapped under a mutex, read as a shared snapshot.
class PublishedNet {
 public:
  void set(std::shared_ptr<const EigenNet> net) {
    std::lock_guard<std::mutex> lock(mu_);
    net_ = std::move(net);
  }
  std::shared_ptr<const EigenNet> get() const {
    std::lock_guard<std::mutex> lock(mu_);
    return net_;
  }

 private:
  mutable std::mutex mu_;
  std::shared_ptr<const EigenNet> net_;
};

}  // namespace

int run_training(const TrainOptions& o) {
  // --- config and run directory ---
  fs::path run = o.run_dir;
  if (run.empty()) {
    if (o.config_path.empty()) throw std::runtime_error("give --config FILE (and optionally --run-dir DIR)");
    run = fs::path("runs") / fs::path(o.config_path).stem();
  }
  TrainConfig cfg;
  if (!o.config_path.empty()) cfg = load_config(o.config_path);
  else if (o.resume) cfg = load_config((run / "config.yaml").string());
  else throw std::runtime_error("give --config FILE");

  // Opponents are built once now so that a bad spec fails before hours of training, not at the
  // first evaluation.
  for (const std::string& opp : cfg.eval_opponents) {
    try {
      make_agent(opp);
    } catch (const std::exception& e) {
      throw ConfigError((o.config_path.empty() ? (run / "config.yaml").string() : o.config_path) +
                        ": key 'eval_opponents': " + e.what());
    }
  }
  if (cfg.warm_games > 0) {
    try {
      make_agent("heuristic");
    } catch (const std::exception& e) {
      throw ConfigError((o.config_path.empty() ? (run / "config.yaml").string() : o.config_path) +
                        ": key 'warm_games': the warm start needs the heuristic agent: " + e.what());
    }
  }
  std::string skipped;
  std::optional<LoadedCheckpoint> ckpt;
  if (o.resume) {
    ckpt = load_latest_checkpoint(run, true, &skipped);
    if (!ckpt) {
      throw std::runtime_error(run.string() + ": no valid checkpoint to resume from" +
                               (skipped.empty() ? std::string() : " (" + skipped + ")"));
    }
  } else if (!list_checkpoints(run).empty()) {
    throw std::runtime_error(run.string() + " already holds a training run: pass --resume to continue it, "
                             "or choose another --run-dir");
  }
  fs::create_directories(run);
  write_file_atomic(run / "config.yaml", cfg.to_yaml());
  RunLog log(run / "log.txt");
  const NetworkSpec spec = spec_of(cfg);
  Learner learner(spec, cfg, Rng::mix(cfg.seed, 0x1ea4));
  TrainCounters counters;
  if (ckpt) {
    if (!(ckpt->spec == spec))
      throw std::runtime_error(run.string() + ": the checkpoint's architecture " + ckpt->spec.to_json() +
                               " differs from the config's " + spec.to_json());
    learner.load_weights(ckpt->weights);
    learner.load_optimizer_state(ckpt->optimizer);
    counters = ckpt->counters;
    log.line("resumed from checkpoint step " + std::to_string(ckpt->step) + " (games " +
             std::to_string(counters.games) + ")" + (skipped.empty() ? "" : "; skipped damaged: " + skipped));
  } else {
    log.line("new run: config " + o.config_path + ", architecture " + spec.to_json() + ", " +
             std::to_string(spec.parameter_count()) + " parameters");
  }
  Metrics metrics((run / "metrics.csv").string(), (run / "curves.svg").string(), cfg.eval_opponents);
  if (ckpt) metrics.load_existing();
  install_stop_handlers();

  ReplayBuffer<PlaySample> plays(size_t(cfg.replay_capacity));
  ReplayBuffer<BidSample> bids(size_t(cfg.replay_capacity / 16 + 256));
  PublishedNet published;
  published.set(std::make_shared<const EigenNet>(spec, learner.weights()));
  Rng learn_rng(Rng::mix(cfg.seed, 0x7ea2 + uint64_t(counters.steps)));

  const Clock::time_point session_start = Clock::now();
  const double base_elapsed = counters.elapsed_s;
  auto elapsed = [&] { return base_elapsed + seconds_since(session_start); };

  // Loss sums since the last metrics row.
  double p_sum = 0, v_sum = 0, b_sum = 0;
  int64_t p_n = 0, v_n = 0, b_n = 0;
  double learn_time = 0;
  int64_t learn_samples = 0;
  auto learn_step = [&] {
    const Clock::time_point t0 = Clock::now();
    auto batch = plays.sample(size_t(cfg.batch_size), learn_rng);
    auto bid_batch = bids.sample(size_t(std::max(8, cfg.batch_size / 8)), learn_rng);
    const LossFigures l = learner.step(batch, bid_batch);
    learn_time += seconds_since(t0);
    learn_samples += int64_t(batch.size());
    if (l.policy >= 0) p_sum += l.policy, ++p_n;
    if (l.value >= 0) v_sum += l.value, ++v_n;
    if (l.bid >= 0) b_sum += l.bid, ++b_n;
    ++counters.steps;
    if (counters.steps % cfg.publish_every == 0) published.set(std::make_shared<const EigenNet>(spec, learner.weights()));
  };

  // --- warm start: imitate the heuristic agent ---
  std::atomic<int64_t> games{counters.games};
  std::atomic<int64_t> samples{counters.samples};
  if (!ckpt && cfg.warm_games > 0) {
    log.line("warm start: " + std::to_string(cfg.warm_games) + " heuristic games, " + std::to_string(cfg.warm_steps) + " steps");
    std::atomic<int64_t> next{0};
    std::vector<std::thread> workers;
    std::string error;
    std::mutex error_mu;
    for (int t = 0; t < std::max(1, cfg.actors); ++t)
      workers.emplace_back([&] {
        try {
          for (int64_t i; (i = next++) < cfg.warm_games && !stop_requested();) {
            GameSamples g = play_imitation_game(cfg, Rng::mix(cfg.seed ^ 0x3a3aULL, uint64_t(i)));
            plays.add(std::move(g.plays));
            bids.add(std::move(g.bids));
          }
        } catch (const std::exception& e) {
          std::lock_guard<std::mutex> lock(error_mu);
          error = e.what();
        }
      });
    for (auto& w : workers) w.join();
    if (!error.empty()) throw std::runtime_error("warm start: " + error);
    for (int64_t s = 0; s < cfg.warm_steps && !stop_requested(); ++s) learn_step();
    published.set(std::make_shared<const EigenNet>(spec, learner.weights()));
    log.line("warm start done: " + std::to_string(plays.added()) + " samples, policy loss " +
             fmt("%.4f", p_n ? p_sum / double(p_n) : -1) + ", value loss " + fmt("%.4f", v_n ? v_sum / double(v_n) : -1));
  }

  // --- actors ---
  std::atomic<bool> actors_stop{false};
  std::atomic<int64_t> next_game{counters.games};
  std::string actor_error;
  std::mutex actor_error_mu;
  std::vector<std::thread> actors;
  // Training minutes so far, for the rollout_mix schedule (updated by the main loop).
  std::atomic<double> train_minutes{elapsed() / 60.0};
  for (int t = 0; t < cfg.actors; ++t)
    actors.emplace_back([&] {
      try {
        ActorContext context(cfg);
        while (!actors_stop.load()) {
          const auto net = published.get();
          const int64_t g = next_game++;
          const double mix = rollout_mix_at(cfg, train_minutes.load());
          GameSamples gs = play_selfplay_game(*net, cfg, Rng::mix(cfg.seed, uint64_t(g)), &context, mix);
          samples += int64_t(gs.plays.size());
          plays.add(std::move(gs.plays));
          bids.add(std::move(gs.bids));
          ++games;
        }
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(actor_error_mu);
        actor_error = e.what();
        actors_stop = true;
      }
    });

  // --- evaluation ---
  std::string last_eval;
  int eval_index = 0;
  auto evaluate = [&](MetricsRow& row) {
    const fs::path tmp_agent = run / ("eval-" + std::to_string(counters.steps) + "-" + std::to_string(eval_index++) + ".ddz");
    AgentFile file;
    file.spec = spec;
    file.weights = learner.weights();
    file.weights.meta.clear();
    file.provenance = nlohmann::json{{"run", run.string()}, {"steps", counters.steps}, {"games", games.load()}}.dump();
    save_agent_file(file, tmp_agent.string());
    const std::string me = cfg.eval_agent == "net" ? "net:" + tmp_agent.string()
                                                   : "mcts+net:" + tmp_agent.string() + ",sims=" + std::to_string(cfg.eval_sims);
    last_eval.clear();
    if (cfg.rollout_mix_decay_minutes > 0)
      log.line("rollout_mix now " + fmt("%.3f", rollout_mix_at(cfg, elapsed() / 60.0)));
    for (const std::string& opp : cfg.eval_opponents) {
      if (stop_requested()) break;
      ArenaConfig ac;
      ac.agents = {me, opp};
      ac.deals = cfg.eval_deals;
      ac.seed = Rng::mix(cfg.seed, 0xe7a1);  // the same deals at every evaluation
      ac.threads = 1;
      ac.rules = training_rules(cfg);
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
      last_eval += (last_eval.empty() ? "" : " ") + opp + " " + fmt("%.2f", e.wp);
      log.line("evaluation at step " + std::to_string(counters.steps) + " vs " + opp + ": WP " + fmt("%.3f", e.wp) + " [" +
               fmt("%.3f", e.wp_lo) + ", " + fmt("%.3f", e.wp_hi) + "], ADP " + fmt("%.3f", e.adp) + " over " +
               std::to_string(r.deals) + " duplicate deals");
    }
    std::error_code ec;
    fs::rename(tmp_agent, run / "agent.ddz", ec);  // the latest evaluated agent, ready to use
  };

  // --- the main loop ---
  ProgressLine progress(o.progress && ProgressLine::stderr_is_terminal());
  Clock::time_point last_ckpt = Clock::now(), last_eval_t = Clock::now(), last_draw = Clock::now(),
                    last_row = Clock::now();
  int64_t row_games = games.load(), row_samples = samples.load();
  auto make_row = [&] {
    MetricsRow row;
    row.time_s = elapsed();
    row.steps = counters.steps;
    row.games = games.load();
    row.samples = samples.load();
    row.policy_loss = p_n ? p_sum / double(p_n) : -1;
    row.value_loss = v_n ? v_sum / double(v_n) : -1;
    row.bid_loss = b_n ? b_sum / double(b_n) : -1;
    const double dt = std::max(1e-9, seconds_since(last_row));
    row.games_per_hour = double(row.games - row_games) / dt * 3600.0;
    row.selfplay_samples_per_s = double(row.samples - row_samples) / dt;
    row.learner_samples_per_s = learn_time > 0 ? double(learn_samples) / learn_time : 0;
    return row;
  };
  auto commit_row = [&](const MetricsRow& row) {
    metrics.add(row);
    metrics.write_svg();
    p_sum = v_sum = b_sum = 0;
    p_n = v_n = b_n = 0;
    learn_time = 0;
    learn_samples = 0;
    row_games = row.games;
    row_samples = row.samples;
    last_row = Clock::now();
  };
  auto checkpoint = [&] {
    counters.games = games.load();
    counters.samples = samples.load();
    counters.elapsed_s = elapsed();
    const fs::path p = save_checkpoint(run, counters, spec, learner.weights(), learner.optimizer_state(), cfg.keep_checkpoints);
    log.line("checkpoint " + p.filename().string());
    last_ckpt = Clock::now();
  };
  const double row_every_s = std::min(30.0, cfg.eval_every_minutes > 0 ? cfg.eval_every_minutes * 60.0 : 30.0);
  std::string stop_reason;
  while (true) {
    train_minutes = elapsed() / 60.0;
    if (stop_requested()) {
      stop_reason = "stopped by signal " + std::to_string(stop_signal());
      break;
    }
    if (actors_stop.load()) break;
    if (cfg.minutes > 0 && elapsed() >= cfg.minutes * 60.0) {
      stop_reason = "time budget reached";
      break;
    }
    if (cfg.max_games > 0 && games.load() >= cfg.max_games) {
      stop_reason = "max_games reached";
      break;
    }
    if (cfg.max_steps > 0 && counters.steps >= cfg.max_steps) {
      stop_reason = "max_steps reached";
      break;
    }
    const bool can_learn = int64_t(plays.size()) >= cfg.min_replay &&
                           double(plays.drawn()) < cfg.max_reuse * double(plays.added());
    if (can_learn) learn_step();
    else std::this_thread::sleep_for(std::chrono::milliseconds(20));

    if (seconds_since(last_draw) >= 0.5) {
      ProgressFigures f;
      f.elapsed_s = elapsed();
      f.budget_s = cfg.minutes * 60.0;
      f.games = games.load();
      f.steps = counters.steps;
      f.samples_per_s = double(samples.load() - counters.samples) / std::max(1e-9, seconds_since(session_start));
      f.learner_samples_per_s = learn_time > 0 ? double(learn_samples) / learn_time : 0;
      f.policy_loss = p_n ? p_sum / double(p_n) : -1;
      f.value_loss = v_n ? v_sum / double(v_n) : -1;
      f.last_eval = last_eval;
      progress.draw(f);
      last_draw = Clock::now();
    }
    if (seconds_since(last_ckpt) >= cfg.checkpoint_every_minutes * 60.0) checkpoint();
    if (cfg.eval_every_minutes > 0 && seconds_since(last_eval_t) >= cfg.eval_every_minutes * 60.0) {
      MetricsRow row = make_row();
      evaluate(row);
      commit_row(row);
      last_eval_t = Clock::now();
    } else if (seconds_since(last_row) >= row_every_s) {
      commit_row(make_row());
    }
  }
  actors_stop = true;
  for (auto& t : actors) t.join();
  progress.finish();
  if (!actor_error.empty()) {
    log.line("actor failed: " + actor_error);
    checkpoint();
    throw std::runtime_error("self-play actor failed: " + actor_error);
  }
  log.line("stopping: " + stop_reason);
  checkpoint();
  MetricsRow row = make_row();
  if (!stop_requested()) evaluate(row);  // a signal asks to stop quickly: no final evaluation
  commit_row(row);
  const double secs = seconds_since(session_start);
  log.line("session: " + std::to_string(games.load() - ckpt.value_or(LoadedCheckpoint{}).counters.games) + " games, " +
           fmt("%.0f", double(samples.load() - (ckpt ? ckpt->counters.samples : 0)) / std::max(1e-9, secs)) +
           " self-play samples/s over " + fmt("%.1f", secs) + " s; total steps " + std::to_string(counters.steps));
  std::fprintf(stderr, "ddz train: %s after %lld steps, %lld games; run directory %s\n", stop_reason.c_str(),
               static_cast<long long>(counters.steps), static_cast<long long>(games.load()), run.string().c_str());
  return 0;
}

}  // namespace ddz::selfplay
