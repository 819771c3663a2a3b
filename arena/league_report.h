// The league's standings as a text table (ratings, then WP and points per deal of every pair),
// JSON, CSV and an SVG of the ratings with their 95% intervals as error bars.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "arena/league.h"

namespace ddz {

std::string league_text(const LeagueStandings& st);
std::string league_json(const LeagueStandings& st);  // one JSON object, documented in docs/league.md
std::string league_csv(const LeagueStandings& st);  // a row per entrant, WP and points/deal per opponent
std::string league_svg(const LeagueStandings& st);

// One checkpoint of a training run as an entrant: its standing and how far training had got.
struct ProgressPoint {
  std::string name;
  int64_t step = 0;
  double hours = 0;
  int64_t games = 0;
  double rating = 0, lo = 0, hi = 0;
};
// The checkpoints' ratings with intervals against training hours (left) and games (right).
std::string progress_svg(const std::string& title, const std::vector<ProgressPoint>& points);
std::string progress_text(const std::string& title, const std::vector<ProgressPoint>& points);

}  // namespace ddz
