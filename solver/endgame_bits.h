// Rank masks of a hand for the endgame solver's hot paths (inline, BMI2 pext when available):
// bit r set when rank r holds at least n cards.
#pragma once
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "game/cards.h"

namespace ddz::endgame {

// Hand::ranks_with_at_least, inline (it sits on the solver's hottest paths): bit r set when rank
// r has at least n cards (n in 1..4).
inline uint32_t at_least(Hand h, int n) {
#if defined(__BMI2__)
  const uint64_t high = (h.bits() + 0x0111111111111111ULL * uint64_t(8 - n)) & 0x0888888888888888ULL;
  return uint32_t(_pext_u64(high, 0x0888888888888888ULL));
#else
  return h.ranks_with_at_least(n);
#endif
}

}  // namespace ddz::endgame
