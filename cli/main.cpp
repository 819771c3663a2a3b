// Entry point of `ddz`: builds the command line from the registered subcommands and runs the
// chosen one, turning user errors into a message and a non-zero exit code.
#include <algorithm>
#include <iostream>
#include <map>

#include "cli/command_registry.h"
#include "ddz_version.h"  // generated in the build tree (cmake/Version.cmake)
#include "game/cards.h"

namespace ddz::cli {

std::vector<CommandInfo>& command_table() {
  static std::vector<CommandInfo> table;
  return table;
}

bool register_command(CommandInfo info) {
  command_table().push_back(std::move(info));
  return true;
}

}  // namespace ddz::cli

int main(int argc, char** argv) {
  using namespace ddz::cli;
  CLI::App app{
      "ddz: a Dou Dizhu (Fight the Landlord) engine, solvers, agents and trainer.\n"
      "Run `ddz COMMAND --help` for a command's options. Rules: see RULES.md."};
  app.require_subcommand(1);
  // Version, source commit and target CPU: a bug report or a deployed binary names its build.
  app.set_version_flag("--version", "ddz " DDZ_VERSION " (commit " DDZ_GIT_COMMIT ", " DDZ_BUILD_ARCH ")");
  auto table = command_table();
  std::sort(table.begin(), table.end(), [](const CommandInfo& a, const CommandInfo& b) { return a.name < b.name; });
  std::map<CLI::App*, std::pair<std::string, CommandAction>> actions;
  for (const auto& cmd : table) {
    CLI::App* sub = app.add_subcommand(cmd.name, cmd.summary);
    actions[sub] = {cmd.name, cmd.setup(*sub)};
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) { return app.exit(e); }
  for (auto& [sub, entry] : actions) {
    if (!sub->parsed()) continue;
    try {
      return entry.second();
    } catch (const UsageError& e) {
      std::cerr << "ddz " << entry.first << ": error: " << e.what() << "\n";
      return 2;
    } catch (const ddz::NotationError& e) {
      std::cerr << "ddz " << entry.first << ": error: " << e.what() << "\n";
      return 2;
    } catch (const std::exception& e) {
      std::cerr << "ddz " << entry.first << ": error: " << e.what() << "\n";
      return 1;
    }
  }
  return 1;
}
