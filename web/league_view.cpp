// LeagueView: reads the league file, fits the standings (arena/league.h) and caches them by the
// file's size and modification time, since a large league takes seconds to read and fit.
#include "web/league_view.h"

#include <sys/stat.h>

#include "arena/league.h"
#include "arena/league_report.h"

namespace ddz::web {

nlohmann::json LeagueView::standings() {
  std::lock_guard<std::mutex> lock(mutex_);
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0) throw LeagueFileError(path_ + ": cannot be read");
  const int64_t mtime_ns = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  if (int64_t(st.st_size) == size_ && mtime_ns == mtime_ns_) return cached_;
  const LeagueFileContents file = read_league_file(path_);
  StandingsConfig config;
  for (const LeagueLine& l : file.lines)
    if (l.a.name == "heuristic" || l.b.name == "heuristic") config.anchor = "heuristic";
  const LeagueStandings table = league_standings(file.lines, {}, config);
  nlohmann::json j = nlohmann::json::parse(league_json(table));
  j["file"] = path_;
  j["svg"] = league_svg(table);
  cached_ = j;
  size_ = int64_t(st.st_size);
  mtime_ns_ = mtime_ns;
  return cached_;
}

}  // namespace ddz::web
