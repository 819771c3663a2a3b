// The last search of a search agent and its JSON form (serve/search_report.h).
#include "serve/search_report.h"

#include "agent/gumbel_agent.h"
#include "agent/mcts_agent.h"
#include "agent/mcts_net_agent.h"

namespace ddz {

const SearchResult* last_search_of(const Agent& agent) {
  if (const auto* mcts = dynamic_cast<const MctsAgent*>(&agent)) return &mcts->last_search();
  if (const auto* mcts_net = dynamic_cast<const MctsNetAgent*>(&agent)) return &mcts_net->last_search();
  if (const auto* gumbel = dynamic_cast<const GumbelAgent*>(&agent)) return &gumbel->last_search();
  return nullptr;
}

nlohmann::ordered_json search_to_json(const Observation& obs, const SearchResult& r, const std::string& spec) {
  nlohmann::ordered_json j;
  j["agent"] = spec;
  j["seat"] = obs.seat;
  j["role"] = role_name(obs.role());
  j["hand"] = to_string(obs.hand);
  j["to_beat"] = to_string(obs.to_beat);
  j["cards_left"] = obs.cards_left;
  j["simulations"] = r.simulations;
  j["tree_nodes"] = r.tree_nodes;
  j["solver_calls"] = r.solver_calls;
  j["solver_overflows"] = r.solver_overflows;
  j["seconds"] = r.seconds;
  j["chosen"] = to_string(r.best);
  nlohmann::ordered_json moves = nlohmann::ordered_json::array();
  for (const RootMoveStats& m : r.moves)
    moves.push_back({{"move", to_string(m.move)},
                     {"type", type_name(m.move.type)},
                     {"visits", m.visits},
                     {"value", m.value},
                     {"prior", m.prior},
                     {"available", m.available}});
  j["moves"] = moves;
  return j;
}

}  // namespace ddz
