// The 24-point puzzle by exhaustive combination: repeatedly replace two of the numbers left by
// their sum, difference, product or quotient, in exact fractions. The enumerator also builds each
// expression's canonical text (sums and products flattened and sorted) to tell distinct ones apart.
#include "solver/puzzle24.h"

#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>

namespace ddz {
namespace {

// An exact fraction, not reduced (the numbers stay tiny); d is never 0.
struct Frac {
  int64_t n = 0;
  int64_t d = 1;
};
Frac add(Frac a, Frac b) { return {a.n * b.d + b.n * a.d, a.d * b.d}; }
Frac sub(Frac a, Frac b) { return {a.n * b.d - b.n * a.d, a.d * b.d}; }
Frac mul(Frac a, Frac b) { return {a.n * b.n, a.d * b.d}; }
Frac divide(Frac a, Frac b) { return {a.n * b.d, a.d * b.n}; }  // requires b.n != 0
bool is24(Frac a) { return a.n == 24 * a.d; }

// Whether a op b makes 24 for some op, with a = an/ad and b = bn/bd: cross-multiplied, no division.
bool pair24(Frac a, Frac b) {
  const int64_t dd = a.d * b.d;
  const int64_t x = a.n * b.d, y = b.n * a.d;  // a and b over the common denominator dd
  if (x + y == 24 * dd || x - y == 24 * dd || y - x == 24 * dd) return true;
  if (a.n * b.n == 24 * dd) return true;
  return (y != 0 && x == 24 * y) || (x != 0 && y == 24 * x);
}

// Depth-first over the ways to merge two of the k numbers left (k >= 2); stops at the first 24.
bool solvable_rec(const Frac* v, int k) {
  if (k == 2) return pair24(v[0], v[1]);
  Frac w[4];
  for (int i = 0; i < k; ++i) {
    for (int j = i + 1; j < k; ++j) {
      int m = 0;
      for (int t = 0; t < k; ++t)
        if (t != i && t != j) w[m++] = v[t];
      const Frac a = v[i], b = v[j];
      Frac results[6];
      int nr = 0;
      results[nr++] = add(a, b);
      results[nr++] = sub(a, b);
      results[nr++] = sub(b, a);
      results[nr++] = mul(a, b);
      if (b.n != 0) results[nr++] = divide(a, b);
      if (a.n != 0) results[nr++] = divide(b, a);
      for (int r = 0; r < nr; ++r) {
        w[m] = results[r];
        if (solvable_rec(w, m + 1)) return true;
      }
    }
  }
  return false;
}

// An expression in canonical form: a number, a flattened sum (terms with a minus flag) or a
// flattened product (factors with a divide flag). Texts of parts are as they appear in the parent.
struct Expr {
  enum Kind { Leaf, Sum, Product } kind = Leaf;
  Frac value;
  std::vector<std::pair<bool, std::string>> parts;  // (subtracted / divided, text)
  std::string text;
};

Expr leaf(int v) {
  Expr e;
  e.value = Frac{v, 1};
  e.text = std::to_string(v);
  return e;
}

// Sorted plain parts first, then sorted inverse parts, joined with the operator characters.
std::string join(std::vector<std::pair<bool, std::string>>& parts, char plain, char inverse) {
  std::sort(parts.begin(), parts.end());
  std::string s;
  for (const auto& [inv, t] : parts) {
    if (!s.empty() || inv) s += inv ? inverse : plain;
    s += t;
  }
  return s;
}

// a + b (negate_b false) or a - b (true).
Expr make_sum(const Expr& a, const Expr& b, bool negate_b) {
  Expr e;
  e.kind = Expr::Sum;
  e.value = negate_b ? sub(a.value, b.value) : add(a.value, b.value);
  auto take = [&](const Expr& x, bool neg) {
    if (x.kind == Expr::Sum) {
      for (const auto& [inv, t] : x.parts) e.parts.emplace_back(inv != neg, t);
    } else {
      e.parts.emplace_back(neg, x.text);
    }
  };
  take(a, false);
  take(b, negate_b);
  e.text = join(e.parts, '+', '-');
  return e;
}

// a * b (invert_b false) or a / b (true; b's value is not 0).
Expr make_product(const Expr& a, const Expr& b, bool invert_b) {
  Expr e;
  e.kind = Expr::Product;
  e.value = invert_b ? divide(a.value, b.value) : mul(a.value, b.value);
  auto take = [&](const Expr& x, bool inv) {
    if (x.kind == Expr::Product) {
      for (const auto& [i, t] : x.parts) e.parts.emplace_back(i != inv, t);
    } else if (x.kind == Expr::Sum) {
      e.parts.emplace_back(inv, "(" + x.text + ")");
    } else {
      e.parts.emplace_back(inv, x.text);
    }
  };
  take(a, false);
  take(b, invert_b);
  e.text = join(e.parts, '*', '/');
  return e;
}

void enumerate(std::vector<Expr>& v, std::set<std::string>& found) {
  const size_t k = v.size();
  if (k == 1) {
    if (is24(v[0].value)) found.insert(v[0].text);
    return;
  }
  for (size_t i = 0; i < k; ++i) {
    for (size_t j = i + 1; j < k; ++j) {
      std::vector<Expr> w;
      w.reserve(k - 1);
      for (size_t t = 0; t < k; ++t)
        if (t != i && t != j) w.push_back(v[t]);
      const Expr& a = v[i];
      const Expr& b = v[j];
      std::vector<Expr> results;
      results.push_back(make_sum(a, b, false));
      results.push_back(make_sum(a, b, true));
      results.push_back(make_sum(b, a, true));
      results.push_back(make_product(a, b, false));
      if (b.value.n != 0) results.push_back(make_product(a, b, true));
      if (a.value.n != 0) results.push_back(make_product(b, a, true));
      for (Expr& r : results) {
        w.push_back(std::move(r));
        enumerate(w, found);
        w.pop_back();
      }
    }
  }
}

}  // namespace

std::optional<int> parse_value24(std::string_view text, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<int> {
    if (error) *error = why;
    return std::nullopt;
  };
  const std::string quoted = "\"" + std::string(text) + "\"";
  if (text.size() == 1) {
    switch (text[0]) {
      case 'A':
      case 'a': return 1;
      case 'T':
      case 't': return 10;
      case 'J':
      case 'j': return 11;
      case 'Q':
      case 'q': return 12;
      case 'K':
      case 'k': return 13;
      default: break;
    }
  }
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return fail(quoted + " is not a card value (1..13, or A, T, J, Q, K)");
  if (text.size() > 2) return fail(quoted + " is outside 1..13");
  const int v = std::stoi(std::string(text));
  if (v < 1 || v > 13) return fail(quoted + " is outside 1..13");
  return v;
}

bool solvable24(const Values24& values) {
  Frac v[4];
  for (int i = 0; i < 4; ++i) v[i] = Frac{values[size_t(i)], 1};
  return solvable_rec(v, 4);
}

std::vector<std::string> solve24_all(const Values24& values) {
  std::vector<Expr> v;
  for (int x : values) v.push_back(leaf(x));
  std::set<std::string> found;
  enumerate(v, found);
  std::vector<std::string> out(found.begin(), found.end());
  std::stable_sort(out.begin(), out.end(),
                   [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  return out;
}

std::optional<std::string> solve24(const Values24& values) {
  if (!solvable24(values)) return std::nullopt;
  return solve24_all(values).front();
}

Count24 count_solvable24(int max_value) {
  Count24 c;
  for (int a = 1; a <= max_value; ++a)
    for (int b = a; b <= max_value; ++b)
      for (int d = b; d <= max_value; ++d)
        for (int e = d; e <= max_value; ++e) {
          ++c.total;
          if (solvable24({a, b, d, e})) ++c.solvable;
        }
  return c;
}

}  // namespace ddz
