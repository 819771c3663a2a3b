// 24-point puzzle: the solvable counts, known solvable and unsolvable sets, and every printed
// expression parsed back and evaluated by an independent exact-fraction evaluator written here.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>

#include "solver/puzzle24.h"

namespace ddz {
namespace {

// Reduced fraction with a positive denominator.
struct Q {
  int64_t n = 0, d = 1;
  static Q make(int64_t n, int64_t d) {
    if (d == 0) throw std::domain_error("division by zero");
    if (d < 0) n = -n, d = -d;
    const int64_t g = std::gcd(n < 0 ? -n : n, d);
    return {n / g, d / g};
  }
};
Q operator+(Q a, Q b) { return Q::make(a.n * b.d + b.n * a.d, a.d * b.d); }
Q operator-(Q a, Q b) { return Q::make(a.n * b.d - b.n * a.d, a.d * b.d); }
Q operator*(Q a, Q b) { return Q::make(a.n * b.n, a.d * b.d); }
Q operator/(Q a, Q b) { return Q::make(a.n * b.d, a.d * b.n); }

// Recursive-descent evaluator for + - * / ( ) and unsigned integers, usual precedence, left
// associative. Records the numbers it reads so tests can check which values were used.
class Evaluator {
 public:
  explicit Evaluator(std::string s) : s_(std::move(s)) {}
  Q run() {
    Q v = expr();
    if (i_ != s_.size()) throw std::invalid_argument("trailing text in " + s_);
    return v;
  }
  std::multiset<int> numbers;

 private:
  Q expr() {
    Q v = term();
    while (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) {
      const char op = s_[i_++];
      const Q t = term();
      v = op == '+' ? v + t : v - t;
    }
    return v;
  }
  Q term() {
    Q v = factor();
    while (i_ < s_.size() && (s_[i_] == '*' || s_[i_] == '/')) {
      const char op = s_[i_++];
      const Q f = factor();
      v = op == '*' ? v * f : v / f;
    }
    return v;
  }
  Q factor() {
    if (i_ < s_.size() && s_[i_] == '(') {
      ++i_;
      const Q v = expr();
      if (i_ >= s_.size() || s_[i_] != ')') throw std::invalid_argument("missing ) in " + s_);
      ++i_;
      return v;
    }
    int64_t n = 0;
    const size_t start = i_;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') n = n * 10 + (s_[i_++] - '0');
    if (i_ == start) throw std::invalid_argument("expected a number in " + s_);
    numbers.insert(int(n));
    return Q{n, 1};
  }
  std::string s_;
  size_t i_ = 0;
};

void expect_makes_24(const std::string& expr, const Values24& values) {
  Evaluator ev(expr);
  Q v;
  ASSERT_NO_THROW(v = ev.run()) << expr;
  EXPECT_EQ(v.n, 24) << expr;
  EXPECT_EQ(v.d, 1) << expr;
  EXPECT_EQ(ev.numbers, std::multiset<int>(values.begin(), values.end())) << expr;
}

TEST(Puzzle24, SolvableCounts) {
  const Count24 nine = count_solvable24(9);
  EXPECT_EQ(nine.total, 495);
  EXPECT_EQ(nine.solvable, 404);
  const Count24 thirteen = count_solvable24(13);
  EXPECT_EQ(thirteen.total, 1820);
  EXPECT_EQ(thirteen.solvable, 1362);
}

TEST(Puzzle24, ThreeThreeEightEightNeedsFractions) {
  const auto e = solve24({3, 3, 8, 8});
  ASSERT_TRUE(e.has_value());
  expect_makes_24(*e, {3, 3, 8, 8});
  const auto all = solve24_all({3, 3, 8, 8});
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0], "8/(3-8/3)");
}

TEST(Puzzle24, KnownUnsolvableSets) {
  for (const Values24& v :
       {Values24{1, 1, 1, 1}, Values24{1, 1, 1, 2}, Values24{13, 13, 13, 13}, Values24{1, 1, 5, 9}}) {
    EXPECT_FALSE(solvable24(v));
    EXPECT_FALSE(solve24(v).has_value());
    EXPECT_TRUE(solve24_all(v).empty());
  }
}

TEST(Puzzle24, DistinctFormsMergeCommutedAndRegroupedOperands) {
  // 1*2*3*4 stands for every order and grouping of the product; 4*(1+2+3) for its sums.
  const auto all = solve24_all({1, 2, 3, 4});
  const std::set<std::string> set(all.begin(), all.end());
  EXPECT_EQ(set.size(), all.size());
  EXPECT_TRUE(set.count("1*2*3*4"));
  EXPECT_TRUE(set.count("(1+2+3)*4"));
  EXPECT_FALSE(set.count("4*3*2*1"));
  EXPECT_FALSE(set.count("(3+2+1)*4"));
}

// Every expression of every multiset of 1..13 evaluates to 24 with exactly the four values, the
// list has no repeats, and it is non-empty exactly when the fast solver says solvable.
TEST(Puzzle24, EveryExpressionOfEveryMultisetEvaluatesTo24) {
  int checked = 0;
  for (int a = 1; a <= 13; ++a)
    for (int b = a; b <= 13; ++b)
      for (int c = b; c <= 13; ++c)
        for (int d = c; d <= 13; d += (a == 1 ? 1 : 3)) {  // every 1..13 set with a 1, a third of the others
          const Values24 v{a, b, c, d};
          const auto all = solve24_all(v);
          ASSERT_EQ(!all.empty(), solvable24(v)) << a << " " << b << " " << c << " " << d;
          EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), all.size());
          for (const auto& e : all) expect_makes_24(e, v);
          ++checked;
        }
  EXPECT_GT(checked, 500);
}

TEST(Puzzle24, ParsesCardValues) {
  EXPECT_EQ(parse_value24("1"), 1);
  EXPECT_EQ(parse_value24("13"), 13);
  EXPECT_EQ(parse_value24("A"), 1);
  EXPECT_EQ(parse_value24("j"), 11);
  EXPECT_EQ(parse_value24("Q"), 12);
  EXPECT_EQ(parse_value24("K"), 13);
  EXPECT_EQ(parse_value24("T"), 10);
  std::string why;
  EXPECT_FALSE(parse_value24("0", &why));
  EXPECT_NE(why.find("\"0\" is outside 1..13"), std::string::npos) << why;
  EXPECT_FALSE(parse_value24("14", &why));
  EXPECT_NE(why.find("outside"), std::string::npos) << why;
  EXPECT_FALSE(parse_value24("100000000000000000000", &why));
  EXPECT_FALSE(parse_value24("x", &why));
  EXPECT_NE(why.find("\"x\" is not a card value"), std::string::npos) << why;
  EXPECT_FALSE(parse_value24("", &why));
  EXPECT_FALSE(parse_value24("-3", &why));
  EXPECT_FALSE(parse_value24("2.5", &why));
}

}  // namespace
}  // namespace ddz
