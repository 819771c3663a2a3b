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
  // `megabytes` MiB, at least one bucket. Only a live region of it is in use at first (see
  // live_capacity()); it doubles as it fills, up to the capacity.
  explicit EndgameTable(size_t megabytes);
  // A view of `shared`'s storage with its own counters, for a second search thread (parallel
  // search): probes and stores of the view always lock the bucket, so `shared` must be in
  // concurrent mode while both are used. The view must not outlive `shared`.
  explicit EndgameTable(EndgameTable& shared);
  ~EndgameTable();
  EndgameTable(const EndgameTable&) = delete;
  EndgameTable& operator=(const EndgameTable&) = delete;

  // The key's hash (bucket = hash & the live region's mask, taken at each access: the region may
  // grow between a probe and its store). The depth-first search computes it once per node and
  // passes it to prefetch, probe and store, which otherwise each hash the key.
  static uint64_t hash_of(const EndgameKey& key) {
    return mix(key.w[0] ^ mix(key.w[1] + 0x9e3779b97f4a7c15ULL) ^ mix(key.w[2] * 3 + 1) ^
               (key.w[3] * 0xff51afd7ed558ccdULL));
  }
  // Looks the key up; returns true and sets *win when the exact position is stored as solved.
  bool probe(const EndgameKey& key, bool* win) { return probe(key, hash_of(key), win); }
  bool probe(const EndgameKey& key, uint64_t hash, bool* win);
  // Stores a result; `work` (nodes spent on it) decides which entry of a full bucket to evict.
  void store(const EndgameKey& key, bool win, uint64_t work) { store(key, hash_of(key), win, work); }
  void store(const EndgameKey& key, uint64_t hash, bool win, uint64_t work);
  // Proof-number form: returns true and the stored numbers when the position is stored, solved
  // or not (solved ones as 0 / kPnInf).
  bool probe(const EndgameKey& key, uint32_t* pn, uint32_t* dn);
  void store(const EndgameKey& key, uint32_t pn, uint32_t dn, uint64_t work);
  // probe(key, pn, dn) with hash == hash_of(key) (the proof-number expansion hashes each child
  // once for its prefetch and its probe).
  bool probe(const EndgameKey& key, uint64_t hash, uint32_t* pn, uint32_t* dn);
  // Starts loading the key's bucket into the cache (probes of many children overlap their misses).
  void prefetch(const EndgameKey& key) const { prefetch(hash_of(key)); }
  void prefetch_hash(uint64_t hash) const { prefetch(hash); }
  void prefetch(uint64_t hash) const {
    const char* b = reinterpret_cast<const char*>(&entries_[(size_t(hash) & bucket_mask_) * kWays]);
    for (size_t off = 0; off < kWays * sizeof(Entry); off += 64) prefetch_line(b + off);
    prefetch_line(b + kWays * sizeof(Entry) - 1);
  }
  void clear();
  // Concurrent mode: every probe and store holds its bucket's lock (a spinlock word in the
  // bucket's first entry), so a probe never sees a half-written entry and two stores to one
  // bucket never interleave. Off (the default), nothing is locked: one predictable branch per
  // access. Switch only while no other thread uses the table.
  // Turning it on first grows the live region to the whole table (views use the whole table and
  // nothing may move while two threads probe); it stays whole until clear().
  void set_concurrent(bool on);

  uint64_t capacity() const { return uint64_t(num_entries_); }
  // Entries of the live region: the buckets that keys map to now.
  uint64_t live_capacity() const { return uint64_t(bucket_mask_ + 1) * kWays; }
  uint64_t used() const { return base_->used_.load(std::memory_order_relaxed); }
  uint64_t probes() const { return probes_; }
  uint64_t hits() const { return hits_; }
  uint64_t stores() const { return stores_; }
  uint64_t evictions() const { return evictions_; }
  void reset_counters() { probes_ = hits_ = stores_ = evictions_ = 0; }

 private:
  static constexpr int kWays = 4;
  struct Entry {
    uint64_t w[4];  // key
    uint32_t pn, dn;
    // Bits 0-7: log2 of the nodes spent on it, plus one; 0 = empty. Bits 8-31: bits 12-35 of the
    // key's hash, so that grow() splits a bucket without hashing its keys again (it rehashed
    // every entry of the live region at each doubling: 2% of the two-player instructions).
    uint32_t work;
    uint32_t lock;  // first entry of a bucket: the bucket's spinlock (concurrent mode); else unused
  };
  // A bucket's spinlock (concurrent mode): GCC/Clang atomic builtins on the plain word of its
  // first entry (the entries are raw memory, cleared with memset).
  static void lock_bucket(Entry* bucket);
  static void unlock_bucket(Entry* bucket);

  Entry* find_in(Entry* bucket, const EndgameKey& key);
  // One cache line towards the caches. Not __builtin_prefetch: with bucket_of() inline, GCC 12
  // finds prefetch() free of side effects (it only loads and prefetches), takes it for a pure
  // function and deletes its calls, so the depth-first search ran without any prefetch (no
  // prefetch instruction in endgame_search.o; three-player solves 15-40% slower). A volatile asm
  // cannot be deleted.
  static void prefetch_line(const char* p) {
#if defined(__x86_64__) || defined(__i386__)
    asm volatile("prefetcht0 %0" : : "m"(*p));
#else
    __builtin_prefetch(p);
#endif
  }
  template <bool kLocked>
  bool probe_impl(const EndgameKey& key, uint64_t hash, uint32_t* pn, uint32_t* dn);
  template <bool kLocked>
  void store_impl(const EndgameKey& key, uint64_t hash, uint32_t pn, uint32_t dn, uint64_t work);
  // A 64-bit finalizer round (three per key). Branch fast2p had a cheaper hash (one multiply per
  // key word); with the hash computed once per node instead of three times the old one costs
  // less, and it keeps the three-player trees of main (the proof-number search's trees depend on
  // which entries collide: the cheaper hash moved 14/12/12 positions by -9% to +32% nodes).
  static uint64_t mix(uint64_t x) {
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    x ^= x >> 33;
    return x;
  }
  size_t bucket_of(const EndgameKey& key) const { return size_t(hash_of(key)) & bucket_mask_; }
  // Doubles the live region: entries whose bucket under the new mask is the new upper twin of
  // their bucket move there (it is empty: nothing outside the live region is ever written, and
  // a bucket's entries all fit in its twin). Nothing is lost, so nothing is recomputed.
  void grow();
  // Live region when a table starts or is cleared: 2^12 buckets (768 KiB, about the L2 cache). A
  // search that stores 25k positions (a typical two-player 13-vs-13 solve) then touches a few MiB
  // instead of 25k random cache lines of hundreds of MiB; misses of the caches and the TLB were
  // the largest cost per node once the instructions were cut.
  static constexpr size_t kInitialBuckets = size_t(1) << 12;

  // Bucket b holds entries kWays*b .. kWays*b+kWays-1. Allocated on 2 MiB boundaries and, on
  // Linux, advised to use huge pages: probes land anywhere in the table, and with 4 KiB pages
  // almost every probe (and prefetch) missed the TLB (a quarter of the proof-number search's time).
  Entry* entries_ = nullptr;
  size_t num_entries_ = 0;
  size_t bucket_mask_ = 0;  // live region: buckets 0 .. bucket_mask_
  size_t full_mask_ = 0;  // the whole table
  // used() at which the live region doubles: a quarter full. At half, 4-entry buckets overflow
  // often enough to evict 6% of the entries on the way (random keys); at a quarter, 0.4%.
  uint64_t grow_at_ = 0;
  bool owner_ = true;  // false for a view (the storage belongs to base_)
  bool concurrent_ = false;  // lock buckets (always true for a view)
  EndgameTable* base_ = this;
  // Entries in use: shared by the table and its views (the base's counter), counted when a store
  // fills an empty entry (rare next to probes, so an atomic add costs nothing measurable).
  std::atomic<uint64_t> used_{0};
  uint64_t probes_ = 0, hits_ = 0, stores_ = 0, evictions_ = 0;
};

}  // namespace ddz
