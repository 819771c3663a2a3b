// The game state machine: deal, bidding, play, trick and pass rules, game end and scoring
// (RULES.md). apply_bid/apply_move validate and leave the state untouched on a bad input.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "game/move.h"
#include "game/rng.h"
#include "game/rules.h"

namespace ddz {

enum class Phase : uint8_t { Bidding, Play, Over };
// Roles relative to the landlord: landlord_down plays right after the landlord.
enum class Role : uint8_t { Landlord, LandlordDown, LandlordUp };
const char* role_name(Role role);  // "landlord", "landlord_down", "landlord_up"
const char* phase_name(Phase phase);

constexpr int kNumSeats = 3;
constexpr int kNoSeat = -1;

struct PlayRecord {
  int seat;
  Move move;
};
struct BidRecord {
  int seat;
  int bid;  // 0 = pass, else 1..3
};

// A deal: three 17-card hands and the 3-card kitty.
struct Deal {
  std::array<Hand, kNumSeats> hands;
  Hand kitty;
};
// Shuffles a deck with rng and deals it (seat 0, 1, 2 get 17 cards each, 3 go to the kitty).
Deal deal_cards(Rng& rng);

class GameState {
 public:
  // A new game dealt from `seed`. With rules.bidding the game starts in the bidding phase
  // (redealing from the same random stream when all three pass); otherwise play starts with
  // rules.fixed_landlord holding the kitty.
  explicit GameState(uint64_t seed, const Rules& rules = Rules());
  // A game from a known deal (bidding or fixed landlord per rules). Throws std::invalid_argument
  // when the deal does not hold exactly the 54 cards.
  GameState(const Deal& deal, const Rules& rules, uint64_t seed = 0);
  // A position in the play phase from explicit hands (for solvers, tests and the protocol): no
  // card-count check beyond validity of each hand.
  static GameState from_position(const std::array<Hand, kNumSeats>& hands, int landlord, int to_move,
                                 const Move& to_beat, int to_beat_seat, const Rules& rules = Rules());

  // Applies a bid (0 = pass, 1..3) by the seat to move. Returns "" on success, else the reason
  // (and the state is unchanged).
  std::string apply_bid(int bid);
  // Applies a move (pass included) by the seat to move. Returns "" on success, else the reason.
  std::string apply_move(const Move& move);
  // Applies a move that the caller took from legal_moves(): no validation (search hot paths).
  void apply_trusted(const Move& move);

  // Legal moves of the seat to move (play phase), pass last when following.
  void legal(std::vector<Move>& out) const;
  // Bids the seat to move may make: 0 (pass) and every value above the highest bid so far.
  std::vector<int> legal_bids() const;

  // Recounts all cards: hands + played + (kitty before the landlord takes it) = the deck,
  // and the bookkeeping agrees. Returns "" when consistent, else what is wrong.
  std::string check_consistency() const;

  Phase phase() const { return phase_; }
  const Rules& rules() const { return rules_; }
  int to_move() const { return to_move_; }
  int landlord() const { return landlord_; }
  Role role_of(int seat) const { return Role((seat - landlord_ + kNumSeats) % kNumSeats); }
  int seat_of(Role role) const { return (landlord_ + int(role)) % kNumSeats; }
  Hand hand(int seat) const { return hands_[size_t(seat)]; }
  const std::array<Hand, kNumSeats>& hands() const { return hands_; }
  // Cards left in all three hands together (the size measure of endgame cut-offs).
  int cards_in_hands() const { return hands_[0].size() + hands_[1].size() + hands_[2].size(); }
  Hand kitty() const { return kitty_; }
  const Deal& initial_deal() const { return deal_; }
  int base_score() const { return base_; }
  int redeals() const { return redeals_; }
  int first_bidder() const { return first_bidder_; }
  const std::vector<BidRecord>& bids() const { return bids_; }
  const std::vector<PlayRecord>& history() const { return history_; }
  // The combination the seat to move must beat; pass when it leads.
  const Move& to_beat() const { return to_beat_; }
  int to_beat_seat() const { return to_beat_seat_; }
  Hand played(int seat) const { return played_[size_t(seat)]; }
  int plays_made(int seat) const { return plays_made_[size_t(seat)]; }  // non-pass moves
  int bombs_played() const { return bombs_; }  // bombs, not counting the rocket
  int rockets_played() const { return rockets_; }
  int winner() const { return winner_; }  // seat that emptied its hand, or kNoSeat
  bool landlord_won() const { return winner_ == landlord_; }
  bool spring() const;
  bool anti_spring() const;
  // Stake = base x 2 per counted bomb/rocket x 2 for a counted spring or anti-spring.
  int stake() const;
  // Final score per seat (zero-sum); all zero until the game is over.
  std::array<int, kNumSeats> scores() const;

 private:
  GameState() = default;
  void start_play(int landlord);
  int base_bid_floor() const;  // lowest bid allowed next: highest bid so far + 1
  void redeal();

  Rules rules_;
  Rng rng_;
  Deal deal_;
  Phase phase_ = Phase::Play;
  std::array<Hand, kNumSeats> hands_{};
  Hand kitty_;
  std::array<Hand, kNumSeats> played_{};
  std::array<int, kNumSeats> plays_made_{};
  int landlord_ = 0;
  int to_move_ = 0;
  int first_bidder_ = 0;
  int base_ = 1;
  int redeals_ = 0;
  std::vector<BidRecord> bids_;
  std::vector<PlayRecord> history_;
  Move to_beat_;
  int to_beat_seat_ = kNoSeat;
  int passes_in_row_ = 0;
  int bombs_ = 0;
  int rockets_ = 0;
  int winner_ = kNoSeat;
  bool full_deal_ = true;  // false for from_position: the hands need not make up a deck
};

}  // namespace ddz
