// The self-play pieces that need no training: worlds rebuilt with their history, the Gumbel
// search's outputs, a self-play game's samples, the replay buffer bound and the metrics files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "agent/factory.h"
#include "agent/heuristic_evaluator.h"
#include "agent/policy_rollout_agent.h"
#include "game/observation.h"
#include "models/agent_file.h"
#include "models/features.h"
#include "selfplay/actor.h"
#include "selfplay/files.h"
#include "agent/gumbel_search.h"
#include "selfplay/learner.h"
#include "selfplay/metrics.h"
#include "selfplay/replay_buffer.h"
#include "agent/history_worlds.h"
#include "agent/world_inference.h"
#include "search/world_sampler.h"

#include "tests/selfplay/tiny_spec.h"

namespace ddz::selfplay {
namespace {

using testing::rollout_search_config;
using testing::tiny_spec;

// Plays random legal moves for `plies` plies from a seeded deal.
GameState random_position(uint64_t seed, int plies, bool bidding) {
  Rules rules;
  rules.bidding = bidding;
  GameState s(seed, rules);
  Rng rng(seed);
  while (s.phase() == Phase::Bidding) {
    auto bids = s.legal_bids();
    s.apply_bid(bids[rng.below(uint32_t(bids.size()))]);
  }
  std::vector<Move> moves;
  for (int i = 0; i < plies && s.phase() == Phase::Play; ++i) {
    s.legal(moves);
    GameState next = s;
    next.apply_trusted(moves[rng.below(uint32_t(moves.size()))]);
    if (next.phase() != Phase::Play) break;
    s = next;
  }
  return s;
}

TEST(SelfplayWorlds, RebuiltWorldsKeepHistoryAndFeatures) {
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
TEST(SelfplaySearch, RolloutMixScoresSimulationsByRollouts) {
  TrainConfig cfg;
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  HeuristicEvaluator rollouts(make_agent("heuristic"), 5);
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

TEST(SelfplaySearch, PolicyIsADistributionAndChoiceIsLegal) {
  TrainConfig cfg;
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const GameState s = random_position(seed, int(seed % 30), false);
    const Observation obs = observe(s, s.to_move());
    std::vector<Move> moves;
    s.legal(moves);
    GumbelSettings gs;
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

TEST(SelfplaySearch, FindsTheMoveThatWinsAtOnce) {
  // Positions from random games where the mover can empty its hand at once: the exact result
  // (+1) of that move outweighs any estimate of an untrained network, so the search picks it.
  TrainConfig cfg;
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
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
TEST(SelfplaySearch, StakeValuesScaleResultsByTheStakeReached) {
  TrainConfig cfg;
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  HeuristicEvaluator rollouts(make_agent("heuristic"), 5);
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
// c_scale * q_hat. q_hat is (q + 1) / 2 by default; with rescale_q it is (q - min) / (max - min)
// over the visited moves, so the best visited move always gets the full c_visit-scaled bonus.
TEST(SelfplaySearch, ImprovedPolicyFollowsTheQTransform) {
  TrainConfig cfg;
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  HeuristicEvaluator rollouts(make_agent("heuristic"), 5);
  int checked = 0;
  std::vector<Move> moves;
  for (uint64_t seed = 1; seed <= 120; ++seed) {
    const GameState s = random_position(seed, int(seed % 30), false);
    s.legal(moves);
    if (moves.size() < 3) continue;
    for (const bool rescale : {false, true}) {
      GumbelSettings gs;
      gs.k = std::min(8, int(moves.size()));
      gs.sims = 32;
      gs.rollout_mix = 1.0;
      gs.rescale_q = rescale;
      Rng search_rng(seed);
      const GumbelResult r = gumbel_search(net, observe(s, s.to_move()), moves, gs, search_rng, &rollouts);
      int max_visits = 0;
      double lo = 1e9, hi = -1e9, wsum = 0, vsum = 0;
      for (size_t a = 0; a < moves.size(); ++a) {
        max_visits = std::max(max_visits, r.visits[a]);
        if (!r.visits[a]) continue;
        lo = std::min(lo, double(r.q[a]));
        hi = std::max(hi, double(r.q[a]));
        wsum += r.prior[a];
        vsum += r.prior[a] * r.q[a];
      }
      const double root = vsum / wsum;
      std::vector<double> expect(moves.size());
      double mx = -1e300;
      for (size_t a = 0; a < moves.size(); ++a) {
        const double q = r.visits[a] ? double(r.q[a]) : root;
        const double q_hat = rescale ? (q - lo) / std::max(hi - lo, 1e-8) : (q + 1.0) / 2.0;
        expect[a] = std::log(double(r.prior[a])) + (gs.c_visit + max_visits) * gs.c_scale * q_hat;
        mx = std::max(mx, expect[a]);
      }
      double sum = 0;
      for (double& e : expect) sum += (e = std::exp(e - mx));
      for (size_t a = 0; a < moves.size(); ++a)
        EXPECT_NEAR(r.policy[a], expect[a] / sum, 2e-4) << "seed " << seed << " rescale " << rescale;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

// decision: the visited move with the largest log prior + sigma(q), the choice the search makes
// without Gumbel noise; with noise off and two candidates (one halving phase, both visited alike)
// it is the chosen move itself.
TEST(SelfplaySearch, DecisionIsTheNoiselessChoiceAmongVisitedMoves) {
  TrainConfig cfg;
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  HeuristicEvaluator rollouts(make_agent("heuristic"), 5);
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
TEST(SelfplaySearch, CandidateTargetMovesMassOnlyBetweenVisitedMoves) {
  TrainConfig cfg;
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  HeuristicEvaluator rollouts(make_agent("heuristic"), 5);
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
TEST(SelfplaySearch, SolverScoresSmallWorldsExactly) {
  TrainConfig cfg;
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
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

TEST(SelfplayActor, RolloutMixDecaysLinearly) {
  TrainConfig cfg;
  cfg.rollout_mix = 0.5;
  EXPECT_DOUBLE_EQ(rollout_mix_at(cfg, 100.0), 0.5);  // no decay configured
  cfg.rollout_mix_final = 0.1;
  cfg.rollout_mix_decay_minutes = 60;
  EXPECT_DOUBLE_EQ(rollout_mix_at(cfg, 0.0), 0.5);
  EXPECT_NEAR(rollout_mix_at(cfg, 30.0), 0.3, 1e-12);
  EXPECT_NEAR(rollout_mix_at(cfg, 60.0), 0.1, 1e-12);
  EXPECT_NEAR(rollout_mix_at(cfg, 600.0), 0.1, 1e-12);
}

TEST(SelfplayActor, EvaluationRulesFollowBiddingUnlessFixedLandlordIsAsked) {
  TrainConfig cfg;
  cfg.bidding = true;
  EXPECT_TRUE(evaluation_rules(cfg).bidding);
  cfg.eval_fixed_landlord = true;
  EXPECT_FALSE(evaluation_rules(cfg).bidding);
  EXPECT_EQ(evaluation_rules(cfg).fixed_landlord, 0);
  EXPECT_TRUE(training_rules(cfg).bidding);  // self-play still bids
  cfg.bidding = false;
  cfg.eval_fixed_landlord = false;
  EXPECT_FALSE(evaluation_rules(cfg).bidding);
}

TEST(SelfplayActor, GameSamplesHaveOutcomes) {
  TrainConfig cfg;
  cfg.sims = 4;
  cfg.gumbel_k = 4;
  cfg.fast_sims = 2;
  for (bool bidding : {false, true}) {
    cfg.bidding = bidding;
    Learner learner(tiny_spec(), cfg, 3);
    const EigenNet net(tiny_spec(), learner.weights());
    const GameSamples g = play_selfplay_game(net, cfg, 77);
    ASSERT_FALSE(g.plays.empty());
    ASSERT_FALSE(g.bids.empty());
    EXPECT_GE(g.decisions, int(g.plays.size()));
    for (const PlaySample& s : g.plays) {
      ASSERT_EQ(s.moves.size(), s.policy.size());
      ASSERT_TRUE(s.win == 0.0f || s.win == 1.0f);
      ASSERT_NE(s.score, 0.0f);
      // Teammates share a result; the landlord's score is twice a farmer's with opposite sign.
      ASSERT_EQ(s.win > 0.5f, s.score > 0.0f);
    }
    const GameSamples again = play_selfplay_game(net, cfg, 77);
    EXPECT_EQ(again.decisions, g.decisions);  // deterministic for a seed
  }
}

// Plays seeds 81..83 with `base` and with `changed` (one rollout setting apart) on one tiny
// network: the `changed` game is reproducible with whole samples; returns how many seeds' first
// policy target (or sample count) differs between the two.
int rollout_setting_changes_targets(const TrainConfig& base, const TrainConfig& changed) {
  Learner learner(tiny_spec(), base, 5);
  const EigenNet net(tiny_spec(), learner.weights());
  int differ = 0;
  for (uint64_t seed : {81, 82, 83}) {
    const GameSamples a = play_selfplay_game(net, base, seed);
    const GameSamples b = play_selfplay_game(net, changed, seed);
    const GameSamples again = play_selfplay_game(net, changed, seed);
    EXPECT_FALSE(b.plays.empty());
    EXPECT_EQ(again.plays.size(), b.plays.size());
    for (size_t i = 0; i < b.plays.size() && i < again.plays.size(); ++i) {
      EXPECT_EQ(b.plays[i].moves.size(), b.plays[i].policy.size());
      EXPECT_EQ(again.plays[i].policy, b.plays[i].policy);
    }
    if (a.plays.size() != b.plays.size() || (!a.plays.empty() && a.plays[0].policy != b.plays[0].policy)) ++differ;
  }
  return differ;
}

// rollout_policy: net: the searched game is reproducible, its samples are whole, and the network's
// rollouts judge differently from the heuristic's (some policy target differs on the same seed).
TEST(SelfplayActor, NetworkRolloutsTeachTheirOwnTargets) {
  TrainConfig heuristic = rollout_search_config(), net = rollout_search_config();
  heuristic.rollout_policy = "heuristic";
  net.rollout_policy = "net";
  EXPECT_GT(rollout_setting_changes_targets(heuristic, net), 0);
}

// rollout_others: heuristic: the opposing side's rollout seats are the heuristic's, so the targets
// differ from all-network rollouts on some seed, and the game stays reproducible.
TEST(SelfplayActor, HeuristicOpponentsInNetworkRollouts) {
  TrainConfig all_net = rollout_search_config(), others = rollout_search_config();
  all_net.rollout_policy = others.rollout_policy = "net";
  others.rollout_others = "heuristic";
  EXPECT_GT(rollout_setting_changes_targets(all_net, others), 0);
}

// rollout_solver_cards: the searched game's rollouts end at the solver (30 cards here, so that the
// first searches' rollouts reach it), so the targets differ from full rollouts on some seed, and
// the game stays reproducible.
TEST(SelfplayActor, RolloutSolverEndsTheTeachersRollouts) {
  TrainConfig full = rollout_search_config(), ended = rollout_search_config();
  full.solver_cards = ended.solver_cards = 12;
  ended.rollout_solver_cards = 30;
  EXPECT_GT(rollout_setting_changes_targets(full, ended), 0);
}

// An agent file of tiny_spec() with the random weights of `seed`, written as test_tmp/<dir>/teacher.ddz
// (a fixed teacher for the `teacher` key); returns its path.
std::string tiny_teacher_file(const char* dir, uint64_t seed) {
  AgentFile file;
  file.spec = tiny_spec();
  file.weights = random_weights(file.spec, seed);
  file.provenance = "{}";
  const std::string path = (testing::fresh_dir(dir) / "teacher.ddz").string();
  save_agent_file(file, path);
  return path;
}

// teacher: a searched game's targets and moves are the teacher's search, whatever network the
// learner has (the same game as the teacher's own self-play), and differ from the learner's own.
TEST(SelfplayActor, TeacherSearchesInsteadOfTheLearner) {
  TrainConfig cfg = rollout_search_config();
  cfg.rollout_policy = "net";
  const std::string path = tiny_teacher_file("selfplay_teacher", 11);
  const EigenNet teacher(tiny_spec(), random_weights(tiny_spec(), 11));
  const EigenNet learner(tiny_spec(), random_weights(tiny_spec(), 12));
  TrainConfig taught = cfg;
  taught.teacher = path;
  int differ = 0;
  for (uint64_t seed : {81, 82, 83}) {
    const GameSamples by_teacher = play_selfplay_game(learner, taught, seed);
    const GameSamples own = play_selfplay_game(teacher, cfg, seed);
    ASSERT_FALSE(by_teacher.plays.empty());
    ASSERT_EQ(by_teacher.plays.size(), own.plays.size()) << seed;
    EXPECT_EQ(by_teacher.decisions, own.decisions) << seed;
    for (size_t i = 0; i < own.plays.size(); ++i) {
      EXPECT_EQ(by_teacher.plays[i].moves, own.plays[i].moves) << seed << " " << i;
      EXPECT_EQ(by_teacher.plays[i].policy, own.plays[i].policy) << seed << " " << i;
    }
    const GameSamples learners = play_selfplay_game(learner, cfg, seed);
    if (learners.plays.size() != own.plays.size() || learners.plays[0].policy != own.plays[0].policy) ++differ;
  }
  EXPECT_GT(differ, 0);
}

// distill: the network's seats play the teacher's argmax, every decision with two or more moves
// is a sample whose target is the teacher's softmax, and the learner's own weights play no part.
TEST(SelfplayActor, DistillPlaysTheTeachersArgmaxAndLearnsItsSoftmax) {
  TrainConfig cfg = rollout_search_config();
  cfg.rollout_policy = "net";
  const EigenNet teacher(tiny_spec(), random_weights(tiny_spec(), 21));
  cfg.teacher = tiny_teacher_file("selfplay_distill", 21);
  cfg.distill = true;
  for (uint64_t seed : {91, 92}) {
    const GameSamples a = play_selfplay_game(EigenNet(tiny_spec(), random_weights(tiny_spec(), 22)), cfg, seed);
    const GameSamples b = play_selfplay_game(EigenNet(tiny_spec(), random_weights(tiny_spec(), 23)), cfg, seed);
    ASSERT_FALSE(a.plays.empty());
    ASSERT_EQ(a.plays.size(), b.plays.size()) << seed;
    for (size_t i = 0; i < a.plays.size(); ++i) {
      const PlaySample& s = a.plays[i];
      ASSERT_GE(s.moves.size(), 2u);
      EXPECT_TRUE(s.has_policy);
      EXPECT_EQ(s.policy, b.plays[i].policy) << seed << " " << i;
      const Observation obs = observe(s.state, s.state.to_move());
      std::vector<float> expected = policy_logits(teacher, obs, s.moves);
      EigenNet::softmax(expected.data(), int(expected.size()), 1.0f);
      ASSERT_EQ(s.policy.size(), expected.size());
      for (size_t m = 0; m < expected.size(); ++m) EXPECT_NEAR(s.policy[m], expected[m], 1e-6f) << seed << " " << i;
    }
    // The game replayed with the teacher's argmax in every seat (no pool, a fixed landlord) meets
    // the samples' positions in order: the moves played were the teacher's.
    GameState state(seed, game_rules(cfg, seed));
    GreedyPolicy greedy;
    std::vector<Move> moves;
    size_t next = 0;
    while (state.phase() == Phase::Play) {
      const Observation obs = observe(state, state.to_move());
      obs.legal(moves);
      if (moves.size() > 1) {
        ASSERT_LT(next, a.plays.size()) << seed;
        EXPECT_EQ(a.plays[next].state.hand(state.to_move()), state.hand(state.to_move())) << seed << " " << next;
        ++next;
      }
      state.apply_trusted(greedy.choose(teacher, obs, moves));
    }
    EXPECT_EQ(next, a.plays.size()) << seed;
  }
}

// confident_move: the prior is the policy's softmax, and the argmax is named exactly when its
// probability reaches the threshold.
TEST(SelfplayActor, ConfidentMoveNamesASureArgmax) {
  Learner learner(tiny_spec(), rollout_search_config(), 5);
  const EigenNet net(tiny_spec(), learner.weights());
  std::vector<Move> moves;
  int positions = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const GameState state = random_position(seed, int(seed % 7), false);
    const Observation obs = observe(state, state.to_move());
    state.legal(moves);
    if (moves.size() < 2) continue;
    ++positions;
    std::vector<float> p = policy_logits(net, obs, moves);
    EigenNet::softmax(p.data(), int(p.size()), 1.0f);
    const int best = int(std::max_element(p.begin(), p.end()) - p.begin());
    const ConfidentMove below = confident_move(net, obs, moves, double(p[size_t(best)]) + 1e-4);
    const ConfidentMove at = confident_move(net, obs, moves, double(p[size_t(best)]));
    EXPECT_EQ(below.index, -1);
    EXPECT_EQ(at.index, best);
    EXPECT_EQ(at.prior, p);
    EXPECT_NEAR(std::accumulate(p.begin(), p.end(), 0.0), 1.0, 1e-5);
  }
  EXPECT_GT(positions, 10);
}

// confident: moves the policy is sure of give value-only samples holding the prior, the others
// are searched as before (policy targets, priors below the threshold); with confident 0 every
// move is unsearched, and above every prior the game is the plain one (the check draws nothing).
TEST(SelfplayActor, ConfidentMovesArePlayedUnsearched) {
  TrainConfig plain = rollout_search_config();
  Learner learner(tiny_spec(), plain, 5);
  const EigenNet net(tiny_spec(), learner.weights());
  std::vector<double> tops;
  for (uint64_t seed : {81, 82, 83})
    for (const PlaySample& s : play_selfplay_game(net, plain, seed).plays) {
      EXPECT_TRUE(s.has_policy);
      const ConfidentMove m = confident_move(net, observe(s.state, s.state.to_move()), s.moves, 1.0);
      tops.push_back(*std::max_element(m.prior.begin(), m.prior.end()));
    }
  ASSERT_GT(tops.size(), 20u);
  std::sort(tops.begin(), tops.end());
  ASSERT_LT(tops.back(), 0.999);  // so that a threshold above them all is below 1 (not off)
  TrainConfig sure = plain;
  sure.confident = tops[tops.size() / 2];  // about half the moves unsearched
  int searched = 0, unsearched = 0;
  for (uint64_t seed : {81, 82, 83}) {
    for (const PlaySample& s : play_selfplay_game(net, sure, seed).plays) {
      const ConfidentMove m = confident_move(net, observe(s.state, s.state.to_move()), s.moves, sure.confident);
      if (s.has_policy) {
        ++searched;
        EXPECT_EQ(m.index, -1) << seed;
      } else {
        ++unsearched;
        EXPECT_GE(m.index, 0) << seed;
        EXPECT_EQ(s.policy, m.prior) << seed;
      }
    }
    TrainConfig none_sure = plain;  // on, but above every prior seen: the game is plain's
    none_sure.confident = tops.back() + 1e-6;
    const GameSamples a = play_selfplay_game(net, plain, seed), b = play_selfplay_game(net, none_sure, seed);
    ASSERT_EQ(a.plays.size(), b.plays.size());
    for (size_t i = 0; i < a.plays.size(); ++i) EXPECT_EQ(a.plays[i].policy, b.plays[i].policy);
    TrainConfig all = plain;
    all.confident = 0.0;
    for (const PlaySample& s : play_selfplay_game(net, all, seed).plays) EXPECT_FALSE(s.has_policy);
  }
  EXPECT_GT(searched, 0);
  EXPECT_GT(unsearched, 0);
}

// plan_seats: no pool game without pool_share; with it, about that share of the games, each with
// one or two network seats (both kinds occur) and a pool agent drawn from the list.
TEST(SelfplayActor, PoolGamesFollowTheShare) {
  TrainConfig cfg;
  for (uint64_t seed = 1; seed <= 50; ++seed) EXPECT_EQ(plan_seats(cfg, seed).pool_agent, -1);
  cfg.pool_agents = {"random", "heuristic"};
  cfg.pool_share = 0.3;
  int pool_games = 0, one_seat = 0, two_seats = 0;
  std::array<int, 2> drawn{};
  for (uint64_t seed = 1; seed <= 2000; ++seed) {
    const SeatPlan p = plan_seats(cfg, seed);
    if (p.pool_agent < 0) {
      EXPECT_EQ(p.network, (std::array<bool, kNumSeats>{{true, true, true}}));
      continue;
    }
    ++pool_games;
    drawn[size_t(p.pool_agent)]++;
    const int seats = int(p.network[0]) + int(p.network[1]) + int(p.network[2]);
    one_seat += seats == 1;
    two_seats += seats == 2;
    EXPECT_TRUE(seats == 1 || seats == 2) << seed;
  }
  EXPECT_GT(pool_games, 500);  // 600 expected
  EXPECT_LT(pool_games, 700);
  EXPECT_GT(one_seat, 200);
  EXPECT_GT(two_seats, 200);
  EXPECT_GT(drawn[0], 200);
  EXPECT_GT(drawn[1], 200);
}

// Small searched games, every one with the heuristic in the pool.
TrainConfig heuristic_pool_games() {
  TrainConfig cfg;
  cfg.sims = 4;
  cfg.gumbel_k = 4;
  cfg.fast_sims = 2;
  cfg.pool_agents = {"heuristic"};
  cfg.pool_share = 1.0;
  return cfg;
}

// In a pool game only the network's seats give play samples, and a bid sample only comes from a
// landlord the network played; the game is still deterministic for its seed.
TEST(SelfplayActor, PoolSeatsGiveNoSamples) {
  TrainConfig cfg = heuristic_pool_games();
  ActorContext context(cfg);
  ASSERT_EQ(context.pool.size(), 1u);
  int landlord_by_pool = 0, landlord_by_net = 0;
  for (bool bidding : {false, true}) {
    cfg.bidding = bidding;
    Learner learner(tiny_spec(), cfg, 3);
    const EigenNet net(tiny_spec(), learner.weights());
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      const SeatPlan plan = plan_seats(cfg, seed);
      ASSERT_GE(plan.pool_agent, 0);
      const GameSamples g = play_selfplay_game(net, cfg, seed, &context);
      ASSERT_FALSE(g.plays.empty()) << seed;
      for (const PlaySample& s : g.plays) EXPECT_TRUE(plan.network[size_t(s.state.to_move())]) << seed;
      const int landlord = g.plays.front().state.landlord();
      if (plan.network[size_t(landlord)]) {
        EXPECT_FALSE(g.bids.empty()) << seed;
        ++landlord_by_net;
      } else {
        EXPECT_TRUE(g.bids.empty()) << seed;
        ++landlord_by_pool;
      }
      const GameSamples again = play_selfplay_game(net, cfg, seed, &context);
      EXPECT_EQ(again.decisions, g.decisions) << seed;
      EXPECT_EQ(again.plays.size(), g.plays.size()) << seed;
    }
  }
  EXPECT_GT(landlord_by_pool, 0);
  EXPECT_GT(landlord_by_net, 0);
}

// pool_seats "sides": the network holds every seat through the bidding, and afterwards the pool
// agent holds exactly one side, the landlord alone or both farmers, each in about half the games.
TEST(SelfplayActor, PoolSidesGiveTheAgentAWholeSide) {
  TrainConfig cfg;
  cfg.pool_agents = {"heuristic"};
  cfg.pool_share = 1.0;
  cfg.pool_seats = "sides";
  int pool_landlord = 0, pool_farmers = 0;
  for (uint64_t seed = 1; seed <= 600; ++seed) {
    SeatPlan plan = plan_seats(cfg, seed);
    ASSERT_EQ(plan.pool_agent, 0);
    EXPECT_EQ(plan.network, (std::array<bool, kNumSeats>{{true, true, true}})) << seed;  // it bids for all
    const int landlord = int(seed % 3);
    seat_pool_side(plan, cfg, landlord, seed);
    const int network_seats = int(plan.network[0]) + int(plan.network[1]) + int(plan.network[2]);
    if (plan.network[size_t(landlord)]) {
      EXPECT_EQ(network_seats, 1) << seed;  // the landlord against the agent's two farmers
      ++pool_farmers;
    } else {
      EXPECT_EQ(network_seats, 2) << seed;  // both farmers against the agent's landlord
      ++pool_landlord;
    }
  }
  EXPECT_GT(pool_landlord, 240);  // 300 expected
  EXPECT_GT(pool_farmers, 240);
  // "mixed" (the default) leaves a plan as plan_seats drew it.
  cfg.pool_seats = "mixed";
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    SeatPlan plan = plan_seats(cfg, seed);
    const SeatPlan drawn = plan;
    seat_pool_side(plan, cfg, 0, seed);
    EXPECT_EQ(plan.network, drawn.network) << seed;
  }
}

// In a sides game the samples come from one side only: every sampled mover is the landlord, or
// none is; both kinds of game occur, with and without bidding.
TEST(SelfplayActor, PoolSidesGamesSampleOneSide) {
  TrainConfig cfg = heuristic_pool_games();
  cfg.pool_seats = "sides";
  ActorContext context(cfg);
  int landlord_games = 0, farmer_games = 0;
  for (bool bidding : {false, true}) {
    cfg.bidding = bidding;
    Learner learner(tiny_spec(), cfg, 3);
    const EigenNet net(tiny_spec(), learner.weights());
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      const GameSamples g = play_selfplay_game(net, cfg, seed, &context);
      ASSERT_FALSE(g.plays.empty()) << seed;
      const int landlord = g.plays.front().state.landlord();
      int by_landlord = 0;
      for (const PlaySample& s : g.plays) by_landlord += s.state.to_move() == landlord;
      EXPECT_TRUE(by_landlord == 0 || by_landlord == int(g.plays.size())) << seed;
      (by_landlord > 0 ? landlord_games : farmer_games)++;
      EXPECT_EQ(g.bids.empty(), by_landlord == 0) << seed;  // a bid sample only from its own landlord
    }
  }
  EXPECT_GT(landlord_games, 0);
  EXPECT_GT(farmer_games, 0);
}

TEST(SelfplayReplay, BoundedAndSampled) {
  ReplayBuffer<int> buf(100);
  for (int i = 0; i < 10; ++i) {
    std::vector<int> v(30);
    for (int j = 0; j < 30; ++j) v[size_t(j)] = i * 30 + j;
    buf.add(std::move(v));
  }
  EXPECT_EQ(buf.size(), 100u);
  EXPECT_EQ(buf.added(), 300);
  Rng rng(1);
  const auto s = buf.sample(500, rng);
  ASSERT_EQ(s.size(), 500u);
  for (int x : s) EXPECT_GE(x, 200);  // only the newest 100 remain
  EXPECT_EQ(buf.drawn(), 500);
}

TEST(SelfplayMetrics, CsvAndSvg) {
  const fs::path dir = fs::path(DDZ_BINARY_DIR) / "test_tmp" / "metrics";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string csv = (dir / "metrics.csv").string(), svg = (dir / "curves.svg").string();
  {
    Metrics m(csv, svg, {"random", "mcts:sims=5,threads=1"});
    MetricsRow r;
    r.time_s = 60;
    r.steps = 10;
    r.policy_loss = 1.5;
    r.value_loss = 0.7;
    m.add(r);
    r.time_s = 120;
    r.evals.push_back(EvalResult{"random", 0.8, 0.7, 0.9, 1.2, 100});
    m.add(r);
    m.write_svg();
  }
  Metrics back(csv, svg, {"random", "mcts:sims=5,threads=1"});
  back.load_existing();
  ASSERT_EQ(back.rows().size(), 2u);
  EXPECT_DOUBLE_EQ(back.rows()[1].time_s, 120);
  ASSERT_EQ(back.rows()[1].evals.size(), 1u);
  EXPECT_DOUBLE_EQ(back.rows()[1].evals[0].wp, 0.8);
  const std::string text = read_file(svg);
  EXPECT_NE(text.find("<svg"), std::string::npos);
  EXPECT_NE(text.find("policy loss"), std::string::npos);
  EXPECT_NE(text.find("vs random"), std::string::npos);
  EXPECT_NE(text.find("<circle"), std::string::npos);  // the evaluation point
}

}  // namespace
}  // namespace ddz::selfplay
