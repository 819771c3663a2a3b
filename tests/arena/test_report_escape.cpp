// Report escaping (arena/report_escape.h): CSV quoting only where needed and splitting that undoes
// it, on seeded random fields; XML escaping of the five characters that need it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arena/report_escape.h"
#include "game/rng.h"

namespace ddz {
namespace {

TEST(Csv, QuotesOnlyFieldsThatNeedIt) {
  EXPECT_EQ(csv_field("heuristic"), "heuristic");
  EXPECT_EQ(csv_field("mcts:sims=100,threads=2"), "\"mcts:sims=100,threads=2\"");
  EXPECT_EQ(csv_field("net:a \"b\".ddz"), "\"net:a \"\"b\"\".ddz\"");
  EXPECT_EQ(csv_field(""), "");
}

TEST(Csv, SplitUndoesQuoting) {
  EXPECT_EQ(split_csv_line("a,,b"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(split_csv_line("\"x,y\",\"say \"\"hi\"\"\""), (std::vector<std::string>{"x,y", "say \"hi\""}));
  // Seeded random fields from an alphabet rich in the special characters: joining their quoted
  // forms with commas and splitting gives each field back.
  Rng rng(20261208);
  const std::string alphabet = "ab,\"= :";
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<std::string> fields(1 + rng.below(5));
    std::string line;
    for (size_t f = 0; f < fields.size(); ++f) {
      const uint32_t len = rng.below(6);
      for (uint32_t i = 0; i < len; ++i) fields[f] += alphabet[rng.below(uint32_t(alphabet.size()))];
      line += (f ? "," : "") + csv_field(fields[f]);
    }
    ASSERT_EQ(split_csv_line(line), fields) << line;
  }
}

TEST(XmlEscape, EscapesMarkupCharacters) {
  EXPECT_EQ(xml_escape("mcts:sims=1<2 & \"x\">"), "mcts:sims=1&lt;2 &amp; &quot;x&quot;&gt;");
  EXPECT_EQ(xml_escape("plain"), "plain");
}

}  // namespace
}  // namespace ddz
