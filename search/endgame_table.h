// Transposition table of the endgame solver: a fixed-size array of two-entry buckets holding
// full position keys (never a hash alone), so no answer can depend on a hash collision.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ddz {

// A full position key: three 60-bit hands plus the combination to beat (60 bits) and four bits
// of turn state (seat to move, passes since to_beat, player count) in the top nibble of w[0].
// The top nibbles of w[1..3] are zero in a key; the table uses them for its own bookkeeping.
struct EndgameKey {
  uint64_t w[4];
};

class EndgameTable {
 public:
  // Capacity: the largest power-of-two number of buckets that fits in `megabytes` MiB, at
  // least one bucket.
  explicit EndgameTable(size_t megabytes);

  // Looks the key up; returns true and sets *win when the exact position is stored.
  bool probe(const EndgameKey& key, bool* win);
  // Stores a result; `work` (nodes spent on it) decides which entry of a full bucket to keep.
  void store(const EndgameKey& key, bool win, uint64_t work);
  void clear();

  uint64_t capacity() const { return uint64_t(entries_.size()); }
  uint64_t used() const { return used_; }
  uint64_t probes() const { return probes_; }
  uint64_t hits() const { return hits_; }
  uint64_t stores() const { return stores_; }
  uint64_t evictions() const { return evictions_; }
  void reset_counters() { probes_ = hits_ = stores_ = evictions_ = 0; }

 private:
  struct Entry {
    uint64_t w[4];  // key; w[1] bit 60 = occupied, bit 61 = win; w[2..3] top nibbles = work
  };
  static constexpr uint64_t kLow60 = (uint64_t(1) << 60) - 1;
  static constexpr uint64_t kOccupied = uint64_t(1) << 60;
  static constexpr uint64_t kWin = uint64_t(1) << 61;

  size_t bucket_of(const EndgameKey& key) const;
  static bool matches(const Entry& e, const EndgameKey& key);
  static unsigned work_of(const Entry& e);

  std::vector<Entry> entries_;  // bucket b holds entries 2b and 2b+1
  size_t bucket_mask_ = 0;
  uint64_t used_ = 0, probes_ = 0, hits_ = 0, stores_ = 0, evictions_ = 0;
};

}  // namespace ddz
