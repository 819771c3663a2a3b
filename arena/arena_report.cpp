// Arena result formatting (text, JSON, CSV). Kept apart from the match loop so the numbers and
// their presentation can change independently.
#include "arena/arena_report.h"

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace ddz {

namespace {

std::string fmt(const char* format, double a, double b = 0, double c = 0) {
  char buf[128];
  std::snprintf(buf, sizeof buf, format, a, b, c);
  return buf;
}

std::string pad(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

std::string role_row(const std::string& name, size_t name_width, const char* role, const RoleStats& r) {
  const Interval w = r.wp_ci();
  const Interval d = r.adp_ci();
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-9s %8lld  %6.3f  [%5.3f, %5.3f]  %+7.3f  [%+7.3f, %+7.3f]\n", role,
                (long long)r.games, r.wp(), w.lo, w.hi, r.adp(), d.lo, d.hi);
  return pad(name, name_width) + "  " + buf;
}

nlohmann::json role_json(const RoleStats& r) {
  const Interval w = r.wp_ci();
  const Interval d = r.adp_ci();
  return {{"games", r.games},        {"wins", r.wins}, {"wp", r.wp()},
          {"wp_ci95", {w.lo, w.hi}}, {"adp", r.adp()}, {"adp_ci95", {d.lo, d.hi}}};
}

nlohmann::json cpu_json(const CpuTimeStats& c, CpuClock clock) {
  return {{"clock", cpu_clock_name(clock)}, {"moves", c.moves()},
          {"seconds", c.seconds()},         {"mean_ms", c.mean_ms()},
          {"p50_ms", c.quantile_ms(0.5)},   {"p90_ms", c.quantile_ms(0.9)},
          {"max_ms", c.max_ms()},           {"bids", c.bids()},
          {"bid_seconds", c.bid_seconds()}, {"bid_mean_ms", c.bid_mean_ms()}};
}

// What the clock counts, for the reports' readers (arena/cpu_time.h).
const char* clock_note(CpuClock clock) {
  return clock == CpuClock::Process ? "process CPU clock: an agent's own search threads count"
                                    : "thread CPU clock: an agent's own extra search threads (mcts threads=2) are not "
                                      "counted; ddz arena --threads 1 counts them";
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// The seven CPU columns of an agent's "all" row; empty on every other row.
constexpr const char* kNoCpuColumns = ",,,,,,,";

std::string csv_row(const std::string& scope, const std::string& agent, const char* role, const RoleStats& r,
                    const std::string& cpu_columns = kNoCpuColumns) {
  const Interval w = r.wp_ci();
  const Interval d = r.adp_ci();
  char buf[256];
  std::snprintf(buf, sizeof buf, ",%s,%lld,%lld,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f", role, (long long)r.games,
                (long long)r.wins, r.wp(), w.lo, w.hi, r.adp(), d.lo, d.hi);
  return csv_field(scope) + "," + csv_field(agent) + buf + cpu_columns + "\n";
}

}  // namespace

std::vector<std::string> arena_agent_names(const ArenaResult& result) {
  std::map<std::string, int> seen;
  for (const auto& a : result.agents) ++seen[a.spec];
  std::vector<std::string> names;
  for (size_t i = 0; i < result.agents.size(); ++i) {
    const std::string& spec = result.agents[i].spec;
    names.push_back(seen[spec] > 1 ? spec + " #" + std::to_string(i + 1) : spec);
  }
  return names;
}

std::string arena_text(const ArenaResult& result, int threads) {
  const auto names = arena_agent_names(result);
  size_t width = 5;
  for (const auto& n : names) width = std::max(width, n.size());
  std::ostringstream out;
  out << "arena: " << result.agents.size() << " agents, " << result.pairs.size() << " pair"
      << (result.pairs.size() == 1 ? "" : "s") << " x " << result.deals << " duplicate deals = " << result.games
      << " games, seed " << result.seed << ", " << (result.bidding ? "bidding" : "fixed landlord (seat 0)") << ", "
      << threads << " thread" << (threads == 1 ? "" : "s") << ", "
      << fmt("%.2f s (%.0f games/s)", result.seconds, result.seconds > 0 ? double(result.games) / result.seconds : 0.0)
      << "\n\n";
  out << pad("agent", width) << "  role         games      WP   WP 95% CI          ADP   ADP 95% CI\n";
  for (size_t i = 0; i < result.agents.size(); ++i) {
    const AgentResult& a = result.agents[i];
    out << role_row(names[i], width, "landlord", a.landlord);
    out << role_row(names[i], width, "farmers", a.farmer);
    out << role_row(names[i], width, "all", a.total());
  }
  if (result.cpu_clock != CpuClock::Off)
    out << "\nCPU time per move, play() only (" << clock_note(result.cpu_clock) << "; bids apart)\n";
  if (result.cpu_clock != CpuClock::Off)
    out << pad("agent", width) << "     moves   total s    mean ms     p50 ms     p90 ms   bids  bid ms\n";
  for (size_t i = 0; i < result.agents.size() && result.cpu_clock != CpuClock::Off; ++i) {
    const CpuTimeStats& c = result.agents[i].cpu;
    char buf[256];
    std::snprintf(buf, sizeof buf, "  %8lld  %8.2f  %9.3f  %9.3f  %9.3f  %5lld  %6.3f\n", (long long)c.moves(),
                  c.seconds(), c.mean_ms(), c.quantile_ms(0.5), c.quantile_ms(0.9), (long long)c.bids(),
                  c.bid_mean_ms());
    out << pad(names[i], width) << buf;
  }
  for (const PairResult& p : result.pairs) {
    const std::string& na = names[size_t(p.a)];
    const std::string& nb = names[size_t(p.b)];
    out << "\n" << na << " vs " << nb << ": " << p.deals << " deals\n";
    // With one pair its per-role table is the summary's above; it is printed for round robins only.
    if (result.pairs.size() > 1) {
      out << role_row(na, width, "landlord", p.a_landlord) << role_row(na, width, "farmers", p.a_farmer);
      out << role_row(nb, width, "landlord", p.b_landlord) << role_row(nb, width, "farmers", p.b_farmer);
    }
    const Interval s = p.paired_score.ci95();
    const Interval w = p.paired_wins.ci95();
    out << "paired per deal for " << na << ": score " << fmt("%+.3f [%+.3f, %+.3f]", p.paired_score.mean(), s.lo, s.hi)
        << ", wins minus " << nb << "'s / 2 " << fmt("%+.3f [%+.3f, %+.3f]", p.paired_wins.mean(), w.lo, w.hi) << "\n";
    out << "verdict: " << p.verdict(names) << "\n";
  }
  return out.str();
}

std::string arena_json(const ArenaResult& result, int indent) {
  const auto names = arena_agent_names(result);
  nlohmann::json j;
  j["seed"] = result.seed;
  j["deals_per_pair"] = result.deals;
  j["bidding"] = result.bidding;
  j["games"] = result.games;
  j["seconds"] = result.seconds;
  j["cpu_clock"] = cpu_clock_name(result.cpu_clock);
  j["agents"] = nlohmann::json::array();
  for (size_t i = 0; i < result.agents.size(); ++i) {
    const AgentResult& a = result.agents[i];
    j["agents"].push_back(
        {{"name", names[i]},
         {"spec", a.spec},
         {"landlord", role_json(a.landlord)},
         {"farmers", role_json(a.farmer)},
         {"all", role_json(a.total())},
         {"cpu", result.cpu_clock == CpuClock::Off ? nlohmann::json() : cpu_json(a.cpu, result.cpu_clock)}});
  }
  j["pairs"] = nlohmann::json::array();
  for (const PairResult& p : result.pairs) {
    const Interval s = p.paired_score.ci95();
    const Interval w = p.paired_wins.ci95();
    j["pairs"].push_back(
        {{"a", names[size_t(p.a)]},
         {"b", names[size_t(p.b)]},
         {"deals", p.deals},
         {"a_landlord", role_json(p.a_landlord)},
         {"a_farmers", role_json(p.a_farmer)},
         {"b_landlord", role_json(p.b_landlord)},
         {"b_farmers", role_json(p.b_farmer)},
         {"paired_score", {{"mean", p.paired_score.mean()}, {"ci95", {s.lo, s.hi}}, {"p_value", p.p_value()}}},
         {"paired_wins", {{"mean", p.paired_wins.mean()}, {"ci95", {w.lo, w.hi}}}},
         {"verdict", p.verdict(names)}});
  }
  return j.dump(indent) + "\n";
}

std::string arena_csv(const ArenaResult& result) {
  const auto names = arena_agent_names(result);
  std::string out =
      "scope,agent,role,games,wins,wp,wp_lo,wp_hi,adp,adp_lo,adp_hi,moves,cpu_s,cpu_ms_mean,cpu_ms_p50,cpu_ms_p90,"
      "bids,bid_cpu_s\n";
  for (size_t i = 0; i < result.agents.size(); ++i) {
    const AgentResult& a = result.agents[i];
    out += csv_row("all", names[i], "landlord", a.landlord);
    out += csv_row("all", names[i], "farmers", a.farmer);
    const CpuTimeStats& c = a.cpu;
    char buf[200];
    std::snprintf(buf, sizeof buf, ",%lld,%.6f,%.6f,%.6f,%.6f,%lld,%.6f", (long long)c.moves(), c.seconds(),
                  c.mean_ms(), c.quantile_ms(0.5), c.quantile_ms(0.9), (long long)c.bids(), c.bid_seconds());
    out += csv_row("all", names[i], "all", a.total(), result.cpu_clock == CpuClock::Off ? kNoCpuColumns : buf);
  }
  for (const PairResult& p : result.pairs) {
    const std::string& na = names[size_t(p.a)];
    const std::string& nb = names[size_t(p.b)];
    const std::string scope = na + " vs " + nb;
    out += csv_row(scope, na, "landlord", p.a_landlord) + csv_row(scope, na, "farmers", p.a_farmer);
    out += csv_row(scope, nb, "landlord", p.b_landlord) + csv_row(scope, nb, "farmers", p.b_farmer);
    const Interval s = p.paired_score.ci95();
    char buf[160];
    std::snprintf(buf, sizeof buf, ",paired,%lld,,,,,%.6f,%.6f,%.6f%s\n", (long long)p.deals, p.paired_score.mean(),
                  s.lo, s.hi, kNoCpuColumns);
    out += csv_field(scope) + "," + csv_field(na) + buf;
  }
  return out;
}

}  // namespace ddz
