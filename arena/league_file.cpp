// League file lines to and from JSON, the strict reader (file:line errors) and the appender
// (O_APPEND, one write and fsync per line, an flock against a second writer).
#include "arena/league_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

namespace ddz {
namespace {

using nlohmann::json;

const json& member(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) throw std::runtime_error(std::string("missing \"") + key + "\"");
  return j.at(key);
}

std::string get_string(const json& j, const char* key) {
  const json& v = member(j, key);
  if (!v.is_string()) throw std::runtime_error(std::string("\"") + key + "\" is not a string");
  return v.get<std::string>();
}

int64_t get_int(const json& j, const char* key, int64_t lo, int64_t hi) {
  const json& v = member(j, key);
  if (!v.is_number_integer()) throw std::runtime_error(std::string("\"") + key + "\" is not an integer");
  const int64_t x = v.get<int64_t>();
  if (x < lo || x > hi)
    throw std::runtime_error(std::string("\"") + key + "\" = " + std::to_string(x) + " outside " + std::to_string(lo) +
                             ".." + std::to_string(hi));
  return x;
}

bool get_bool(const json& j, const char* key) {
  const json& v = member(j, key);
  if (!v.is_boolean()) throw std::runtime_error(std::string("\"") + key + "\" is not true or false");
  return v.get<bool>();
}

nlohmann::ordered_json entrant_json(const LeagueEntrantId& e) {
  return {{"name", e.name}, {"spec", e.spec}, {"checksum", e.checksum}};
}

// CPU times to the microsecond: finer digits are noise and would double the line.
double round_ms(double ms) { return std::round(ms * 1000.0) / 1000.0; }

LeagueEntrantId entrant_from(const json& j) {
  LeagueEntrantId e;
  e.name = get_string(j, "name");
  e.spec = get_string(j, "spec");
  e.checksum = get_string(j, "checksum");
  if (e.name.empty() || e.spec.empty()) throw std::runtime_error("an entrant with an empty name or spec");
  return e;
}

bool same_rules(const Rules& x, const Rules& y) {
  return x.bidding == y.bidding && x.double_on_bomb == y.double_on_bomb && x.double_on_rocket == y.double_on_rocket &&
         x.double_on_spring == y.double_on_spring && x.double_on_anti_spring == y.double_on_anti_spring;
}

}  // namespace

json rules_to_json(const Rules& r) {
  return {{"bidding", r.bidding},
          {"double_on_bomb", r.double_on_bomb},
          {"double_on_rocket", r.double_on_rocket},
          {"double_on_spring", r.double_on_spring},
          {"double_on_anti_spring", r.double_on_anti_spring}};
}

std::string league_line_text(const LeagueLine& l) {
  // Keys in a fixed, readable order (format first).
  nlohmann::ordered_json games = nlohmann::ordered_json::array();
  for (const LeagueGame& g : l.games)
    games.push_back({{"a_landlord", g.a_landlord}, {"stake", g.stake}, {"a_score", g.a_score}});
  const json rules_sorted = rules_to_json(l.rules);
  nlohmann::ordered_json rules;
  for (const auto& [key, value] : rules_sorted.items()) rules[key] = value;
  const nlohmann::ordered_json j = {{"format", kLeagueFormat},
                                    {"version", kLeagueVersion},
                                    {"rules", rules},
                                    {"seed", l.seed},
                                    {"deal", l.deal},
                                    {"a", entrant_json(l.a)},
                                    {"b", entrant_json(l.b)},
                                    {"games", games},
                                    {"cpu_ms", {round_ms(l.cpu_ms[0]), round_ms(l.cpu_ms[1])}},
                                    {"moves", {l.moves[0], l.moves[1]}}};
  return j.dump();
}

LeagueLine parse_league_line(const std::string& text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error&) { throw std::runtime_error("not JSON (a damaged line)"); }
  if (!j.is_object() || !j.contains("format") || j["format"] != kLeagueFormat)
    throw std::runtime_error(std::string("not a league line (no \"format\": \"") + kLeagueFormat + "\")");
  get_int(j, "version", kLeagueVersion, kLeagueVersion);
  LeagueLine l;
  const json& r = member(j, "rules");
  l.rules.bidding = get_bool(r, "bidding");
  l.rules.double_on_bomb = get_bool(r, "double_on_bomb");
  l.rules.double_on_rocket = get_bool(r, "double_on_rocket");
  l.rules.double_on_spring = get_bool(r, "double_on_spring");
  l.rules.double_on_anti_spring = get_bool(r, "double_on_anti_spring");
  const json& seed = member(j, "seed");
  if (!seed.is_number_unsigned() && !(seed.is_number_integer() && seed.get<int64_t>() >= 0))
    throw std::runtime_error("\"seed\" is not a non-negative integer");
  l.seed = seed.get<uint64_t>();
  l.deal = get_int(j, "deal", 0, int64_t(1) << 40);
  l.a = entrant_from(member(j, "a"));
  l.b = entrant_from(member(j, "b"));
  if (l.a.key() == l.b.key()) throw std::runtime_error("entrant a and b are the same");
  const json& games = member(j, "games");
  if (!games.is_array() || games.size() != 2) throw std::runtime_error("\"games\" is not an array of 2");
  for (size_t k = 0; k < 2; ++k) {
    LeagueGame& g = l.games[k];
    g.a_landlord = get_bool(games[k], "a_landlord");
    g.stake = int(get_int(games[k], "stake", 1, 1 << 20));
    g.a_score = int(get_int(games[k], "a_score", -(1 << 22), 1 << 22));
    if (g.a_score == 0 || std::abs(g.a_score) != 2 * g.stake)
      throw std::runtime_error("game " + std::to_string(k) + ": a_score is not +-2 x stake");
  }
  const json& cpu = member(j, "cpu_ms");
  const json& moves = member(j, "moves");
  if (!cpu.is_array() || cpu.size() != 2 || !cpu[0].is_number() || !cpu[1].is_number())
    throw std::runtime_error("\"cpu_ms\" is not two numbers");
  if (!moves.is_array() || moves.size() != 2 || !moves[0].is_number_integer() || !moves[1].is_number_integer())
    throw std::runtime_error("\"moves\" is not two integers");
  for (size_t k = 0; k < 2; ++k) {
    l.cpu_ms[k] = cpu[k].get<double>();
    l.moves[k] = moves[k].get<int64_t>();
  }
  return l;
}

LeagueFileContents read_league_file(const std::string& path) {
  LeagueFileContents out;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 && errno == ENOENT) return out;
    throw LeagueFileError(path + ": cannot be read");
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  std::map<std::tuple<std::string, std::string, int64_t>, size_t> seen;  // (key lo, key hi, deal) -> line
  size_t pos = 0, line_no = 0;
  while (pos < text.size()) {
    const size_t nl = text.find('\n', pos);
    ++line_no;
    if (nl == std::string::npos) {  // cut off by a kill while it was appended
      out.torn_tail = true;
      break;
    }
    const std::string line = text.substr(pos, nl - pos);
    pos = nl + 1;
    auto fail = [&](const std::string& why) {
      throw LeagueFileError(path + ":" + std::to_string(line_no) + ": " + why);
    };
    LeagueLine l;
    try {
      l = parse_league_line(line);
    } catch (const std::runtime_error& e) { fail(e.what()); }
    if (!out.lines.empty()) {
      const LeagueLine& first = out.lines.front();
      if (!same_rules(l.rules, first.rules))
        fail("rules " + rules_to_json(l.rules).dump() + " differ from line 1's " + rules_to_json(first.rules).dump());
      if (l.seed != first.seed)
        fail("seed " + std::to_string(l.seed) + " differs from line 1's " + std::to_string(first.seed));
    }
    const bool forward = l.a.key() < l.b.key();
    const auto id = std::make_tuple(forward ? l.a.key() : l.b.key(), forward ? l.b.key() : l.a.key(), l.deal);
    const auto [it, fresh] = seen.emplace(id, line_no);
    if (!fresh)
      fail("deal " + std::to_string(l.deal) + " of " + l.a.name + " vs " + l.b.name + " is already on line " +
           std::to_string(it->second));
    out.lines.push_back(l);
    out.complete_bytes = pos;
  }
  return out;
}

LeagueAppender::LeagueAppender(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw LeagueFileError(path + ": cannot be opened for appending: " + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    throw LeagueFileError(path + ": another ddz league is appending to it");
  }
}

void LeagueAppender::cut_to(uint64_t complete_bytes) {
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || (uint64_t(st.st_size) > complete_bytes && ::ftruncate(fd_, off_t(complete_bytes)) != 0))
    throw LeagueFileError(path_ + ": cannot cut its unfinished last line: " + std::strerror(errno));
}

LeagueAppender::~LeagueAppender() {
  if (fd_ >= 0) ::close(fd_);
}

void LeagueAppender::append(const LeagueLine& line) {
  const std::string text = league_line_text(line) + "\n";
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t w = ::write(fd_, text.data() + done, text.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) throw LeagueFileError(path_ + ": append failed: " + std::strerror(errno));
    done += size_t(w);
  }
  if (::fsync(fd_) != 0) throw LeagueFileError(path_ + ": fsync failed: " + std::strerror(errno));
}

}  // namespace ddz
