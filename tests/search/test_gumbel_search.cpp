// Gumbel search (search/gumbel_search.h) and the worlds it samples (search/history_worlds.h): the
// improved policy, the rollout and solver values, the noise-free decision, on small random networks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <set>

#include "agent/factory.h"
#include "game/observation.h"
#include "models/eigen_net.h"
#include "models/features.h"
#include "models/net_evaluator.h"
#include "models/network_spec.h"
#include "search/gumbel_search.h"
#include "search/gumbel_settings.h"
#include "search/history_worlds.h"
#include "search/playout_evaluator.h"
#include "search/world_inference.h"
#include "search/world_sampler.h"
#include "solver/endgame_solver.h"
#include "tests/search/random_position.h"

namespace ddz {
namespace {

using testing::random_position;

// A small network of the real layer structure with the random weights of `seed`.
NetEvaluator tiny_network(uint64_t seed) {
  NetworkSpec spec = default_spec();
  spec.policy_hidden = {16};
  spec.value_hidden = {16};
  spec.bid_hidden = {8};
  return NetEvaluator(std::make_shared<const EigenNet>(spec, random_weights(spec, seed)));
}

TEST(HistoryWorlds, RebuiltWorldsKeepHistoryAndFeatures) {
  Rng rng(11);
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    const GameState truth = random_position(seed, int(seed % 40), seed % 2 == 0);
    const Observation obs = observe(truth, truth.to_move());
    // The true hands give back the true state's features exactly.
    const GameState same = world_with_history(obs, truth.hands());
    std::vector<float> a(static_cast<size_t>(kValueDim)), b(static_cast<size_t>(kValueDim));
    encode_value(truth, a.data());
    encode_value(same, b.data());
    ASSERT_EQ(a, b) << "seed " << seed;
    // Sampled worlds are consistent with the observation and carry its history.
    const GameState w = sample_weighted_world(obs, rng, WorldInference{}, nullptr).world;
    ASSERT_EQ(check_world(obs, w), "") << "seed " << seed;
    ASSERT_EQ(w.history().size(), truth.history().size());
    ASSERT_EQ(w.base_score(), truth.base_score());
  }
}

// With rollout_mix = 1 every simulation is scored by a heuristic rollout alone, so each visited
// move's mean value is a mean of +-1 results over its visits: visits * q is an integer of the
// same parity as visits. Without a rollout policy a mix above 0 is refused.
TEST(GumbelSearch, RolloutMixScoresSimulationsByRollouts) {
  const NetEvaluator net = tiny_network(3);
  PlayoutEvaluator rollouts(make_agent("heuristic"), 5);
  GumbelSettings gs;
  gs.rollout_mix = 1.0;
  int checked = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const GameState s = random_position(seed, int(seed % 30), false);
    const Observation obs = observe(s, s.to_move());
    std::vector<Move> moves;
    s.legal(moves);
    if (moves.size() < 2) continue;
    Rng rng(seed);
    EXPECT_THROW(gumbel_search(net, obs, moves, gs, rng, nullptr), std::invalid_argument);
    const GumbelResult r = gumbel_search(net, obs, moves, gs, rng, &rollouts);
    for (size_t a = 0; a < moves.size(); ++a) {
      if (r.visits[a] == 0) continue;
      const double total = double(r.q[a]) * r.visits[a];
      EXPECT_NEAR(total, std::round(total), 1e-4) << seed;
      EXPECT_EQ((long(std::lround(total)) - r.visits[a]) % 2, 0) << seed;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
  GumbelSettings bad;
  bad.rollout_mix = 1.5;
  const GameState s = random_position(1, 0, false);
  std::vector<Move> moves;
  s.legal(moves);
  Rng rng(1);
  EXPECT_THROW(gumbel_search(net, observe(s, s.to_move()), moves, bad, rng, &rollouts), std::invalid_argument);
}

TEST(GumbelSearch, PolicyIsADistributionAndChoiceIsLegal) {
  const NetEvaluator net = tiny_network(3);
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const GameState s = random_position(seed, int(seed % 30), false);
    const Observation obs = observe(s, s.to_move());
    std::vector<Move> moves;
    s.legal(moves);
    GumbelSettings gs;
    gs.rollout_mix = 0.0;  // the value network alone unless a test says otherwise
    Rng rng(seed);
    const GumbelResult r = gumbel_search(net, obs, moves, gs, rng);
    ASSERT_EQ(r.policy.size(), moves.size());
    double sum = 0;
    for (float p : r.policy) {
      ASSERT_GE(p, 0.0f);
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0, 1e-4);
    ASSERT_GE(r.chosen, 0);
    ASSERT_LT(r.chosen, int(moves.size()));
    int visits = 0;
    for (int v : r.visits) visits += v;
    if (moves.size() > 1) { EXPECT_LE(visits, gs.sims + gs.k); }
    // Same seed, same search.
    Rng again(seed);
    const GumbelResult r2 = gumbel_search(net, obs, moves, gs, again);
    EXPECT_EQ(r2.chosen, r.chosen);
    EXPECT_EQ(r2.policy, r.policy);
  }
}

TEST(GumbelSearch, FindsTheMoveThatWinsAtOnce) {
  // Positions from random games where the mover can empty its hand at once: the exact result
  // (+1) of that move outweighs any estimate of an untrained network, so the search picks it.
  const NetEvaluator net = tiny_network(3);
  int found = 0;
  std::vector<Move> moves;
  for (uint64_t seed = 1; seed <= 400 && found < 10; ++seed) {
    Rng rng(seed);
    GameState s(seed, Rules());
    while (s.phase() == Phase::Play) {
      s.legal(moves);
      int winning = -1;
      for (size_t i = 0; i < moves.size(); ++i)
        if (moves[i].cards == s.hand(s.to_move()) && !moves[i].is_pass()) winning = int(i);
      if (winning >= 0 && moves.size() > 1) {
        GumbelSettings gs;
        gs.rollout_mix = 0.0;  // the value network alone unless a test says otherwise
        gs.k = int(moves.size());
        gs.sims = std::max(16, 2 * gs.k);
        gs.c_scale = 1.0;
        Rng search_rng(seed);
        const GumbelResult r = gumbel_search(net, observe(s, s.to_move()), moves, gs, search_rng);
        EXPECT_EQ(r.chosen, winning) << "seed " << seed;
        EXPECT_GT(r.policy[size_t(winning)], 0.5f) << "seed " << seed;
        EXPECT_FLOAT_EQ(r.q[size_t(winning)], 1.0f);
        ++found;
        break;
      }
      s.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
    }
  }
  EXPECT_GE(found, 5);
}

// stake_weight 1: a move that ends the game is worth the stake it reaches over the stake now (a
// spring doubles it), and rollout results are +-2^k, so q times visits stays an integer while
// some |q| exceeds 1 (bombs in the rollouts); without it every |q| is at most 1.
TEST(GumbelSearch, StakeValuesScaleResultsByTheStakeReached) {
  const NetEvaluator net = tiny_network(3);
  PlayoutEvaluator rollouts(make_agent("heuristic"), 5);
  int winning_checked = 0, above_one = 0, checked = 0;
  std::vector<Move> moves;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    Rng rng(seed);
    GameState s(seed, Rules());
    while (s.phase() == Phase::Play) {
      s.legal(moves);
      if (moves.size() > 1 && (seed + s.history().size()) % 7 == 0) {
        GumbelSettings gs;
        gs.k = std::min(8, int(moves.size()));
        gs.sims = 32;
        gs.c_scale = 1.0;
        gs.rollout_mix = 1.0;
        gs.stake_weight = 1.0;
        Rng search_rng(seed);
        const GumbelResult r = gumbel_search(net, observe(s, s.to_move()), moves, gs, search_rng, &rollouts);
        gs.stake_weight = 0.0;
        Rng plain_rng(seed);
        const GumbelResult plain = gumbel_search(net, observe(s, s.to_move()), moves, gs, plain_rng, &rollouts);
        for (size_t a = 0; a < moves.size(); ++a) {
          EXPECT_LE(std::fabs(plain.q[a]), 1.0f);
          if (r.visits[a] == 0) continue;
          const double total = double(r.q[a]) * r.visits[a];
          EXPECT_NEAR(total, std::round(total), 1e-3) << seed;
          above_one += std::fabs(r.q[a]) > 1.0f;
          ++checked;
          GameState next = s;
          next.apply_trusted(moves[a]);
          if (next.phase() == Phase::Over) {
            EXPECT_FLOAT_EQ(r.q[a], float(next.stake()) / float(s.stake())) << "seed " << seed;
            ++winning_checked;
          }
        }
      }
      s.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
    }
  }
  EXPECT_GT(checked, 200);
  EXPECT_GT(above_one, 0);
  EXPECT_GT(winning_checked, 0);
}

// The improved policy is softmax(log prior + sigma(completed q)), sigma = (c_visit + max visits) *
// c_scale * q_hat, q_hat = (q + 1) / 2.
TEST(GumbelSearch, ImprovedPolicyFollowsTheQTransform) {
  const NetEvaluator net = tiny_network(3);
  PlayoutEvaluator rollouts(make_agent("heuristic"), 5);
  int checked = 0;
  std::vector<Move> moves;
  for (uint64_t seed = 1; seed <= 240; ++seed) {
    const GameState s = random_position(seed, int(seed % 30), false);
    s.legal(moves);
    if (moves.size() < 3) continue;
    {
      GumbelSettings gs;
      gs.k = std::min(8, int(moves.size()));
      gs.sims = 32;
      gs.rollout_mix = 1.0;
      Rng search_rng(seed);
      const GumbelResult r = gumbel_search(net, observe(s, s.to_move()), moves, gs, search_rng, &rollouts);
      int max_visits = 0;
      double wsum = 0, vsum = 0;
      for (size_t a = 0; a < moves.size(); ++a) {
        max_visits = std::max(max_visits, r.visits[a]);
        if (!r.visits[a]) continue;
        wsum += r.prior[a];
        vsum += r.prior[a] * r.q[a];
      }
      const double root = vsum / wsum;
      std::vector<double> expect(moves.size());
      double mx = -1e300;
      for (size_t a = 0; a < moves.size(); ++a) {
        const double q = r.visits[a] ? double(r.q[a]) : root;
        const double q_hat = (q + 1.0) / 2.0;
        expect[a] = std::log(double(r.prior[a])) + (gs.c_visit + max_visits) * gs.c_scale * q_hat;
        mx = std::max(mx, expect[a]);
      }
      double sum = 0;
      for (double& e : expect) sum += (e = std::exp(e - mx));
      for (size_t a = 0; a < moves.size(); ++a) EXPECT_NEAR(r.policy[a], expect[a] / sum, 2e-4) << "seed " << seed;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

// decision: the visited move with the largest log prior + sigma(q), the choice the search makes
// without Gumbel noise; with noise off and two candidates (one halving phase, both visited alike)
// it is the chosen move itself.
TEST(GumbelSearch, DecisionIsTheNoiselessChoiceAmongVisitedMoves) {
  const NetEvaluator net = tiny_network(3);
  PlayoutEvaluator rollouts(make_agent("heuristic"), 5);
  int checked = 0, differs_from_chosen = 0;
  std::vector<Move> moves;
  for (uint64_t seed = 1; seed <= 80; ++seed) {
    const GameState s = random_position(seed, int(seed % 30), false);
    s.legal(moves);
    if (moves.size() < 3) continue;
    for (const bool noise : {true, false}) {
      GumbelSettings gs;
      gs.k = noise ? std::min(8, int(moves.size())) : 2;
      gs.sims = 32;
      gs.rollout_mix = 1.0;
      gs.c_scale = 1.0;  // so that the values overrule the prior now and then
      gs.noise = noise;
      Rng search_rng(seed);
      const GumbelResult r = gumbel_search(net, observe(s, s.to_move()), moves, gs, search_rng, &rollouts);
      ASSERT_GE(r.decision, 0);
      ASSERT_LT(size_t(r.decision), moves.size());
      ASSERT_GT(r.visits[size_t(r.decision)], 0) << seed;
      const int max_visits = *std::max_element(r.visits.begin(), r.visits.end());
      auto score = [&](size_t a) {
        return std::log(double(r.prior[a])) + (gs.c_visit + max_visits) * gs.c_scale * (double(r.q[a]) + 1.0) / 2.0;
      };
      for (size_t a = 0; a < moves.size(); ++a) {
        if (r.visits[a]) { EXPECT_GE(score(size_t(r.decision)), score(a) - 1e-5) << "seed " << seed << " move " << a; }
      }
      if (!noise) { EXPECT_EQ(r.decision, r.chosen) << seed; }
      differs_from_chosen += noise && r.decision != r.chosen;
      ++checked;
    }
  }
  EXPECT_GT(checked, 60);
  EXPECT_GT(differs_from_chosen, 0);  // with noise the chosen move is a sample, not the decision
}

// candidate_target: an unvisited move's target is its prior; the visited moves keep their prior
// mass between them, shared by softmax(log prior + sigma(q)) over the visited moves alone.
TEST(GumbelSearch, CandidateTargetMovesMassOnlyBetweenVisitedMoves) {
  const NetEvaluator net = tiny_network(3);
  PlayoutEvaluator rollouts(make_agent("heuristic"), 5);
  int checked = 0, unvisited = 0;
  std::vector<Move> moves;
  for (uint64_t seed = 1; seed <= 120; ++seed) {
    const GameState s = random_position(seed, int(seed % 30), false);
    s.legal(moves);
    if (moves.size() < 3) continue;
    GumbelSettings gs;
    gs.k = 2;
    gs.sims = 8;
    gs.rollout_mix = 1.0;
    gs.c_scale = 1.0;
    gs.candidate_target = true;
    Rng search_rng(seed);
    const GumbelResult r = gumbel_search(net, observe(s, s.to_move()), moves, gs, search_rng, &rollouts);
    int max_visits = 0;
    double mass = 0;
    for (size_t a = 0; a < moves.size(); ++a) {
      max_visits = std::max(max_visits, r.visits[a]);
      if (r.visits[a]) mass += r.prior[a];
    }
    std::vector<double> expect(moves.size(), 0.0);
    double mx = -1e300, sum = 0, total = 0;
    for (size_t a = 0; a < moves.size(); ++a)
      if (r.visits[a]) {
        expect[a] = std::log(double(r.prior[a])) + (gs.c_visit + max_visits) * gs.c_scale * (r.q[a] + 1.0) / 2.0;
        mx = std::max(mx, expect[a]);
      }
    for (size_t a = 0; a < moves.size(); ++a)
      if (r.visits[a]) sum += (expect[a] = std::exp(expect[a] - mx));
    for (size_t a = 0; a < moves.size(); ++a) {
      const double want = r.visits[a] ? mass * expect[a] / sum : double(r.prior[a]);
      EXPECT_NEAR(r.policy[a], want, 2e-4) << "seed " << seed << " move " << a;
      total += r.policy[a];
      if (!r.visits[a]) ++unvisited;
    }
    EXPECT_NEAR(total, 1.0, 1e-4);
    ++checked;
  }
  EXPECT_GT(checked, 50);
  EXPECT_GT(unvisited, 0);
}

// With solver_cards covering the position, every simulation is scored by the exact solver (+1 or
// -1 for the mover's side) instead of the untrained net's fractional values, so each visited
// move's q times its visits is an integer of the same parity as the visits. Without a solver a
// solver_cards above 0 is refused; with solver_cards 0 the net's fractional values show.
TEST(GumbelSearch, SolverScoresSmallWorldsExactly) {
  const NetEvaluator net = tiny_network(3);
  SolverOptions so;
  so.table_mb = 1;
  EndgameSolver solver(so);
  int checked = 0, fractional = 0;
  std::vector<Move> moves;
  for (uint64_t seed = 1; seed <= 200 && checked < 12; ++seed) {
    GameState s = random_position(seed, 40, false);
    if (s.phase() != Phase::Play) continue;
    const int cards = s.hand(0).size() + s.hand(1).size() + s.hand(2).size();
    if (cards > 16) continue;
    s.legal(moves);
    if (moves.size() < 2) continue;
    GumbelSettings gs;
    gs.rollout_mix = 0.0;  // the value network alone unless a test says otherwise
    gs.sims = 12;
    gs.k = 4;
    gs.solver_cards = 54;
    Rng rng(seed);
    const GumbelResult r = gumbel_search(net, observe(s, s.to_move()), moves, gs, rng, nullptr, &solver);
    for (size_t a = 0; a < moves.size(); ++a) {
      const int v = r.visits[a];
      if (v == 0) continue;
      const double sum = double(r.q[a]) * v;
      ASSERT_NEAR(sum, std::round(sum), 1e-4) << "seed " << seed << " move " << a;
      ASSERT_EQ((long(std::lround(sum)) - v) % 2, 0) << "seed " << seed;
    }
    gs.solver_cards = 0;
    Rng rng2(seed);
    const GumbelResult plain = gumbel_search(net, observe(s, s.to_move()), moves, gs, rng2);
    for (size_t a = 0; a < moves.size(); ++a)
      if (plain.visits[a] > 0 && std::fabs(plain.q[a]) < 0.999f &&
          std::fabs(double(plain.q[a]) * plain.visits[a] - std::round(double(plain.q[a]) * plain.visits[a])) > 1e-3)
        ++fractional;
    gs.solver_cards = 54;
    EXPECT_THROW(gumbel_search(net, observe(s, s.to_move()), moves, gs, rng2), std::invalid_argument);
    ++checked;
  }
  EXPECT_GE(checked, 8);
  EXPECT_GT(fractional, 0);  // the net alone gives values that are not +-1
}

// The network of `inner` that also records the plies played in each world whose value it is asked
// for (beyond `root_plies`), so a test sees where the search's value calls happen.
class RecordingNetwork final : public PolicyValueNetwork {
 public:
  explicit RecordingNetwork(NetEvaluator& inner) : inner_(inner) {}
  float evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) override {
    return inner_.evaluate(world, moves, priors);
  }
  void priors(const GameState& world, const std::vector<Move>& moves, std::vector<float>& out) override {
    inner_.priors(world, moves, out);
  }
  void policy_logits(const Observation& obs, const std::vector<Move>& moves,
                     std::vector<float>& logits) const override {
    inner_.policy_logits(obs, moves, logits);
  }
  void values(const std::vector<const GameState*>& worlds, std::vector<float>& out) const override {
    for (const GameState* w : worlds) plies.push_back(int(w->history().size()) - root_plies);
    inner_.values(worlds, out);
  }
  int root_plies = 0;
  mutable std::vector<int> plies;

 private:
  NetEvaluator& inner_;
};

// With rollout_mix 1 and rollout_plies P, the value network is asked about exactly the worlds where
// a rollout was cut: each one the candidate's ply plus P plies of the rollout, unfinished (a
// rollout that ends earlier is scored by its result). Without the cut (P = 0, or more plies than a
// game has) it is never asked, and the search's values are the same as with P = 0.
TEST(GumbelSearch, RolloutPliesCutsRolloutsForTheValueNetwork) {
  NetEvaluator inner = tiny_network(3);
  RecordingNetwork net(inner);
  int cut = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const GameState s = random_position(seed, int(seed % 30), false);
    const Observation obs = observe(s, s.to_move());
    std::vector<Move> moves;
    s.legal(moves);
    if (moves.size() < 2) continue;
    net.root_plies = int(s.history().size());
    GumbelSettings gs;
    gs.rollout_mix = 1.0;
    gs.sims = 24;
    gs.k = 4;
    gs.noise = false;
    for (int plies : {0, 1000, 3}) {
      gs.rollout_plies = plies;
      PlayoutEvaluator rollouts(make_agent("heuristic"), 5);
      Rng rng(seed);
      net.plies.clear();
      const GumbelResult r = gumbel_search(net, obs, moves, gs, rng, &rollouts);
      int visits = 0;
      for (int v : r.visits) visits += v;
      if (plies != 3) {
        EXPECT_TRUE(net.plies.empty()) << "seed " << seed << " plies " << plies;
        continue;
      }
      EXPECT_LE(int(net.plies.size()), visits) << "seed " << seed;
      for (int p : net.plies) EXPECT_EQ(p, 1 + 3) << "seed " << seed;
      cut += int(net.plies.size());
    }
    // Cuts beyond every game's length change nothing.
    PlayoutEvaluator ra(make_agent("heuristic"), 5), rb(make_agent("heuristic"), 5);
    Rng rng_a(seed), rng_b(seed);
    gs.rollout_plies = 0;
    const GumbelResult a = gumbel_search(net, obs, moves, gs, rng_a, &ra);
    gs.rollout_plies = 1000;
    const GumbelResult b = gumbel_search(net, obs, moves, gs, rng_b, &rb);
    EXPECT_EQ(a.q, b.q) << "seed " << seed;
    EXPECT_EQ(a.chosen, b.chosen) << "seed " << seed;
  }
  EXPECT_GT(cut, 100);
}

// A rollout with max_plies stops after that many plies, unfinished, and reports it with -1; one
// that may run to the end finishes the game.
TEST(PlayoutEvaluator, RolloutStopsAfterMaxPlies) {
  PlayoutEvaluator rollouts(make_agent("heuristic"), 5);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const GameState s = random_position(seed, 0, false);
    GameState cut = s, full = s;
    const int w = rollouts.rollout(cut, 0, 2);
    const int played = int(cut.history().size() - s.history().size());
    if (cut.phase() == Phase::Play) {
      EXPECT_EQ(w, -1) << seed;
      EXPECT_EQ(played, 2) << seed;
    }
    EXPECT_GE(rollouts.rollout(full), 0) << seed;
    EXPECT_EQ(full.phase(), Phase::Over) << seed;
  }
}

// Every member of GumbelSettings but the two a caller sets (noise, candidate_target) has its line in
// the table, once, with one line of help; a member added without it fails here.
TEST(GumbelSettingsTable, EveryMemberButTheCallersIsDeclared) {
  EXPECT_EQ(gumbel_settings_table().members_covered() + 2, aggregate_member_count<GumbelSettings>());
  std::set<std::string> names;
  for (const auto& s : gumbel_settings_table().settings()) {
    EXPECT_TRUE(names.insert(s.info.name).second) << "declared twice: " << s.info.name;
    EXPECT_FALSE(s.info.help.empty()) << s.info.name;
  }
  for (const char* name : {"sims", "k", "rollout_mix", "solver", "rollout_solver", "solver_nodes", "infer",
                           "infer_moves", "infer_draws", "stakes", "confident", "rollout", "others", "rollout_plies"})
    EXPECT_EQ(names.count(name), 1u) << name;
}

}  // namespace
}  // namespace ddz
