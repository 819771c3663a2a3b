// The league table of the web page's Arena tab: the standings of the league file given to
// `ddz web --league FILE`, refitted only when the file has changed since the last request.
#pragma once
#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

namespace ddz::web {

class LeagueView {
 public:
  explicit LeagueView(std::string path) : path_(std::move(path)) {}
  // league_json's object plus "file" and "svg" (the ratings picture). Anchored at the entrant
  // named heuristic when there is one, else the first; the reply names it. Throws
  // LeagueFileError or RatingFitError for a file that cannot give standings.
  nlohmann::json standings();

 private:
  std::string path_;
  std::mutex mutex_;
  int64_t size_ = -1, mtime_ns_ = -1;
  nlohmann::json cached_;
};

}  // namespace ddz::web
