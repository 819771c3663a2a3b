// Transposition table tests: the live region grows as the table fills without losing an entry,
// clear() shrinks it again, concurrent mode makes it whole, and full keys never match a neighbour.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "game/rng.h"
#include "solver/endgame_table.h"

namespace ddz {
namespace {

EndgameKey random_key(Rng& rng) {
  EndgameKey k;
  for (uint64_t& w : k.w) w = rng.next();
  return k;
}

TEST(EndgameTable, GrowingKeepsEveryStoredEntry) {
  EndgameTable table(64);
  const uint64_t start = table.live_capacity();
  ASSERT_LT(start, table.capacity());
  Rng rng(5);
  std::vector<EndgameKey> keys;
  // Eight times the starting region: the region must double three times or more.
  for (uint64_t i = 0; i < 8 * start; ++i) {
    keys.push_back(random_key(rng));
    table.store(keys.back(), uint32_t(i + 1), uint32_t(2 * i + 1), 1000 + i);
  }
  EXPECT_GE(table.live_capacity(), 8 * start);
  EXPECT_LE(table.live_capacity(), table.capacity());
  // Every key not pushed out of a full bucket is found with its own numbers; the live region was
  // never more than a quarter full, so evictions are rare.
  uint64_t found = 0;
  for (size_t i = 0; i < keys.size(); ++i) {
    uint32_t pn = 0, dn = 0;
    if (!table.probe(keys[i], &pn, &dn)) continue;
    ++found;
    ASSERT_EQ(pn, uint32_t(i + 1));
    ASSERT_EQ(dn, uint32_t(2 * i + 1));
  }
  EXPECT_EQ(found + table.evictions(), keys.size());
  EXPECT_EQ(found, table.used());
  EXPECT_LT(table.evictions(), keys.size() / 100);
  // A key that differs in one bit of one word is another position.
  EndgameKey other = keys[0];
  other.w[3] ^= 1;
  uint32_t pn, dn;
  EXPECT_FALSE(table.probe(other, &pn, &dn));
}

TEST(EndgameTable, ClearEmptiesAndShrinksTheLiveRegion) {
  EndgameTable table(64);
  const uint64_t start = table.live_capacity();
  Rng rng(6);
  std::vector<EndgameKey> keys;
  for (uint64_t i = 0; i < 4 * start; ++i) {
    keys.push_back(random_key(rng));
    table.store(keys.back(), true, 10);
  }
  ASSERT_GT(table.live_capacity(), start);
  table.clear();
  EXPECT_EQ(table.live_capacity(), start);
  EXPECT_EQ(table.used(), 0u);
  bool win;
  for (const EndgameKey& k : keys) ASSERT_FALSE(table.probe(k, &win));
  // Growing again after a clear starts from zeroed buckets: no stale entry reappears.
  for (uint64_t i = 0; i < 4 * start; ++i) table.store(random_key(rng), false, 10);
  for (const EndgameKey& k : keys) ASSERT_FALSE(table.probe(k, &win));
}

TEST(EndgameTable, ConcurrentModeUsesTheWholeTableAndKeepsEntries) {
  EndgameTable table(16);
  Rng rng(7);
  std::vector<EndgameKey> keys;
  for (int i = 0; i < 1000; ++i) {
    keys.push_back(random_key(rng));
    table.store(keys.back(), i % 2 == 0, 5);
  }
  table.set_concurrent(true);
  EXPECT_EQ(table.live_capacity(), table.capacity());
  EndgameTable view(table);
  for (size_t i = 0; i < keys.size(); ++i) {
    bool win = false;
    ASSERT_TRUE(view.probe(keys[i], &win));
    EXPECT_EQ(win, i % 2 == 0);
  }
  table.set_concurrent(false);
  EXPECT_EQ(table.live_capacity(), table.capacity());
}

TEST(EndgameTable, SmallTablesAreWholeFromTheStart) {
  EndgameTable one(0);
  EXPECT_EQ(one.capacity(), 4u);
  EXPECT_EQ(one.live_capacity(), 4u);
  Rng rng(8);
  for (int i = 0; i < 100; ++i) one.store(random_key(rng), true, 1);
  EXPECT_EQ(one.used(), 4u);
}

// Resident memory of this process in KiB (/proc/self/status).
long resident_kib() {
  std::ifstream in("/proc/self/status");
  std::string key;
  long kib = -1;
  while (in >> key)
    if (key == "VmRSS:") in >> kib;
    else in.ignore(1 << 12, '\n');
  return kib;
}

// A table takes memory as its live region reaches it, not at its capacity (`ddz web` holds two
// tables of 8 MiB per game: they were resident in full from the start). Entries stored after
// the growth all read back, so the pages the region grew into read as zero.
TEST(EndgameTable, MemoryFollowsTheLiveRegion) {
  const long before = resident_kib();
  EndgameTable table(256);
  const long built = resident_kib();
  EXPECT_LT(built - before, 32 * 1024) << "a 256 MiB table made " << built - before << " KiB resident at once";
  Rng rng(12);
  std::vector<EndgameKey> keys;
  for (int i = 0; i < 200000; ++i) {
    keys.push_back(random_key(rng));
    table.store(keys.back(), i % 3 == 0, 1);
  }
  EXPECT_GT(table.live_capacity(), 4 * 4096u);
  int found = 0;
  for (size_t i = 0; i < keys.size(); ++i) {
    bool win = false;
    if (table.probe(keys[i], &win)) {
      ++found;
      EXPECT_EQ(win, i % 3 == 0);
    }
  }
  EXPECT_GT(found, 190000);
}

}  // namespace
}  // namespace ddz
