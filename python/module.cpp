// The Python module `ddz`: the rules engine, features, agents, solvers, arena and an RLCard-style
// environment from Python (docs/python.md). Each part is bound in its own python/bind_*.cpp.
#include "python/bindings.h"

PYBIND11_MODULE(ddz, m) {
  m.doc() =
      "Dou Dizhu engine, exact solvers, agents and arena of the ddz project, with an RLCard-style "
      "environment (ddz.Env). Cards use the project's notation (RULES.md); moves are canonical strings "
      "or action ids of the catalogue.";
  ddz::py::bind_cards(m);
  ddz::py::bind_game(m);
  ddz::py::bind_features(m);
  ddz::py::bind_agent(m);
  ddz::py::bind_solver(m);
  ddz::py::bind_arena(m);
  ddz::py::bind_env(m);
  ddz::py::bind_vec_env(m);
}
