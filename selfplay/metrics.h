// metrics.csv (one row per report: time, games, samples, losses, throughput, evaluation WP)
// and curves.svg (losses and evaluation WP over time), both rewritten atomically.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ddz::selfplay {

struct EvalResult {
  std::string opponent;  // agent spec
  double wp = 0, wp_lo = 0, wp_hi = 0;  // share of deals won with its 95% CI
  double adp = 0;
  int deals = 0;
};

struct MetricsRow {
  double time_s = 0;  // training wall time, across resumes
  int64_t steps = 0;  // learner steps
  int64_t games = 0;  // self-play games finished
  int64_t samples = 0;  // samples written to the replay buffer
  double policy_loss = -1;  // -1 = not measured yet
  double value_loss = -1;
  double bid_loss = -1;
  double games_per_hour = 0;  // self-play, over the last interval
  double selfplay_samples_per_s = 0;
  double learner_samples_per_s = 0;
  std::vector<EvalResult> evals;  // empty on rows without an evaluation
  // Columns of a distributed run (--listen) only; totals since the learner process started.
  int actors_connected = 0;  // actor processes connected at the row's time
  int64_t local_games = 0, local_samples = 0;  // from the learner's own actor threads
  int64_t remote_games = 0, remote_samples = 0;  // from actor processes
  int64_t stale_samples = 0;  // from actor processes, dropped as stale
  int64_t net_rx_bytes = 0;  // game batches received
  int64_t net_tx_bytes = 0;  // weights fetched by actor processes
  std::string sources;  // per actor process "name:games:samples", space-separated
};

class Metrics {
 public:
  // `opponents` fixes the evaluation columns; `distributed` adds the actor-process columns.
  Metrics(std::string csv_path, std::string svg_path, std::vector<std::string> opponents, bool distributed = false);
  // Loads the rows of an earlier run (resume), with or without the distributed columns (a run
  // may be resumed with or without --listen); rows whose columns do not match are skipped.
  void load_existing();
  void add(const MetricsRow& row);  // appends and rewrites metrics.csv atomically
  void write_svg() const;
  const std::vector<MetricsRow>& rows() const { return rows_; }
  std::string header() const;
  std::string format(const MetricsRow& row) const;

 private:
  std::string csv_path_, svg_path_;
  std::string header_for(bool distributed) const;
  std::vector<std::string> opponents_;
  bool distributed_;
  std::vector<MetricsRow> rows_;
};

// The SVG of two panels (losses; WP per opponent with CI bars) for `rows`.
std::string render_curves_svg(const std::vector<MetricsRow>& rows, const std::vector<std::string>& opponents);

}  // namespace ddz::selfplay
