// Transposition table: full-key entries in two-entry buckets (one cache line), replacement by
// the amount of work an entry saved, so cheap leaves do not push out expensive subtrees.
#include "search/endgame_table.h"

namespace ddz {

namespace {

uint64_t mix(uint64_t x) {
  x ^= x >> 31;
  x *= 0x7fb5d329728ea185ULL;
  x ^= x >> 27;
  x *= 0x81dadef4bc2dd44dULL;
  x ^= x >> 33;
  return x;
}

// log2 of the node count, saturated to 8 bits of table bookkeeping.
unsigned work_class(uint64_t work) {
  unsigned w = 0;
  while (work > 1 && w < 255) {
    work >>= 1;
    ++w;
  }
  return w;
}

}  // namespace

EndgameTable::EndgameTable(size_t megabytes) {
  const size_t bytes = megabytes << 20;
  size_t buckets = 1;
  while (buckets * 2 * 2 * sizeof(Entry) <= bytes) buckets *= 2;
  entries_.assign(buckets * 2, Entry{{0, 0, 0, 0}});
  bucket_mask_ = buckets - 1;
}

void EndgameTable::clear() {
  for (auto& e : entries_) e = Entry{{0, 0, 0, 0}};
  used_ = 0;
}

size_t EndgameTable::bucket_of(const EndgameKey& key) const {
  const uint64_t h = mix(key.w[0] ^ mix(key.w[1] + 0x9e3779b97f4a7c15ULL) ^ mix(key.w[2] * 3 + 1) ^ (key.w[3] * 0xff51afd7ed558ccdULL));
  return size_t(h) & bucket_mask_;
}

bool EndgameTable::matches(const Entry& e, const EndgameKey& key) {
  return (e.w[1] & kOccupied) && e.w[0] == key.w[0] && (e.w[1] & kLow60) == key.w[1] && (e.w[2] & kLow60) == key.w[2] &&
         (e.w[3] & kLow60) == key.w[3];
}

unsigned EndgameTable::work_of(const Entry& e) { return unsigned((e.w[2] >> 60) | ((e.w[3] >> 60) << 4)); }

bool EndgameTable::probe(const EndgameKey& key, bool* win) {
  ++probes_;
  Entry* b = &entries_[bucket_of(key) * 2];
  for (int i = 0; i < 2; ++i)
    if (matches(b[i], key)) {
      *win = (b[i].w[1] & kWin) != 0;
      ++hits_;
      return true;
    }
  return false;
}

void EndgameTable::store(const EndgameKey& key, bool win, uint64_t work) {
  ++stores_;
  Entry* b = &entries_[bucket_of(key) * 2];
  Entry* slot = nullptr;
  for (int i = 0; i < 2 && !slot; ++i)
    if (matches(b[i], key)) slot = &b[i];
  if (!slot) {
    for (int i = 0; i < 2 && !slot; ++i)
      if (!(b[i].w[1] & kOccupied)) {
        slot = &b[i];
        ++used_;
      }
  }
  const unsigned w = work_class(work);
  if (!slot) {
    // Two tiers: entry 0 keeps the costliest result seen, entry 1 always takes the newcomer.
    // A newcomer at least as costly as entry 0 takes its place and entry 0 moves down.
    if (w >= work_of(b[0])) {
      b[1] = b[0];
      slot = &b[0];
    } else {
      slot = &b[1];
    }
    ++evictions_;
  }
  slot->w[0] = key.w[0];
  slot->w[1] = key.w[1] | kOccupied | (win ? kWin : 0);
  slot->w[2] = key.w[2] | (uint64_t(w & 0xF) << 60);
  slot->w[3] = key.w[3] | (uint64_t(w >> 4) << 60);
}

}  // namespace ddz
