// Tests of the league table of `ddz web --league FILE`: GET /api/league serves the file's
// standings with the ratings picture, refits after the file grows, and is 404 without a file.
#include <gtest/gtest.h>

#include <cstdio>

#include "arena/league.h"
#include "tests/web/web_client.h"

namespace ddz::web {
namespace {

using testing::call;
using testing::heuristic_options;

TEST(WebLeague, ServesTheStandingsOfTheLeagueFile) {
  const std::string path = std::string(DDZ_BINARY_DIR) + "/test_web_league.jsonl";
  std::remove(path.c_str());
  LeagueConfig league;
  league.path = path;
  league.entrants = {{"random", "random"}, {"heuristic", "heuristic"}};
  league.deals = 4;
  run_league(league);

  WebOptions options = heuristic_options();
  options.league = path;
  Api api(options);
  EXPECT_EQ(call(api, "GET", "/api/config").body["league"], true);
  auto r = call(api, "GET", "/api/league");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["deals"], 4);
  EXPECT_EQ(r.body["anchor"], "heuristic");
  EXPECT_EQ(r.body["entrants"].size(), 2u);
  EXPECT_NE(r.body["svg"].get<std::string>().find("<svg"), std::string::npos);

  league.deals = 6;  // the file grows: the next request sees it
  run_league(league);
  r = call(api, "GET", "/api/league");
  EXPECT_EQ(r.body["deals"], 6);
  EXPECT_EQ(call(api, "POST", "/api/league", nlohmann::json::object()).status, 405);

  Api without(heuristic_options());
  EXPECT_EQ(call(without, "GET", "/api/config").body["league"], false);
  EXPECT_EQ(call(without, "GET", "/api/league").status, 404);
}

}  // namespace
}  // namespace ddz::web
