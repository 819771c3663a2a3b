// Look-up of the embedded page files (web/static_assets.h).
#include "web/static_assets.h"

namespace ddz::web {

const StaticAsset* find_asset(const std::string& url_path) {
  const std::string path = url_path == "/" ? "/index.html" : url_path;
  for (const StaticAsset& a : static_assets())
    if (path == a.path) return &a;
  return nullptr;
}

std::string content_type(const std::string& path) {
  const auto dot = path.rfind('.');
  const std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "js") return "text/javascript; charset=utf-8";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "json") return "application/json";
  return "application/octet-stream";
}

}  // namespace ddz::web
