// Cards as rank counts: a Hand packs the counts of the 15 ranks into one 64-bit word (4 bits
// a rank), so add, remove, contains and size are a few arithmetic operations. Notation lives here too.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace ddz {

// Rank indices, low to high. Chains use ranks 0..11 (3..A) only.
enum Rank : int { R3 = 0, R4, R5, R6, R7, R8, R9, RT, RJ, RQ, RK, RA, R2, RX, RD };
constexpr int kNumRanks = 15;
constexpr int kHighestChainRank = RA;
constexpr int kNumCards = 54;

// The canonical one-character name of each rank ("3456789TJQKA2XD").
char rank_char(int rank);

// Thrown for bad card notation or card ids given by a user; the message names the input.
class NotationError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class Hand {
 public:
  constexpr Hand() = default;
  static constexpr Hand from_bits(uint64_t bits) { return Hand(bits); }
  // n cards of one rank.
  static constexpr Hand of(int rank, int n = 1) { return Hand(uint64_t(n) << (4 * rank)); }
  // The full 54-card deck.
  static constexpr Hand deck() { return Hand(0x114444444444444ULL); }

  constexpr uint64_t bits() const { return bits_; }
  constexpr int count(int rank) const { return int((bits_ >> (4 * rank)) & 0xF); }
  constexpr bool empty() const { return bits_ == 0; }
  int size() const {
    uint64_t x = (bits_ & 0x0F0F0F0F0F0F0F0FULL) + ((bits_ >> 4) & 0x0F0F0F0F0F0F0F0FULL);
    return int((x * 0x0101010101010101ULL) >> 56);
  }
  // True when every rank count of `other` is at most this hand's.
  constexpr bool contains(Hand other) const {
    constexpr uint64_t kHigh = 0x8888888888888888ULL;
    return (((bits_ | kHigh) - other.bits_) & kHigh) == kHigh;
  }
  // Bit r set when rank r has at least n cards (n in 1..4). Inline: move generation calls it
  // four times per hand, and the search's hottest paths use it.
  uint32_t ranks_with_at_least(int n) const {
    // Per nibble, count + (8 - n) has its high bit set exactly when count >= n (counts are <= 4).
    const uint64_t high = (bits_ + 0x0111111111111111ULL * uint64_t(8 - n)) & 0x0888888888888888ULL;
#if defined(__BMI2__)
    return uint32_t(_pext_u64(high, 0x0888888888888888ULL));
#else
    uint32_t mask = 0;
    for (int r = 0; r < 15; ++r) mask |= uint32_t((high >> (4 * r + 3)) & 1) << r;
    return mask;
#endif
  }

  constexpr Hand operator+(Hand o) const { return Hand(bits_ + o.bits_); }
  // Requires contains(o).
  constexpr Hand operator-(Hand o) const { return Hand(bits_ - o.bits_); }
  Hand& operator+=(Hand o) {
    bits_ += o.bits_;
    return *this;
  }
  Hand& operator-=(Hand o) {
    bits_ -= o.bits_;
    return *this;
  }
  void add(int rank, int n = 1) { bits_ += uint64_t(n) << (4 * rank); }
  void remove(int rank, int n = 1) { bits_ -= uint64_t(n) << (4 * rank); }
  constexpr bool operator==(Hand o) const { return bits_ == o.bits_; }
  constexpr bool operator!=(Hand o) const { return bits_ != o.bits_; }
  constexpr bool operator<(Hand o) const { return bits_ < o.bits_; }

  // True when no rank exceeds what one deck holds (four of 3..2, one of each joker).
  bool is_valid() const;

 private:
  constexpr explicit Hand(uint64_t bits) : bits_(bits) {}
  uint64_t bits_ = 0;
};

struct HandHash {
  size_t operator()(Hand h) const { return size_t((h.bits() * 0x9E3779B97F4A7C15ULL) >> 7); }
};

// Canonical notation: one character a card, sorted by rank ("33344455", "XD"). Empty hand -> "".
std::string to_string(Hand hand);
// The same written into `out` without allocating (for callers that build many strings, such as
// the Python module's states); returns the length. A Hand holds at most 15 x 15 cards.
constexpr size_t kMaxCardsText = 15 * kNumRanks;
size_t write_cards(Hand hand, char* out);

// Parses card notation: ranks 3..9 T J Q K A 2 X D, lower case too, "10" for T, B for X, R for D;
// spaces and commas are ignored. Throws NotationError naming the input on anything else or on
// more cards of a rank than a deck holds.
Hand parse_cards(std::string_view text);
// Same, without throwing: nullopt on error, with the reason in *error when given.
std::optional<Hand> try_parse_cards(std::string_view text, std::string* error = nullptr);

// Card ids 0..53 (id/4 is the rank for 0..51, 52 = X, 53 = D) for exchange formats with suits.
int card_id_rank(int id);
// Throws NotationError on ids outside 0..53 or repeated ids.
Hand hand_from_ids(const std::vector<int>& ids);

}  // namespace ddz
