// Endgame solver tests: agreement with plain minimax on thousands of seeded random small
// positions, known positions with their winning first moves, legal PVs, and tiny tables.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "game/catalogue.h"
#include "game/movegen.h"
#include "solver/endgame_pns.h"
#include "solver/endgame_random.h"
#include "solver/endgame_search.h"
#include "solver/endgame_reference.h"
#include "solver/endgame_solver.h"
#include "tests/solver/position_text.h"
#include "tests/solver/random_hands.h"
#include "solver/endgame_sure_win.h"

namespace ddz {
namespace {

std::set<std::string> names(const std::vector<Move>& moves) {
  std::set<std::string> out;
  for (const Move& m : moves) out.insert(to_string(m));
  return out;
}

using test_positions::describe;

// Replays a two-player PV with the two-player rules and returns the seat that emptied its hand.
int replay_two_player(const TwoPlayerPosition& p, const std::vector<PvStep>& pv) {
  Hand hands[2] = {p.to_move, p.other};
  Move beat = p.to_beat;
  int seat = 0;
  for (size_t i = 0; i < pv.size(); ++i) {
    EXPECT_EQ(pv[i].seat, seat) << "step " << i;
    const auto legal = legal_moves(hands[seat], beat);
    EXPECT_NE(std::find(legal.begin(), legal.end(), pv[i].move), legal.end()) << "illegal step " << i;
    if (pv[i].move.is_pass()) {
      beat = Move::pass();
    } else {
      hands[seat] -= pv[i].move.cards;
      beat = pv[i].move;
      if (hands[seat].empty()) {
        EXPECT_EQ(i + 1, pv.size()) << "PV goes on after the game ended";
        return seat;
      }
    }
    seat = 1 - seat;
  }
  return kNoSeat;
}

// Replays a three-player PV through the rules engine; returns the winning seat.
int replay_three_player(const ThreePlayerPosition& p, const std::vector<PvStep>& pv) {
  GameState s = GameState::from_position(p.hands, p.landlord, p.to_move, p.to_beat, p.to_beat_seat);
  for (size_t i = 0; i < pv.size(); ++i) {
    EXPECT_EQ(s.phase(), Phase::Play) << "PV goes on after the game ended";
    EXPECT_EQ(pv[i].seat, s.to_move()) << "step " << i;
    const std::string err = s.apply_move(pv[i].move);
    EXPECT_EQ(err, "") << "illegal step " << i;
    if (!err.empty()) return kNoSeat;
  }
  return s.phase() == Phase::Over ? s.winner() : kNoSeat;
}

TEST(EndgameSolver, KnownTwoPlayerPosition) {
  EndgameSolver solver;
  const TwoPlayerPosition p{parse_cards("3455KK"), parse_cards("345522"), Move::pass()};
  const SolveResult r = solver.solve(p, true);
  ASSERT_TRUE(r.complete);
  EXPECT_TRUE(r.win);
  EXPECT_EQ(names(r.winning_moves), (std::set<std::string>{"4", "5"}));
  EXPECT_EQ(replay_two_player(p, r.pv), 0);
  EXPECT_EQ(r.winner_seat, 0);
}

TEST(EndgameSolver, PublicPuzzleOnlyWinningMoveIsSingleEight) {
  EndgameSolver solver;
  const TwoPlayerPosition p{parse_cards("448999TJJQQAD"), parse_cards("336688TAA22X"), Move::pass()};
  const SolveResult r = solver.solve(p, true);
  ASSERT_TRUE(r.complete);
  EXPECT_TRUE(r.win);
  EXPECT_EQ(names(r.winning_moves), (std::set<std::string>{"8"}));
  EXPECT_EQ(replay_two_player(p, r.pv), 0);
  EXPECT_GT(r.stats.nodes, 0u);
  EXPECT_GT(r.stats.table_stores, 0u);
}

TEST(EndgameSolver, AgreesWithMinimaxOnRandomTwoPlayerPositions) {
  Rng rng(20261130);
  EndgameSolver solver(SolverOptions{1, 0});
  int wins = 0;
  for (int i = 0; i < 1200; ++i) {
    const int a = 1 + int(rng.below(6)), b = 1 + int(rng.below(6));
    const TwoPlayerPosition p = random_two_player(rng, a, b, rng.below(2) == 1);
    const bool expected = reference_side_to_move_wins(p);
    const auto got = solver.side_to_move_wins(p);
    ASSERT_TRUE(got.has_value());
    ASSERT_EQ(*got, expected) << "position " << i << ": " << describe(p);
    wins += expected;
  }
  // Both outcomes occur, so the comparison tests something.
  EXPECT_GT(wins, 100);
  EXPECT_LT(wins, 1100);
}

TEST(EndgameSolver, AgreesWithMinimaxOnRandomThreePlayerPositions) {
  Rng rng(7);
  EndgameSolver solver(SolverOptions{1, 0});
  int wins = 0;
  for (int i = 0; i < 1000; ++i) {
    const int l = 1 + int(rng.below(6)), f1 = 1 + int(rng.below(5)), f2 = 1 + int(rng.below(5));
    ThreePlayerPosition p = random_three_player(rng, l, f1, f2, rng.below(2) == 1);
    // Move the landlord to another seat now and then: the solver rotates seats internally.
    const int shift = int(rng.below(3));
    ThreePlayerPosition q = p;
    for (int s = 0; s < kNumSeats; ++s) q.hands[size_t((s + shift) % kNumSeats)] = p.hands[size_t(s)];
    q.landlord = shift;
    q.to_move = (p.to_move + shift) % kNumSeats;
    if (p.to_beat_seat != kNoSeat) q.to_beat_seat = (p.to_beat_seat + shift) % kNumSeats;
    const bool expected = reference_side_to_move_wins(q);
    const auto got = solver.side_to_move_wins(q);
    ASSERT_TRUE(got.has_value());
    ASSERT_EQ(*got, expected) << "position " << i << ": " << describe(q);
    wins += expected;
  }
  EXPECT_GT(wins, 100);
  EXPECT_LT(wins, 900);
}

// Proof-number search down to the leaves (no depth-first leaves), with a small and a tiny
// table (re-expansion after evictions must still end with the right answer).
TEST(EndgameSolver, ProofNumberSearchAgreesWithMinimax) {
  Rng rng(8086);
  EndgameSolver pns(SolverOptions{1, 0, true, 0});
  EndgameSolver tiny(SolverOptions{0, 0, true, 0});
  int wins = 0;
  for (int i = 0; i < 1000; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 1 + int(rng.below(7)), 1 + int(rng.below(7)), rng.below(2) == 1);
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(pns.side_to_move_wins(p), std::optional<bool>(expected)) << "position " << i << ": " << describe(p);
    if (i % 4 == 0) { ASSERT_EQ(tiny.side_to_move_wins(p), std::optional<bool>(expected)) << describe(p); }
    wins += expected;
  }
  EXPECT_GT(wins, 100);
  EXPECT_LT(wins, 900);
  wins = 0;
  for (int i = 0; i < 1000; ++i) {
    ThreePlayerPosition p = random_three_player(rng, 1 + int(rng.below(7)), 1 + int(rng.below(5)),
                                                1 + int(rng.below(5)), rng.below(2) == 1);
    if (i % 2) {  // landlord in seat 1
      std::swap(p.hands[0], p.hands[1]);
      p.landlord = 1;
    }
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(pns.side_to_move_wins(p), std::optional<bool>(expected)) << "position " << i << ": " << describe(p);
    if (i % 4 == 0) { ASSERT_EQ(tiny.side_to_move_wins(p), std::optional<bool>(expected)) << describe(p); }
    wins += expected;
  }
  EXPECT_GT(wins, 100);
  EXPECT_LT(wins, 900);
}

// Kicker groups of the proof-number search's disproof numbers (endgame_pns.h): the same
// combination with other kickers, nothing else.
TEST(EndgameSolver, KickerVariantsAreTheSameCombinationWithOtherKickers) {
  using endgame::kicker_variants;
  EXPECT_TRUE(kicker_variants(parse_move("3334"), parse_move("3335")));
  EXPECT_TRUE(kicker_variants(parse_move("333444"), parse_move("333444")));
  EXPECT_TRUE(kicker_variants(parse_move("33335566"), parse_move("3333KKAA")));
  EXPECT_TRUE(kicker_variants(parse_move("33344456"), parse_move("3334447K")));
  EXPECT_FALSE(kicker_variants(parse_move("3334"), parse_move("4443")));
  EXPECT_FALSE(kicker_variants(parse_move("3334"), parse_move("33344")));
  EXPECT_FALSE(kicker_variants(parse_move("33344456"), parse_move("44455536")));
  EXPECT_FALSE(kicker_variants(parse_move("34567"), parse_move("345678")));
  EXPECT_FALSE(kicker_variants(parse_move("3"), parse_move("4")));
  EXPECT_FALSE(kicker_variants(parse_move("3333"), parse_move("333345")));
}

// Positions dense in trios and fours (many kicker variants per node), every node expanded by
// the proof-number search (no depth-first attempt, leaves or duels): the answers agree with
// minimax. (Only solved children decide a value, so the grouping cannot change an answer; this
// checks that it never ends an expansion early. Taking a group's smallest number instead of its
// largest, which could, was not caught here: positions this small rarely have a kicker variant
// win where another one lost.)
TEST(EndgameSolver, ProofNumberSearchWithKickerGroupsAgreesWithMinimax) {
  Rng rng(5309);
  SolverOptions o{1, 0, true, 0};
  o.pns_attempt_nodes = 0;
  o.duel_nodes = 0;
  EndgameSolver pns(o);
  int wins = 0;
  for (int i = 0; i < 800; ++i) {
    Hand pool = test_hands::dense_pool(rng, i % 3 == 0);
    ThreePlayerPosition p;
    const int sizes[3] = {4 + int(rng.below(4)), 2 + int(rng.below(4)), 2 + int(rng.below(4))};
    for (int seat = 0; seat < 3; ++seat) {
      p.hands[size_t(seat)] = test_hands::draw(rng, pool, sizes[seat]);
      pool -= p.hands[size_t(seat)];
    }
    p.to_move = int(rng.below(3));
    ASSERT_EQ(check_position(p), "") << describe(p);
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(pns.side_to_move_wins(p), std::optional<bool>(expected)) << "position " << i << ": " << describe(p);
    wins += expected;
  }
  EXPECT_GT(wins, 160);
  EXPECT_LT(wins, 640);
}

// The proof-number search (with depth-first leaves) and the plain depth-first search agree on
// positions too big for minimax.
TEST(EndgameSolver, ProofNumberAndDepthFirstSearchAgree) {
  Rng rng(6502);
  EndgameSolver pns(SolverOptions{16, 0, true, 8});
  EndgameSolver dfs(SolverOptions{16, 0, false});
  for (int i = 0; i < 60; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 7 + int(rng.below(4)), 7 + int(rng.below(4)), rng.below(2) == 1);
    ASSERT_EQ(pns.side_to_move_wins(p), dfs.side_to_move_wins(p)) << describe(p);
    const ThreePlayerPosition q = random_three_player(rng, 7 + int(rng.below(3)), 5 + int(rng.below(3)),
                                                      5 + int(rng.below(3)), rng.below(2) == 1);
    ASSERT_EQ(pns.side_to_move_wins(q), dfs.side_to_move_wins(q)) << describe(q);
  }
}

TEST(EndgameSolver, WinningMoveSetsAgreeWithMinimax) {
  Rng rng(99);
  EndgameSolver solver;
  for (int i = 0; i < 150; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 2 + int(rng.below(5)), 2 + int(rng.below(5)), rng.below(2) == 1);
    const SolveResult r = solver.solve(p, true);
    ASSERT_TRUE(r.complete);
    std::set<std::string> expected;
    for (const Move& m : legal_moves(p.to_move, p.to_beat)) {
      bool win;
      if (m.is_pass()) {
        win = !reference_side_to_move_wins(TwoPlayerPosition{p.other, p.to_move, Move::pass()});
      } else {
        const Hand rest = p.to_move - m.cards;
        win = rest.empty() || !reference_side_to_move_wins(TwoPlayerPosition{p.other, rest, m});
      }
      if (win) expected.insert(to_string(m));
    }
    ASSERT_EQ(names(r.winning_moves), expected) << describe(p);
    EXPECT_EQ(r.win, !expected.empty());
  }
}

TEST(EndgameSolver, PrincipalVariationsAreLegalAndEndWithThePredictedWinner) {
  Rng rng(5);
  EndgameSolver solver;
  for (int i = 0; i < 60; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 5 + int(rng.below(6)), 5 + int(rng.below(6)), rng.below(2) == 1);
    const SolveResult r = solver.solve(p, false);
    ASSERT_TRUE(r.complete);
    const int winner = replay_two_player(p, r.pv);
    EXPECT_EQ(winner, r.win ? 0 : 1) << describe(p);
    EXPECT_EQ(winner, r.winner_seat);
    EXPECT_EQ(r.winning_moves.empty(), !r.win);
    if (r.win) { EXPECT_EQ(r.pv.front().move, r.winning_moves.front()); }
  }
  for (int i = 0; i < 60; ++i) {
    ThreePlayerPosition p = random_three_player(rng, 4 + int(rng.below(5)), 3 + int(rng.below(5)),
                                                3 + int(rng.below(5)), rng.below(2) == 1);
    if (i % 2) {  // landlord in seat 2: seat numbers in the PV must be the position's own
      std::swap(p.hands[0], p.hands[2]);
      p.landlord = 2;
    }
    const SolveResult r = solver.solve(p, false);
    ASSERT_TRUE(r.complete);
    const int winner = replay_three_player(p, r.pv);
    ASSERT_NE(winner, kNoSeat) << describe(p);
    const bool mover_team_won = (winner == p.landlord) == (p.to_move == p.landlord);
    EXPECT_EQ(mover_team_won, r.win) << describe(p);
    EXPECT_EQ(winner, r.winner_seat);
  }
}

// A principal variation takes the winning move the value's proof found (the table still holds
// it) instead of solving the moves in order, which can prove a costly loss before the win: the
// whole solve stays within a small multiple of the value's nodes. Solving in order took up to 20
// times the value's nodes on these positions (5 of the 30 over this bound).
TEST(EndgameSolver, PrincipalVariationReusesTheProof) {
  SolverOptions o;
  o.threads = 1;  // node counts are exact with one thread
  EndgameSolver solver(o);
  for (uint64_t i = 0; i < 30; ++i) {
    Rng rng(Rng::mix(4242, i));
    ThreePlayerPosition p = random_three_player(rng, 10, 9, 9, false);
    p.to_move = int(rng.below(3));
    solver.clear_table();
    ASSERT_TRUE(solver.side_to_move_wins(p).has_value());
    const uint64_t value_nodes = solver.last_stats().nodes;
    solver.clear_table();
    const SolveResult r = solver.solve(p, false);
    ASSERT_TRUE(r.complete) << describe(p);
    EXPECT_LE(r.stats.nodes, 3 * value_nodes + 2000) << describe(p);
  }
}

TEST(EndgameSolver, TinyTableGivesExactAnswers) {
  Rng rng(11);
  EndgameSolver tiny(SolverOptions{0, 0});
  EndgameSolver big(SolverOptions{16, 0});
  EXPECT_EQ(tiny.solve(TwoPlayerPosition{parse_cards("3455KK"), parse_cards("345522"), Move::pass()}, false)
                .stats.table_capacity,
            4u);
  for (int i = 0; i < 40; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 6 + int(rng.below(4)), 6 + int(rng.below(4)), rng.below(2) == 1);
    ASSERT_EQ(tiny.side_to_move_wins(p), big.side_to_move_wins(p)) << describe(p);
    const ThreePlayerPosition q = random_three_player(rng, 6, 4, 4, rng.below(2) == 1);
    ASSERT_EQ(tiny.side_to_move_wins(q), big.side_to_move_wins(q)) << describe(q);
  }
}

TEST(EndgameSolver, NodeBudgetGivesUnknownNotAWrongAnswer) {
  EndgameSolver solver(SolverOptions{1, 50});
  const TwoPlayerPosition p{parse_cards("448999TJJQQAD"), parse_cards("336688TAA22X"), Move::pass()};
  EXPECT_FALSE(solver.side_to_move_wins(p).has_value());
  EXPECT_FALSE(solver.solve(p, true).complete);
  // Nothing half-searched was stored: an unlimited solver sharing nothing agrees with the truth.
  EndgameSolver full;
  EXPECT_EQ(full.side_to_move_wins(p), std::optional<bool>(true));
}

TEST(EndgameSolver, GameStateEntryPointMatchesPositionEntryPoint) {
  Rng rng(3);
  EndgameSolver solver;
  for (int i = 0; i < 30; ++i) {
    const ThreePlayerPosition p = random_three_player(rng, 5, 4, 4, rng.below(2) == 1);
    const GameState s = GameState::from_position(p.hands, p.landlord, p.to_move, p.to_beat, p.to_beat_seat);
    EXPECT_EQ(solver.side_to_move_wins(s), solver.side_to_move_wins(p));
    EXPECT_EQ(solver.side_to_move_wins(s), std::optional<bool>(reference_side_to_move_wins(p)));
  }
}

TEST(EndgameSolver, RejectsBadPositions) {
  EndgameSolver solver;
  TwoPlayerPosition p{parse_cards("3333"), parse_cards("3"), Move::pass()};
  EXPECT_THROW(solver.solve(p, false), std::invalid_argument);  // five 3s
  p = TwoPlayerPosition{parse_cards("34"), Hand(), Move::pass()};
  EXPECT_THROW(solver.solve(p, false), std::invalid_argument);  // game over
  p = TwoPlayerPosition{parse_cards("34"), parse_cards("56"), Move{parse_cards("78"), MoveType::Pair, RT, 1}};
  EXPECT_THROW(solver.solve(p, false), std::invalid_argument);  // not a combination
  ThreePlayerPosition q;
  q.hands = {parse_cards("34"), parse_cards("56"), parse_cards("78")};
  q.to_beat = parse_move("9");
  EXPECT_THROW(solver.solve(q, false), std::invalid_argument);  // no seat played the 9
  q.to_beat_seat = 0;
  EXPECT_THROW(solver.solve(q, false), std::invalid_argument);  // the seat to move played it
  q.to_beat_seat = 2;
  EXPECT_NO_THROW(solver.solve(q, false));
}

}  // namespace
}  // namespace ddz

namespace ddz {
namespace {

// The cheap pre-filter may only reject hands that are not one combination: every one of the
// 27,471 combinations passes it, and it rejects most random hands that are not combinations.
TEST(EndgameSolver, OneCombinationPrefilterNeverRejectsACombination) {
  for (int id = 0; id < kNumCombinations; ++id)
    ASSERT_TRUE(endgame::may_be_one_combination(move_of_action(id).cards)) << to_string(move_of_action(id));
  Rng rng(31337);
  int rejected = 0;
  for (int i = 0; i < 2000; ++i) {
    const Hand h = random_two_player(rng, 6 + int(rng.below(10)), 1, false).to_move;
    if (!endgame::may_be_one_combination(h)) {
      ++rejected;
      ASSERT_FALSE(classify(h).has_value()) << to_string(h);
    }
  }
  EXPECT_GT(rejected, 1000);
}

// The sure-win test is a proof: whenever it fires, plain minimax must agree that the side to
// move (leading) wins. Also checks that it fires often enough to matter and that the version
// fed with the unbeatable leads gives the same answers as the one generating them.
TEST(EndgameSolver, SureWinTestIsSoundAgainstMinimax) {
  Rng rng(424242);
  endgame::SureWin sure;
  int proved2 = 0, proved3 = 0;
  for (int i = 0; i < 1500; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 1 + int(rng.below(7)), 1 + int(rng.below(6)), false);
    const bool proved = sure.lead_wins(p.to_move, &p.other, 1);
    if (!proved) continue;
    ++proved2;
    ASSERT_TRUE(reference_side_to_move_wins(p)) << "position " << i << ": " << describe(p);
  }
  for (int i = 0; i < 1500; ++i) {
    const ThreePlayerPosition p =
        random_three_player(rng, 1 + int(rng.below(6)), 1 + int(rng.below(5)), 1 + int(rng.below(5)), false);
    Hand opps[2];
    int nopp = 0;
    for (int s = 0; s < kNumSeats; ++s)
      if (s != p.to_move && (s == p.landlord || p.to_move == p.landlord)) opps[nopp++] = p.hands[size_t(s)];
    std::vector<Move> unbeatable;
    for (const Move& m : legal_moves(p.hands[size_t(p.to_move)], Move::pass()))
      if (endgame::unbeatable_by(m, opps, nopp)) unbeatable.push_back(m);
    const bool proved = sure.lead_wins(p.hands[size_t(p.to_move)], opps, nopp);
    ASSERT_EQ(proved, sure.lead_wins(p.hands[size_t(p.to_move)], unbeatable)) << describe(p);
    if (!proved) continue;
    ++proved3;
    ASSERT_TRUE(reference_side_to_move_wins(p)) << "position " << i << ": " << describe(p);
  }
  EXPECT_GT(proved2, 150);
  EXPECT_GT(proved3, 150);
}

}  // namespace
}  // namespace ddz

namespace ddz {
namespace {

// The solver's shortcut beat tests give the move generator's answer for every combination.
TEST(EndgameSolver, FastBeatTestsAgreeWithTheMoveGenerator) {
  Rng rng(4711);
  for (int i = 0; i < 200; ++i) {
    const Hand h = random_two_player(rng, 1 + int(rng.below(17)), 1, false).to_move;
    const endgame::Beater beater(h);
    for (int id = 0; id < kNumCombinations; id += 1 + int(rng.below(3))) {
      const Move& m = move_of_action(id);
      const bool expected = can_beat(h, m);
      ASSERT_EQ(endgame::can_beat_fast(h, m), expected) << to_string(h) << " on " << to_string(m);
      ASSERT_EQ(beater.beats(m), expected) << to_string(h) << " on " << to_string(m);
    }
  }
}

}  // namespace
}  // namespace ddz

namespace ddz {
namespace {

// The relay test is a proof: whenever it fires on a random three-player position with a farmer
// to lead, plain minimax agrees that the farmers win; and it fires often enough to matter.
TEST(EndgameSolver, RelayTestIsSoundAgainstMinimax) {
  Rng rng(8675309);
  int proved = 0;
  for (int i = 0; i < 4000; ++i) {
    ThreePlayerPosition p =
        random_three_player(rng, 2 + int(rng.below(5)), 1 + int(rng.below(5)), 1 + int(rng.below(5)), false);
    p.to_move = 1 + int(rng.below(2));  // a farmer leads
    const Hand leader = p.hands[size_t(p.to_move)], partner = p.hands[size_t(3 - p.to_move)];
    const bool fired = endgame::relay_wins(leader, partner, p.hands[0], p.to_move == 1,
                                           legal_moves(leader, Move::pass()), legal_moves(partner, Move::pass()));
    if (!fired) continue;
    ++proved;
    ASSERT_TRUE(reference_side_to_move_wins(p)) << "position " << i << ": " << describe(p);
  }
  EXPECT_GT(proved, 150);
}

}  // namespace
}  // namespace ddz

namespace ddz {
namespace {

// The minimum-plays cache of the search answers min_plays_relaxed exactly, including through its
// second cache keyed by the counts of chain-free hands (two different chain-free hands with the
// same counts share one entry; both orders of first use are covered by the random sequence).
TEST(EndgameSolver, MinimumPlaysCachesAgreeWithMinPlaysRelaxed) {
  EndgameTable table(0);
  endgame::Search<2> search(table, 0);
  Rng rng(20261130);
  std::set<std::pair<uint32_t, uint64_t>> seen;  // (counts key, hand) of chain-free hands
  std::set<uint32_t> keys;
  int shared = 0;
  for (int i = 0; i < 20000; ++i) {
    const Hand h = random_two_player(rng, 1 + int(rng.below(i % 4 == 0 ? 20 : 10)), 1, false).to_move;
    ASSERT_EQ(search.min_plays(h), min_plays_relaxed(h)) << to_string(h);
    const uint32_t s = h.ranks_with_at_least(1) & 0xFFF, p = h.ranks_with_at_least(2) & 0xFFF,
                   t = h.ranks_with_at_least(3) & 0xFFF;
    if ((s & (s >> 1) & (s >> 2) & (s >> 3) & (s >> 4)) || (p & (p >> 1) & (p >> 2)) || (t & (t >> 1))) continue;
    uint32_t key = uint32_t(h.count(RX)) << 20 | uint32_t(h.count(RD)) << 21;
    for (int r = 0; r < 13; ++r)
      if (const int c = h.count(Rank(r))) key += 1u << (5 * (c - 1));  // ranks with c cards, per c
    if (keys.count(key) && !seen.count({key, h.bits()})) ++shared;
    keys.insert(key);
    seen.insert({key, h.bits()});
  }
  EXPECT_GT(shared, 1000);  // many answers came from another hand's entry
}

}  // namespace
}  // namespace ddz
