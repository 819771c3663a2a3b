// A settings table: one declaration per setting (YAML name, member, type, range or choices, help)
// from which the parser, the effective-config dump, the listing and the docs are all derived.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace ddz {

enum class SettingType { Bool, Int, Int64, UInt64, Double, Choice, Text, IntList, TextList };

// What a setting is, apart from where it lives: enough to parse, print and document it.
struct SettingInfo {
  std::string name;  // the key in a config file
  SettingType type = SettingType::Int;
  // Int, Int64, IntList (per element): inclusive integer bounds; Double: inclusive bounds.
  int64_t int_lo = 0, int_hi = 0;
  double lo = 0, hi = 0;
  std::vector<std::string> choices;  // Choice: the allowed values
  std::string help;  // one line
  std::string group;  // the heading it is listed under
};

// Declaration helpers, so a table line reads `add("sims", &C::sims, ints(1, 100000), "...")`.
struct IntRange {
  int64_t lo, hi;
};
struct RealRange {
  double lo, hi;
};
struct Choices {
  std::vector<std::string> values;
};
inline IntRange ints(int64_t lo, int64_t hi) { return {lo, hi}; }
inline RealRange reals(double lo, double hi) { return {lo, hi}; }
inline Choices one_of(std::vector<std::string> values) { return {std::move(values)}; }

// A setting removed from the table: older files (a run directory's config.yaml) may still give
// it, but only with the value that did nothing, the one it had as its default.
struct RetiredSetting {
  std::string name;
  std::string former_default;  // as YAML writes it
  std::string when;  // the date it was removed
  std::string renamed_to;  // non-empty: the setting lives on under this name
};

// One setting of a config struct C: its description and where its value sits in a C.
template <class C>
struct Setting {
  SettingInfo info;
  std::function<void*(C&)> value;  // the value's address, of the type info.type names
  std::function<const void*(const C&)> member;  // the top-level member of C that holds it
};

template <class C>
class SettingsTable {
 public:
  // Starts a group: the settings declared next are listed under this heading.
  void group(std::string name) { group_ = std::move(name); }

  void add(const char* name, bool C::*m, const char* help) { push(m, base(name, SettingType::Bool, help)); }
  void add(const char* name, uint64_t C::*m, const char* help) { push(m, base(name, SettingType::UInt64, help)); }
  void add(const char* name, int C::*m, IntRange r, const char* help) {
    push(m, ranged(base(name, SettingType::Int, help), r));
  }
  void add(const char* name, int64_t C::*m, IntRange r, const char* help) {
    push(m, ranged(base(name, SettingType::Int64, help), r));
  }
  void add(const char* name, double C::*m, RealRange r, const char* help) {
    SettingInfo i = base(name, SettingType::Double, help);
    i.lo = r.lo;
    i.hi = r.hi;
    push(m, std::move(i));
  }
  void add(const char* name, std::string C::*m, Choices c, const char* help) {
    SettingInfo i = base(name, SettingType::Choice, help);
    i.choices = std::move(c.values);
    push(m, std::move(i));
  }
  void add(const char* name, std::string C::*m, const char* help) { push(m, base(name, SettingType::Text, help)); }
  // A list of 1 to 8 integers, each within r (layer widths).
  void add(const char* name, std::vector<int> C::*m, IntRange r, const char* help) {
    push(m, ranged(base(name, SettingType::IntList, help), r));
  }
  // A list of non-empty strings (agent specs).
  void add(const char* name, std::vector<std::string> C::*m, const char* help) {
    push(m, base(name, SettingType::TextList, help));
  }

  void retire(const char* name, const char* former_default, const char* when) {
    retired_.push_back({name, former_default, when, ""});
  }
  // A setting that took another name: a file giving the old one is told the new one.
  void rename(const char* old_name, const char* new_name, const char* when) {
    retired_.push_back({old_name, "", when, new_name});
  }
  const std::vector<RetiredSetting>& retired() const { return retired_; }

  // Takes every setting of another table whose struct is the member `m` of C (a group declared
  // with its own struct elsewhere, e.g. a search's settings), under the same names.
  template <class S>
  void embed(const SettingsTable<S>& sub, S C::*m) {
    for (const Setting<S>& s : sub.settings()) {
      Setting<C> e;
      e.info = s.info;
      auto inner = s.value;
      e.value = [inner, m](C& c) { return inner(c.*m); };
      e.member = [m](const C& c) -> const void* { return &(c.*m); };
      settings_.push_back(std::move(e));
    }
  }

  const std::vector<Setting<C>>& settings() const { return settings_; }
  const Setting<C>* find(const std::string& name) const {
    for (const auto& s : settings_)
      if (s.info.name == name) return &s;
    return nullptr;
  }
  // The infos alone, in declaration order (for the listing and the docs).
  std::vector<SettingInfo> infos() const {
    std::vector<SettingInfo> out;
    for (const auto& s : settings_) out.push_back(s.info);
    return out;
  }
  // How many distinct members of C the table covers (for the test that every member is declared).
  size_t members_covered() const {
    const C probe{};
    std::vector<const void*> seen;
    for (const auto& s : settings_) {
      const void* p = s.member(probe);
      bool dup = false;
      for (const void* q : seen) dup = dup || q == p;
      if (!dup) seen.push_back(p);
    }
    return seen.size();
  }

 private:
  SettingInfo base(const char* name, SettingType t, const char* help) const {
    SettingInfo i;
    i.name = name;
    i.type = t;
    i.help = help;
    i.group = group_;
    return i;
  }
  static SettingInfo ranged(SettingInfo i, IntRange r) {
    i.int_lo = r.lo;
    i.int_hi = r.hi;
    return i;
  }
  template <class T>
  void push(T C::*m, SettingInfo info) {
    Setting<C> s;
    s.info = std::move(info);
    s.value = [m](C& c) -> void* { return &(c.*m); };
    s.member = [m](const C& c) -> const void* { return &(c.*m); };
    settings_.push_back(std::move(s));
  }

  std::vector<Setting<C>> settings_;
  std::vector<RetiredSetting> retired_;
  std::string group_;
};

// The number of members of the aggregate T, found as the most initialisers T{...} accepts; a
// test compares it with SettingsTable::members_covered(), so a member added without its
// declaration fails the build's tests.
namespace detail {
struct AnyMember {
  template <class T>
  constexpr operator T() const noexcept;  // declared only: used in unevaluated contexts
};
template <class T, class Seq, class = void>
struct BraceInitialisable : std::false_type {};
template <class T, size_t... I>
struct BraceInitialisable<T, std::index_sequence<I...>, std::void_t<decltype(T{(void(I), AnyMember{})...})>>
    : std::true_type {};
}  // namespace detail

template <class T, size_t N = 0>
constexpr size_t aggregate_member_count() {
  static_assert(std::is_aggregate_v<T>, "members are counted for an aggregate only");
  if constexpr (detail::BraceInitialisable<T, std::make_index_sequence<N + 1>>::value)
    return aggregate_member_count<T, N + 1>();
  else return N;
}

}  // namespace ddz
