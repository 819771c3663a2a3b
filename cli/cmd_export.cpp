// `ddz export --run DIR [--checkpoint STEP] --out FILE`: turns a training checkpoint into one
// self-contained agent file (models/agent_file.h) usable as `net:FILE` without LibTorch.
#include <ctime>
#include <iostream>

#include "cli/command_registry.h"
#include "ddz_version.h"  // generated in the build tree (cmake/Version.cmake)
#include "models/agent_file.h"
#include "selfplay/files.h"

namespace ddz::cli {
namespace {

struct ExportOptions {
  std::string run;
  int64_t checkpoint = -1;
  std::string out;
  std::string settings;
};

CommandAction setup(CLI::App& sub) {
  auto o = std::make_shared<ExportOptions>();
  sub.add_option("--run", o->run, "Training run directory, e.g. runs/default")->required();
  sub.add_option("--checkpoint", o->checkpoint, "Learner step of the checkpoint (default: the newest valid one)");
  sub.add_option("--out", o->out, "Agent file to write, e.g. agent.ddz")->required();
  sub.add_option("--settings", o->settings, "Default agent settings stored in the file, e.g. temperature=0");
  return [o]() {
    namespace sp = ddz::selfplay;
    if (!sp::fs::is_directory(o->run)) throw UsageError(o->run + ": no such run directory");
    sp::CheckpointInfo info;
    try {
      if (o->checkpoint >= 0) {
        info = sp::read_checkpoint_info(o->run, o->checkpoint, false);
      } else {
        std::vector<std::string> skipped;
        auto latest = sp::latest_valid_checkpoint(o->run, false, &skipped);
        if (!latest) {
          std::string why = o->run + ": no valid checkpoint";
          for (const auto& s : skipped) why += "; " + s;
          throw UsageError(why);
        }
        for (const auto& s : skipped) std::cerr << "ddz export: skipped damaged checkpoint: " << s << "\n";
        info = *latest;
      }
    } catch (const sp::RunFileError& e) {
      throw UsageError(e.what());
    }
    AgentFile file;
    try {
      file.spec = NetworkSpec::from_json(info.meta.at("architecture").dump());
    } catch (const std::exception& e) {
      throw UsageError(info.json_path.string() + ": bad architecture record: " + e.what());
    }
    try {
      file.weights = load_weights(info.weights_path.string());
    } catch (const ModelFileError& e) {
      throw UsageError(e.what());
    }
    file.weights.meta.clear();
    file.agent_settings = o->settings;
    nlohmann::json prov;
    prov["run"] = o->run;
    prov["checkpoint_step"] = info.step;
    prov["games"] = info.meta.value("games", int64_t(0));
    prov["samples"] = info.meta.value("samples", int64_t(0));
    prov["training_seconds"] = info.meta.value("elapsed_s", 0.0);
    prov["training_hours"] = info.meta.value("elapsed_s", 0.0) / 3600.0;
    prov["exported_by"] = std::string("ddz ") + DDZ_VERSION + ", commit " + DDZ_GIT_COMMIT;
    try {
      prov["config"] = sp::read_file(sp::fs::path(o->run) / "config.yaml");
    } catch (const sp::RunFileError&) {
      prov["config"] = nullptr;
    }
    prov["exported_unix_time"] = int64_t(std::time(nullptr));
    file.provenance = prov.dump();
    save_agent_file(file, o->out);
    std::cout << "exported checkpoint step " << info.step << " of " << o->run << " to " << o->out << " ("
              << file.spec.parameter_count() << " parameters)\n";
    return 0;
  };
}

}  // namespace
DDZ_COMMAND("export", "Export a training checkpoint as a self-contained agent file (net:FILE)", setup);
}  // namespace ddz::cli
