// The weights container (and so every .ddz agent) is byte-for-byte the documented little-endian
// layout, whatever the build's -march or compiler: a file exported on one machine loads on any.
#include <gtest/gtest.h>

#include <string>

#include "models/weights.h"

namespace ddz {
namespace {

// Written by hand from docs/model_format.md, not by serialize_weights: magic, u32 version 1,
// one metadata entry k=v, two tensors sorted by name ("e" of shape [0], "t" of shape [1, 2] =
// {1.0f, -2.5f} as IEEE-754 little-endian), then the u64 FNV-1a checksum of all bytes before it.
const std::string kGolden(
    "\x44\x44\x5a\x57\x47\x54\x1a\x0a\x01\x00\x00\x00\x01\x00\x00\x00"
    "\x01\x00\x00\x00\x6b\x01\x00\x00\x00\x76\x02\x00\x00\x00\x01\x00"
    "\x00\x00\x65\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01"
    "\x00\x00\x00\x74\x02\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
    "\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x80\x3f\x00\x00\x20\xc0"
    "\xb0\x55\x62\xa8\xfb\x55\x3f\xe7",
    88);

Weights golden_weights() {
  Weights w;
  w.meta["k"] = "v";
  w.set("e", {0}, {});
  w.set("t", {1, 2}, {1.0f, -2.5f});
  return w;
}

TEST(FormatBytes, GoldenFileParses) {
  const Weights w = parse_weights(kGolden, "golden");
  EXPECT_TRUE(w == golden_weights());
  EXPECT_EQ(w.at("t").data[1], -2.5f);
  EXPECT_TRUE(w.at("e").data.empty());
}

TEST(FormatBytes, SerializeWritesTheGoldenBytes) {
  const std::string bytes = serialize_weights(golden_weights());
  ASSERT_EQ(bytes.size(), kGolden.size());
  for (size_t i = 0; i < bytes.size(); ++i) EXPECT_EQ(uint8_t(bytes[i]), uint8_t(kGolden[i])) << "byte " << i;
}

TEST(FormatBytes, ChecksumIsFnv1a64OfThePrefix) {
  // The published FNV-1a 64 test vector: a reader in another language can check its own.
  EXPECT_EQ(fnv1a64("a", 1), 0xaf63dc4c8601ec8cULL);
  uint64_t stored = 0;
  for (int i = 7; i >= 0; --i) stored = (stored << 8) | uint8_t(kGolden[kGolden.size() - 8 + size_t(i)]);
  EXPECT_EQ(stored, fnv1a64(kGolden.data(), kGolden.size() - 8));
}

}  // namespace
}  // namespace ddz
