// The web page's files (web/static/), embedded in the binary at build time by
// cmake/EmbedAssets.cmake, and their HTTP content types.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace ddz::web {

struct StaticAsset {
  const char* path;  // "/index.html": the file's path under web/static/ with a leading slash
  const unsigned char* data;
  size_t size;
};

// Every embedded file, sorted by path (defined in the generated source).
const std::vector<StaticAsset>& static_assets();

// The file served at a URL path ("/" is "/index.html"), or nullptr.
const StaticAsset* find_asset(const std::string& url_path);

// The Content-Type of a file by its extension (text types in UTF-8).
std::string content_type(const std::string& path);

}  // namespace ddz::web
