// Rollout players of self-play searches (selfplay/seat_rollouts.h) and world inference in searched
// games: each seat played by whom the config says, checked move by move against the agents
// themselves, and the inference keys changing the teacher's targets reproducibly.
#include <gtest/gtest.h>

#include "agent/factory.h"
#include "agent/policy_rollout_agent.h"
#include "game/observation.h"
#include "game/state.h"
#include "selfplay/actor.h"
#include "selfplay/learner.h"
#include "selfplay/seat_rollouts.h"

#include "tests/selfplay/tiny_spec.h"

namespace ddz::selfplay {
namespace {

using testing::tiny_config;
using testing::tiny_spec;

TEST(SeatRollouts, SearchingPoolAgentsAreModelledByTheHeuristic) {
  EXPECT_EQ(rollout_model_of("heuristic"), "heuristic");
  EXPECT_EQ(rollout_model_of("heuristic:danger=2"), "heuristic:danger=2");
  EXPECT_EQ(rollout_model_of("random"), "random");
  EXPECT_EQ(rollout_model_of("net:models/x.ddz,temperature=0"), "net:models/x.ddz,temperature=0");
  EXPECT_EQ(rollout_model_of("mcts"), "heuristic");
  EXPECT_EQ(rollout_model_of("mcts:sims=50"), "heuristic");
  EXPECT_EQ(rollout_model_of("mcts+net:f.ddz"), "heuristic");
  EXPECT_EQ(rollout_model_of("gumbel:f.ddz,sims=8"), "heuristic");
  EXPECT_EQ(rollout_model_of("pretrained"), "heuristic");
}

// With rollout_others "seats" in a pool game, along a whole game every network seat's move is the
// policy's argmax and every pool seat's the heuristic's; without pool seats every seat is the
// network's (as rollout_others "net").
TEST(SeatRollouts, EverySeatIsPlayedByWhoSitsThere) {
  TrainConfig cfg = tiny_config();
  cfg.search.rollout_policy = "net";
  cfg.search.rollout_others = "seats";
  cfg.pool_agents = {"mcts:sims=20"};
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  PolicyRolloutAgent reference_net(net);
  const std::unique_ptr<Agent> reference_heuristic = make_agent("heuristic");
  int net_moves = 0, heuristic_moves = 0, differ = 0;
  for (int layout = 0; layout < 3; ++layout) {
    SeatPlan plan;
    if (layout < 2) {
      plan.pool_agent = 0;
      for (int s = 0; s < kNumSeats; ++s) plan.network[size_t(s)] = layout == 0 ? s == 1 : s != 1;
    }
    PolicyRolloutAgent* net_rollouts = nullptr;
    const std::unique_ptr<Agent> player = searched_game_rollouts(net, cfg, plan, 9, &net_rollouts);
    EXPECT_EQ(net_rollouts == nullptr, layout < 2);  // the seatwise player needs no searched seat
    GameState state(uint64_t(40 + layout), Rules{});
    while (state.phase() == Phase::Play) {
      const Observation obs = observe(state, state.to_move());
      const Move move = player->play(obs);
      const bool network_seat = plan.network[size_t(obs.seat)];
      const Move expected = network_seat ? reference_net.play(obs) : reference_heuristic->play(obs);
      ASSERT_EQ(move, expected) << "layout " << layout << " seat " << obs.seat;
      if (network_seat) {
        ++net_moves;
      } else {
        ++heuristic_moves;
        differ += reference_net.play(obs) != move;
      }
      state.apply_trusted(move);
    }
  }
  EXPECT_GT(net_moves, 20);
  EXPECT_GT(heuristic_moves, 20);
  EXPECT_GT(differ, 0);  // the two players are told apart by this test
}

// Searched games of a heuristic pool: world inference (infer < 1) changes some policy targets,
// keeps every game reproducible and every target a distribution over the legal moves; "seats"
// changes targets against "heuristic" across the table too.
TEST(SeatRollouts, InferenceAndSeatsChangeTheTeacherReproducibly) {
  TrainConfig base = testing::rollout_search_config();
  base.search.rollout_policy = "net";
  base.search.rollout_others = "heuristic";
  base.pool_agents = {"heuristic"};
  base.pool_share = 1.0;
  TrainConfig infer = base, seats = base;
  infer.search.inference.mismatch_weight = 0.2;
  seats.search.rollout_others = "seats";
  Learner learner(tiny_spec(), base, 5);
  const EigenNet net(tiny_spec(), learner.weights());
  int infer_differs = 0, seats_differs = 0;
  for (uint64_t seed = 61; seed <= 66; ++seed) {
    const GameSamples a = play_selfplay_game(net, base, seed);
    for (const TrainConfig* changed : {&infer, &seats}) {
      const GameSamples b = play_selfplay_game(net, *changed, seed);
      const GameSamples again = play_selfplay_game(net, *changed, seed);
      ASSERT_EQ(again.plays.size(), b.plays.size());
      for (size_t i = 0; i < b.plays.size(); ++i) {
        EXPECT_EQ(again.plays[i].policy, b.plays[i].policy);
        ASSERT_EQ(b.plays[i].policy.size(), b.plays[i].moves.size());
        double sum = 0;
        for (float p : b.plays[i].policy) {
          EXPECT_GE(p, 0.0f);
          sum += p;
        }
        EXPECT_NEAR(sum, 1.0, 1e-4);
      }
      bool differs = a.plays.size() != b.plays.size();
      for (size_t i = 0; !differs && i < a.plays.size(); ++i) differs = a.plays[i].policy != b.plays[i].policy;
      (changed == &infer ? infer_differs : seats_differs) += differs;
    }
  }
  EXPECT_GT(infer_differs, 0);
  EXPECT_GT(seats_differs, 0);
}

}  // namespace
}  // namespace ddz::selfplay
