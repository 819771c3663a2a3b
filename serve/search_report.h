// The last search of a search agent (mcts, mcts+net, gumbel and pretrained, which is one of
// them) and its JSON form: shared by `ddz analyse` and the web page's hint and explanations.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "agent/agent.h"
#include "search/mcts.h"

namespace ddz {

// The root statistics of the agent's last play(), or nullptr when the agent does not search
// (random, heuristic, net).
const SearchResult* last_search_of(const Agent& agent);

// What a search agent's move values mean. "win": the mean result from the mover's side, +1 a
// win and -1 a loss, so 2 x P(win) - 1 in [-1, 1] (mcts, mcts+net, gumbel with stakes=0).
// "stake": each simulated result is multiplied by 1 + w x (stake reached / stake now - 1) (gumbel
// with stakes=w > 0; the shipped agent has w = 1): with w = 1 the expected result in units of the
// stake now, so a bomb that doubles the stake and wins counts +2; values may leave [-1, 1].
struct ValueUnit {
  std::string unit = "win";  // "win" or "stake"
  double stake_weight = 0;  // w, for "stake"
};
ValueUnit value_unit_of(const Agent& agent);

// One sentence saying which rule picked the last move of `agent` from `result` (a search agent's
// last play() at `obs`): the only legal move, the policy's choice without a search (and why), the
// most visited move (mcts), or sequential halving's pick by logit + sigma(value) (gumbel).
std::string search_rule(const Agent& agent, const Observation& obs, const SearchResult& result);

// Position, budget figures, the chosen move and every candidate move with its visits, mean
// value (the acting side's view, in `value_unit`), prior and availability, and the rule that
// picked the move; `spec` names the agent.
nlohmann::ordered_json search_to_json(const Agent& agent, const Observation& obs, const SearchResult& result,
                                      const std::string& spec);

}  // namespace ddz
