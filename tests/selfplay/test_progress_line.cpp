// The training status line's modes: redrawn in place on a terminal, a full line every 30 seconds of
// training time when piped (so a CI log never sits silent), nothing when switched off.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "selfplay/progress_line.h"

namespace ddz::selfplay {
namespace {

// Draws at every half second of [0, seconds] and returns what the line wrote.
std::string drawn(ProgressMode mode, double seconds) {
  std::FILE* f = std::tmpfile();
  EXPECT_NE(f, nullptr);
  {
    ProgressLine line(mode, f);
    ProgressFigures fig;
    for (double t = 0; t <= seconds; t += 0.5) {
      fig.elapsed_s = t;
      fig.games = int64_t(t);
      line.draw(fig);
    }
    line.finish();
  }
  std::string out;
  std::rewind(f);
  for (int c; (c = std::fgetc(f)) != EOF;) out += char(c);
  std::fclose(f);
  return out;
}

size_t count(const std::string& s, char c) { return size_t(std::count(s.begin(), s.end(), c)); }

TEST(ProgressLine, PipedItWritesAWholeLineEveryThirtySeconds) {
  const std::string log = drawn(ProgressMode::Log, 125.0);
  EXPECT_EQ(count(log, '\n'), 4u) << log;  // at 30, 60, 90 and 120 s
  EXPECT_EQ(count(log, '\r'), 0u);
  EXPECT_NE(log.find("0:00:30 games 30 "), std::string::npos) << log;
  EXPECT_NE(log.find("0:02:00 games 120 "), std::string::npos) << log;
}

TEST(ProgressLine, OnATerminalItRedrawsInPlaceAndEndsWithOneNewline) {
  const std::string term = drawn(ProgressMode::Terminal, 10.0);
  EXPECT_EQ(count(term, '\r'), 21u);  // every draw, 0 to 10 s by halves
  EXPECT_EQ(count(term, '\n'), 1u);
}

TEST(ProgressLine, OffWritesNothing) { EXPECT_EQ(drawn(ProgressMode::Off, 100.0), ""); }

}  // namespace
}  // namespace ddz::selfplay
