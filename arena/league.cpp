// The league runner: entrants and their checksums, the round-robin and adaptive schedules, games
// on worker threads appended line by line, and the standings fitted from the whole file.
#include "arena/league.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "agent/agent_spec.h"
#include "agent/factory.h"
#include "agent/pretrained_agent.h"
#include "arena/arena.h"
#include "models/weights.h"

namespace ddz {
namespace {

bool is_regular_file(const std::string& path) {
  struct stat st {};
  return !path.empty() && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string hex64(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string file_checksum(const std::string& path) {
  const std::string bytes = read_file_bytes(path);
  return hex64(fnv1a64(bytes.data(), bytes.size()));
}

// A pair of this run's entrants (indices into the resolved list, a < b) and one of its deals.
struct WorkItem {
  int a = 0, b = 1;
  int64_t deal = 0;
};

using PairKey = std::pair<std::string, std::string>;
PairKey pair_key(const LeagueEntrantId& x, const LeagueEntrantId& y) {
  return x.key() < y.key() ? PairKey{x.key(), y.key()} : PairKey{y.key(), x.key()};
}

// Plays work items on threads, appending each finished deal; per thread and entrant one agent
// instance per seat, kept across calls.
class LeaguePlayer {
 public:
  LeaguePlayer(const LeagueConfig& config, const std::vector<LeagueEntrantId>& ids, LeagueAppender& out,
               std::vector<LeagueLine>& lines, std::set<std::pair<PairKey, int64_t>>& done)
      : config_(config), ids_(ids), out_(out), lines_(lines), done_(done) {
    instances_.resize(size_t(config.threads));
    for (auto& t : instances_) t.resize(ids.size());
  }

  // Plays `items`; false when stop_after was reached.
  bool play(const std::vector<WorkItem>& items, int64_t planned) {
    std::atomic<size_t> next{0};
    std::atomic<bool> stop{false};
    std::exception_ptr error;
    std::mutex mutex;
    const CpuClock clock = config_.threads == 1 ? CpuClock::Process : CpuClock::Thread;
    auto worker = [&](int t) {
      try {
        while (!stop.load()) {
          const size_t k = next.fetch_add(1);
          if (k >= items.size()) break;
          const WorkItem& item = items[k];
          DuplicateAgents da;
          da.index_a = 0;
          da.index_b = 1;
          for (int seat = 0; seat < kNumSeats; ++seat) {
            da.a[size_t(seat)] = agent(t, item.a, seat);
            da.b[size_t(seat)] = agent(t, item.b, seat);
          }
          const auto games = play_duplicate_deal(config_.seed, item.deal, config_.rules, da, nullptr, clock);
          LeagueLine line;
          line.rules = config_.rules;
          line.rules.fixed_landlord = 0;
          line.seed = config_.seed;
          line.deal = item.deal;
          line.a = ids_[size_t(item.a)];
          line.b = ids_[size_t(item.b)];
          for (size_t r = 0; r < 2; ++r) {
            const ArenaGame& g = games[r];
            line.games[r] = {g.landlord_agent() == 0, g.stake, g.side_score(0)};
            for (int seat = 0; seat < kNumSeats; ++seat) {
              const DecisionTimes& times = g.times[size_t(seat)];
              const size_t who = size_t(g.agent[size_t(seat)]);
              int64_t ns = times.bid_ns;
              for (int64_t v : times.play_ns) ns += v;
              line.cpu_ms[who] += double(ns) * 1e-6;
              line.moves[who] += int64_t(times.play_ns.size());
            }
          }
          std::lock_guard<std::mutex> lock(mutex);
          if (stop.load()) break;
          out_.append(line);
          lines_.push_back(line);
          done_.insert({pair_key(line.a, line.b), line.deal});
          ++played_;
          if (config_.stop_after >= 0 && played_ >= config_.stop_after) stop = true;
          if (t == 0 && config_.progress) config_.progress(played_, planned);
        }
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = std::current_exception();
        stop = true;
      }
    };
    const int threads = int(std::min<size_t>(size_t(config_.threads), std::max<size_t>(items.size(), 1)));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
    worker(0);
    for (auto& th : pool) th.join();
    if (error) std::rethrow_exception(error);
    if (config_.progress) config_.progress(played_, planned);
    return !(config_.stop_after >= 0 && played_ >= config_.stop_after);
  }

  int64_t played() const { return played_; }

 private:
  Agent* agent(int thread, int entrant, int seat) {
    auto& slot = instances_[size_t(thread)][size_t(entrant)][size_t(seat)];
    if (!slot) slot = make_agent(ids_[size_t(entrant)].spec);
    return slot.get();
  }

  const LeagueConfig& config_;
  const std::vector<LeagueEntrantId>& ids_;
  LeagueAppender& out_;
  std::vector<LeagueLine>& lines_;
  std::set<std::pair<PairKey, int64_t>>& done_;
  std::vector<std::vector<std::array<std::unique_ptr<Agent>, kNumSeats>>> instances_;
  int64_t played_ = 0;
};

bool same_rules(const Rules& x, const Rules& y) { return rules_to_json(x) == rules_to_json(y); }

// The next `count` deal indices of pair (a, b) not yet played, from 0 up.
std::vector<int64_t> next_missing(const std::set<std::pair<PairKey, int64_t>>& done, const PairKey& key,
                                  int64_t count) {
  std::vector<int64_t> out;
  for (int64_t d = 0; int64_t(out.size()) < count; ++d)
    if (!done.count({key, d})) out.push_back(d);
  return out;
}

int64_t pair_deals(const std::set<std::pair<PairKey, int64_t>>& done, const PairKey& key) {
  auto lo = done.lower_bound({key, 0});
  int64_t n = 0;
  for (auto it = lo; it != done.end() && it->first == key; ++it) ++n;
  return n;
}

// The pair whose next batch narrows the widest interval most: with C the covariance of the
// strengths, a batch adds information w u u' (u = e_a - e_b, w = games x p(1-p)), and by
// Sherman-Morrison var_i becomes C_ii - w (Cu)_i^2 / (1 + w u'Cu). Minimizes the largest
// variance after the batch, then the sum; ties go to the first pair.
size_t choose_adaptive_pair(const std::vector<LeagueLine>& lines, const std::vector<LeagueEntrantId>& ids, int anchor,
                            const std::vector<std::pair<int, int>>& pairs) {
  const int n = int(ids.size());
  std::map<std::string, int> index;
  for (int i = 0; i < n; ++i) index[ids[size_t(i)].key()] = i;
  std::vector<DealOutcome> deals;
  for (const LeagueLine& l : lines) {
    const auto a = index.find(l.a.key()), b = index.find(l.b.key());
    if (a != index.end() && b != index.end()) deals.push_back({a->second, b->second, l.a_wins()});
  }
  const WinMatrix m = win_matrix(n, deals, 1.0);
  const std::vector<double> s = fit_strengths(m, anchor);
  const auto cov = strength_covariance(m, anchor, s);
  size_t best = 0;
  double best_max = 0, best_sum = 0;
  for (size_t k = 0; k < pairs.size(); ++k) {
    const int a = pairs[k].first, b = pairs[k].second;
    const double p = 1.0 / (1.0 + std::exp(s[size_t(b)] - s[size_t(a)]));
    const double w = double(2 * kAdaptiveBatch) * p * (1 - p);
    std::vector<double> cu(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) cu[size_t(i)] = cov[size_t(i)][size_t(a)] - cov[size_t(i)][size_t(b)];
    const double ucu = cu[size_t(a)] - cu[size_t(b)];
    double mx = 0, sum = 0;
    for (int i = 0; i < n; ++i) {
      const double v = cov[size_t(i)][size_t(i)] - w * cu[size_t(i)] * cu[size_t(i)] / (1 + w * ucu);
      mx = std::max(mx, v);
      sum += v;
    }
    if (k == 0 || mx < best_max - 1e-15 || (mx <= best_max + 1e-15 && sum < best_sum - 1e-15)) {
      best = k;
      best_max = mx;
      best_sum = sum;
    }
  }
  return best;
}

}  // namespace

LeagueSchedule parse_league_schedule(const std::string& text) {
  if (text == "round-robin") return LeagueSchedule::RoundRobin;
  if (text == "adaptive") return LeagueSchedule::Adaptive;
  throw LeagueInputError("unknown schedule '" + text + "' (round-robin or adaptive)");
}

const char* league_schedule_name(LeagueSchedule schedule) {
  return schedule == LeagueSchedule::RoundRobin ? "round-robin" : "adaptive";
}

std::string spec_checksum(const std::string& spec_text) {
  const AgentSpec spec = AgentSpec::parse(spec_text);
  std::vector<std::string> files;
  if (spec.kind() == "pretrained" || spec.kind() == "pretrained-net") {
    std::string path;
    load_pretrained(spec, &path);
    files.push_back(path);
  }
  const size_t colon = spec_text.find(':');
  if (colon != std::string::npos)
    for (const std::string& item : split_settings(spec_text.substr(colon + 1))) {
      // A positional argument is the item itself, a setting its value.
      std::string value = setting_key(item).empty() ? item : setting_value(item);
      const size_t b = value.find_first_not_of(" \t"), e = value.find_last_not_of(" \t");
      value = b == std::string::npos ? std::string() : value.substr(b, e - b + 1);
      if (is_regular_file(value)) files.push_back(value);
    }
  std::string sum;
  for (const std::string& f : files) sum += (sum.empty() ? "" : ",") + file_checksum(f);
  return sum;
}

std::vector<LeagueEntrantId> resolve_entrants(const std::vector<LeagueEntrant>& entrants) {
  std::vector<LeagueEntrantId> ids;
  std::map<std::string, std::string> names, keys;
  for (const LeagueEntrant& e : entrants) {
    if (e.name.empty()) throw LeagueInputError("entrant with spec '" + e.spec + "' has an empty name");
    for (char c : e.name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && std::string("._+-@").find(c) == std::string::npos)
        throw LeagueInputError("entrant name '" + e.name + "' has a character outside A-Z a-z 0-9 . _ + - @");
    if (names.count(e.name)) throw LeagueInputError("two entrants are named '" + e.name + "'");
    try {
      make_agent(e.spec);
    } catch (const AgentSpecError& err) { throw LeagueInputError("entrant " + e.name + ": " + err.what()); }
    LeagueEntrantId id{e.name, e.spec, spec_checksum(e.spec)};
    if (keys.count(id.key()))
      throw LeagueInputError("entrants " + keys[id.key()] + " and " + e.name + " are the same agent ('" + e.spec +
                             "')");
    names[e.name] = e.spec;
    keys[id.key()] = e.name;
    ids.push_back(id);
  }
  return ids;
}

LeagueRunResult run_league(const LeagueConfig& config) {
  if (config.entrants.size() < 2)
    throw LeagueInputError("a league needs at least two entrants, got " + std::to_string(config.entrants.size()));
  if (config.deals < 1) throw LeagueInputError("deals must be at least 1, got " + std::to_string(config.deals));
  if (config.threads < 1 || config.threads > 256)
    throw LeagueInputError("threads must be in 1..256, got " + std::to_string(config.threads));
  LeagueRunResult result;
  result.entrants = resolve_entrants(config.entrants);
  const auto& ids = result.entrants;
  int anchor = 0;
  if (!config.anchor.empty()) {
    anchor = -1;
    for (size_t i = 0; i < ids.size(); ++i)
      if (ids[i].name == config.anchor) anchor = int(i);
    if (anchor < 0) throw LeagueInputError("anchor '" + config.anchor + "' is not an entrant");
  }

  LeagueAppender out(config.path);
  LeagueFileContents file = read_league_file(config.path);
  Rules rules = config.rules;
  rules.fixed_landlord = 0;
  if (!file.lines.empty()) {
    const LeagueLine& first = file.lines.front();
    if (!same_rules(first.rules, rules))
      throw LeagueInputError(config.path + " was played with rules " + rules_to_json(first.rules).dump() + ", not " +
                             rules_to_json(rules).dump());
    if (first.seed != config.seed)
      throw LeagueInputError(config.path + " was played with seed " + std::to_string(first.seed) + ", not " +
                             std::to_string(config.seed));
  }
  if (file.torn_tail && config.notice)
    config.notice(config.path + ": its last line was cut off (an interrupted run); that deal is played again");
  out.cut_to(file.complete_bytes);
  result.lines = std::move(file.lines);

  std::set<std::pair<PairKey, int64_t>> done;
  for (const LeagueLine& l : result.lines) done.insert({pair_key(l.a, l.b), l.deal});
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < int(ids.size()); ++i)
    for (int j = i + 1; j < int(ids.size()); ++j) pairs.emplace_back(i, j);

  LeagueConfig cfg = config;
  cfg.rules = rules;
  LeaguePlayer player(cfg, ids, out, result.lines, done);
  if (config.schedule == LeagueSchedule::RoundRobin) {
    // Deal-major, so that a run cut short has about as many deals of every pair.
    std::vector<WorkItem> items;
    for (int64_t d = 0; d < config.deals; ++d)
      for (const auto& [a, b] : pairs)
        if (!done.count({pair_key(ids[size_t(a)], ids[size_t(b)]), d})) items.push_back({a, b, d});
    player.play(items, int64_t(items.size()));
  } else {
    const int64_t budget = config.deals * int64_t(pairs.size());
    auto total = [&] {
      int64_t t = 0;
      for (const auto& [a, b] : pairs) t += pair_deals(done, pair_key(ids[size_t(a)], ids[size_t(b)]));
      return t;
    };
    const int64_t planned = std::max<int64_t>(0, budget - total());
    bool going = true;
    // First every pair to a multiple of the batch (at least one batch): the first round, or
    // the rest of a batch a stopped run left unfinished.
    std::vector<WorkItem> items;
    for (const auto& [a, b] : pairs) {
      const PairKey key = pair_key(ids[size_t(a)], ids[size_t(b)]);
      const int64_t have = pair_deals(done, key);
      const int64_t want =
          std::max<int64_t>(kAdaptiveBatch, (have + kAdaptiveBatch - 1) / kAdaptiveBatch * kAdaptiveBatch);
      for (int64_t d : next_missing(done, key, want - have)) items.push_back({a, b, d});
    }
    if (!items.empty()) going = player.play(items, planned);
    while (going && total() + kAdaptiveBatch <= budget) {
      const auto& [a, b] = pairs[choose_adaptive_pair(result.lines, ids, anchor, pairs)];
      items.clear();
      for (int64_t d : next_missing(done, pair_key(ids[size_t(a)], ids[size_t(b)]), kAdaptiveBatch))
        items.push_back({a, b, d});
      going = player.play(items, planned);
    }
  }
  result.played = player.played();
  return result;
}

LeagueStandings league_standings(const std::vector<LeagueLine>& lines, const std::vector<LeagueEntrantId>& current,
                                 const StandingsConfig& config) {
  // Entrants: this run's first, then the file's others in key order (not order of appearance,
  // which depends on the threads, so that the bootstrap's draws do not).
  std::vector<LeagueEntrantId> ids = current;
  std::map<std::string, int> index;
  for (size_t i = 0; i < ids.size(); ++i) index[ids[i].key()] = int(i);
  std::map<std::string, LeagueEntrantId> others;
  for (const LeagueLine& l : lines)
    for (const LeagueEntrantId* e : {&l.a, &l.b})
      if (!index.count(e->key())) others.emplace(e->key(), *e);
  for (const auto& [key, e] : others) {
    index[key] = int(ids.size());
    ids.push_back(e);
  }
  // Names unique: an entrant of the file whose name another entrant holds gets "@" + its
  // checksum's first 8 digits (or "@" + its spec when the checksums agree).
  std::set<std::string> taken;
  for (size_t i = 0; i < ids.size(); ++i) {
    LeagueEntrantId& e = ids[i];
    if (i >= current.size() && taken.count(e.name))
      e.name += "@" + (e.checksum.empty() ? e.spec : e.checksum.substr(0, 8));
    taken.insert(e.name);
  }
  const int n = int(ids.size());
  LeagueStandings st;
  st.anchor_rating = config.anchor_rating;
  st.bootstrap = config.bootstrap;
  st.deals = int64_t(lines.size());
  if (n == 0) return st;
  int anchor = 0;
  if (!config.anchor.empty()) {
    anchor = -1;
    for (int i = 0; i < n; ++i)
      if (ids[size_t(i)].name == config.anchor) anchor = i;
    if (anchor < 0) throw LeagueInputError("anchor '" + config.anchor + "' is not an entrant of the league");
  }
  st.anchor = ids[size_t(anchor)].name;

  std::vector<DealOutcome> deals;
  std::vector<std::vector<LeagueCell>> cells(static_cast<size_t>(n), std::vector<LeagueCell>(size_t(n)));
  std::vector<double> cpu(static_cast<size_t>(n), 0.0);
  std::vector<int64_t> moves(static_cast<size_t>(n), 0), games(size_t(n), 0);
  for (const LeagueLine& l : lines) {
    const int a = index[l.a.key()], b = index[l.b.key()];
    deals.push_back({a, b, l.a_wins()});
    LeagueCell& ab = cells[size_t(a)][size_t(b)];
    LeagueCell& ba = cells[size_t(b)][size_t(a)];
    ++ab.deals;
    ++ba.deals;
    ab.wins += l.a_wins();
    ba.wins += 2 - l.a_wins();
    ab.points += l.a_points();
    ba.points -= l.a_points();
    cpu[size_t(a)] += l.cpu_ms[0];
    cpu[size_t(b)] += l.cpu_ms[1];
    moves[size_t(a)] += l.moves[0];
    moves[size_t(b)] += l.moves[1];
    games[size_t(a)] += 2;
    games[size_t(b)] += 2;
  }
  RatingFitConfig fit;
  fit.entrants = n;
  fit.anchor = anchor;
  fit.anchor_rating = config.anchor_rating;
  fit.bootstrap = config.bootstrap;
  fit.seed = config.seed;
  for (const auto& e : ids) fit.names.push_back(e.name);
  const RatingTable table = fit_ratings(deals, fit);

  std::vector<int> order(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) order[size_t(i)] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](int x, int y) { return table.rating[size_t(x)] > table.rating[size_t(y)]; });
  for (int i : order) {
    LeagueStanding s;
    s.id = ids[size_t(i)];
    s.rating = table.rating[size_t(i)];
    s.lo = table.lo[size_t(i)];
    s.hi = table.hi[size_t(i)];
    s.games = games[size_t(i)];
    s.cpu_ms = cpu[size_t(i)];
    s.moves = moves[size_t(i)];
    st.entrants.push_back(s);
  }
  st.cells.assign(size_t(n), std::vector<LeagueCell>(size_t(n)));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      st.cells[size_t(r)][size_t(c)] = cells[size_t(order[size_t(r)])][size_t(order[size_t(c)])];
  return st;
}

}  // namespace ddz
