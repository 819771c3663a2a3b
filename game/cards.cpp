// Hand helpers, card notation parsing/formatting and card ids (see RULES.md, "Cards").
#include "game/cards.h"

namespace ddz {

namespace {
constexpr char kRankChars[] = "3456789TJQKA2XD";

int max_count(int rank) { return rank >= RX ? 1 : 4; }

// Maps one notation character to a rank, or -1.
int rank_of_char(char c) {
  switch (c) {
    case '3': return R3;
    case '4': return R4;
    case '5': return R5;
    case '6': return R6;
    case '7': return R7;
    case '8': return R8;
    case '9': return R9;
    case 'T':
    case 't': return RT;
    case 'J':
    case 'j': return RJ;
    case 'Q':
    case 'q': return RQ;
    case 'K':
    case 'k': return RK;
    case 'A':
    case 'a': return RA;
    case '2': return R2;
    case 'X':
    case 'x':
    case 'B':
    case 'b': return RX;
    case 'D':
    case 'd':
    case 'R':
    case 'r': return RD;
    default: return -1;
  }
}

std::string quoted(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[(static_cast<unsigned char>(c) >> 4) & 0xF];
      out += hex[static_cast<unsigned char>(c) & 0xF];
    } else {
      out += c;
    }
  }
  return out + "\"";
}
}  // namespace

char rank_char(int rank) { return (rank >= 0 && rank < kNumRanks) ? kRankChars[rank] : '?'; }

bool Hand::is_valid() const {
  if (bits_ >> 60) return false;
  for (int r = 0; r < kNumRanks; ++r)
    if (count(r) > max_count(r)) return false;
  return true;
}

size_t write_cards(Hand hand, char* out) {
  size_t n = 0;
  for (int r = 0; r < kNumRanks; ++r)
    for (int k = hand.count(r); k > 0; --k) out[n++] = kRankChars[r];
  return n;
}

std::string to_string(Hand hand) {
  char text[kMaxCardsText];
  return std::string(text, write_cards(hand, text));
}

std::optional<Hand> try_parse_cards(std::string_view text, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<Hand> {
    if (error) *error = "invalid cards " + quoted(text) + ": " + why;
    return std::nullopt;
  };
  int counts[kNumRanks] = {};
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == ',' || c == '\t') continue;
    int rank;
    if (c == '1' && i + 1 < text.size() && text[i + 1] == '0') {
      rank = RT;
      ++i;
    } else {
      rank = rank_of_char(c);
    }
    if (rank < 0) {
      std::string shown = (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f)
                              ? std::string("'") + c + "'"
                              : quoted(std::string_view(&text[i], 1));
      return fail("unknown card " + shown + " at position " + std::to_string(i + 1) +
                  " (expected 3-9, 10/T, J, Q, K, A, 2, X/B, D/R)");
    }
    if (++counts[rank] > max_count(rank)) {
      return fail(rank >= RX ? std::string("more than one ") + kRankChars[rank]
                             : std::string("more than four cards of rank ") + kRankChars[rank]);
    }
  }
  Hand hand;
  for (int r = 0; r < kNumRanks; ++r) hand.add(r, counts[r]);
  return hand;
}

Hand parse_cards(std::string_view text) {
  std::string error;
  auto hand = try_parse_cards(text, &error);
  if (!hand) throw NotationError(error);
  return *hand;
}

int card_id_rank(int id) {
  if (id < 0 || id >= kNumCards) throw NotationError("card id " + std::to_string(id) + " is outside 0..53");
  if (id == 52) return RX;
  if (id == 53) return RD;
  return id / 4;
}

Hand hand_from_ids(const std::vector<int>& ids) {
  uint64_t seen = 0;
  Hand hand;
  for (int id : ids) {
    const int rank = card_id_rank(id);
    if (seen >> id & 1) throw NotationError("card id " + std::to_string(id) + " appears twice");
    seen |= uint64_t(1) << id;
    hand.add(rank);
  }
  return hand;
}

}  // namespace ddz
