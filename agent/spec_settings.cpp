// Reading a declared setting from a spec: the spec's own typed getters give the messages.
#include "agent/spec_settings.h"

#include <limits>

namespace ddz {

void read_spec_setting(const AgentSpec& from, const SettingInfo& info, void* value) {
  const std::string& name = info.name;
  switch (info.type) {
    case SettingType::Bool: {
      bool& v = *static_cast<bool*>(value);
      v = from.get_bool(name, v);
      return;
    }
    case SettingType::Int: {
      int& v = *static_cast<int*>(value);
      v = from.get_int(name, v, int(info.int_lo), int(info.int_hi));
      return;
    }
    case SettingType::Int64: {
      int64_t& v = *static_cast<int64_t*>(value);
      v = from.get_int64(name, v, info.int_lo, info.int_hi);
      return;
    }
    case SettingType::UInt64: {
      uint64_t& v = *static_cast<uint64_t*>(value);
      v = uint64_t(from.get_int64(name, int64_t(v), 0, std::numeric_limits<int64_t>::max()));
      return;
    }
    case SettingType::Double: {
      double& v = *static_cast<double*>(value);
      v = from.get_double(name, v, info.lo, info.hi);
      return;
    }
    case SettingType::Choice: {
      std::string& v = *static_cast<std::string*>(value);
      const std::string given = from.get_string(name, v);
      std::string known;  // "a, b or c"
      for (size_t i = 0; i < info.choices.size(); ++i) {
        if (info.choices[i] == given) {
          v = given;
          return;
        }
        known += (i == 0 ? "" : i + 1 == info.choices.size() ? " or " : ", ") + info.choices[i];
      }
      throw AgentSpecError("agent spec \"" + from.text() + "\": " + name + "=" + given + " is not one of " + known);
    }
    case SettingType::Text: {
      std::string& v = *static_cast<std::string*>(value);
      v = from.get_string(name, v);
      return;
    }
    case SettingType::IntList:
    case SettingType::TextList: break;
  }
  throw AgentSpecError("agent spec \"" + from.text() + "\": setting " + name + " cannot be given in a spec");
}

}  // namespace ddz
