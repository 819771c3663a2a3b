// The last search of a search agent, what its values mean, the rule that picked its move and
// their JSON form (serve/search_report.h).
#include "serve/search_report.h"

#include <sstream>

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

ValueUnit value_unit_of(const Agent& agent) {
  ValueUnit u;
  if (const auto* gumbel = dynamic_cast<const GumbelAgent*>(&agent)) {
    const double w = gumbel->options().search.stake_weight;
    if (w > 0) {
      u.unit = "stake";
      u.stake_weight = w;
    }
  }
  return u;
}

std::string search_rule(const Agent& agent, const Observation& obs, const SearchResult& r) {
  std::ostringstream out;
  if (r.moves.size() <= 1) return "The only legal move: there was nothing to choose.";
  if (const auto* gumbel = dynamic_cast<const GumbelAgent*>(&agent)) {
    const GumbelAgentOptions& o = gumbel->options();
    if (r.simulations == 0) {
      const int cards = obs.cards_left[0] + obs.cards_left[1] + obs.cards_left[2];
      if (cards > o.search_cards)
        out << "With " << cards << " cards in all hands (more than search_cards=" << o.search_cards
            << ") the network's most probable move is played without a search.";
      else
        out << "The network gave this move at least " << o.search.confident
            << " probability (confident=" << o.search.confident << "), so it was played without a search.";
      return out.str();
    }
    out << "Sequential halving over the network's " << o.search.k
        << " most probable moves keeps, round after round, the half with the largest network logit + sigma(value), "
           "sigma = ("
        << o.search.c_visit << " + most visits) x " << o.search.c_scale
        << " x (value + 1) / 2, and plays the last one left, so a move the network strongly prefers can beat a "
           "higher value.";
    return out.str();
  }
  return "The most visited move is played (ties: the higher value); the search sends its visits to the moves "
         "with the best value and prior.";
}

nlohmann::ordered_json search_to_json(const Agent& agent, const Observation& obs, const SearchResult& r,
                                      const std::string& spec) {
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
  const ValueUnit unit = value_unit_of(agent);
  j["value_unit"] = unit.unit;
  if (unit.unit == "stake") j["stakes"] = unit.stake_weight;
  j["rule"] = search_rule(agent, obs, r);
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
