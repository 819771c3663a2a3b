// Transposition table: full-key entries in four-entry buckets, replacement by the amount of
// work an entry saved, so cheap leaves do not push out expensive subtrees.
#include "solver/endgame_table.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <thread>
#include <sys/mman.h>

#include <cstdint>
#include <utility>

namespace ddz {

namespace {

// 1 + log2 of the node count (at most 64); never 0 (0 marks an empty entry). No loop: every
// store computes it.
uint32_t work_class(uint64_t work) { return work <= 1 ? 1 : uint32_t(64 - __builtin_clzll(work)); }

// Entry::work: the work class, and above it the hash bits from kHashLow (log2 of the smallest
// live region that grows: doublings only ever split on those bits).
constexpr int kHashLow = 12;
uint32_t work_field(uint64_t hash, uint64_t work) { return work_class(work) | uint32_t(hash >> kHashLow) << 8; }

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

}  // namespace

// Bytes and alignment of a table of `entries`: huge-page alignment only for tables of at least
// one huge page; small ones stay small.
static std::pair<size_t, size_t> storage_of(size_t entries, size_t entry_bytes) {
  const size_t needed = entries * entry_bytes;
  const size_t align = needed >= (size_t(2) << 20) ? size_t(2) << 20 : 64;
  return {(needed + align - 1) / align * align, align};
}

EndgameTable::EndgameTable(size_t megabytes) {
  const size_t bytes = megabytes << 20;
  size_t buckets = 1;
  while (buckets * 2 * kWays * sizeof(Entry) <= bytes) buckets *= 2;
  num_entries_ = buckets * kWays;
  const auto [size, align] = storage_of(num_entries_, sizeof(Entry));
  // Everything outside the live region must be zero when the region grows into it. Fresh
  // anonymous pages read as zero and take memory only once touched, so a table costs what its
  // live region has reached, not its capacity (a memset of the whole table made every table
  // resident at once: 8 MiB per shipped-agent instance, ~13 MiB per game of `ddz web`).
  const size_t mapped = size + align;
  void* map = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED) throw std::bad_alloc();
  const uintptr_t start = (reinterpret_cast<uintptr_t>(map) + align - 1) / align * align;
  const size_t head = start - reinterpret_cast<uintptr_t>(map);
  if (head > 0) munmap(map, head);
  if (mapped - head - size > 0) munmap(reinterpret_cast<void*>(start + size), mapped - head - size);
  entries_ = reinterpret_cast<Entry*>(start);
#if defined(MADV_HUGEPAGE)
  madvise(entries_, size, MADV_HUGEPAGE);  // a hint: without huge pages the table still works
#endif
  full_mask_ = buckets - 1;
  clear();
}

EndgameTable::EndgameTable(EndgameTable& shared)
    : entries_(shared.entries_),
      num_entries_(shared.num_entries_),
      bucket_mask_(shared.full_mask_),
      full_mask_(shared.full_mask_),
      grow_at_(~uint64_t(0)),
      owner_(false),
      concurrent_(true),
      base_(&shared) {}

EndgameTable::~EndgameTable() {
  if (owner_) munmap(entries_, storage_of(num_entries_, sizeof(Entry)).first);
}

void EndgameTable::clear() {
  // Only the live region was ever written since the last clear.
  std::memset(static_cast<void*>(entries_), 0, (bucket_mask_ + 1) * kWays * sizeof(Entry));
  base_->used_.store(0, std::memory_order_relaxed);
  bucket_mask_ = std::min(full_mask_, kInitialBuckets - 1);
  grow_at_ = bucket_mask_ == full_mask_ ? ~uint64_t(0) : (bucket_mask_ + 1) * kWays / 4;
}

void EndgameTable::set_concurrent(bool on) {
  if (on && bucket_mask_ != full_mask_) {
    // An empty table (every call of a two-thread solver after clear()) just takes the whole
    // region: growing step by step would scan every bucket for nothing.
    if (used() == 0) bucket_mask_ = full_mask_;
    while (bucket_mask_ != full_mask_) grow();
    grow_at_ = ~uint64_t(0);
  }
  concurrent_ = on;
}

void EndgameTable::grow() {
  const size_t old_buckets = bucket_mask_ + 1;
  bucket_mask_ = 2 * bucket_mask_ + 1;
  // An entry of bucket b moves to b + old_buckets when its hash has the bit old_buckets set; the
  // bit is kept in the work field (tables of up to 2^36 buckets, else the key is hashed again).
  const int bit = __builtin_ctzll(uint64_t(old_buckets)) - kHashLow + 8;
  static_assert(kInitialBuckets == size_t(1) << kHashLow, "the live region grows from 2^kHashLow buckets");
  for (size_t b = 0; b < old_buckets; ++b) {
    Entry* const from = &entries_[b * kWays];
    Entry* const to = &entries_[(b + old_buckets) * kWays];
    int k = 0;
    for (int i = 0; i < kWays; ++i) {
      if (!from[i].work) continue;
      if (bit < 32) {
        if (!((from[i].work >> bit) & 1)) continue;
      } else {
        EndgameKey key;
        for (int j = 0; j < 4; ++j) key.w[j] = from[i].w[j];
        if (bucket_of(key) == b) continue;
      }
      to[k] = from[i];
      to[k].lock = 0;
      ++k;
      const uint32_t lock = from[i].lock;  // the first entry's word is the bucket's lock
      from[i] = Entry{};
      from[i].lock = lock;
    }
  }
  grow_at_ = bucket_mask_ == full_mask_ ? ~uint64_t(0) : (bucket_mask_ + 1) * kWays / 4;
}

void EndgameTable::lock_bucket(Entry* b) {
  // Test-and-test-and-set; a holder keeps the lock for a few dozen instructions, but on a loaded
  // machine it may be descheduled, so a long wait yields the core.
  uint32_t* const word = &b[0].lock;
  for (int spins = 0; __atomic_exchange_n(word, 1u, __ATOMIC_ACQUIRE);) {
    while (__atomic_load_n(word, __ATOMIC_RELAXED)) {
      if (++spins < 1000) cpu_relax();
      else std::this_thread::yield();
    }
  }
}

void EndgameTable::unlock_bucket(Entry* b) { __atomic_store_n(&b[0].lock, 0u, __ATOMIC_RELEASE); }

EndgameTable::Entry* EndgameTable::find_in(Entry* b, const EndgameKey& key) {
  for (int i = 0; i < kWays; ++i)
    if (b[i].work && b[i].w[0] == key.w[0] && b[i].w[1] == key.w[1] && b[i].w[2] == key.w[2] && b[i].w[3] == key.w[3])
      return &b[i];
  return nullptr;
}

// Every access has a locked and a plain copy (kLocked), chosen by one branch on concurrent_:
// the single-threaded path pays nothing else.
template <bool kLocked>
bool EndgameTable::probe_impl(const EndgameKey& key, uint64_t hash, uint32_t* pn, uint32_t* dn) {
  ++probes_;
  Entry* const b = &entries_[(size_t(hash) & bucket_mask_) * kWays];
  if (kLocked) lock_bucket(b);
  const Entry* e = find_in(b, key);
  const bool found = e != nullptr;
  if (found) {
    *pn = e->pn;
    *dn = e->dn;
  }
  if (kLocked) unlock_bucket(b);
  return found;
}

bool EndgameTable::probe(const EndgameKey& key, uint64_t hash, bool* win) {
  uint32_t pn, dn;
  const bool found = concurrent_ ? probe_impl<true>(key, hash, &pn, &dn) : probe_impl<false>(key, hash, &pn, &dn);
  // Unsolved entries (proof-number search) do not answer this probe.
  if (!found || (pn != 0 && dn != 0)) return false;
  *win = pn == 0;
  ++hits_;
  return true;
}

bool EndgameTable::probe(const EndgameKey& key, uint32_t* pn, uint32_t* dn) { return probe(key, hash_of(key), pn, dn); }

bool EndgameTable::probe(const EndgameKey& key, uint64_t hash, uint32_t* pn, uint32_t* dn) {
  // The mask is applied in probe_impl, not by the caller: a growth between the caller's
  // prefetch and this probe would still find the key.
  const bool found = concurrent_ ? probe_impl<true>(key, hash, pn, dn) : probe_impl<false>(key, hash, pn, dn);
  if (found) ++hits_;
  return found;
}

void EndgameTable::store(const EndgameKey& key, uint64_t hash, bool win, uint64_t work) {
  const uint32_t pn = win ? 0 : kPnInf, dn = win ? kPnInf : 0;
  if (concurrent_) store_impl<true>(key, hash, pn, dn, work);
  else store_impl<false>(key, hash, pn, dn, work);
}

void EndgameTable::store(const EndgameKey& key, uint32_t pn, uint32_t dn, uint64_t work) {
  const uint64_t hash = hash_of(key);
  if (concurrent_) store_impl<true>(key, hash, pn, dn, work);
  else store_impl<false>(key, hash, pn, dn, work);
}

template <bool kLocked>
void EndgameTable::store_impl(const EndgameKey& key, uint64_t hash, uint32_t pn, uint32_t dn, uint64_t work) {
  ++stores_;
  Entry* const b = &entries_[(size_t(hash) & bucket_mask_) * kWays];
  if (kLocked) lock_bucket(b);
  Entry* slot = find_in(b, key);
  bool grow_now = false;
  if (!slot) {
    // An empty entry, else the one that cost the least work (ties: the first).
    slot = &b[0];
    for (int i = 0; i < kWays; ++i) {
      if (!b[i].work) {
        slot = &b[i];
        break;
      }
      if ((b[i].work & 0xFF) < (slot->work & 0xFF)) slot = &b[i];
    }
    if (slot->work) ++evictions_;
    // A quarter full: double the live region once the entry is in (never in concurrent mode,
    // where the region is whole and grow_at_ unreachable).
    else grow_now = base_->used_.fetch_add(1, std::memory_order_relaxed) + 1 >= grow_at_;
  }
  for (int i = 0; i < 4; ++i) slot->w[i] = key.w[i];
  slot->pn = pn;
  slot->dn = dn;
  slot->work = work_field(hash, work);
  if (kLocked) unlock_bucket(b);
  if (!kLocked && grow_now) grow();
}

}  // namespace ddz
