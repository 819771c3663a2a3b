// The SPRT match loop: blocks of deals on worker threads, then the test fed in deal order.
#include "arena/sprt_match.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "agent/factory.h"

namespace ddz {

SprtMatchResult run_sprt_match(const ArenaConfig& config, const SprtConfig& sprt_config) {
  if (config.agents.size() != 2)
    throw std::invalid_argument("an SPRT match needs exactly two agents, got " + std::to_string(config.agents.size()));
  if (config.deals < 1) throw std::invalid_argument("an SPRT match needs at least one deal");
  if (config.threads < 1 || config.threads > 256)
    throw std::invalid_argument("threads must be in 1..256, got " + std::to_string(config.threads));
  if (!config.records_path.empty()) throw std::invalid_argument("an SPRT match writes no records");
  for (const auto& spec : config.agents) make_agent(spec);

  SprtMatchResult out{empty_arena_result(config), Sprt(sprt_config), SprtState::Continue};
  out.arena.deals = 0;
  const int threads = config.threads;
  std::vector<std::array<std::unique_ptr<Agent>, kNumSeats>> a(static_cast<size_t>(threads)),
      b(static_cast<size_t>(threads));
  const int64_t block = int64_t(threads) * 8;
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::array<ArenaGame, 2>> games;
  for (int64_t first = 0; first < config.deals && out.state == SprtState::Continue; first += block) {
    const int64_t last = std::min(config.deals, first + block);
    games.assign(size_t(last - first), {});
    std::atomic<int64_t> next{first};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto worker = [&](int t) {
      try {
        DuplicateAgents da;
        for (int seat = 0; seat < kNumSeats; ++seat) {
          auto& ia = a[size_t(t)][size_t(seat)];
          auto& ib = b[size_t(t)][size_t(seat)];
          if (!ia) ia = make_agent(config.agents[0]);
          if (!ib) ib = make_agent(config.agents[1]);
          da.a[size_t(seat)] = ia.get();
          da.b[size_t(seat)] = ib.get();
        }
        for (int64_t d = next.fetch_add(1); d < last; d = next.fetch_add(1))
          games[size_t(d - first)] = play_duplicate_deal(config.seed, d, config.rules, da, nullptr, config.cpu_clock);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
    worker(0);
    for (auto& th : pool) th.join();
    if (error) std::rethrow_exception(error);
    for (const auto& g : games) {
      add_duplicate_deal(out.arena, 0, g);
      ++out.arena.deals;
      out.arena.games += 2;
      out.sprt.add_wins(int(g[0].side_score(0) > 0) + int(g[1].side_score(0) > 0));
      out.state = out.sprt.state();
      if (out.state != SprtState::Continue) break;
    }
    if (config.progress) config.progress(2 * out.arena.deals, 2 * config.deals);
  }
  out.arena.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace ddz
