// GameState tests: thousands of seeded random games checked step by step against an independent
// model of turns, tricks, bidding and scoring, plus refusal of illegal input without side effects.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "game/catalogue.h"
#include "game/movegen.h"
#include "game/observation.h"
#include "game/state.h"

namespace ddz {
namespace {

// Everything observable through the public interface; equal fingerprints = unchanged state.
auto fingerprint(const GameState& s) {
  std::vector<uint64_t> v = {
      uint64_t(s.phase()),        uint64_t(s.to_move()),        uint64_t(s.landlord()),     s.kitty().bits(),
      uint64_t(s.base_score()),   uint64_t(s.redeals()),        uint64_t(s.first_bidder()), s.bids().size(),
      s.history().size(),         s.to_beat().cards.bits(),     uint64_t(s.to_beat().type), uint64_t(s.to_beat_seat()),
      uint64_t(s.bombs_played()), uint64_t(s.rockets_played()), uint64_t(s.winner())};
  for (int seat = 0; seat < kNumSeats; ++seat) {
    v.push_back(s.hand(seat).bits());
    v.push_back(s.played(seat).bits());
    v.push_back(uint64_t(s.plays_made(seat)));
  }
  return v;
}

bool contains_move(const std::vector<Move>& moves, const Move& m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

Hand random_cards(Rng& rng, int n) {
  Hand pool = Hand::deck(), out;
  for (int k = 0; k < n; ++k) {
    uint32_t pick = rng.below(uint32_t(pool.size()));
    for (int r = 0; r < kNumRanks; ++r) {
      if (pick < uint32_t(pool.count(r))) {
        pool.remove(r);
        out.add(r);
        break;
      }
      pick -= uint32_t(pool.count(r));
    }
  }
  return out;
}

// Stake recomputed from the history alone (RULES.md, "Score").
int expected_stake(const GameState& s) {
  const Rules& rules = s.rules();
  int base = 1;
  if (rules.bidding)
    for (const auto& b : s.bids()) base = std::max(base, b.bid);
  int bombs = 0, rockets = 0;
  int plays[kNumSeats] = {};
  for (const auto& p : s.history()) {
    if (p.move.is_pass()) continue;
    ++plays[p.seat];
    bombs += p.move.type == MoveType::Bomb;
    rockets += p.move.type == MoveType::Rocket;
  }
  const int landlord = s.landlord();
  const bool landlord_won = s.winner() == landlord;
  const bool spring = landlord_won && plays[(landlord + 1) % 3] == 0 && plays[(landlord + 2) % 3] == 0;
  const bool anti = !landlord_won && plays[landlord] == 1;
  int stake = base;
  if (rules.double_on_bomb) stake <<= bombs;
  if (rules.double_on_rocket) stake <<= rockets;
  if (rules.double_on_spring && spring) stake *= 2;
  if (rules.double_on_anti_spring && anti) stake *= 2;
  return stake;
}

struct Tally {
  int games = 0, redeals = 0, springs = 0, anti_springs = 0, bombs = 0, rockets = 0, refusals = 0, bid3 = 0;
};

// Refusal probes: moves outside the legal list must be refused and leave the state unchanged.
void probe_illegal_moves(GameState& s, const std::vector<Move>& legal, Rng& rng, Tally& t) {
  const auto before = fingerprint(s);
  auto expect_refused = [&](const Move& m) {
    if (contains_move(legal, m)) return;
    const std::string why = s.apply_move(m);
    ASSERT_FALSE(why.empty()) << "accepted illegal move " << to_string(m) << " (" << type_name(m.type) << ") for hand "
                              << to_string(s.hand(s.to_move())) << " against " << to_string(s.to_beat());
    ASSERT_EQ(fingerprint(s), before) << "refused move " << to_string(m) << " changed the state";
    ++t.refusals;
  };
  for (int k = 0; k < 2; ++k) expect_refused(catalogue()[rng.below(kNumCombinations)]);
  // A random card set, labelled as whatever it forms (or as a bogus solo).
  const Hand cards = random_cards(rng, 1 + int(rng.below(8)));
  auto m = classify(cards);
  expect_refused(m ? *m : Move{cards, MoveType::Solo, 0, 1});
  // A combination the player holds, mislabelled.
  if (!legal.empty() && !legal[0].is_pass()) {
    Move wrong = legal[0];
    wrong.key = uint8_t((wrong.key + 1) % kNumRanks);
    expect_refused(wrong);
  }
  if (s.to_beat().is_pass()) expect_refused(Move::pass());  // the leader may not pass
  ASSERT_FALSE(s.apply_bid(1).empty()) << "bid accepted in the play phase";
  ASSERT_EQ(fingerprint(s), before);
}

void play_random_game(uint64_t seed, const Rules& rules, Tally& t) {
  Rng rng(Rng::mix(seed, 99));
  GameState s(seed, rules);
  ASSERT_EQ(s.check_consistency(), "");
  // Bidding, checked against its rules.
  while (s.phase() == Phase::Bidding) {
    const auto before = fingerprint(s);
    ASSERT_FALSE(s.apply_move(Move::pass()).empty()) << "move accepted while bidding";
    int highest = 0;
    for (const auto& b : s.bids()) highest = std::max(highest, b.bid);
    for (int bad : {-1, 4, highest}) {
      if (bad == 0) continue;
      ASSERT_FALSE(s.apply_bid(bad).empty()) << "bid " << bad << " accepted over " << highest;
      ASSERT_EQ(fingerprint(s), before);
    }
    const std::vector<int> bids = s.legal_bids();
    ASSERT_EQ(bids.front(), 0);
    ASSERT_EQ(bids.size(), size_t(1 + 3 - highest));
    const Observation obs = observe(s, s.to_move());
    ASSERT_EQ(obs.legal_bids(), bids);
    ASSERT_EQ(obs.landlord, kNoSeat);
    ASSERT_TRUE(obs.kitty.empty()) << "kitty shown while bidding";
    // Pass more often than not so that redeals happen.
    const int bid = rng.below(2) ? 0 : bids[rng.below(uint32_t(bids.size()))];
    const int seat = s.to_move();
    const size_t nbids = s.bids().size();
    const int redeals = s.redeals();
    const Deal deal = s.initial_deal();
    int passes_before = 0;
    for (const auto& b : s.bids()) passes_before += b.bid == 0;
    ASSERT_EQ(s.apply_bid(bid), "");
    ASSERT_EQ(s.check_consistency(), "");
    if (nbids == 2 && passes_before == 2 && bid == 0) {  // all three passed: deal again
      ASSERT_EQ(s.redeals(), redeals + 1);
      ASSERT_EQ(s.phase(), Phase::Bidding);
      ASSERT_TRUE(s.bids().empty());
      ASSERT_EQ(s.to_move(), s.first_bidder());
      ASSERT_FALSE(s.initial_deal().hands == deal.hands && s.initial_deal().kitty == deal.kitty);
      ++t.redeals;
      continue;
    }
    ASSERT_EQ(s.bids().back().seat, seat);
    if (bid == 3) {
      ASSERT_EQ(s.phase(), Phase::Play) << "a bid of 3 ends the bidding";
      ASSERT_EQ(s.landlord(), seat);
      ++t.bid3;
    } else if (nbids == 2) {
      ASSERT_EQ(s.phase(), Phase::Play) << "each seat speaks once";
      int best = 0, best_seat = -1;
      for (const auto& b : s.bids())
        if (b.bid > best) best = b.bid, best_seat = b.seat;
      ASSERT_EQ(s.landlord(), best_seat);
      ASSERT_EQ(s.base_score(), best);
    } else {
      ASSERT_EQ(s.phase(), Phase::Bidding);
      ASSERT_EQ(s.to_move(), (seat + 1) % 3);
    }
  }
  // Play phase.
  ASSERT_EQ(s.phase(), Phase::Play);
  const int landlord = s.landlord();
  if (!rules.bidding) { ASSERT_EQ(landlord, rules.fixed_landlord); }
  ASSERT_EQ(s.hand(landlord).size(), 20);
  ASSERT_EQ(s.hand(landlord), s.initial_deal().hands[size_t(landlord)] + s.kitty());
  ASSERT_EQ(s.to_move(), landlord) << "the landlord leads";
  Move model_to_beat = Move::pass();
  int model_to_beat_seat = kNoSeat, passes = 0;
  std::vector<Move> legal;
  while (s.phase() == Phase::Play) {
    const int seat = s.to_move();
    ASSERT_EQ(s.to_beat(), model_to_beat);
    ASSERT_EQ(s.to_beat_seat(), model_to_beat_seat);
    s.legal(legal);
    std::vector<Move> direct;
    legal_moves(s.hand(seat), model_to_beat, direct);
    ASSERT_EQ(legal, direct);
    ASSERT_FALSE(legal.empty());
    ASSERT_EQ(model_to_beat.is_pass(), !contains_move(legal, Move::pass()));
    const Observation obs = observe(s, seat);
    ASSERT_EQ(obs.hand, s.hand(seat));
    ASSERT_EQ(obs.kitty, s.kitty());
    Hand others;
    for (int o = 0; o < 3; ++o) {
      ASSERT_EQ(obs.cards_left[size_t(o)], s.hand(o).size());
      if (o != seat) others += s.hand(o);
    }
    ASSERT_EQ(obs.unseen(), others);
    probe_illegal_moves(s, legal, rng, t);
    if (::testing::Test::HasFatalFailure()) return;
    const Move move = legal[rng.below(uint32_t(legal.size()))];
    ASSERT_EQ(s.apply_move(move), "") << "legal move refused";
    ASSERT_EQ(s.check_consistency(), "");
    ASSERT_EQ(s.history().back().seat, seat);
    ASSERT_EQ(s.history().back().move, move);
    int new_leader = kNoSeat;
    if (move.is_pass()) {
      if (++passes == 2)
        new_leader = model_to_beat_seat, model_to_beat = Move::pass(), model_to_beat_seat = kNoSeat, passes = 0;
    } else {
      model_to_beat = move, model_to_beat_seat = seat, passes = 0;
    }
    if (s.phase() == Phase::Play) {
      ASSERT_FALSE(s.hand(seat).empty());
      ASSERT_EQ(s.to_move(), (seat + 1) % 3) << "turn order";
      if (new_leader != kNoSeat) { ASSERT_EQ(s.to_move(), new_leader) << "after two passes the last player leads"; }
    } else {
      ASSERT_TRUE(s.hand(seat).empty());
      ASSERT_EQ(s.winner(), seat);
    }
  }
  // Game over: scoring.
  ASSERT_EQ(s.phase(), Phase::Over);
  ASSERT_FALSE(s.apply_move(Move::pass()).empty());
  ASSERT_EQ(s.stake(), expected_stake(s));
  const auto scores = s.scores();
  ASSERT_EQ(scores[0] + scores[1] + scores[2], 0) << "zero-sum";
  const int sign = s.winner() == landlord ? 1 : -1;
  for (int seat = 0; seat < 3; ++seat) ASSERT_EQ(scores[size_t(seat)], (seat == landlord ? 2 : -1) * sign * s.stake());
  t.games++;
  t.springs += s.spring();
  t.anti_springs += s.anti_spring();
  t.bombs += s.bombs_played();
  t.rockets += s.rockets_played();
}

TEST(State, TenThousandRandomGames) {
  Tally t;
  for (uint64_t g = 0; g < 10500; ++g) {
    Rules rules;
    rules.bidding = g % 2 == 1;
    rules.fixed_landlord = int(g % 3);
    if (g % 5 == 0) rules.first_bidder = int(g / 5 % 3);
    if (g % 7 == 3) {  // every doubling switch off in some games, in all combinations
      const uint64_t mask = (g / 7) % 16;
      rules.double_on_bomb = !(mask & 1);
      rules.double_on_rocket = !(mask & 2);
      rules.double_on_spring = !(mask & 4);
      rules.double_on_anti_spring = !(mask & 8);
    }
    SCOPED_TRACE("game seed " + std::to_string(g));
    play_random_game(g, rules, t);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(t.games, 10500);
  // The random games must actually reach every scoring event the checks are about.
  EXPECT_GT(t.redeals, 100);
  EXPECT_GT(t.bid3, 100);
  EXPECT_GT(t.bombs, 100);
  EXPECT_GT(t.rockets, 100);
  EXPECT_GT(t.refusals, 100000);
  EXPECT_GT(t.anti_springs, 0);
}

TEST(State, SameSeedSameGame) {
  Rules rules;
  rules.bidding = true;
  GameState a(42, rules), b(42, rules), c(43, rules);
  EXPECT_EQ(fingerprint(a), fingerprint(b));
  EXPECT_NE(fingerprint(a), fingerprint(c));
}

// Seat 0: 3333444455556666 7, seat 1: 777888999TTTTJJJJ, seat 2: QQQQKKKKAAAA2222X, kitty 89D.
Deal fixed_deal() {
  Deal d;
  d.hands = {parse_cards("33334444555566667"), parse_cards("777888999TTTTJJJJ"), parse_cards("QQQQKKKKAAAA2222X")};
  d.kitty = parse_cards("89D");
  return d;
}

TEST(State, SpringWithBombsAndRocket) {
  for (bool spring_on : {true, false}) {
    Rules rules;
    rules.fixed_landlord = 2;
    rules.double_on_spring = spring_on;
    GameState s(fixed_deal(), rules);
    ASSERT_EQ(s.hand(2), parse_cards("89QQQQKKKKAAAA2222XD"));
    for (const char* lead : {"8", "9", "XD", "QQQQ", "KKKK", "AAAA", "2222"}) {
      ASSERT_EQ(s.to_move(), 2);
      ASSERT_EQ(s.apply_move(parse_move(lead)), "") << lead;
      if (s.phase() == Phase::Over) break;
      ASSERT_EQ(s.apply_move(Move::pass()), "");
      ASSERT_EQ(s.apply_move(Move::pass()), "");
      ASSERT_TRUE(s.to_beat().is_pass()) << "two passes start a new trick";
    }
    ASSERT_EQ(s.phase(), Phase::Over);
    EXPECT_TRUE(s.spring());
    EXPECT_FALSE(s.anti_spring());
    EXPECT_EQ(s.bombs_played(), 4);
    EXPECT_EQ(s.rockets_played(), 1);
    const int stake = spring_on ? 64 : 32;  // 1 x 2^4 bombs x 2 rocket (x 2 spring)
    EXPECT_EQ(s.stake(), stake);
    EXPECT_EQ(s.scores(), (std::array<int, 3>{-stake, -stake, 2 * stake}));
  }
}

TEST(State, AntiSpring) {
  for (bool anti_on : {true, false}) {
    Rules rules;
    rules.fixed_landlord = 0;
    rules.double_on_anti_spring = anti_on;
    GameState s(fixed_deal(), rules);
    ASSERT_EQ(s.apply_move(parse_move("3")), "");
    ASSERT_EQ(s.apply_move(parse_move("7")), "");
    ASSERT_FALSE(s.landlord_won());
    while (s.phase() == Phase::Play) {
      if (s.to_move() == 1) {
        const Hand h = s.hand(1);
        int r = 0;
        while (!h.count(r)) ++r;
        ASSERT_EQ(s.apply_move(parse_move(std::string(1, rank_char(r)))), "");
      } else {
        ASSERT_EQ(s.apply_move(Move::pass()), "");
      }
    }
    EXPECT_EQ(s.winner(), 1);
    EXPECT_TRUE(s.anti_spring());
    EXPECT_FALSE(s.spring());
    const int stake = anti_on ? 2 : 1;
    EXPECT_EQ(s.stake(), stake);
    EXPECT_EQ(s.scores(), (std::array<int, 3>{-2 * stake, stake, stake}));
  }
}

TEST(State, BiddingRules) {
  Rules rules;
  rules.bidding = true;
  rules.first_bidder = 1;
  GameState s(fixed_deal(), rules);
  EXPECT_EQ(s.phase(), Phase::Bidding);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.legal_bids(), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(s.apply_bid(2), "");
  EXPECT_EQ(s.legal_bids(), (std::vector<int>{0, 3}));
  EXPECT_NE(s.apply_bid(2), "");
  EXPECT_NE(s.apply_bid(1), "");
  EXPECT_EQ(s.apply_bid(0), "");
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.apply_bid(0), "");
  EXPECT_EQ(s.phase(), Phase::Play);
  EXPECT_EQ(s.landlord(), 1);
  EXPECT_EQ(s.base_score(), 2);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.hand(1).size(), 20);
  EXPECT_EQ(s.check_consistency(), "");

  GameState t(fixed_deal(), rules);
  EXPECT_EQ(t.apply_bid(3), "");  // 3 ends the bidding at once
  EXPECT_EQ(t.phase(), Phase::Play);
  EXPECT_EQ(t.landlord(), 1);
  EXPECT_EQ(t.base_score(), 3);

  GameState u(fixed_deal(), rules, 5);
  for (int k = 0; k < 3; ++k) EXPECT_EQ(u.apply_bid(0), "");
  EXPECT_EQ(u.redeals(), 1);
  EXPECT_EQ(u.phase(), Phase::Bidding);
  EXPECT_EQ(u.to_move(), 1);
  EXPECT_EQ(u.check_consistency(), "");
}

TEST(State, BadDealsAndPositionsAreRejected) {
  Deal d = fixed_deal();
  d.kitty = parse_cards("88D");
  EXPECT_THROW(GameState(d, Rules()), std::invalid_argument);
  d = fixed_deal();
  std::swap(d.kitty, d.hands[0]);
  EXPECT_THROW(GameState(d, Rules()), std::invalid_argument);
  Rules bad;
  bad.fixed_landlord = 3;
  EXPECT_THROW(GameState(1, bad), std::invalid_argument);
  EXPECT_THROW(
      GameState::from_position({parse_cards("3"), parse_cards("4"), parse_cards("5")}, 0, 0, parse_move("3"), 0),
      std::invalid_argument);
}

TEST(State, FromPositionFollows) {
  GameState s =
      GameState::from_position({parse_cards("34"), parse_cards("5"), parse_cards("66")}, 0, 1, parse_move("3"), 0);
  EXPECT_EQ(s.check_consistency(), "");
  EXPECT_EQ(s.apply_move(parse_move("5")), "");
  EXPECT_EQ(s.phase(), Phase::Over);
  EXPECT_EQ(s.winner(), 1);
  EXPECT_FALSE(s.anti_spring());
  EXPECT_EQ(s.stake(), 1);
}

}  // namespace
}  // namespace ddz
