// Hands the heap's free memory back to the system after games end, at most once a second, so
// that the RSS of `ddz web` follows its live games rather than its busiest moment.
#pragma once

namespace ddz::web {

// glibc keeps freed memory in its heaps (a run of 64 players with the shipped agent left 600+
// MiB resident with no game live); malloc_trim returns the free pages. Cheap to call often: it
// runs only when a second has passed since the last time.
void release_free_memory();

}  // namespace ddz::web
