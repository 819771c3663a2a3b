// Settings of one game: how the landlord is chosen and which events double the stake
// (RULES.md, "Dealing and bidding" and "Score"). Defaults are the full rules with bidding off.
#pragma once

namespace ddz {

struct Rules {
  // true: bidding (jiao fen) picks the landlord and the base score; false: the landlord is
  // fixed_landlord and the base score is 1, as research benchmarks play.
  bool bidding = false;
  int fixed_landlord = 0;
  // Seat that bids first; -1 draws it from the deal's seed.
  int first_bidder = -1;
  // Each doubling can be switched off to match benchmarks that do not count it.
  bool double_on_bomb = true;
  bool double_on_rocket = true;
  bool double_on_spring = true;
  bool double_on_anti_spring = true;
};

}  // namespace ddz
