// Progress reports and stop requests of the endgame solver: reports come at check points with a
// legal line from the root, request_stop() ends a call as "unknown" within a few thousand nodes
// (from the progress hook, before the call, on one and two threads), and the solver stays exact.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game/movegen.h"
#include "solver/endgame_random.h"
#include "solver/endgame_solver.h"
#include "tests/solver/position_text.h"

namespace ddz {
namespace {

using test_positions::describe;

// A 16/14/14 position that no solver setting proves within hundreds of millions of nodes
// (docs/solver.md): every call on it runs until stopped.
ThreePlayerPosition hard_position() {
  ThreePlayerPosition p;
  p.hands = {parse_cards("3446669TTQQQKKA2"), parse_cards("33455889TJJQK2"), parse_cards("345777899JJA22")};
  p.landlord = 0;
  p.to_move = 1;
  return p;
}

// True when `line` is a legal sequence of plays from p (three players, the landlord at seat 0):
// each move is a legal reply to the combination on the table (a lead when two passes followed
// it), and no hand runs out before the last step.
bool legal_line(const ThreePlayerPosition& p, const std::vector<PvStep>& line, std::string* why) {
  Hand h[3] = {p.hands[0], p.hands[1], p.hands[2]};
  Move beat = p.to_beat;
  int passes = p.to_beat.is_pass() ? 0 : (p.to_move - p.to_beat_seat - 1 + 6) % 3;
  int seat = p.to_move;
  std::vector<Move> legal;
  for (size_t i = 0; i < line.size(); ++i) {
    const PvStep& st = line[i];
    if (st.seat != seat) {
      *why = "step " + std::to_string(i) + " by seat " + std::to_string(st.seat) + ", expected " + std::to_string(seat);
      return false;
    }
    legal_moves(h[seat], beat, legal);
    bool found = false;
    for (const Move& m : legal) found = found || m == st.move;
    if (!found) {
      *why = "step " + std::to_string(i) + " " + to_string(st.move) + " is not legal";
      return false;
    }
    if (st.move.is_pass()) {
      if (++passes == 2) {
        beat = Move::pass();
        passes = 0;
      }
    } else {
      h[seat] -= st.move.cards;
      beat = st.move;
      passes = 0;
      if (h[seat].empty() && i + 1 != line.size()) {
        *why = "the game ended at step " + std::to_string(i);
        return false;
      }
    }
    seat = (seat + 1) % 3;
  }
  return true;
}

struct Recorded {
  int reports = 0;
  int with_proof_numbers = 0;
  uint64_t last_nodes = 0;
  std::vector<SolverProgress> kept;
};

// Solves the hard position with reports at every check point and a stop request from the hook
// once `stop_at` nodes are reported.
SolveResult stop_from_hook(int threads, uint64_t stop_at, Recorded* rec) {
  SolverOptions o{64, 0};
  o.threads = threads;
  o.progress_seconds = 0;
  EndgameSolver* self = nullptr;
  o.progress = [&](const SolverProgress& p) {
    ++rec->reports;
    rec->with_proof_numbers += p.proof_search;
    EXPECT_GE(p.nodes, rec->last_nodes);
    rec->last_nodes = p.nodes;
    if (rec->kept.size() < 50) rec->kept.push_back(p);
    if (p.nodes >= stop_at) self->request_stop();
  };
  EndgameSolver solver(o);
  self = &solver;
  return solver.solve(hard_position(), false);
}

TEST(EndgameProgress, StopFromTheProgressHookOneThread) {
  Recorded rec;
  const SolveResult r = stop_from_hook(1, 200000, &rec);
  EXPECT_FALSE(r.complete);
  EXPECT_TRUE(r.stopped);
  EXPECT_FALSE(r.value_known);
  // The stop is seen at the next check point (4,096 nodes; a duel adds at most its budget).
  EXPECT_GE(r.stats.nodes, 200000u);
  EXPECT_LT(r.stats.nodes, 200000u + 10000u);
  EXPECT_GT(rec.reports, 40);
  EXPECT_GT(rec.with_proof_numbers, 0);
  EXPECT_TRUE(r.at_stop.proof_search);
  EXPECT_GT(r.at_stop.pn, 0u);
  EXPECT_GT(r.at_stop.dn, 0u);
  EXPECT_FALSE(r.at_stop.line.empty());
  EXPECT_EQ(std::string(r.at_stop.stage), "value");
  std::string why;
  EXPECT_TRUE(legal_line(hard_position(), r.at_stop.line, &why)) << why;
  for (const SolverProgress& p : rec.kept) EXPECT_TRUE(legal_line(hard_position(), p.line, &why)) << why;
}

TEST(EndgameProgress, StopFromTheProgressHookTwoThreads) {
  Recorded rec;
  const SolveResult r = stop_from_hook(2, 200000, &rec);
  EXPECT_FALSE(r.complete);
  EXPECT_TRUE(r.stopped);
  // Each thread adds its nodes to the shared count every 512 nodes; the helper stops at its next
  // check too.
  EXPECT_GE(r.stats.nodes, 200000u);
  EXPECT_LT(r.stats.nodes, 200000u + 20000u);
  EXPECT_GT(rec.reports, 40);
  std::string why;
  EXPECT_TRUE(legal_line(hard_position(), r.at_stop.line, &why)) << why;
}

TEST(EndgameProgress, StopRequestedBeforeTheCallStopsItAndIsThenCleared) {
  for (int threads : {1, 2}) {
    SolverOptions o{16, 0};
    o.threads = threads;
    EndgameSolver solver(o);
    solver.request_stop();
    const auto v = solver.side_to_move_wins(hard_position());
    EXPECT_FALSE(v.has_value()) << threads << " threads";
    EXPECT_LT(solver.last_stats().nodes, 20000u) << threads << " threads";
    // The request was cleared when the call returned: the next calls run to their end (or budget).
    Rng rng(5353);
    EndgameSolver fresh(SolverOptions{16, 0});
    for (int i = 0; i < 30; ++i) {
      const ThreePlayerPosition p = random_three_player(rng, 8, 7, 7, false);
      const auto a = solver.side_to_move_wins(p);
      ASSERT_TRUE(a.has_value()) << describe(p);
      EXPECT_EQ(*a, *fresh.side_to_move_wins(p)) << describe(p);
    }
  }
}

TEST(EndgameProgress, StoppedCallsLeaveTheTableExact) {
  // Calls stopped at many different points (the hook stops after k reports) on positions the
  // solver finishes otherwise: every later answer of the same solver equals a fresh solver's.
  Rng rng(5354);
  for (int threads : {1, 2}) {
    int stopped = 0;
    for (int i = 0; i < 10; ++i) {
      const ThreePlayerPosition p = random_three_player(rng, 10, 9, 9, false);
      SolverOptions o{16, 0};
      o.threads = threads;
      o.progress_seconds = 0;
      int reports = 0;
      EndgameSolver* self = nullptr;
      o.progress = [&](const SolverProgress&) {
        if (++reports == 1 + i % 4) self->request_stop();
      };
      EndgameSolver solver(o);
      self = &solver;
      const SolveResult cut = solver.solve(p, false);
      stopped += cut.stopped;
      EXPECT_EQ(cut.stopped, !cut.complete) << describe(p);
      reports = -1000000;  // no more stops
      const SolveResult full = solver.solve(p, false);
      ASSERT_TRUE(full.complete) << describe(p);
      EndgameSolver fresh(SolverOptions{16, 0});
      EXPECT_EQ(full.win, *fresh.side_to_move_wins(p)) << describe(p);
      if (cut.value_known) { EXPECT_EQ(cut.win, full.win) << describe(p); }
    }
    EXPECT_GT(stopped, 3) << threads << " threads";
  }
}

}  // namespace
}  // namespace ddz
