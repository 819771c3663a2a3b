// Checks the position equivalences behind the endgame table's keys against plain minimax:
// count permutations within single-seat chain-free rank blocks, and adjacency where no seat
// holds both neighbouring ranks. Each rule is applied here to random positions, independently of
// the solver's code, and the two positions must have the same minimax value.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "game/catalogue.h"
#include "solver/endgame_random.h"
#include "solver/endgame_reference.h"
#include "solver/endgame_solver.h"

namespace ddz {
namespace {

using Counts = std::array<int, kNumRanks>;

Counts counts_of(Hand h) {
  Counts c{};
  for (int r = 0; r < kNumRanks; ++r) c[size_t(r)] = h.count(r);
  return c;
}

Hand hand_of(const Counts& c) {
  Hand h;
  for (int r = 0; r < kNumRanks; ++r) h.add(r, c[size_t(r)]);
  return h;
}

// Permutes the counts of one seat within one block of ranks that (a) no other seat holds, with
// no rank of another seat between them (its own other ranks may be), (b) are 3..2, (c) are chain ranks whose neighbouring
// chain ranks the seat does not hold (or the 2), (d) lie on one side of the key of `beat`.
// Returns false when no block with differing counts exists.
bool permute_block(std::vector<Hand>& hands, int seat, const Move& beat, Rng& rng) {
  std::vector<Counts> c;
  for (Hand h : hands) c.push_back(counts_of(h));
  auto held = [&](int r) {
    for (const auto& x : c)
      if (x[size_t(r)]) return true;
    return false;
  };
  auto mine = [&](int r) { return r >= 0 && r < kNumRanks && c[size_t(seat)][size_t(r)] > 0; };
  auto held_by_other = [&](int r) {
    for (size_t s = 0; s < c.size(); ++s)
      if (int(s) != seat && c[s][size_t(r)]) return true;
    return false;
  };
  auto eligible = [&](int r) {
    if (r > R2 || !mine(r)) return false;
    for (size_t s = 0; s < c.size(); ++s)
      if (int(s) != seat && c[s][size_t(r)]) return false;
    if (r <= kHighestChainRank && (mine(r - 1) || (r + 1 <= kHighestChainRank && mine(r + 1)))) return false;
    return true;
  };
  std::vector<std::vector<int>> blocks(1);
  for (int r = 0; r < kNumRanks; ++r) {
    if (!held(r) || (!eligible(r) && !held_by_other(r))) continue;  // the seat's own other ranks
    const bool split = !blocks.back().empty() && !beat.is_pass() && (blocks.back().back() > beat.key) != (r > beat.key);
    if (!eligible(r) || split) blocks.emplace_back();
    if (eligible(r)) blocks.back().push_back(r);
  }
  for (const auto& b : blocks) {
    if (b.size() < 2) continue;
    std::vector<int> values;
    for (int r : b) values.push_back(c[size_t(seat)][size_t(r)]);
    std::vector<int> shuffled = values;
    for (int tries = 0; tries < 8 && shuffled == values; ++tries)
      for (size_t i = shuffled.size() - 1; i > 0; --i) std::swap(shuffled[i], shuffled[size_t(rng.below(i + 1))]);
    if (shuffled == values) continue;
    for (size_t i = 0; i < b.size(); ++i) c[size_t(seat)][size_t(b[i])] = shuffled[i];
    hands[size_t(seat)] = hand_of(c[size_t(seat)]);
    return true;
  }
  return false;
}

// Moves chain ranks r2..K up by one (A must be free) where r2 - 1 and r2 are held but by no
// single seat, so they stop being adjacent while every other adjacency stays. False when no
// such pair exists.
bool separate_ranks(std::vector<Hand>& hands) {
  std::vector<Counts> c;
  for (Hand h : hands) c.push_back(counts_of(h));
  auto held = [&](int r) {
    for (const auto& x : c)
      if (x[size_t(r)]) return true;
    return false;
  };
  if (held(RA)) return false;
  for (int r2 = R4; r2 <= RK; ++r2) {
    if (!held(r2) || !held(r2 - 1)) continue;
    bool one_seat = false;
    for (const auto& x : c) one_seat |= x[size_t(r2)] && x[size_t(r2 - 1)];
    if (one_seat) continue;
    for (auto& x : c) {
      for (int r = RK; r >= r2; --r) x[size_t(r + 1)] = x[size_t(r)];
      x[size_t(r2)] = 0;
    }
    for (size_t s = 0; s < hands.size(); ++s) hands[s] = hand_of(c[s]);
    return true;
  }
  return false;
}

TEST(EndgameEquivalence, CountPermutationKeepsTheMinimaxValue) {
  Rng rng(271828);
  EndgameSolver solver(SolverOptions{1, 0});
  int checked2 = 0, checked3 = 0;
  for (int i = 0; i < 3000; ++i) {
    // Every other position gives one seat a long hand, so that chains (which the rule must
    // avoid) occur.
    const int a = i % 2 ? 6 + int(rng.below(4)) : 2 + int(rng.below(5)), b = 2 + int(rng.below(i % 2 ? 3 : 5));
    const TwoPlayerPosition p = random_two_player(rng, a, b, rng.below(2) == 1);
    std::vector<Hand> hands = {p.to_move, p.other};
    if (!permute_block(hands, i % 2 ? 0 : int(rng.below(2)), p.to_beat, rng)) continue;
    const TwoPlayerPosition q{hands[0], hands[1], p.to_beat};
    if (!check_position(q).empty()) continue;  // the beat's cards and the new counts overlap
    ++checked2;
    const bool v = reference_side_to_move_wins(p);
    ASSERT_EQ(v, reference_side_to_move_wins(q))
        << to_string(p.to_move) << " vs " << to_string(p.other) << " beat " << to_string(p.to_beat) << " -> "
        << to_string(q.to_move) << " vs " << to_string(q.other);
    // The solver, solving p and then q with one table (q meets p's entries under shared keys).
    ASSERT_EQ(solver.side_to_move_wins(p), std::optional<bool>(v));
    ASSERT_EQ(solver.side_to_move_wins(q), std::optional<bool>(v));
  }
  for (int i = 0; i < 8000; ++i) {
    const ThreePlayerPosition p = random_three_player(rng, 2 + int(rng.below(5)), 2 + int(rng.below(3)),
                                                      2 + int(rng.below(3)), rng.below(2) == 1);
    std::vector<Hand> hands(p.hands.begin(), p.hands.end());
    if (!permute_block(hands, int(rng.below(3)), p.to_beat, rng)) continue;
    ThreePlayerPosition q = p;
    for (int s = 0; s < kNumSeats; ++s) q.hands[size_t(s)] = hands[size_t(s)];
    if (!check_position(q).empty()) continue;
    ++checked3;
    const bool v = reference_side_to_move_wins(p);
    ASSERT_EQ(v, reference_side_to_move_wins(q))
        << to_string(p.hands[0]) << " / " << to_string(p.hands[1]) << " / " << to_string(p.hands[2]) << " -> "
        << to_string(q.hands[0]) << " / " << to_string(q.hands[1]) << " / " << to_string(q.hands[2]);
    ASSERT_EQ(solver.side_to_move_wins(p), std::optional<bool>(v));
    ASSERT_EQ(solver.side_to_move_wins(q), std::optional<bool>(v));
  }
  // The rule fires often enough for the comparison to mean something.
  EXPECT_GT(checked2, 150);
  EXPECT_GT(checked3, 100);
}

TEST(EndgameEquivalence, AdjacencyMattersOnlyWithinOneSeat) {
  Rng rng(314159);
  int checked2 = 0, checked3 = 0;
  for (int i = 0; i < 3000; ++i) {
    const TwoPlayerPosition p = random_two_player(rng, 2 + int(rng.below(5)), 2 + int(rng.below(5)), false);
    std::vector<Hand> hands = {p.to_move, p.other};
    if (!separate_ranks(hands)) continue;
    ++checked2;
    const TwoPlayerPosition q{hands[0], hands[1], Move::pass()};
    ASSERT_EQ(reference_side_to_move_wins(p), reference_side_to_move_wins(q))
        << to_string(p.to_move) << " vs " << to_string(p.other) << " -> " << to_string(q.to_move) << " vs "
        << to_string(q.other);
  }
  for (int i = 0; i < 3000; ++i) {
    const ThreePlayerPosition p =
        random_three_player(rng, 2 + int(rng.below(5)), 1 + int(rng.below(4)), 1 + int(rng.below(4)), false);
    std::vector<Hand> hands(p.hands.begin(), p.hands.end());
    if (!separate_ranks(hands)) continue;
    ++checked3;
    ThreePlayerPosition q = p;
    for (int s = 0; s < kNumSeats; ++s) q.hands[size_t(s)] = hands[size_t(s)];
    ASSERT_EQ(reference_side_to_move_wins(p), reference_side_to_move_wins(q))
        << to_string(p.hands[0]) << " / " << to_string(p.hands[1]) << " / " << to_string(p.hands[2]);
  }
  EXPECT_GT(checked2, 150);
  EXPECT_GT(checked3, 150);
}

}  // namespace
}  // namespace ddz
