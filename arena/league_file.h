// The league file: one JSON line per finished duplicate deal of a pair (entrants, rules, seed,
// deal, both games, CPU times), appended with one write and an fsync per line, read back strictly.
#pragma once
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/rules.h"

namespace ddz {

constexpr const char* kLeagueFormat = "ddz-league";
constexpr int kLeagueVersion = 1;

// A damaged, foreign or inconsistent league file; the message is "FILE:LINE: what is wrong".
class LeagueFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An entrant as a line records it: identity is spec and checksum (FNV-1a of the model files the
// spec names, "" when it names none), so a changed model file is a different entrant.
struct LeagueEntrantId {
  std::string name;
  std::string spec;
  std::string checksum;
  std::string key() const { return spec + "#" + checksum; }
};

// One game of the deal, from the line's entrant a's side.
struct LeagueGame {
  bool a_landlord = false;
  int stake = 0;
  int a_score = 0;  // a's side score (+-2 x stake, RULES.md ADP); b's is its negation
};

struct LeagueLine {
  Rules rules;
  uint64_t seed = 0;
  int64_t deal = 0;
  LeagueEntrantId a, b;
  std::array<LeagueGame, 2> games;  // replay 0 (a in seat 0) and replay 1 (b in seat 0)
  std::array<double, 2> cpu_ms{};  // a's and b's CPU time over both games' decisions
  std::array<int64_t, 2> moves{};  // a's and b's play() calls over both games
  int a_wins() const { return int(games[0].a_score > 0) + int(games[1].a_score > 0); }
  int a_points() const { return games[0].a_score + games[1].a_score; }
};

nlohmann::json rules_to_json(const Rules& rules);
std::string league_line_text(const LeagueLine& line);  // one line of JSON, no newline
// Throws std::runtime_error saying what is wrong (the caller adds file and line).
LeagueLine parse_league_line(const std::string& text);

struct LeagueFileContents {
  std::vector<LeagueLine> lines;
  // Bytes of the complete lines; a last line without its newline (an append cut off by a kill)
  // is not part of the league and is cut off before the next append.
  uint64_t complete_bytes = 0;
  bool torn_tail = false;
};

// Reads a league file (a missing file is an empty league). Every complete line must parse and
// agree with the first on rules and seed, and no deal of a pair may appear twice; anything else
// is a LeagueFileError naming the file and the line.
LeagueFileContents read_league_file(const std::string& path);

// Appends lines to a league file, each with one write() and an fsync, so that a kill loses at
// most the line being written. Holds an exclusive lock on the file while open, so two runs
// never append to the same league.
class LeagueAppender {
 public:
  // Opens (creating) `path` and locks it; read the file after this, so that nothing appends
  // between the reading and the appending. Throws LeagueFileError naming the file.
  explicit LeagueAppender(const std::string& path);
  ~LeagueAppender();
  LeagueAppender(const LeagueAppender&) = delete;
  LeagueAppender& operator=(const LeagueAppender&) = delete;
  // Cuts the file to `complete_bytes` (read_league_file's), dropping a torn last line.
  void cut_to(uint64_t complete_bytes);
  void append(const LeagueLine& line);

 private:
  std::string path_;
  int fd_ = -1;
};

}  // namespace ddz
