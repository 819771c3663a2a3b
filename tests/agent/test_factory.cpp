// Tests of the agent factory: known kinds build, unknown kinds, unknown settings and bad values
// are rejected with an AgentSpecError that names the spec.
#include <gtest/gtest.h>

#include "agent/factory.h"

namespace ddz {
namespace {

std::string error_of(const std::string& spec) {
  try {
    make_agent(spec);
  } catch (const AgentSpecError& e) { return e.what(); }
  return "";
}

TEST(Factory, BuildsRandomAndEchoesSpec) {
  auto agent = make_agent("random");
  ASSERT_NE(agent, nullptr);
  EXPECT_EQ(agent->spec(), "random");
}

TEST(Factory, UnknownKindNamesSpecAndListsKnownKinds) {
  const std::string msg = error_of("bogus:x=1");
  EXPECT_NE(msg.find("bogus:x=1"), std::string::npos) << msg;
  EXPECT_NE(msg.find("unknown agent kind"), std::string::npos) << msg;
  EXPECT_NE(msg.find("random"), std::string::npos) << msg;
}

TEST(Factory, UnknownSettingIsRejected) {
  const std::string msg = error_of("random:speed=3");
  EXPECT_NE(msg.find("speed"), std::string::npos) << msg;
  EXPECT_NE(msg.find("random:speed=3"), std::string::npos) << msg;
}

TEST(Factory, BadValuesAreRejectedNamingKeyAndSpec) {
  for (const char* spec :
       {"heuristic:danger=abc", "heuristic:danger=99", "heuristic:danger=", "heuristic:last_margin=1.5"}) {
    const std::string msg = error_of(spec);
    EXPECT_NE(msg.find(spec), std::string::npos) << msg;
    EXPECT_TRUE(msg.find("danger") != std::string::npos || msg.find("last_margin") != std::string::npos) << msg;
  }
  EXPECT_NE(error_of("heuristic:fast=1").find("unknown setting"), std::string::npos);
  EXPECT_NE(error_of("heuristic:extra").find("unexpected argument"), std::string::npos);
  auto tuned = make_agent("heuristic:danger=4,landlord_margin=-8");
  EXPECT_EQ(tuned->spec(), "heuristic:danger=4,landlord_margin=-8");
}

TEST(Factory, EmptySpecIsRejected) { EXPECT_FALSE(error_of("").empty()); }

TEST(Factory, KindsListDescribesEveryKind) {
  const auto kinds = agent_kinds();
  ASSERT_FALSE(kinds.empty());
  for (const auto& line : kinds) {
    const size_t colon = line.find(": ");
    ASSERT_NE(colon, std::string::npos) << line;
    EXPECT_TRUE(is_agent_kind(line.substr(0, colon))) << line;
    EXPECT_GT(line.size(), colon + 5) << "no description: " << line;
  }
  EXPECT_TRUE(is_agent_kind("random"));
  EXPECT_FALSE(is_agent_kind("rand"));
}

}  // namespace
}  // namespace ddz
