// Arena matches between agents on duplicate deals: every deal is played twice with the agents'
// seats swapped so that the luck of the cards cancels; round robin over more than two agents.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "arena/arena_stats.h"
#include "arena/cpu_time.h"
#include "game/rules.h"
#include "game/state.h"

namespace ddz {

// Duplicate structure, for a pair (A, B) and deal d (the same deals for every pair):
// - deal_seed = Rng::mix(seed, d); GameState(deal_seed, rules) deals the cards (and, with
//   bidding, fixes the first bidder), so both replays see exactly the same deal.
// - replay 0: A sits in seat 0, B in seats 1 and 2; replay 1: B in seat 0, A in seats 1 and 2.
// - Without bidding the landlord is seat 0 (it takes the kitty), so A is landlord in replay 0 and
//   B in replay 1: each agent plays each side of every deal once.
// - With bidding the agents bid as seated (first bidder fixed per deal), so each agent sees every
//   hand once, and whoever wins the bidding is landlord; an agent may then be landlord in both,
//   one or neither replay. A deal all three pass is redealt from the deal's own random stream,
//   so the two replays may then play different cards (rare; the pairing is weaker there).
// - Each agent instance gets new_game(Rng::mix(Rng::mix(deal_seed, replay + 1), seat + 1)).
// Results do not depend on the thread count: every game's seeds come from (seed, deal, replay),
// every thread has its own agent instances, and results are aggregated in deal order.
// Every bid() and play() call is timed on a CPU clock (arena/cpu_time.h) and aggregated per agent
// the same way; only the times themselves vary from run to run.
struct ArenaConfig {
  std::vector<std::string> agents;  // at least two agent specs; every pair i < j plays
  int64_t deals = 1000;  // duplicate deals per pair (2 games each)
  uint64_t seed = 1;
  int threads = 1;
  Rules rules;  // rules.bidding, doubling switches; fixed_landlord is forced to 0
  std::string records_path;  // when set, every game as one JSON line (written atomically)
  // Clock of the per-move CPU times. Process counts an agent's own search threads but is only
  // right when nothing else in the process runs: one arena thread, no other work (ddz arena
  // --threads 1); Thread is right anywhere but misses those search threads; Off times nothing
  // (AgentResult::cpu stays empty) for matches of agents that take microseconds a move.
  CpuClock cpu_clock = CpuClock::Thread;
  // Called from the calling thread with games finished so far and the total.
  std::function<void(int64_t done, int64_t total)> progress;
};

// One game as the arena saw it.
struct ArenaGame {
  int64_t deal = 0;
  int replay = 0;  // 0: A in seat 0; 1: B in seat 0
  std::array<int, kNumSeats> agent{};  // agent index per seat
  int landlord = 0;  // seat
  bool landlord_won = false;
  int stake = 0;
  std::array<int, kNumSeats> scores{};
  Deal dealt;  // the cards the game was played with, to check that replays share them
  std::array<DecisionTimes, kNumSeats> times;  // CPU time of each seat's bids and moves
  int landlord_agent() const { return agent[size_t(landlord)]; }
  // The side score (RULES.md ADP: +-2 x stake) of the side agent index `who` played in this game.
  int side_score(int who) const;
};

struct PairResult {
  int a = 0, b = 1;  // agent indices
  int64_t deals = 0;
  RoleStats a_landlord, a_farmer, b_landlord, b_farmer;
  // Per deal, A's side score summed over both replays (B's is its negation, the game being
  // zero-sum): the paired difference that the verdict tests.
  RunningStat paired_score;
  // Per deal, A's wins minus B's wins over the two replays (-2, 0 or 2), halved: -1, 0 or 1.
  RunningStat paired_wins;
  double p_value() const { return two_sided_p(paired_score); }
  // "A is stronger than B: ...", or that the difference is not significant at 95%.
  std::string verdict(const std::vector<std::string>& names) const;
};

struct AgentResult {
  std::string spec;
  RoleStats landlord, farmer;
  CpuTimeStats cpu;  // every bid and move it made in the match
  RoleStats total() const;
};

struct ArenaResult {
  std::vector<AgentResult> agents;
  std::vector<PairResult> pairs;
  int64_t games = 0;
  double seconds = 0.0;
  uint64_t seed = 0;
  int64_t deals = 0;
  bool bidding = false;
  CpuClock cpu_clock = CpuClock::Thread;
};

// The result of a match before any game: the agents and every pair i < j, with no games.
ArenaResult empty_arena_result(const ArenaConfig& config);
// Adds both games of one duplicate deal of result.pairs[pair] (as play_duplicate_deal returns
// them) to the pair's and the agents' figures; run_arena calls it in deal order, and a caller
// that plays deals one at a time (the web page's arena view) reads the figures between deals.
// result.games and result.seconds are the caller's.
void add_duplicate_deal(ArenaResult& result, size_t pair, const std::array<ArenaGame, 2>& games);

// Plays the whole match. Throws AgentSpecError for a bad spec (before any game starts),
// std::invalid_argument for bad settings, std::logic_error naming agent and seat when an agent
// makes an illegal bid or move, std::runtime_error when the records file cannot be written.
ArenaResult run_arena(const ArenaConfig& config);

// The agent instances one thread uses for a pair: one instance per seat for each agent, since
// an agent may keep per-game state for the seat it plays.
struct DuplicateAgents {
  std::array<Agent*, kNumSeats> a{};
  std::array<Agent*, kNumSeats> b{};
  int index_a = 0;
  int index_b = 1;
};

// Plays one deal of a pair (both replays, seats as described above); when `records` is given,
// fills it with each game's JSON record line; every decision is timed on `clock` into
// ArenaGame::times. Exposed so tests can check the duplicate structure.
std::array<ArenaGame, 2> play_duplicate_deal(uint64_t seed, int64_t deal, const Rules& rules,
                                             const DuplicateAgents& agents,
                                             std::array<std::string, 2>* records = nullptr,
                                             CpuClock clock = CpuClock::Thread);

// Splits "--agents" text into specs: a piece that is a key=value setting continues the spec
// before it, any other piece starts a new spec ("mcts:sims=100,threads=2,random" -> 2 specs,
// "heuristic,bogus" -> 2 specs, the second rejected later by the factory). Specs with more than
// one positional argument cannot be written this way; pass them with repeated --agent flags.
std::vector<std::string> split_agent_list(const std::string& text);

}  // namespace ddz
