// Writes metrics.csv and draws curves.svg by hand (two panels of polylines; no plotting library
// is available here and the picture is simple).
#include "selfplay/metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "arena/report_escape.h"
#include "selfplay/files.h"

namespace ddz::selfplay {
namespace {

std::string num(double v, int precision = 6) {
  if (v < 0) return "";  // not measured
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", precision, v);
  return buf;
}

double parse_or(const std::string& s, double def) {
  if (s.empty()) return def;
  try {
    return std::stod(s);
  } catch (...) { return def; }
}

}  // namespace

Metrics::Metrics(std::string csv_path, std::string svg_path, std::vector<std::string> opponents, bool distributed)
    : csv_path_(std::move(csv_path)),
      svg_path_(std::move(svg_path)),
      opponents_(std::move(opponents)),
      distributed_(distributed) {}

std::string Metrics::header() const { return header_for(distributed_); }

std::string Metrics::header_for(bool distributed) const {
  std::string h =
      "time_s,steps,games,samples,policy_loss,value_loss,bid_loss,games_per_hour,selfplay_samples_per_s,"
      "learner_samples_per_s";
  // Column names carry the opponent's spec, which may hold commas (mcts:sims=100,threads=2):
  // such a name is quoted as RFC 4180 says, so every CSV reader splits the header right.
  for (const auto& o : opponents_)
    for (const char* stat : {"wp_vs_", "wp_lo_vs_", "wp_hi_vs_", "adp_vs_", "deals_vs_"})
      h += "," + csv_field(stat + o);
  if (distributed)
    h += ",actors_connected,local_games,local_samples,remote_games,remote_samples,stale_samples,net_rx_bytes,"
         "net_tx_bytes,sources";
  return h;
}

std::string Metrics::format(const MetricsRow& r) const {
  std::ostringstream os;
  os << num(r.time_s, 8) << "," << r.steps << "," << r.games << "," << r.samples << "," << num(r.policy_loss) << ","
     << num(r.value_loss) << "," << num(r.bid_loss) << "," << num(r.games_per_hour) << ","
     << num(r.selfplay_samples_per_s) << "," << num(r.learner_samples_per_s);
  for (const auto& o : opponents_) {
    const EvalResult* e = nullptr;
    for (const auto& x : r.evals)
      if (x.opponent == o) e = &x;
    if (e) {
      char buf[160];
      std::snprintf(buf, sizeof buf, ",%.4f,%.4f,%.4f,%.4f,%d", e->wp, e->wp_lo, e->wp_hi, e->adp, e->deals);
      os << buf;
    } else {
      os << ",,,,,";
    }
  }
  if (distributed_)
    os << "," << r.actors_connected << "," << r.local_games << "," << r.local_samples << "," << r.remote_games << ","
       << r.remote_samples << "," << r.stale_samples << "," << r.net_rx_bytes << "," << r.net_tx_bytes << ","
       << r.sources;  // names are [A-Za-z0-9._-] (remote_actor.cpp): no quoting needed
  return os.str();
}

void Metrics::load_existing() {
  std::string text;
  try {
    text = read_file(csv_path_);
  } catch (const RunFileError&) {
    return;  // a new run
  }
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line)) return;
  const bool with_remote = line == header_for(true);
  if (!with_remote && line != header_for(false)) return;  // other columns: start afresh
  const size_t base = 10 + 5 * opponents_.size();
  const size_t width = base + (with_remote ? 9 : 0);
  while (std::getline(in, line)) {
    const auto f = split_csv_line(line);
    if (f.size() != width) continue;
    MetricsRow r;
    r.time_s = parse_or(f[0], 0);
    r.steps = int64_t(parse_or(f[1], 0));
    r.games = int64_t(parse_or(f[2], 0));
    r.samples = int64_t(parse_or(f[3], 0));
    r.policy_loss = parse_or(f[4], -1);
    r.value_loss = parse_or(f[5], -1);
    r.bid_loss = parse_or(f[6], -1);
    r.games_per_hour = parse_or(f[7], 0);
    r.selfplay_samples_per_s = parse_or(f[8], 0);
    r.learner_samples_per_s = parse_or(f[9], 0);
    for (size_t i = 0; i < opponents_.size(); ++i) {
      const size_t b = 10 + 5 * i;
      if (f[b].empty()) continue;
      EvalResult e;
      e.opponent = opponents_[i];
      e.wp = parse_or(f[b], 0);
      e.wp_lo = parse_or(f[b + 1], 0);
      e.wp_hi = parse_or(f[b + 2], 0);
      e.adp = parse_or(f[b + 3], 0);
      e.deals = int(parse_or(f[b + 4], 0));
      r.evals.push_back(e);
    }
    if (with_remote) {
      r.actors_connected = int(parse_or(f[base], 0));
      r.local_games = int64_t(parse_or(f[base + 1], 0));
      r.local_samples = int64_t(parse_or(f[base + 2], 0));
      r.remote_games = int64_t(parse_or(f[base + 3], 0));
      r.remote_samples = int64_t(parse_or(f[base + 4], 0));
      r.stale_samples = int64_t(parse_or(f[base + 5], 0));
      r.net_rx_bytes = int64_t(parse_or(f[base + 6], 0));
      r.net_tx_bytes = int64_t(parse_or(f[base + 7], 0));
      r.sources = f[base + 8];
    }
    rows_.push_back(r);
  }
}

void Metrics::add(const MetricsRow& row) {
  rows_.push_back(row);
  std::string text = header() + "\n";
  for (const auto& r : rows_) text += format(r) + "\n";
  write_file_atomic(csv_path_, text);
}

void Metrics::write_svg() const { write_file_atomic(svg_path_, render_curves_svg(rows_, opponents_)); }

std::string render_curves_svg(const std::vector<MetricsRow>& rows, const std::vector<std::string>& opponents) {
  const double W = 900, H = 640, left = 70, right = 200, top = 40, panel_h = 230, gap = 90;
  const double pw = W - left - right;
  double tmax = 1;
  for (const auto& r : rows) tmax = std::max(tmax, r.time_s / 60.0);
  static const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2"};
  std::ostringstream os;
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
     << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  os << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  auto xpos = [&](double t_min) { return left + pw * (t_min / tmax); };
  auto panel = [&](double y0, const std::string& title, double ymin, double ymax) {
    os << "<text x=\"" << left << "\" y=\"" << y0 - 10 << "\" font-size=\"14\" font-weight=\"bold\">"
       << xml_escape(title) << "</text>\n";
    os << "<rect x=\"" << left << "\" y=\"" << y0 << "\" width=\"" << pw << "\" height=\"" << panel_h
       << "\" fill=\"none\" stroke=\"#444\"/>\n";
    for (int i = 0; i <= 4; ++i) {
      const double v = ymin + (ymax - ymin) * i / 4.0;
      const double y = y0 + panel_h - panel_h * i / 4.0;
      os << "<line x1=\"" << left << "\" x2=\"" << left + pw << "\" y1=\"" << y << "\" y2=\"" << y
         << "\" stroke=\"#ddd\"/>\n";
      os << "<text x=\"" << left - 6 << "\" y=\"" << y + 4 << "\" text-anchor=\"end\">" << num(v, 3) << "</text>\n";
    }
    for (int i = 0; i <= 5; ++i) {
      const double t = tmax * i / 5.0;
      os << "<text x=\"" << xpos(t) << "\" y=\"" << y0 + panel_h + 16 << "\" text-anchor=\"middle\">" << num(t, 3)
         << "</text>\n";
    }
    os << "<text x=\"" << left + pw / 2 << "\" y=\"" << y0 + panel_h + 32
       << "\" text-anchor=\"middle\">minutes of training</text>\n";
  };
  auto ypos = [&](double y0, double v, double ymin, double ymax) {
    const double f = ymax > ymin ? (v - ymin) / (ymax - ymin) : 0.5;
    return y0 + panel_h - panel_h * std::clamp(f, 0.0, 1.0);
  };
  auto legend = [&](double y0, int i, const std::string& label, const char* color) {
    const double y = y0 + 14 + 18 * i;
    os << "<line x1=\"" << left + pw + 12 << "\" x2=\"" << left + pw + 32 << "\" y1=\"" << y - 4 << "\" y2=\"" << y - 4
       << "\" stroke=\"" << color << "\" stroke-width=\"2\"/>\n";
    os << "<text x=\"" << left + pw + 38 << "\" y=\"" << y << "\">" << xml_escape(label) << "</text>\n";
  };

  // Panel 1: losses.
  const double y1 = top;
  double lmax = 0;
  for (const auto& r : rows)
    for (double v : {r.policy_loss, r.value_loss, r.bid_loss})
      if (v >= 0 && std::isfinite(v)) lmax = std::max(lmax, v);
  if (lmax <= 0) lmax = 1;
  panel(y1, "Training losses", 0, lmax);
  const char* names[] = {"policy loss", "value loss", "bid loss"};
  for (int k = 0; k < 3; ++k) {
    std::ostringstream pts;
    int n = 0;
    for (const auto& r : rows) {
      const double v = k == 0 ? r.policy_loss : k == 1 ? r.value_loss : r.bid_loss;
      if (v < 0 || !std::isfinite(v)) continue;
      pts << xpos(r.time_s / 60.0) << "," << ypos(y1, v, 0, lmax) << " ";
      ++n;
    }
    if (n == 0) continue;
    os << "<polyline fill=\"none\" stroke=\"" << colors[k] << "\" stroke-width=\"2\" points=\"" << pts.str()
       << "\"/>\n";
    legend(y1, k, names[k], colors[k]);
  }

  // Panel 2: evaluation WP per opponent, with 95% CI bars.
  const double y2 = top + panel_h + gap;
  panel(y2, "Evaluation: WP of the trained agent (duplicate deals, 95% CI)", 0, 1);
  const double half = ypos(y2, 0.5, 0, 1);
  os << "<line x1=\"" << left << "\" x2=\"" << left + pw << "\" y1=\"" << half << "\" y2=\"" << half
     << "\" stroke=\"#888\" stroke-dasharray=\"4 4\"/>\n";
  for (size_t k = 0; k < opponents.size(); ++k) {
    const char* color = colors[(k + 3) % 7];
    std::ostringstream pts;
    int n = 0;
    for (const auto& r : rows)
      for (const auto& e : r.evals) {
        if (e.opponent != opponents[k]) continue;
        const double x = xpos(r.time_s / 60.0);
        pts << x << "," << ypos(y2, e.wp, 0, 1) << " ";
        os << "<line x1=\"" << x << "\" x2=\"" << x << "\" y1=\"" << ypos(y2, e.wp_lo, 0, 1) << "\" y2=\""
           << ypos(y2, e.wp_hi, 0, 1) << "\" stroke=\"" << color << "\"/>\n";
        os << "<circle cx=\"" << x << "\" cy=\"" << ypos(y2, e.wp, 0, 1) << "\" r=\"3\" fill=\"" << color << "\"/>\n";
        ++n;
      }
    if (n > 0)
      os << "<polyline fill=\"none\" stroke=\"" << color << "\" stroke-width=\"2\" points=\"" << pts.str() << "\"/>\n";
    legend(y2, int(k), "vs " + opponents[k], color);
  }
  os << "</svg>\n";
  return os.str();
}

}  // namespace ddz::selfplay
