// The self-play pieces that need no training: a self-play game's samples and targets, the replay
// buffer bound and the metrics files (the Gumbel search itself: tests/search/test_gumbel_search.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "agent/factory.h"
#include "search/playout_evaluator.h"
#include "agent/policy_rollout_agent.h"
#include "game/observation.h"
#include "models/agent_file.h"
#include "models/features.h"
#include "models/net_evaluator.h"
#include "selfplay/actor.h"
#include "selfplay/files.h"
#include "search/gumbel_search.h"
#include "selfplay/learner.h"
#include "selfplay/metrics.h"
#include "selfplay/replay_buffer.h"
#include "search/history_worlds.h"
#include "search/world_inference.h"
#include "search/world_sampler.h"

#include "tests/search/random_position.h"
#include "tests/selfplay/tiny_spec.h"

namespace ddz::selfplay {
namespace {

using ddz::testing::random_position;
using testing::rollout_search_config;
using testing::tiny_spec;

TEST(SelfplayActor, RolloutMixDecaysLinearly) {
  TrainConfig cfg;
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
  cfg.search.rollout_mix = 0.5;
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
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
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
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
  cfg.search.sims = 4;
  cfg.search.k = 4;
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

// rollout: net: the searched game is reproducible, its samples are whole, and the network's
// rollouts judge differently from the heuristic's (some policy target differs on the same seed).
TEST(SelfplayActor, NetworkRolloutsTeachTheirOwnTargets) {
  TrainConfig heuristic = rollout_search_config(), net = rollout_search_config();
  heuristic.search.rollout_policy = "heuristic";
  net.search.rollout_policy = "net";
  EXPECT_GT(rollout_setting_changes_targets(heuristic, net), 0);
}

// others: heuristic: the opposing side's rollout seats are the heuristic's, so the targets
// differ from all-network rollouts on some seed, and the game stays reproducible.
TEST(SelfplayActor, HeuristicOpponentsInNetworkRollouts) {
  TrainConfig all_net = rollout_search_config(), others = rollout_search_config();
  all_net.search.rollout_policy = others.search.rollout_policy = "net";
  others.search.rollout_others = "heuristic";
  EXPECT_GT(rollout_setting_changes_targets(all_net, others), 0);
}

// rollout_solver: the searched game's rollouts end at the solver (30 cards here, so that the
// first searches' rollouts reach it), so the targets differ from full rollouts on some seed, and
// the game stays reproducible.
TEST(SelfplayActor, RolloutSolverEndsTheTeachersRollouts) {
  TrainConfig full = rollout_search_config(), ended = rollout_search_config();
  full.search.solver_cards = ended.search.solver_cards = 12;
  ended.search.rollout_solver_cards = 30;
  EXPECT_GT(rollout_setting_changes_targets(full, ended), 0);
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
    std::vector<float> p = policy_logits(NetEvaluator::borrowing(net), obs, moves);
    EigenNet::softmax(p.data(), int(p.size()), 1.0f);
    const int best = int(std::max_element(p.begin(), p.end()) - p.begin());
    const ConfidentMove below =
        confident_move(NetEvaluator::borrowing(net), obs, moves, double(p[size_t(best)]) + 1e-4);
    const ConfidentMove at = confident_move(NetEvaluator::borrowing(net), obs, moves, double(p[size_t(best)]));
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
      const ConfidentMove m =
          confident_move(NetEvaluator::borrowing(net), observe(s.state, s.state.to_move()), s.moves, 1.0);
      tops.push_back(*std::max_element(m.prior.begin(), m.prior.end()));
    }
  ASSERT_GT(tops.size(), 20u);
  std::sort(tops.begin(), tops.end());
  ASSERT_LT(tops.back(), 0.999);  // so that a threshold above them all is below 1 (not off)
  TrainConfig sure = plain;
  sure.search.confident = tops[tops.size() / 2];  // about half the moves unsearched
  int searched = 0, unsearched = 0;
  for (uint64_t seed : {81, 82, 83}) {
    for (const PlaySample& s : play_selfplay_game(net, sure, seed).plays) {
      const ConfidentMove m = confident_move(NetEvaluator::borrowing(net), observe(s.state, s.state.to_move()), s.moves,
                                             sure.search.confident);
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
    none_sure.search.confident = tops.back() + 1e-6;
    const GameSamples a = play_selfplay_game(net, plain, seed), b = play_selfplay_game(net, none_sure, seed);
    ASSERT_EQ(a.plays.size(), b.plays.size());
    for (size_t i = 0; i < a.plays.size(); ++i) EXPECT_EQ(a.plays[i].policy, b.plays[i].policy);
    TrainConfig all = plain;
    all.search.confident = 0.0;
    for (const PlaySample& s : play_selfplay_game(net, all, seed).plays) EXPECT_FALSE(s.has_policy);
  }
  EXPECT_GT(searched, 0);
  EXPECT_GT(unsearched, 0);
}

// plan_seats: no pool game without pool_share; with it, about that share of the games, each with
// one or two network seats (both kinds occur) and a pool agent drawn from the list.
TEST(SelfplayActor, PoolGamesFollowTheShare) {
  TrainConfig cfg;
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
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
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
  cfg.search.sims = 4;
  cfg.search.k = 4;
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
  cfg.search.rollout_mix = 0.0;  // the value net alone unless the test says otherwise
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
