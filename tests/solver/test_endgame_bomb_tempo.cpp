// The bombs-as-tempo proof (bomb_tempo_wins, solver/endgame_sure_win.h): every win it claims on
// random small three-player positions holds under plain minimax, it fires beyond the plain sure-win
// test, and a weakened version (opponents allowed one play fewer) makes false claims.
#include <gtest/gtest.h>

#include <string>

#include "solver/endgame_bits.h"
#include "solver/endgame_reference.h"
#include "solver/endgame_solver.h"
#include "game/movegen.h"
#include "solver/endgame_sure_win.h"
#include "solver/min_plays.h"
#include "tests/solver/position_text.h"
#include "tests/solver/random_hands.h"

namespace ddz {
namespace {

using endgame::bomb_tempo_wins;
using test_positions::describe;

// A leading position whose mover holds a bomb or the rocket: the mover's hand is a bomb (or the
// rocket) plus 1-4 other cards, the others 2-4 cards each; the landlord sits at seat 0.
ThreePlayerPosition bomb_position(Rng& rng) {
  Hand deck;
  for (int r = R3; r <= R2; ++r) deck.add(r, 4);
  deck.add(RX);
  deck.add(RD);
  ThreePlayerPosition p;
  p.landlord = 0;
  p.to_move = int(rng.below(3));
  Hand me;
  if (rng.below(4) == 0) {
    me = Hand::of(RX) + Hand::of(RD);
  } else {
    const int r = int(rng.below(13));
    me.add(r, 4);
  }
  deck -= me;
  // Most other cards from a few neighbouring ranks, so the hands hold pairs, trios and chains.
  const Hand pool = test_hands::dense_pool(rng, rng.below(2) == 0);
  Hand dense;
  for (int r = 0; r < kNumRanks; ++r) dense.add(r, std::min(pool.count(r), deck.count(r)));
  const int extra = 1 + int(rng.below(4));
  const Hand mine = test_hands::draw(rng, rng.below(2) ? dense : deck, extra);
  me += mine;
  deck -= mine;
  p.hands[size_t(p.to_move)] = me;
  for (int s = 0; s < 3; ++s) {
    if (s == p.to_move) continue;
    Hand from = deck;
    Hand d;
    for (int r = 0; r < kNumRanks; ++r) d.add(r, std::min(dense.count(r), deck.count(r)));
    if (rng.below(2) && d.size() >= 6) from = d;
    const Hand h = test_hands::draw(rng, from, 2 + int(rng.below(3)));
    p.hands[size_t(s)] = h;
    deck -= h;
  }
  return p;
}

// The hands that can beat the mover's leads: both farmers for the landlord, the landlord for a
// farmer (the partner passes by choice).
int opponents(const ThreePlayerPosition& p, Hand* out) {
  if (p.to_move == 0) {
    out[0] = p.hands[1];
    out[1] = p.hands[2];
    return 2;
  }
  out[0] = p.hands[0];
  return 1;
}

// bomb_tempo_wins with the opponents' condition weakened by one play (they may need only p - 1).
bool weakened_tempo(Hand me, const Hand* opps, int nopp) {
  bool opp_rocket = false;
  uint32_t opp_bombs = 0;
  for (int j = 0; j < nopp; ++j) {
    opp_rocket = opp_rocket || (opps[j].count(RX) && opps[j].count(RD));
    opp_bombs |= endgame::at_least(opps[j], 4);
  }
  Hand bombs;
  int k = 0;
  if (me.count(RX) && me.count(RD)) {
    bombs += Hand::of(RX) + Hand::of(RD);
    ++k;
  }
  if (!opp_rocket)
    for (int r = R3; r <= R2; ++r)
      if (me.count(r) == 4 && (opp_bombs >> r) == 0) {
        bombs.add(r, 4);
        ++k;
      }
  if (k == 0) return false;
  const Hand rest = me - bombs;
  if (rest.empty()) return true;
  const int p = min_plays_count(rest);
  if (p > k + 1) return false;
  for (int j = 0; j < nopp; ++j)
    if (min_plays_relaxed(opps[j]) < p - 1) return false;
  return true;
}

TEST(EndgameBombTempo, EveryProofHoldsUnderMinimax) {
  Rng rng(530053);
  endgame::SureWin sure;
  int proved = 0, beyond_sure_win = 0;
  for (int i = 0; i < 3000; ++i) {
    const ThreePlayerPosition p = bomb_position(rng);
    Hand opps[2];
    const int nopp = opponents(p, opps);
    const Hand me = p.hands[size_t(p.to_move)];
    if (!bomb_tempo_wins(me, opps, nopp)) continue;
    ++proved;
    beyond_sure_win += !sure.lead_wins(me, opps, nopp);
    ASSERT_TRUE(reference_side_to_move_wins(p)) << "position " << i << ": " << describe(p);
  }
  EXPECT_GT(proved, 150);
  EXPECT_GT(beyond_sure_win, 50);
}

TEST(EndgameBombTempo, WeakenedRuleMakesFalseClaims) {
  Rng rng(530053);
  int false_claims = 0;
  for (int i = 0; i < 3000 && false_claims == 0; ++i) {
    const ThreePlayerPosition p = bomb_position(rng);
    Hand opps[2];
    const int nopp = opponents(p, opps);
    if (weakened_tempo(p.hands[size_t(p.to_move)], opps, nopp) && !reference_side_to_move_wins(p)) ++false_claims;
  }
  EXPECT_GT(false_claims, 0);
}

// The depth-first solver (sure-win tests at every node, the tempo proof among them, leading and
// following) against minimax on positions where a bomb or the rocket is held.
TEST(EndgameBombTempo, SolverAgreesWithMinimax) {
  Rng rng(530054);
  EndgameSolver dfs(SolverOptions{4, 0, false});
  int wins = 0;
  for (int i = 0; i < 600; ++i) {
    ThreePlayerPosition p = bomb_position(rng);
    if (i % 2) {
      // A combination to beat, from the cards no hand holds, played by one of the other seats.
      Hand rest;
      for (int r = 0; r < kNumRanks; ++r) rest.add(r, r < RX ? 4 : 1);
      for (const Hand& h : p.hands) rest -= h;
      std::vector<Move> leads;
      legal_moves(rest, Move::pass(), leads);
      std::vector<Move> plays;
      for (const Move& m : leads)
        if (!m.is_pass() && m.cards.size() <= 5) plays.push_back(m);
      if (!plays.empty()) {
        p.to_beat = plays[rng.below(uint32_t(plays.size()))];
        p.to_beat_seat = (p.to_move + 1 + int(rng.below(2))) % 3;
      }
    }
    const bool expected = reference_side_to_move_wins(p);
    ASSERT_EQ(dfs.side_to_move_wins(p), std::optional<bool>(expected)) << "position " << i << ": " << describe(p);
    wins += expected;
  }
  EXPECT_GT(wins, 100);
  EXPECT_LT(wins, 585);
}

TEST(EndgameBombTempo, HandMadeCases) {
  // The rocket answers the one beatable lead: 3 and 4 as solos, the rocket in between.
  const Hand lord = parse_cards("34XD");
  Hand farmers[2] = {parse_cards("55667"), parse_cards("8899T")};
  EXPECT_TRUE(bomb_tempo_wins(lord, farmers, 2));
  // A farmer that could empty its hand with one play: no proof.
  Hand quick[2] = {parse_cards("55"), parse_cards("8899T")};
  EXPECT_FALSE(bomb_tempo_wins(lord, quick, 2));
  // A bomb below an opponent's bomb is no tempo.
  Hand bombed[2] = {parse_cards("KKKK7"), parse_cards("8899T")};
  EXPECT_FALSE(bomb_tempo_wins(parse_cards("345555"), bombed, 2));
  // Three solos and one top bomb: one beatable lead too many.
  EXPECT_FALSE(bomb_tempo_wins(parse_cards("3462222"), farmers, 2));
  EXPECT_TRUE(bomb_tempo_wins(parse_cards("342222"), farmers, 2));
}

}  // namespace
}  // namespace ddz
