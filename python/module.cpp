// The compiled part (ddz._ddz) of the Python package ddz: the rules engine, features, agents,
// solvers, arena and RLCard's environment interface (docs/python.md), one python/bind_*.cpp each.
#include "python/bindings.h"

PYBIND11_MODULE(_ddz, m) {
  // The package ddz re-exports this module (python/ddz/__init__.py): the classes say they are
  // ddz.Env, ddz.Game, ..., which is where pickle and the signatures in docstrings find them.
  const pybind11::object full_name = m.attr("__name__");
  m.attr("__name__") = "ddz";
  m.doc() =
      "Dou Dizhu engine, exact solvers, agents and arena of the ddz project, with an environment RLCard's "
      "code runs on (ddz.make, ddz.Env). Cards use the project's notation (RULES.md); moves are canonical strings "
      "or action ids of the catalogue.";
  ddz::py::bind_cards(m);
  ddz::py::bind_game(m);
  ddz::py::bind_features(m);
  ddz::py::bind_agent(m);
  ddz::py::bind_solver(m);
  ddz::py::bind_arena(m);
  ddz::py::bind_env(m);
  ddz::py::bind_vec_env(m);
  m.attr("__name__") = full_name;
}
