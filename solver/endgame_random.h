// Seeded random endgame positions of given hand sizes, for the solver's tests and benchmarks:
// hands dealt from a shuffled deck, optionally with a combination to beat from the other cards.
#pragma once
#include "game/rng.h"
#include "solver/endgame_position.h"

namespace ddz {

// Hands of size_a (to move) and size_b; with_beat adds a combination to beat drawn from the
// cards in neither hand (a type chosen uniformly among the types those cards form, then a
// combination of that type uniformly).
TwoPlayerPosition random_two_player(Rng& rng, int size_a, int size_b, bool with_beat);

// Hands of the given sizes for the landlord (seat 0), farmer1 (seat 1) and farmer2 (seat 2);
// the seat to move is drawn uniformly; with_beat adds a combination to beat, played by a seat
// drawn from the other two.
ThreePlayerPosition random_three_player(Rng& rng, int landlord, int farmer1, int farmer2, bool with_beat);

}  // namespace ddz
