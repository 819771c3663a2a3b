// The table of `ddz` subcommands. Each cli/cmd_*.cpp registers itself with DDZ_COMMAND; main()
// builds one CLI11 subcommand (and its --help) per entry, sorted by name.
#pragma once
#include <CLI/CLI.hpp>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ddz::cli {

// A command's setup adds its options to `sub` and returns the action to run when it is chosen;
// the action returns the process exit code.
using CommandAction = std::function<int()>;
using CommandSetup = std::function<CommandAction(CLI::App& sub)>;

struct CommandInfo {
  std::string name;
  std::string summary;
  CommandSetup setup;
};

std::vector<CommandInfo>& command_table();
bool register_command(CommandInfo info);

// Thrown by a command for input a user got wrong; main prints "ddz NAME: error: MESSAGE" and
// exits with status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace ddz::cli

#define DDZ_CONCAT_INNER(a, b) a##b
#define DDZ_CONCAT(a, b) DDZ_CONCAT_INNER(a, b)
// DDZ_COMMAND("name", "one-line summary", setup_function)
#define DDZ_COMMAND(name, summary, setup) \
  static const bool DDZ_CONCAT(ddz_command_registered_, __LINE__) = ::ddz::cli::register_command({name, summary, setup})
