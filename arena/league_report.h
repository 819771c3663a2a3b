// The league's standings as a text table (ratings, then WP and points per deal of every pair),
// JSON, CSV and an SVG of the ratings with their 95% intervals as error bars.
#pragma once
#include <string>

#include "arena/league.h"

namespace ddz {

std::string league_text(const LeagueStandings& st);
std::string league_json(const LeagueStandings& st);  // one JSON object, documented in docs/league.md
std::string league_csv(const LeagueStandings& st);  // a row per entrant, WP and points/deal per opponent
std::string league_svg(const LeagueStandings& st);

}  // namespace ddz
