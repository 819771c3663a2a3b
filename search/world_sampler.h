// World sampling for search over hidden cards: draws full deals consistent with everything one
// seat knows (its hand, the cards played, the landlord's unplayed kitty cards, cards left per seat).
#pragma once
#include <array>
#include <string>

#include "game/observation.h"
#include "game/rng.h"
#include "game/state.h"

namespace ddz {

// The interface search draws worlds through, so that a learned hand model can later bias the
// draw (e.g. by the moves each seat chose) without touching the search.
class WorldSampler {
 public:
  virtual ~WorldSampler() = default;
  // A play-phase position (obs.phase == Play) whose three hands are consistent with obs:
  // hand(obs.seat) == obs.hand, each seat holds obs.cards_left cards, the landlord holds its
  // unplayed kitty cards (Observation::landlord_known_cards), and hands plus played cards make
  // up the deck. to_move, to_beat and to_beat_seat are those of obs. Throws
  // std::invalid_argument when obs itself is inconsistent (no such world exists).
  virtual GameState sample(const Observation& obs, Rng& rng) const = 0;
  // For bidding (no landlord yet): the other two seats' 17-card hands and the 3-card kitty,
  // drawn from the cards obs.seat cannot see; hands[obs.seat] == obs.hand.
  virtual Deal sample_deal(const Observation& obs, Rng& rng) const = 0;
};

// Every consistent assignment of the hidden cards (suits distinguished) equally likely: the
// exact posterior when the other seats' choices are taken to carry no information.
class UniformWorldSampler final : public WorldSampler {
 public:
  GameState sample(const Observation& obs, Rng& rng) const override;
  Deal sample_deal(const Observation& obs, Rng& rng) const override;
};

// The hidden cards each seat must receive in any consistent world: `fixed[s]` are cards seat s
// surely holds (the observer's hand, the landlord's unplayed kitty cards), `need[s]` how many
// more cards it takes from `pool`. Throws std::invalid_argument when obs is inconsistent.
struct HiddenCards {
  std::array<Hand, kNumSeats> fixed{};
  std::array<int, kNumSeats> need{};
  Hand pool;
};
HiddenCards hidden_cards(const Observation& obs);

// True when only one assignment of the hidden cards is consistent with obs (at most one seat
// still needs cards from the pool): every world is then the true one.
bool world_is_determined(const Observation& obs);

// "" when `world` is consistent with obs in the sense above, else what is wrong (tests, checks).
std::string check_world(const Observation& obs, const GameState& world);

// The play-phase GameState for obs with the given hands (to_move and the trick from obs). When
// obs.history accounts for every played card, the world is the game replayed from its original
// deal (played cards, plays made and bombs as in the real game; the base score is 1); otherwise
// GameState::from_position.
GameState world_from_hands(const Observation& obs, const std::array<Hand, kNumSeats>& hands);

}  // namespace ddz
