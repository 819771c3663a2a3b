// Arena: duplicate deals between pairs of agents, spread over threads with per-thread agent
// instances, aggregated in deal order so results and records never depend on the thread count.
#include "arena/arena.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <fstream>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "agent/factory.h"
#include "arena/game_record.h"
#include "agent/play_game.h"
#include "game/observation.h"
#include "models/weights.h"

namespace ddz {

int ArenaGame::side_score(int who) const {
  const int landlord_score = scores[size_t(landlord)];
  return landlord_agent() == who ? landlord_score : -landlord_score;
}

RoleStats AgentResult::total() const {
  RoleStats t = landlord;
  t.merge(farmer);
  return t;
}

std::string PairResult::verdict(const std::vector<std::string>& names) const {
  const std::string& na = names[size_t(a)];
  const std::string& nb = names[size_t(b)];
  const Interval ci = paired_score.ci95();
  char buf[256];
  const double m = paired_score.mean();
  const bool significant = paired_score.count() > 1 && !ci.contains(0.0);
  if (!significant) {
    std::snprintf(
        buf, sizeof buf,
        "no significant difference between %s and %s: %+.3f points/deal for %s (95%% CI %+.3f..%+.3f, p=%.3g)",
        na.c_str(), nb.c_str(), m, na.c_str(), ci.lo, ci.hi, p_value());
  } else {
    const bool a_better = m > 0;
    std::snprintf(buf, sizeof buf, "%s is stronger than %s: %+.3f points/deal (95%% CI %+.3f..%+.3f, p=%.3g)",
                  (a_better ? na : nb).c_str(), (a_better ? nb : na).c_str(), a_better ? m : -m,
                  a_better ? ci.lo : -ci.hi, a_better ? ci.hi : -ci.lo, p_value());
  }
  return buf;
}

namespace {

// Games per work item (one duplicate deal) and deals handed to a thread at a time.
constexpr int64_t kChunk = 8;
// Deals per block: records of a block are kept in memory and written in order after it.
constexpr int64_t kBlock = 4096;

std::string pieces_kind(const std::string& piece) {
  const size_t colon = piece.find(':');
  std::string kind = piece.substr(0, colon);
  const size_t b = kind.find_first_not_of(" \t");
  const size_t e = kind.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : kind.substr(b, e - b + 1);
}

}  // namespace

std::array<ArenaGame, 2> play_duplicate_deal(uint64_t seed, int64_t deal, const Rules& rules_in,
                                             const DuplicateAgents& agents, std::array<std::string, 2>* records,
                                             CpuClock clock) {
  Rules rules = rules_in;
  rules.fixed_landlord = 0;
  const uint64_t deal_seed = Rng::mix(seed, uint64_t(deal));
  std::array<ArenaGame, 2> out;
  for (int replay = 0; replay < 2; ++replay) {
    const bool a_first = replay == 0;
    const std::array<Agent*, kNumSeats> seats =
        a_first ? std::array<Agent*, kNumSeats>{agents.a[0], agents.b[1], agents.b[2]}
                : std::array<Agent*, kNumSeats>{agents.b[0], agents.a[1], agents.a[2]};
    const uint64_t agent_seed = Rng::mix(deal_seed, uint64_t(replay) + 1);
    ArenaGame& g = out[size_t(replay)];
    std::array<TimedAgent, kNumSeats> timed{TimedAgent(*seats[0], clock, g.times[0]),
                                            TimedAgent(*seats[1], clock, g.times[1]),
                                            TimedAgent(*seats[2], clock, g.times[2])};
    const GameState state = clock == CpuClock::Off
                                ? play_game(seats, deal_seed, agent_seed, rules)
                                : play_game({&timed[0], &timed[1], &timed[2]}, deal_seed, agent_seed, rules);
    g.deal = deal;
    g.replay = replay;
    g.agent = a_first ? std::array<int, kNumSeats>{agents.index_a, agents.index_b, agents.index_b}
                      : std::array<int, kNumSeats>{agents.index_b, agents.index_a, agents.index_a};
    g.landlord = state.landlord();
    g.landlord_won = state.landlord_won();
    g.stake = state.stake();
    g.scores = state.scores();
    g.dealt = state.initial_deal();
    if (records) {
      const std::array<std::string, kNumSeats> specs{seats[0]->spec(), seats[1]->spec(), seats[2]->spec()};
      (*records)[size_t(replay)] = record_to_json(state, specs, deal_seed).dump();
    }
  }
  return out;
}

std::vector<std::string> split_agent_list(const std::string& text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    const std::string piece = text.substr(pos, comma - pos);
    pos = comma + 1;
    // A key=value piece (its '=' before any ':') continues the spec before it, unless it names a
    // known kind; anything else starts a new spec (and an unknown kind is reported by the factory).
    const size_t eq = piece.find('=');
    const bool setting = eq != std::string::npos && eq < piece.find(':');
    if (out.empty() || is_agent_kind(pieces_kind(piece)) || !setting) out.push_back(piece);
    else out.back() += "," + piece;
    if (comma == text.size()) break;
  }
  return out;
}

ArenaResult empty_arena_result(const ArenaConfig& config) {
  ArenaResult result;
  result.seed = config.seed;
  result.deals = config.deals;
  result.bidding = config.rules.bidding;
  result.cpu_clock = config.cpu_clock;
  for (const auto& spec : config.agents) result.agents.push_back(AgentResult{spec, {}, {}});
  for (int i = 0; i < int(config.agents.size()); ++i)
    for (int j = i + 1; j < int(config.agents.size()); ++j) {
      PairResult pr;
      pr.a = i;
      pr.b = j;
      result.pairs.push_back(pr);
    }
  return result;
}

void add_duplicate_deal(ArenaResult& result, size_t pair, const std::array<ArenaGame, 2>& games) {
  PairResult& pr = result.pairs.at(pair);
  int a_score = 0, a_wins = 0, b_wins = 0;
  for (const ArenaGame& g : games) {
    for (int seat = 0; seat < kNumSeats; ++seat)
      result.agents[size_t(g.agent[size_t(seat)])].cpu.add(g.times[size_t(seat)]);
    for (int who : {pr.a, pr.b}) {
      const bool landlord = g.landlord_agent() == who;
      const int side = g.side_score(who);
      const bool won = side > 0;
      AgentResult& ar = result.agents[size_t(who)];
      (landlord ? ar.landlord : ar.farmer).add(won, side);
      if (who == pr.a) (landlord ? pr.a_landlord : pr.a_farmer).add(won, side);
      else (landlord ? pr.b_landlord : pr.b_farmer).add(won, side);
      if (won) ++(who == pr.a ? a_wins : b_wins);
    }
    a_score += g.side_score(pr.a);
  }
  ++pr.deals;
  pr.paired_score.add(double(a_score));
  pr.paired_wins.add(double(a_wins - b_wins) / 2.0);
}

ArenaResult run_arena(const ArenaConfig& config) {
  const size_t n_agents = config.agents.size();
  if (n_agents < 2) throw std::invalid_argument("arena needs at least two agents, got " + std::to_string(n_agents));
  if (config.deals < 1)
    throw std::invalid_argument("arena needs at least one deal, got " + std::to_string(config.deals));
  if (config.threads < 1 || config.threads > 256)
    throw std::invalid_argument("threads must be in 1..256, got " + std::to_string(config.threads));

  // Build every spec once up front so that a bad spec fails before any game is played.
  for (const auto& spec : config.agents) make_agent(spec);

  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < int(n_agents); ++i)
    for (int j = i + 1; j < int(n_agents); ++j) pairs.emplace_back(i, j);
  const int64_t items = int64_t(pairs.size()) * config.deals;
  const int64_t total_games = 2 * items;

  ArenaResult result = empty_arena_result(config);

  const bool want_records = !config.records_path.empty();
  // Records go to a temporary file renamed over the target at the end (a failed run leaves the
  // old file), except into a device or FIFO (/dev/stdout), which is written directly.
  const WriteTarget records_target = want_records ? write_target(config.records_path) : WriteTarget{};
  const std::string tmp_path =
      records_target.rename_over ? records_target.path + ".tmp" : std::string(records_target.path);
  std::ofstream records_out;
  if (want_records) {
    records_out.open(tmp_path, std::ios::out | std::ios::trunc);
    if (!records_out) throw std::runtime_error("cannot write records file " + tmp_path);
  }

  // Per thread, per agent, one instance per seat; created lazily in the thread that uses it.
  const int threads = int(std::min<int64_t>(config.threads, items));
  std::vector<std::vector<std::array<std::unique_ptr<Agent>, kNumSeats>>> instances(static_cast<size_t>(threads));
  for (auto& per_thread : instances) per_thread.resize(n_agents);

  const auto start = std::chrono::steady_clock::now();
  std::vector<std::array<ArenaGame, 2>> block_games;
  std::vector<std::array<std::string, 2>> block_records;
  int64_t games_done_before = 0;

  for (int64_t block_start = 0; block_start < items; block_start += kBlock) {
    const int64_t block_end = std::min(items, block_start + kBlock);
    const int64_t block_size = block_end - block_start;
    block_games.assign(size_t(block_size), {});
    if (want_records) block_records.assign(size_t(block_size), {});
    std::atomic<int64_t> next{block_start};
    std::atomic<int64_t> finished{0};
    std::atomic<bool> failed{false};
    std::exception_ptr error;
    std::mutex error_mutex;

    auto worker = [&](int t) {
      try {
        auto& mine = instances[size_t(t)];
        while (!failed.load(std::memory_order_relaxed)) {
          const int64_t first = next.fetch_add(kChunk);
          if (first >= block_end) break;
          const int64_t last = std::min(block_end, first + kChunk);
          for (int64_t item = first; item < last; ++item) {
            const auto& pair = pairs[size_t(item / config.deals)];
            const int64_t deal = item % config.deals;
            DuplicateAgents da;
            da.index_a = pair.first;
            da.index_b = pair.second;
            for (int seat = 0; seat < kNumSeats; ++seat) {
              auto& ia = mine[size_t(pair.first)][size_t(seat)];
              auto& ib = mine[size_t(pair.second)][size_t(seat)];
              if (!ia) ia = make_agent(config.agents[size_t(pair.first)]);
              if (!ib) ib = make_agent(config.agents[size_t(pair.second)]);
              da.a[size_t(seat)] = ia.get();
              da.b[size_t(seat)] = ib.get();
            }
            const size_t slot = size_t(item - block_start);
            block_games[slot] = play_duplicate_deal(config.seed, deal, config.rules, da,
                                                    want_records ? &block_records[slot] : nullptr, config.cpu_clock);
          }
          finished.fetch_add(last - first);
          if (t == 0 && config.progress) config.progress(games_done_before + 2 * finished.load(), total_games);
        }
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
        failed = true;
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
    worker(0);
    for (auto& th : pool) th.join();
    if (error) {
      if (want_records) {
        records_out.close();
        if (records_target.rename_over) std::remove(tmp_path.c_str());
      }
      std::rethrow_exception(error);
    }

    // Aggregate in deal order.
    for (int64_t k = 0; k < block_size; ++k) {
      const int64_t item = block_start + k;
      add_duplicate_deal(result, size_t(item / config.deals), block_games[size_t(k)]);
      if (want_records) {
        for (const auto& line : block_records[size_t(k)]) records_out << line << '\n';
      }
    }
    result.games += 2 * block_size;
    games_done_before += 2 * block_size;
    if (config.progress) config.progress(games_done_before, total_games);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (want_records) {
    records_out.close();
    if (!records_out) throw std::runtime_error("error writing records file " + tmp_path);
    if (records_target.rename_over && std::rename(tmp_path.c_str(), records_target.path.c_str()) != 0)
      throw std::runtime_error("cannot rename " + tmp_path + " to " + records_target.path);
  }
  return result;
}

}  // namespace ddz
