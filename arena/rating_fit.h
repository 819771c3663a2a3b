// Ratings from paired duplicate deals: a Bradley-Terry (logistic Elo) fit by Newton's method with
// one entrant anchored at a fixed rating, and 95% intervals by a seeded bootstrap over deals.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace ddz {

// One duplicate deal between entrants a and b: the games (of the two) that a's side won.
struct DealOutcome {
  int a = 0;
  int b = 1;
  int a_wins = 0;  // 0, 1 or 2
};

// Thrown when the results cannot give ratings (an entrant without games, entrants not linked to
// the anchor by any chain of games, a bad index); the message names the entrant.
class RatingFitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Elo points per natural log-odds unit: P(a beats b) = 1 / (1 + 10^((Rb - Ra) / 400)).
constexpr double kEloPerLogit = 173.71779276130073;  // 400 / ln 10

struct RatingFitConfig {
  int entrants = 0;
  int anchor = 0;  // its rating is fixed at anchor_rating and its interval has zero width
  double anchor_rating = 0.0;
  // Each pair that played gets this many virtual games, half won by each side, so that a pair
  // one side won every game of still has a finite rating difference (BayesElo's prior draws).
  double prior_games = 1.0;
  int bootstrap = 1000;  // resamples for the intervals; 0 for none (intervals at the rating)
  uint64_t seed = 1;
  std::vector<std::string> names;  // for error messages; "entrant I" when empty
};

// Games won by i against j (virtual games included), for every ordered pair i != j.
struct WinMatrix {
  int n = 0;
  std::vector<double> wins;  // n x n, row i column j
  double& at(int i, int j) { return wins[size_t(i * n + j)]; }
  double at(int i, int j) const { return wins[size_t(i * n + j)]; }
  double games(int i, int j) const { return at(i, j) + at(j, i); }
};

// The games of `deals` (plus the prior's virtual games of every pair that played) as a matrix.
WinMatrix win_matrix(int entrants, const std::vector<DealOutcome>& deals, double prior_games);

// Maximum-likelihood strengths in log-odds units with strength[anchor] = 0, by Newton's method
// on the concave log-likelihood sum_ij wins(i,j) log sigmoid(s_i - s_j). Throws RatingFitError
// when some entrant has no games or is not linked to the anchor.
std::vector<double> fit_strengths(const WinMatrix& m, int anchor, const std::vector<std::string>& names = {});

// The covariance of the strengths (log-odds units; the anchor's row and column zero): the
// inverse of the observed information at `strengths`. Used by the adaptive schedule.
std::vector<std::vector<double>> strength_covariance(const WinMatrix& m, int anchor,
                                                     const std::vector<double>& strengths);

struct RatingTable {
  std::vector<double> rating;  // Elo, the anchor at anchor_rating
  std::vector<double> lo, hi;  // 95% bootstrap percentile interval
};

// Ratings of every entrant from the deals, with the bootstrap resampling the deals of each pair
// (so that the schedule stays fixed and the two games of a deal stay together). The result
// depends only on the multiset of deals and the config, not on the order of `deals`.
RatingTable fit_ratings(const std::vector<DealOutcome>& deals, const RatingFitConfig& config);

}  // namespace ddz
