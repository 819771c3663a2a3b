// The Gumbel search's settings table: names, ranges and help of every setting, in one place.
#include "search/gumbel_settings.h"

namespace ddz {

namespace {

SettingsTable<WorldInference> make_inference_table() {
  SettingsTable<WorldInference> t;
  t.group("search (Gumbel)");
  t.add("infer", &WorldInference::mismatch_weight, reals(0.001, 1.0),
        "world inference: a sampled world counts infer^m, m = how many of the other seats' last infer_moves plays "
        "the rollout player would have made differently in it; 1 = off, every world counts the same");
  t.add("infer_moves", &WorldInference::last_moves, ints(0, 1000),
        "how many of the other seats' latest plays world inference weighs (0 = all)");
  t.add("infer_draws", &WorldInference::draws, ints(1, 10000),
        "> 1: each world is drawn by rejection (kept with probability its weight, at most infer_draws draws) and "
        "counts 1, instead of a weighted mean over uniform draws");
  return t;
}

SettingsTable<GumbelSettings> make_table() {
  using G = GumbelSettings;
  SettingsTable<G> t;
  t.group("search (Gumbel)");
  t.add("sims", &G::sims, ints(1, 100000), "simulations per searched move");
  t.add("k", &G::k, ints(1, 64), "candidates kept by Gumbel top-k before sequential halving (at most sims)");
  t.add("c_visit", &G::c_visit, reals(0, 1e6), "sigma(q) = (c_visit + max visits) * c_scale * q");
  t.add("c_scale", &G::c_scale, reals(0, 1e3), "how far the simulations' values move the policy's logits");
  t.add("rollout_mix", &G::rollout_mix, reals(0, 1),
        "share of a rollout in a simulation's value, the rest from the value network (1 = rollouts alone)");
  t.add("solver", &G::solver_cards, ints(0, 54),
        "worlds with at most this many cards in all hands are scored by the exact endgame solver (0 = never)");
  t.add("rollout_solver", &G::rollout_solver_cards, ints(0, 54),
        "rollouts stop at this many cards in all hands and the exact solver scores the rest (0 = play to the end)");
  t.add("rollout_plies", &G::rollout_plies, ints(0, 1000),
        "rollouts stop after this many plies and the value network scores where they stopped (0 = play to the end)");
  t.add("solver_nodes", &G::solver_nodes, ints(0, int64_t(1) << 40),
        "node cap of one exact solve; over it the usual value is used (0 = none)");
  t.embed(make_inference_table(), &G::inference);
  t.add("stakes", &G::stake_weight, reals(0, 1),
        "a simulation counts its result times 1 + stakes * (stake reached / stake now - 1): 1 = expected points, "
        "0 = wins");
  t.add("confident", &G::confident, reals(0, 1),
        "a move the policy gives at least this probability is played unsearched (1 = search every move)");
  t.add("rollout", &G::rollout_policy, one_of({"heuristic", "net"}),
        "who plays the rollouts: the heuristic, or the network's policy (argmax) in every seat");
  t.add("others", &G::rollout_others, one_of({"net", "heuristic", "seats"}),
        "with rollout net, who plays the opposing side in the rollouts (seats: self-play's pool games only, each "
        "seat by who sits there)");
  return t;
}

}  // namespace

const SettingsTable<GumbelSettings>& gumbel_settings_table() {
  static const SettingsTable<GumbelSettings> table = make_table();
  return table;
}

}  // namespace ddz
