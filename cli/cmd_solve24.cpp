// `ddz solve24 A B C D`: the 24-point puzzle over four card values (1..13 or A T J Q K): one
// expression making 24, every distinct one (--all), or the solvable counts over all multisets.
#include <chrono>
#include <iomanip>
#include <iostream>

#include "cli/command_registry.h"
#include "solver/puzzle24.h"

namespace ddz::cli {
namespace {

Values24 parse_values(const std::vector<std::string>& args) {
  if (args.size() != 4)
    throw UsageError("expected 4 card values (1..13 or A, T, J, Q, K), got " + std::to_string(args.size()));
  Values24 v{};
  for (size_t i = 0; i < 4; ++i) {
    std::string why;
    auto x = parse_value24(args[i], &why);
    if (!x) throw UsageError(why);
    v[i] = *x;
  }
  return v;
}

CommandAction setup(CLI::App& sub) {
  auto values = std::make_shared<std::vector<std::string>>();
  auto all = std::make_shared<bool>(false);
  auto count = std::make_shared<bool>(false);
  auto max_value = std::make_shared<int>(0);
  sub.add_option("values", *values, "Four card values, e.g. 3 3 8 8 or A 5 J K");
  sub.add_flag("--all", *all,
               "Print every distinct expression, shortest first. Expressions equal by reordering or "
               "regrouping the terms of one sum or the factors of one product are one (a+b = b+a, "
               "a-b+c = a+c-b, a/b*c = a*c/b)");
  sub.add_flag("--count", *count, "Count the solvable multisets of four values in 1..9 and 1..13 instead");
  sub.add_option("--max", *max_value, "With --count: only values 1..N (1..13)");
  return [values, all, count, max_value]() {
    if (*count) {
      if (!values->empty()) throw UsageError("--count takes no values");
      if (*max_value != 0 && (*max_value < 1 || *max_value > 13))
        throw UsageError("--max " + std::to_string(*max_value) + " is outside 1..13");
      const std::vector<int> ranges = *max_value ? std::vector<int>{*max_value} : std::vector<int>{9, 13};
      for (int m : ranges) {
        const auto start = std::chrono::steady_clock::now();
        const Count24 c = count_solvable24(m);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        std::cout << "values 1.." << m << ": " << c.solvable << " of " << c.total << " multisets solvable\n";
        std::cerr << "(1.." << m << " counted in " << std::fixed << std::setprecision(1) << ms << " ms)\n";
      }
      return 0;
    }
    if (*max_value != 0) throw UsageError("--max only goes with --count");
    const Values24 v = parse_values(*values);
    if (*all) {
      const auto exprs = solve24_all(v);
      if (exprs.empty()) {
        std::cout << "no solution\n";
        return 1;
      }
      for (const auto& e : exprs) std::cout << e << "\n";
      return 0;
    }
    const auto e = solve24(v);
    if (!e) {
      std::cout << "no solution\n";
      return 1;
    }
    std::cout << *e << "\n";
    return 0;
  };
}

}  // namespace
DDZ_COMMAND("solve24", "24-point puzzle: make 24 from four card values with + - * / (exit 1: none)", setup);
}  // namespace ddz::cli
