// The last search of a search agent (mcts, mcts+net, gumbel and pretrained, which is one of
// them) and its JSON form: shared by `ddz analyse` and the web page's hint.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "agent/agent.h"
#include "search/mcts.h"

namespace ddz {

// The root statistics of the agent's last play(), or nullptr when the agent does not search
// (random, heuristic, net).
const SearchResult* last_search_of(const Agent& agent);

// Position, budget figures, the chosen move and every candidate move with its visits, mean
// value (the acting side's view), prior and availability; `spec` names the agent.
nlohmann::ordered_json search_to_json(const Observation& obs, const SearchResult& result, const std::string& spec);

}  // namespace ddz
