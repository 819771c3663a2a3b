// `ddz league`: duplicate-deal matches between every pair of a set of entrants, appended deal by
// deal to a league file (arena/league_file.h), scheduled round robin or adaptively, and the
// standings of everything the file holds: ratings with intervals and each pair's WP and points.
#pragma once
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "arena/league_file.h"
#include "arena/rating_fit.h"
#include "game/rules.h"

namespace ddz {

// Bad entrants or settings (a spec that does not parse, two entrants with one name, a league
// file played with other rules or another seed): the message names the input.
class LeagueInputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct LeagueEntrant {
  std::string name;
  std::string spec;
};

enum class LeagueSchedule { RoundRobin, Adaptive };
LeagueSchedule parse_league_schedule(const std::string& text);  // "round-robin" | "adaptive"
const char* league_schedule_name(LeagueSchedule schedule);

// Deals the adaptive schedule gives a pair at a time; every pair first gets one batch, and each
// pair's deal count is completed to a multiple of it before the next choice, so that a resumed
// league makes the same choices as one never stopped.
constexpr int64_t kAdaptiveBatch = 16;

struct LeagueConfig {
  std::string path;  // the league file (created when missing)
  std::vector<LeagueEntrant> entrants;
  // Round robin: deals 0..deals-1 of every pair. Adaptive: deals x pairs deals in all (the same
  // budget), spent in batches on the pair that narrows the widest rating interval most.
  int64_t deals = 1000;
  uint64_t seed = 1;
  int threads = 1;
  Rules rules;
  LeagueSchedule schedule = LeagueSchedule::RoundRobin;
  std::string anchor;  // the adaptive schedule's anchor (an entrant's name); "" = the first
  // Stop after appending this many lines (negative: never): a run cut short, for tests.
  int64_t stop_after = -1;
  // From the calling thread: lines appended so far in this run and the planned total (the
  // adaptive schedule's plan is its remaining budget).
  std::function<void(int64_t done, int64_t total)> progress;
  std::function<void(const std::string&)> notice;  // e.g. that a torn last line was dropped
};

// FNV-1a (hex) of every model file a spec names: `pretrained` kinds' shipped file, and any
// positional argument or setting value that is an existing regular file; "" when none.
std::string spec_checksum(const std::string& spec);

// The entrants as league lines record them. Throws LeagueInputError for an empty or repeated
// name, a name with characters outside [A-Za-z0-9._+-@], a spec that does not build, or two
// entrants that are the same agent.
std::vector<LeagueEntrantId> resolve_entrants(const std::vector<LeagueEntrant>& entrants);

struct LeagueRunResult {
  std::vector<LeagueLine> lines;  // every line of the file afterwards
  std::vector<LeagueEntrantId> entrants;  // this run's, resolved
  int64_t played = 0;  // lines this run appended
};

// Plays what the schedule still lacks and appends it. Throws LeagueInputError (bad entrants,
// other rules or seed than the file's), LeagueFileError (a damaged or foreign line: nothing is
// written then), AgentSpecError or std::logic_error from the games.
LeagueRunResult run_league(const LeagueConfig& config);

// Results of one ordered pair of standing entrants, from the row entrant's side.
struct LeagueCell {
  int64_t deals = 0;
  int64_t wins = 0;  // games won of 2 x deals
  int64_t points = 0;  // side score summed over all games
  double wp() const { return deals ? double(wins) / double(2 * deals) : 0.0; }
  double points_per_deal() const { return deals ? double(points) / double(deals) : 0.0; }
};

struct LeagueStanding {
  LeagueEntrantId id;  // name made unique: an older version of a name gets "@" + checksum
  double rating = 0, lo = 0, hi = 0;
  int64_t games = 0;
  double cpu_ms = 0;
  int64_t moves = 0;
  double ms_per_move() const { return moves ? cpu_ms / double(moves) : 0.0; }
};

struct LeagueStandings {
  std::vector<LeagueStanding> entrants;  // in rating order, best first
  std::vector<std::vector<LeagueCell>> cells;  // [row][column] in the same order
  std::string anchor;
  double anchor_rating = 0;
  int bootstrap = 0;
  int64_t deals = 0;  // lines
};

struct StandingsConfig {
  std::string anchor;  // a name; "" = the first entrant of `current`, or of the file
  double anchor_rating = 1000;
  int bootstrap = 1000;
  uint64_t seed = 1;
};

// The standings of every entrant in `lines`, named as `current` (this run's entrants) names them;
// entrants of the file not in `current` keep their recorded names. Throws LeagueInputError for
// an unknown anchor, RatingFitError when some entrant is not linked to the anchor.
LeagueStandings league_standings(const std::vector<LeagueLine>& lines, const std::vector<LeagueEntrantId>& current,
                                 const StandingsConfig& config);

}  // namespace ddz
