// Hints to the processor about memory a loop is about to read, which Swift cannot give.
//
// A search reads a few bytes of each title it meets — its mark, its summary, its words — at
// random over tables of many megabytes: each read is a cache miss, and a loop that waits for
// each in turn spends most of its time waiting. Asked for ahead (a batch of titles at a time),
// the misses overlap. A hint never faults, whatever the address.
#ifndef CACHE_HINTS_H
#define CACHE_HINTS_H

/// Asks for the cache line holding `address`, to be read soon.
static inline __attribute__((always_inline)) void ms_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

/// Asks for the cache line holding `address`, to be written soon.
static inline __attribute__((always_inline)) void ms_prefetch_for_writing(const void *address) {
  __builtin_prefetch(address, 1, 3);
}

#endif
