// Formatting of arena results: a text table for people, JSON and CSV for programs.
#pragma once
#include <string>

#include "arena/arena.h"

namespace ddz {

// Display names of the agents: their specs, with " #i" appended where a spec repeats.
std::vector<std::string> arena_agent_names(const ArenaResult& result);

// Header line, per agent x role table (WP and ADP with 95% CIs), per agent CPU time per move,
// per pair lines and verdicts; each pair's own role table only when there are several pairs
// (with one pair it would repeat the summary).
std::string arena_text(const ArenaResult& result, int threads);
// One JSON object (pretty-printed with `indent` >= 0, one line otherwise).
std::string arena_json(const ArenaResult& result, int indent = 2);
// Rows "scope,agent,role,games,wins,wp,wp_lo,wp_hi,adp,adp_lo,adp_hi,moves,cpu_s,cpu_ms_mean,
// cpu_ms_p50,cpu_ms_p90,bids,bid_cpu_s" with a header: scope "all" for an agent over the whole
// match, "A vs B" for its games in one pair, and per pair a role "paired" row whose adp columns
// hold A's per-deal paired score (games = deals). The CPU columns (play() moves and their CPU
// time, bids apart) are filled on each agent's "all","all" row only and empty elsewhere.
std::string arena_csv(const ArenaResult& result);

}  // namespace ddz
