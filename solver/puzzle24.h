// The 24-point puzzle: combine four card values (1..13) with + - * / and parentheses to make
// exactly 24, in exact rational arithmetic. Solver, enumerator of distinct solutions, counts.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ddz {

using Values24 = std::array<int, 4>;

// One card value: 1..13 as a number, or A (1), T (10), J (11), Q (12), K (13) in either case.
// Returns nullopt with the reason in *error (naming the input) on anything else.
std::optional<int> parse_value24(std::string_view text, std::string* error = nullptr);

// True when some expression over the four values makes exactly 24.
bool solvable24(const Values24& values);

// Every distinct expression making 24, sorted shortest first, then by text. Two expressions are
// the same when one turns into the other by the commutative and associative laws of + and * and
// the matching moves of - and / inside one sum or product (a+b = b+a, (a+b)+c = a+(b+c),
// a-b+c = a+c-b, a/b*c = a*c/b). Each is printed in that canonical form: the terms of a sum, added
// ones first then subtracted ones, and the factors of a product, multiplied ones first then divided
// ones, each group sorted by text; the fewest parentheses; * for times. Example: 8/(3-8/3).
std::vector<std::string> solve24_all(const Values24& values);

// The first of solve24_all (the shortest expression), or nullopt when none makes 24.
std::optional<std::string> solve24(const Values24& values);

struct Count24 {
  int solvable = 0;
  int total = 0;
};
// Over all multisets of four values from 1..max_value (1..13): how many are solvable.
// 1..9: 404 of 495; 1..13: 1,362 of 1,820.
Count24 count_solvable24(int max_value);

}  // namespace ddz
