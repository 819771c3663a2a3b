// Sequential probability ratio test for A/B matches on paired duplicate deals: the generalized
// SPRT of fishtest on the pentanomial distribution of a deal pair's score, in logistic Elo.
#pragma once
#include <array>
#include <cstdint>
#include <string>

namespace ddz {

struct SprtConfig {
  double elo0 = 0.0;  // H0: A is elo0 logistic Elo stronger than B (per game)
  double elo1 = 5.0;  // H1: elo1 (> elo0)
  double alpha = 0.05;  // probability of accepting H1 when H0 holds
  double beta = 0.05;  // probability of accepting H0 when H1 holds
};

// Parses "ELO0,ELO1" (elo0 < elo1); throws std::invalid_argument naming the text.
SprtConfig parse_sprt_bounds(const std::string& text);

// Logistic Elo to expected score per game and back.
double elo_to_score(double elo);
double score_to_elo(double score);

enum class SprtState { Continue, AcceptH0, AcceptH1 };
const char* sprt_state_name(SprtState state);  // "continue", "H0", "H1"

// The counts of deal pairs by A's score over the pair's two games (0, 1/2, 1, 3/2 or 2 points,
// a draw worth 1/2; Dou Dizhu has no draws, so bins 1 and 3 stay empty) and the log-likelihood
// ratio of H1 against H0, each hypothesis at the distribution of largest likelihood whose mean
// score is that hypothesis's (the generalized SPRT). Empty bins count 1e-3 so that the ratio
// is defined from the first deal.
class Sprt {
 public:
  explicit Sprt(const SprtConfig& config);
  // One deal pair with A's points (0..4 half points: 2 x wins + draws); for a match without
  // draws add_wins(w) with w = games A won of 2.
  void add_half_points(int half_points);
  void add_wins(int wins) { add_half_points(2 * wins); }
  int64_t pairs() const { return pairs_; }
  const std::array<int64_t, 5>& counts() const { return counts_; }
  double llr() const;
  double lower_bound() const;  // log(beta / (1 - alpha))
  double upper_bound() const;  // log((1 - beta) / alpha)
  SprtState state() const;  // from llr() against the bounds
  // A's mean score per game so far and its logistic Elo.
  double score() const;
  const SprtConfig& config() const { return config_; }

 private:
  SprtConfig config_;
  std::array<int64_t, 5> counts_{};
  int64_t pairs_ = 0;
};

}  // namespace ddz
