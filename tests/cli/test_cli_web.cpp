// End-to-end tests of the `ddz web` command line: a bad agent spec and a bad address exit 2 with
// the reason, a port already taken is refused (not shared), SIGTERM stops the server cleanly.
#include <gtest/gtest.h>

#include <string>

#include "tests/cli/cli_runner.h"

namespace {

using ddz::testing::run_ddz;
using ddz::testing::run_shell;

TEST(CliWeb, BadSpecAndAddressExit2) {
  auto r = run_ddz("web --agent bogus --port 0");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bogus"), std::string::npos) << r.err;
  r = run_ddz("web --agent heuristic --bind 256.1.1.1 --port 0");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot listen on 256.1.1.1"), std::string::npos) << r.err;
}

// One server on a free port; a second one on the same port must fail (the library's default
// SO_REUSEPORT would have let both listen and split the connections); SIGTERM stops the first.
TEST(CliWeb, PortInUseIsRefusedAndSigtermStops) {
  const std::string ddz = std::string(DDZ_BINARY_DIR) + "/ddz";
  const std::string out = ddz::testing::cli_temp_path("web_out.txt");
  const std::string script = ddz + " web --agent heuristic --port 0 >" + out + " 2>&1 & pid=$!; " +
                             "for i in $(seq 100); do grep -q http:// " + out + " && break; sleep 0.1; done; " +
                             "port=$(sed -n 's|.*127\\.0\\.0\\.1:\\([0-9]*\\)/.*|\\1|p' " + out +
                             "); echo port=$port; " + ddz +
                             " web --agent heuristic --port $port 2>&1; echo second=$?; " +
                             "kill -TERM $pid; wait $pid; echo first=$?; cat " + out;
  const auto r = run_shell(script);
  std::remove(out.c_str());
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.find("port=\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cannot listen on 127.0.0.1:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("second=2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("first=0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ddz web: stopped"), std::string::npos) << r.out;
}

}  // namespace
