// GameState: dealing, bidding, play, trick resets, game end and scoring as RULES.md states them.
#include "game/state.h"

#include <stdexcept>

#include "game/catalogue.h"
#include "game/movegen.h"

namespace ddz {

const char* role_name(Role role) {
  switch (role) {
    case Role::Landlord: return "landlord";
    case Role::LandlordDown: return "landlord_down";
    case Role::LandlordUp: return "landlord_up";
  }
  return "?";
}

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Bidding: return "bidding";
    case Phase::Play: return "play";
    case Phase::Over: return "over";
  }
  return "?";
}

Deal deal_cards(Rng& rng) {
  int ids[kNumCards];
  for (int i = 0; i < kNumCards; ++i) ids[i] = i;
  for (int i = kNumCards - 1; i > 0; --i) {
    const int j = int(rng.below(uint32_t(i + 1)));
    std::swap(ids[i], ids[j]);
  }
  Deal deal;
  for (int i = 0; i < kNumCards; ++i) {
    const Hand card = Hand::of(card_id_rank(ids[i]));
    if (i < 51) deal.hands[size_t(i / 17)] += card;
    else deal.kitty += card;
  }
  return deal;
}

GameState::GameState(uint64_t seed, const Rules& rules) : GameState(Deal{}, rules, seed) {}

GameState::GameState(const Deal& deal, const Rules& rules, uint64_t seed) : rules_(rules), rng_(seed) {
  if (deal.kitty.empty() && deal.hands[0].empty()) {
    deal_ = deal_cards(rng_);
  } else {
    Hand total = deal.kitty;
    for (Hand h : deal.hands) total += h;
    if (total != Hand::deck() || deal.kitty.size() != 3)
      throw std::invalid_argument("a deal must hold the 54 cards of one deck with 3 in the kitty");
    for (Hand h : deal.hands)
      if (h.size() != 17) throw std::invalid_argument("each hand of a deal must hold 17 cards");
    deal_ = deal;
  }
  hands_ = deal_.hands;
  kitty_ = deal_.kitty;
  if (rules_.bidding) {
    if (rules_.first_bidder >= kNumSeats) throw std::invalid_argument("first_bidder must be -1, 0, 1 or 2");
    first_bidder_ = rules_.first_bidder >= 0 ? rules_.first_bidder : int(rng_.below(kNumSeats));
    phase_ = Phase::Bidding;
    to_move_ = first_bidder_;
    landlord_ = kNoSeat;
  } else {
    if (rules_.fixed_landlord < 0 || rules_.fixed_landlord >= kNumSeats)
      throw std::invalid_argument("fixed_landlord must be 0, 1 or 2");
    start_play(rules_.fixed_landlord);
  }
}

GameState GameState::from_position(const std::array<Hand, kNumSeats>& hands, int landlord, int to_move,
                                   const Move& to_beat, int to_beat_seat, const Rules& rules) {
  for (Hand h : hands)
    if (!h.is_valid()) throw std::invalid_argument("hand holds more cards of a rank than a deck has");
  if (landlord < 0 || landlord >= kNumSeats || to_move < 0 || to_move >= kNumSeats)
    throw std::invalid_argument("landlord and to_move must be seats 0..2");
  GameState s;
  s.rules_ = rules;
  s.hands_ = hands;
  s.landlord_ = landlord;
  s.to_move_ = to_move;
  s.phase_ = Phase::Play;
  s.deal_.hands = hands;
  s.full_deal_ = false;
  if (!to_beat.is_pass()) {
    if (to_beat_seat < 0 || to_beat_seat >= kNumSeats || to_beat_seat == to_move)
      throw std::invalid_argument("the combination to beat needs the seat that played it (not the seat to move)");
    s.to_beat_ = to_beat;
    s.to_beat_seat_ = to_beat_seat;
    s.passes_in_row_ = (to_move - to_beat_seat - 1 + kNumSeats) % kNumSeats;
  }
  // A position is a game in progress: mark every seat as having played so spring is not scored.
  s.plays_made_ = {2, 2, 2};
  for (int seat = 0; seat < kNumSeats; ++seat)
    if (hands[size_t(seat)].empty()) {
      s.phase_ = Phase::Over;
      s.winner_ = seat;
    }
  return s;
}

void GameState::start_play(int landlord) {
  landlord_ = landlord;
  hands_[size_t(landlord)] += kitty_;
  phase_ = Phase::Play;
  to_move_ = landlord;
  to_beat_ = Move::pass();
  to_beat_seat_ = kNoSeat;
  passes_in_row_ = 0;
}

void GameState::redeal() {
  ++redeals_;
  deal_ = deal_cards(rng_);
  hands_ = deal_.hands;
  kitty_ = deal_.kitty;
  bids_.clear();
  to_move_ = first_bidder_;
}

std::vector<int> GameState::legal_bids() const {
  std::vector<int> out;
  if (phase_ != Phase::Bidding) return out;
  out.push_back(0);
  for (int b = base_bid_floor(); b <= 3; ++b) out.push_back(b);
  return out;
}

std::string GameState::apply_bid(int bid) {
  if (phase_ != Phase::Bidding) return std::string("cannot bid: the game is in the ") + phase_name(phase_) + " phase";
  const int highest = base_bid_floor() - 1;
  if (bid < 0 || bid > 3) return "bid " + std::to_string(bid) + " is not 0 (pass), 1, 2 or 3";
  if (bid != 0 && bid <= highest)
    return "bid " + std::to_string(bid) + " does not exceed the highest bid so far (" + std::to_string(highest) + ")";
  bids_.push_back(BidRecord{to_move_, bid});
  if (bid == 3 || bids_.size() == kNumSeats) {
    int best_seat = kNoSeat, best = 0;
    for (const auto& b : bids_)
      if (b.bid > best) best = b.bid, best_seat = b.seat;
    if (best_seat == kNoSeat) {
      redeal();
      return "";
    }
    base_ = best;
    start_play(best_seat);
    return "";
  }
  to_move_ = (to_move_ + 1) % kNumSeats;
  return "";
}

int GameState::base_bid_floor() const {
  int highest = 0;
  for (const auto& b : bids_) highest = std::max(highest, b.bid);
  return highest + 1;
}

std::string GameState::apply_move(const Move& move) {
  if (phase_ != Phase::Play) return std::string("cannot play: the game is in the ") + phase_name(phase_) + " phase";
  if (move.is_pass()) {
    if (to_beat_.is_pass()) return "the leader of a trick may not pass";
    apply_trusted(move);
    return "";
  }
  const Hand hand = hands_[size_t(to_move_)];
  if (!hand.contains(move.cards))
    return "cards " + to_string(move.cards) + " are not all in the hand " + to_string(hand);
  auto real = classify(move.cards);
  if (!real) return "cards " + to_string(move.cards) + " are not a combination";
  if (*real != move)
    return "move " + to_string(move.cards) + " is labelled incorrectly (it is a " + type_name(real->type) + ")";
  if (!beats(move, to_beat_))
    return "move " + to_string(move) + " (" + type_name(move.type) + ") does not beat " + to_string(to_beat_) + " (" +
           type_name(to_beat_.type) + ")";
  apply_trusted(move);
  return "";
}

void GameState::apply_trusted(const Move& move) {
  const int seat = to_move_;
  history_.push_back(PlayRecord{seat, move});
  if (move.is_pass()) {
    if (++passes_in_row_ == 2) {
      to_beat_ = Move::pass();
      to_beat_seat_ = kNoSeat;
      passes_in_row_ = 0;
    }
  } else {
    hands_[size_t(seat)] -= move.cards;
    played_[size_t(seat)] += move.cards;
    ++plays_made_[size_t(seat)];
    if (move.type == MoveType::Bomb) ++bombs_;
    if (move.type == MoveType::Rocket) ++rockets_;
    to_beat_ = move;
    to_beat_seat_ = seat;
    passes_in_row_ = 0;
    if (hands_[size_t(seat)].empty()) {
      winner_ = seat;
      phase_ = Phase::Over;
      return;
    }
  }
  to_move_ = (seat + 1) % kNumSeats;
}

void GameState::legal(std::vector<Move>& out) const {
  if (phase_ != Phase::Play) {
    out.clear();
    return;
  }
  legal_moves(hands_[size_t(to_move_)], to_beat_, out);
}

bool GameState::spring() const {
  if (phase_ != Phase::Over || !landlord_won()) return false;
  for (int seat = 0; seat < kNumSeats; ++seat)
    if (seat != landlord_ && plays_made_[size_t(seat)] != 0) return false;
  return true;
}

bool GameState::anti_spring() const {
  return phase_ == Phase::Over && !landlord_won() && plays_made_[size_t(landlord_)] == 1;
}

int GameState::stake() const {
  int doublings = 0;
  if (rules_.double_on_bomb) doublings += bombs_;
  if (rules_.double_on_rocket) doublings += rockets_;
  if (rules_.double_on_spring && spring()) ++doublings;
  if (rules_.double_on_anti_spring && anti_spring()) ++doublings;
  return base_ << doublings;
}

std::array<int, kNumSeats> GameState::scores() const {
  std::array<int, kNumSeats> out{};
  if (phase_ != Phase::Over) return out;
  const int s = stake();
  const int sign = landlord_won() ? 1 : -1;
  for (int seat = 0; seat < kNumSeats; ++seat) out[size_t(seat)] = seat == landlord_ ? 2 * sign * s : -sign * s;
  return out;
}

std::string GameState::check_consistency() const {
  Hand total;
  for (int seat = 0; seat < kNumSeats; ++seat) {
    if (!hands_[size_t(seat)].is_valid()) return "hand of seat " + std::to_string(seat) + " is not a valid card set";
    total += hands_[size_t(seat)] + played_[size_t(seat)];
  }
  if (phase_ == Phase::Bidding) total += kitty_;
  if (full_deal_ && total != Hand::deck())
    return "cards do not add up to one deck: hands + played" + std::string(phase_ == Phase::Bidding ? " + kitty" : "") +
           " = " + to_string(total);
  Hand replayed[kNumSeats];
  int plays[kNumSeats] = {};
  for (const auto& rec : history_)
    if (!rec.move.is_pass()) replayed[rec.seat] += rec.move.cards, ++plays[rec.seat];
  for (int seat = 0; seat < kNumSeats; ++seat) {
    if (replayed[seat] != played_[size_t(seat)])
      return "history disagrees with cards played by seat " + std::to_string(seat);
    // from_position starts play counts at 2 with an empty history (so no spring is scored), so
    // the recount only holds for games dealt from a full deck.
    if (full_deal_ && plays[seat] != plays_made_[size_t(seat)])
      return "history disagrees with the play count of seat " + std::to_string(seat);
  }
  if (full_deal_ && phase_ != Phase::Bidding &&
      deal_.hands[size_t(landlord_)] + kitty_ != hands_[size_t(landlord_)] + played_[size_t(landlord_)])
    return "landlord's cards are not its dealt hand plus the kitty";
  if (phase_ == Phase::Over) {
    if (winner_ == kNoSeat || !hands_[size_t(winner_)].empty()) return "game over without a seat that emptied its hand";
  } else {
    for (int seat = 0; seat < kNumSeats; ++seat)
      if (phase_ == Phase::Play && hands_[size_t(seat)].empty()) return "a hand is empty but the game is not over";
  }
  return "";
}

}  // namespace ddz
