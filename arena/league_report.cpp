// Text, JSON, CSV and SVG of league standings; every format lists entrants best first.
#include "arena/league_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "arena/report_escape.h"

namespace ddz {
namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string pad(const std::string& s, size_t w, bool right = false) {
  if (s.size() >= w) return s;
  return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

}  // namespace

std::string league_text(const LeagueStandings& st) {
  std::ostringstream o;
  const size_t n = st.entrants.size();
  size_t w = 7;
  for (const auto& e : st.entrants) w = std::max(w, e.id.name.size());
  o << "League: " << st.deals << " deals (2 games each); " << st.anchor << " anchored at "
    << fmt("%.0f", st.anchor_rating) << "; 95% intervals from " << st.bootstrap
    << " bootstrap resamples of each pair's deals\n";
  o << pad("#", 3) << pad("entrant", w + 2) << pad("rating", 8, true) << "  " << pad("95% CI", 15)
    << pad("games", 8, true) << pad("ms/move", 10, true) << "  spec\n";
  for (size_t i = 0; i < n; ++i) {
    const auto& e = st.entrants[i];
    o << pad(std::to_string(i + 1), 3) << pad(e.id.name, w + 2) << pad(fmt("%.0f", e.rating), 8, true) << "  "
      << pad("[" + fmt("%.0f", e.lo) + ", " + fmt("%.0f", e.hi) + "]", 15) << pad(std::to_string(e.games), 8, true)
      << pad(fmt("%.3f", e.ms_per_move()), 10, true) << "  " << e.id.spec << "\n";
  }
  for (int table = 0; table < 2; ++table) {
    o << "\n"
      << (table == 0 ? "WP of the row against the column (games won of all games between them)"
                     : "Points per deal of the row against the column (side score over the deal's two games)")
      << "\n"
      << pad("", w + 2);
    for (size_t c = 0; c < n; ++c) o << pad(std::to_string(c + 1), 8, true);
    o << "\n";
    for (size_t r = 0; r < n; ++r) {
      o << pad(std::to_string(r + 1) + " " + st.entrants[r].id.name, w + 2);
      for (size_t c = 0; c < n; ++c) {
        const LeagueCell& cell = st.cells[r][c];
        const std::string v = r == c || cell.deals == 0 ? "-"
                              : table == 0              ? fmt("%.3f", cell.wp())
                                                        : fmt("%+.2f", cell.points_per_deal());
        o << pad(v, 8, true);
      }
      o << "\n";
    }
  }
  return o.str();
}

std::string league_json(const LeagueStandings& st) {
  nlohmann::json j;
  j["anchor"] = st.anchor;
  j["anchor_rating"] = st.anchor_rating;
  j["bootstrap"] = st.bootstrap;
  j["deals"] = st.deals;
  j["entrants"] = nlohmann::json::array();
  for (const auto& e : st.entrants)
    j["entrants"].push_back({{"name", e.id.name},
                             {"spec", e.id.spec},
                             {"checksum", e.id.checksum},
                             {"rating", e.rating},
                             {"ci95", {e.lo, e.hi}},
                             {"games", e.games},
                             {"cpu_ms_per_move", e.ms_per_move()}});
  j["pairs"] = nlohmann::json::array();
  for (size_t r = 0; r < st.entrants.size(); ++r)
    for (size_t c = r + 1; c < st.entrants.size(); ++c) {
      const LeagueCell& cell = st.cells[r][c];
      if (cell.deals == 0) continue;
      j["pairs"].push_back({{"a", st.entrants[r].id.name},
                            {"b", st.entrants[c].id.name},
                            {"deals", cell.deals},
                            {"a_wp", cell.wp()},
                            {"a_points_per_deal", cell.points_per_deal()}});
    }
  return j.dump(2) + "\n";
}

std::string league_csv(const LeagueStandings& st) {
  std::ostringstream o;
  o << "rank,name,spec,checksum,rating,ci_lo,ci_hi,games,cpu_ms_per_move";
  for (const auto& e : st.entrants) o << ",wp_vs_" << csv_field(e.id.name) << ",points_vs_" << csv_field(e.id.name);
  o << "\n";
  for (size_t r = 0; r < st.entrants.size(); ++r) {
    const auto& e = st.entrants[r];
    o << r + 1 << "," << csv_field(e.id.name) << "," << csv_field(e.id.spec) << "," << e.id.checksum << ","
      << fmt("%.1f", e.rating) << "," << fmt("%.1f", e.lo) << "," << fmt("%.1f", e.hi) << "," << e.games << ","
      << fmt("%.4f", e.ms_per_move());
    for (size_t c = 0; c < st.entrants.size(); ++c) {
      const LeagueCell& cell = st.cells[r][c];
      if (r == c || cell.deals == 0) o << ",,";
      else o << "," << fmt("%.4f", cell.wp()) << "," << fmt("%.4f", cell.points_per_deal());
    }
    o << "\n";
  }
  return o.str();
}

std::string league_svg(const LeagueStandings& st) {
  const size_t n = st.entrants.size();
  const double row = 24, left = 200, right = 40, top = 40, plot_w = 520;
  const double height = top + row * double(n) + 50, width = left + plot_w + right;
  double lo = st.anchor_rating, hi = st.anchor_rating;
  for (const auto& e : st.entrants) {
    lo = std::min(lo, e.lo);
    hi = std::max(hi, e.hi);
  }
  // Ticks every 50, 100, 200 or 500 points, about six over the range.
  double step = 50;
  for (double s : {50.0, 100.0, 200.0, 500.0, 1000.0})
    if ((hi - lo) / s <= 8) {
      step = s;
      break;
    }
  lo = std::floor(lo / step) * step;
  hi = std::max(lo + step, std::ceil(hi / step) * step);
  auto x = [&](double r) { return left + (r - lo) / (hi - lo) * plot_w; };
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
    << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  o << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  o << "<text x=\"" << left << "\" y=\"20\" font-size=\"14\">Ratings (logistic Elo, " << xml_escape(st.anchor) << " = "
    << fmt("%.0f", st.anchor_rating) << ") with 95% intervals, " << st.deals << " deals</text>\n";
  const double axis_y = top + row * double(n) + 5;
  for (double t = lo; t <= hi + 1e-9; t += step) {
    o << "<line x1=\"" << fmt("%.1f", x(t)) << "\" y1=\"" << top - 5 << "\" x2=\"" << fmt("%.1f", x(t)) << "\" y2=\""
      << axis_y << "\" stroke=\"#ddd\"/>\n";
    o << "<text x=\"" << fmt("%.1f", x(t)) << "\" y=\"" << axis_y + 16 << "\" text-anchor=\"middle\">" << fmt("%.0f", t)
      << "</text>\n";
  }
  for (size_t i = 0; i < n; ++i) {
    const auto& e = st.entrants[i];
    const double y = top + row * (double(i) + 0.5);
    o << "<text x=\"" << left - 10 << "\" y=\"" << y + 4 << "\" text-anchor=\"end\">" << xml_escape(e.id.name)
      << "</text>\n";
    o << "<line x1=\"" << fmt("%.1f", x(e.lo)) << "\" y1=\"" << y << "\" x2=\"" << fmt("%.1f", x(e.hi)) << "\" y2=\""
      << y << "\" stroke=\"#1f77b4\" stroke-width=\"2\"/>\n";
    for (double end : {e.lo, e.hi})
      o << "<line x1=\"" << fmt("%.1f", x(end)) << "\" y1=\"" << y - 5 << "\" x2=\"" << fmt("%.1f", x(end))
        << "\" y2=\"" << y + 5 << "\" stroke=\"#1f77b4\" stroke-width=\"2\"/>\n";
    o << "<circle cx=\"" << fmt("%.1f", x(e.rating)) << "\" cy=\"" << y << "\" r=\"4\" fill=\"#d62728\"><title>"
      << xml_escape(e.id.name) << ": " << fmt("%.0f", e.rating) << " [" << fmt("%.0f", e.lo) << ", "
      << fmt("%.0f", e.hi) << "]</title></circle>\n";
  }
  o << "<text x=\"" << left + plot_w / 2 << "\" y=\"" << axis_y + 34 << "\" text-anchor=\"middle\">rating</text>\n";
  o << "</svg>\n";
  return o.str();
}

std::string progress_text(const std::string& title, const std::vector<ProgressPoint>& points) {
  std::ostringstream o;
  o << title << "\n"
    << pad("step", 10, true) << pad("hours", 9, true) << pad("games", 12, true) << pad("rating", 8, true)
    << "  95% CI\n";
  for (const auto& p : points)
    o << pad(std::to_string(p.step), 10, true) << pad(fmt("%.2f", p.hours), 9, true)
      << pad(std::to_string(p.games), 12, true) << pad(fmt("%.0f", p.rating), 8, true) << "  [" << fmt("%.0f", p.lo)
      << ", " << fmt("%.0f", p.hi) << "]\n";
  return o.str();
}

std::string progress_svg(const std::string& title, const std::vector<ProgressPoint>& points) {
  const double panel_w = 340, panel_h = 240, left = 60, gap = 70, top = 40;
  const double width = left + 2 * panel_w + gap + 20, height = top + panel_h + 60;
  double lo = 1e300, hi = -1e300, max_hours = 0, max_games = 0;
  for (const auto& p : points) {
    lo = std::min(lo, p.lo);
    hi = std::max(hi, p.hi);
    max_hours = std::max(max_hours, p.hours);
    max_games = std::max(max_games, double(p.games));
  }
  if (points.empty()) lo = 0, hi = 1;
  if (hi - lo < 1) hi = lo + 1;
  const double pad_y = (hi - lo) * 0.05;
  lo -= pad_y;
  hi += pad_y;
  if (max_hours <= 0) max_hours = 1;
  if (max_games <= 0) max_games = 1;
  auto y = [&](double r) { return top + panel_h - (r - lo) / (hi - lo) * panel_h; };
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
    << "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  o << "<text x=\"" << left << "\" y=\"20\" font-size=\"14\">" << xml_escape(title) << "</text>\n";
  for (int panel = 0; panel < 2; ++panel) {
    const double x0 = left + panel * (panel_w + gap);
    const double xmax = panel == 0 ? max_hours : max_games / 1e6;
    auto x = [&](double v) { return x0 + v / xmax * panel_w; };
    o << "<rect x=\"" << x0 << "\" y=\"" << top << "\" width=\"" << panel_w << "\" height=\"" << panel_h
      << "\" fill=\"none\" stroke=\"#999\"/>\n";
    for (int t = 0; t <= 4; ++t) {
      const double r = lo + (hi - lo) * t / 4, v = xmax * t / 4;
      o << "<text x=\"" << x0 - 5 << "\" y=\"" << fmt("%.1f", y(r) + 4) << "\" text-anchor=\"end\">" << fmt("%.0f", r)
        << "</text>\n";
      o << "<text x=\"" << fmt("%.1f", x(v)) << "\" y=\"" << top + panel_h + 16 << "\" text-anchor=\"middle\">"
        << fmt(xmax * 4 < 10 ? "%.2f" : "%.1f", v) << "</text>\n";
    }
    o << "<text x=\"" << x0 + panel_w / 2 << "\" y=\"" << top + panel_h + 36 << "\" text-anchor=\"middle\">"
      << (panel == 0 ? "training hours" : "games (millions)") << "</text>\n";
    std::string path;
    for (const auto& p : points) {
      const double px = x(panel == 0 ? p.hours : double(p.games) / 1e6);
      path += (path.empty() ? "M" : " L") + fmt("%.1f", px) + "," + fmt("%.1f", y(p.rating));
      o << "<line x1=\"" << fmt("%.1f", px) << "\" y1=\"" << fmt("%.1f", y(p.lo)) << "\" x2=\"" << fmt("%.1f", px)
        << "\" y2=\"" << fmt("%.1f", y(p.hi)) << "\" stroke=\"#1f77b4\" stroke-width=\"2\"/>\n";
      o << "<circle cx=\"" << fmt("%.1f", px) << "\" cy=\"" << fmt("%.1f", y(p.rating))
        << "\" r=\"3.5\" fill=\"#d62728\"><title>" << xml_escape(p.name) << ": " << fmt("%.0f", p.rating) << " ["
        << fmt("%.0f", p.lo) << ", " << fmt("%.0f", p.hi) << "]</title></circle>\n";
    }
    if (!path.empty()) o << "<path d=\"" << path << "\" fill=\"none\" stroke=\"#d62728\" stroke-opacity=\"0.4\"/>\n";
  }
  o << "</svg>\n";
  return o.str();
}

}  // namespace ddz
