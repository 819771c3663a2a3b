// Transposition table of the endgame solver: a fixed-size array of four-entry buckets holding
// full position keys (never a hash alone), so no answer can depend on a hash collision.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace ddz {

// A full position key: three 60-bit hands plus the combination to beat (60 bits) and four bits
// of turn state (seat to move, passes since to_beat, player count) in the top nibble of w[0].
struct EndgameKey {
  uint64_t w[4];
};

// Proof and disproof numbers (proof-number search). A solved position has pn 0 (the side to move
// wins; dn is then kPnInf) or dn 0 (it loses; pn is kPnInf).
constexpr uint32_t kPnInf = 0xFFFFFFFFu;

class EndgameTable {
 public:
  // Capacity: the largest power-of-two number of buckets (4 entries of 48 bytes) that fits in
  // `megabytes` MiB, at least one bucket.
  explicit EndgameTable(size_t megabytes);
  // A view of `shared`'s storage with its own counters, for a second search thread (parallel
  // search): probes and stores of the view always lock the bucket, so `shared` must be in
  // concurrent mode while both are used. The view must not outlive `shared`.
  explicit EndgameTable(EndgameTable& shared);
  ~EndgameTable();
  EndgameTable(const EndgameTable&) = delete;
  EndgameTable& operator=(const EndgameTable&) = delete;

  // Looks the key up; returns true and sets *win when the exact position is stored as solved.
  bool probe(const EndgameKey& key, bool* win);
  // Stores a result; `work` (nodes spent on it) decides which entry of a full bucket to evict.
  void store(const EndgameKey& key, bool win, uint64_t work);
  // Proof-number form: returns true and the stored numbers when the position is stored, solved
  // or not (solved ones as 0 / kPnInf).
  bool probe(const EndgameKey& key, uint32_t* pn, uint32_t* dn);
  void store(const EndgameKey& key, uint32_t pn, uint32_t dn, uint64_t work);
  // Starts loading the key's bucket into the cache (probes of many children overlap their misses).
  void prefetch(const EndgameKey& key) const {
    const char* b = reinterpret_cast<const char*>(&entries_[bucket_of(key) * kWays]);
    for (size_t off = 0; off < kWays * sizeof(Entry); off += 64) __builtin_prefetch(b + off);
    __builtin_prefetch(b + kWays * sizeof(Entry) - 1);
  }
  void clear();
  // Concurrent mode: every probe and store holds its bucket's lock (a spinlock word in the
  // bucket's first entry), so a probe never sees a half-written entry and two stores to one
  // bucket never interleave. Off (the default), nothing is locked: one predictable branch per
  // access. Switch only while no other thread uses the table.
  void set_concurrent(bool on) { concurrent_ = on; }

  uint64_t capacity() const { return uint64_t(num_entries_); }
  uint64_t used() const { return base_->used_.load(std::memory_order_relaxed); }
  uint64_t probes() const { return probes_; }
  uint64_t hits() const { return hits_; }
  uint64_t stores() const { return stores_; }
  uint64_t evictions() const { return evictions_; }
  void reset_counters() { probes_ = hits_ = stores_ = evictions_ = 0; }

 private:
  static constexpr int kWays = 4;
  struct Entry {
    uint64_t w[4];   // key
    uint32_t pn, dn;
    uint32_t work;   // log2 of the nodes spent on it, plus one; 0 = empty
    uint32_t lock;   // first entry of a bucket: the bucket's spinlock (concurrent mode); else unused
  };
  // A bucket's spinlock (concurrent mode): GCC/Clang atomic builtins on the plain word of its
  // first entry (the entries are raw memory, cleared with memset).
  static void lock_bucket(Entry* bucket);
  static void unlock_bucket(Entry* bucket);

  Entry* find_in(Entry* bucket, const EndgameKey& key);
  template <bool kLocked>
  bool probe_impl(const EndgameKey& key, uint32_t* pn, uint32_t* dn);
  template <bool kLocked>
  void store_impl(const EndgameKey& key, uint32_t pn, uint32_t dn, uint64_t work);
  size_t bucket_of(const EndgameKey& key) const;

  // Bucket b holds entries kWays*b .. kWays*b+kWays-1. Allocated on 2 MiB boundaries and, on
  // Linux, advised to use huge pages: probes land anywhere in the table, and with 4 KiB pages
  // almost every probe (and prefetch) missed the TLB (a quarter of the proof-number search's time).
  Entry* entries_ = nullptr;
  size_t num_entries_ = 0;
  size_t bucket_mask_ = 0;
  bool owner_ = true;        // false for a view (the storage belongs to base_)
  bool concurrent_ = false;  // lock buckets (always true for a view)
  EndgameTable* base_ = this;
  // Entries in use: shared by the table and its views (the base's counter), counted when a store
  // fills an empty entry (rare next to probes, so an atomic add costs nothing measurable).
  std::atomic<uint64_t> used_{0};
  uint64_t probes_ = 0, hits_ = 0, stores_ = 0, evictions_ = 0;
};

}  // namespace ddz
