// Tests of the web server's store of live games: fresh random ids, idle expiry on a test clock,
// the cap evicting the least recently used entry, erase.
#include <gtest/gtest.h>

#include <set>

#include "web/session_store.h"

namespace ddz::web {
namespace {

struct FakeClock {
  std::chrono::steady_clock::time_point now{};
  SteadyClock fn() {
    return [this] { return now; };
  }
};

TEST(SessionStore, IdsAreFreshHex) {
  SessionStore<int> store(1000, std::chrono::seconds(60));
  std::set<std::string> ids;
  for (int i = 0; i < 500; ++i) {
    const std::string id = store.add(std::make_shared<int>(i));
    ASSERT_EQ(id.size(), 32u);
    ASSERT_EQ(id.find_first_not_of("0123456789abcdef"), std::string::npos) << id;
    ids.insert(id);
  }
  EXPECT_EQ(ids.size(), 500u);
  EXPECT_EQ(store.size(), 500u);
}

TEST(SessionStore, IdleEntriesExpire) {
  FakeClock clock;
  SessionStore<int> store(10, std::chrono::seconds(60), clock.fn());
  const std::string a = store.add(std::make_shared<int>(1));
  clock.now += std::chrono::seconds(40);
  const std::string b = store.add(std::make_shared<int>(2));
  clock.now += std::chrono::seconds(30);  // a idle 70 s, b 30 s
  EXPECT_EQ(store.find(a), nullptr);
  ASSERT_NE(store.find(b), nullptr);
  EXPECT_EQ(*store.find(b), 2);
  clock.now += std::chrono::seconds(59);  // b was used just now: still alive
  EXPECT_NE(store.find(b), nullptr);
  clock.now += std::chrono::seconds(60);
  EXPECT_EQ(store.expire(), 1u);
  EXPECT_EQ(store.size(), 0u);
  EXPECT_EQ(store.expired(), 2u);
}

TEST(SessionStore, CapEvictsLeastRecentlyUsed) {
  FakeClock clock;
  SessionStore<int> store(3, std::chrono::seconds(1000), clock.fn());
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    clock.now += std::chrono::seconds(1);
    ids.push_back(store.add(std::make_shared<int>(i)));
  }
  clock.now += std::chrono::seconds(1);
  ASSERT_NE(store.find(ids[0]), nullptr);  // ids[1] is now the least recently used
  clock.now += std::chrono::seconds(1);
  const std::string d = store.add(std::make_shared<int>(3));
  EXPECT_EQ(store.size(), 3u);
  EXPECT_EQ(store.evicted(), 1u);
  EXPECT_NE(store.find(ids[0]), nullptr);
  EXPECT_EQ(store.find(ids[1]), nullptr);
  EXPECT_NE(store.find(ids[2]), nullptr);
  EXPECT_NE(store.find(d), nullptr);
}

TEST(SessionStore, EraseAndHeldEntriesOutliveRemoval) {
  SessionStore<int> store(2, std::chrono::seconds(100));
  const std::string a = store.add(std::make_shared<int>(7));
  std::shared_ptr<int> held = store.find(a);
  EXPECT_TRUE(store.erase(a));
  EXPECT_FALSE(store.erase(a));
  EXPECT_EQ(store.find(a), nullptr);
  EXPECT_EQ(*held, 7);  // a request still using it keeps it alive
}

}  // namespace
}  // namespace ddz::web
