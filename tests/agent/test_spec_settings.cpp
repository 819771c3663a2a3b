// Tests of the settings-list helpers of agent/agent_spec.h that kinds use to hand settings on to
// another kind (pretrained -> gumbel or mcts+net, mcts+net -> mcts): items, keys and values.
#include <gtest/gtest.h>

#include "agent/agent_spec.h"

namespace ddz {
namespace {

TEST(SpecSettings, SplitsItemsAndTrimsKeysAndValues) {
  const std::vector<std::string> items = split_settings("sims=8, search = gumbel ,file.ddz,,k=");
  ASSERT_EQ(items.size(), 5u);
  EXPECT_EQ(items[1], " search = gumbel ");  // items stay as written, for handing on unchanged
  EXPECT_EQ(setting_key(items[0]), "sims");
  EXPECT_EQ(setting_value(items[0]), "8");
  EXPECT_EQ(setting_key(items[1]), "search");
  EXPECT_EQ(setting_value(items[1]), "gumbel");
  EXPECT_EQ(setting_key(items[2]), "");  // positional
  EXPECT_EQ(setting_key(items[3]), "");  // empty
  EXPECT_EQ(setting_key(items[4]), "k");
  EXPECT_EQ(setting_value(items[4]), "");
  EXPECT_EQ(split_settings("").size(), 1u);
}

}  // namespace
}  // namespace ddz
