// The memory of row pages (row_pages.hpp), partitions (partition_index.cpp), their page lists and
// index leaves (prefixed_array.hpp), and static rows. A million-partition table is millions of
// small blocks: malloc gives each an 8-byte header and rounds it to 16 (a 48-byte partition
// would take 64, a one-row page of 16 bytes 32). Here blocks come in size classes of 8 bytes up
// to kLargestPooled, cut with no header from 32 KiB chunks that each hold one class. A freed
// block waits in its chunk for the next block of that size; a chunk whose blocks are all freed
// goes back to malloc (but for one kept per class as a spare), so memory one size no longer
// needs serves any size: when 100,000 partitions written in turn each outgrow their first page,
// the chunks that held those pages hold the pages they became.
//
// Larger blocks, and every block under AddressSanitizer (so that it still sees overruns), use
// operator new. So do the blocks of pages that have grown (row_pages.cpp), whatever their size:
// a freed block of a class is reused only for that class, so when many partitions grow together
// (a write to each user's partition in turn) every size they pass through would be left dead in
// its list, where malloc merges neighbouring free blocks. 100,000 partitions growing to 10 rows
// `(id int, c int, v int, name text)` in turn held 68 MB with every page in the pool up to
// 256 bytes, 42 MB with malloc above 64 bytes, and 36 MB with every grown page in malloc
// (sqlite3: 26 MB).
//
// One pool serves every thread, under a spin lock of its own: the shell's thread and the
// server's both reach the store only under the engine's lock, so it is never contended.
#pragma once

#include <cstddef>

namespace cqlbox::store::row_memory {

// The largest block cut from the pool's chunks.
inline constexpr std::size_t kLargestPooled = 64;

// Sizes for allocate_sized, which tells by the size where a block comes from (so that its
// owner keeps no flag). heap_fit: at least `size` bytes ending where malloc's chunk does (glibc
// on 64 bits: an 8-byte header, chunks in 16-byte steps), so never a multiple of 16; such a
// block comes from malloc. pooled_fit: a multiple of 16 from the pool, or heap_fit above it.
// (Every block above kLargestPooled comes from malloc whatever its size: a page's block of
// 16 KiB or more, rounded by RowPages::block_size, is a multiple of 16.)
constexpr std::size_t heap_fit(std::size_t size) {
  return size <= 24 ? 24 : (size + 8 + 15) / 16 * 16 - 8;  // (glibc's smallest chunk is 32 bytes)
}
constexpr std::size_t pooled_fit(std::size_t size) {
  return size <= kLargestPooled ? (size + 15) / 16 * 16 : heap_fit(size);
}
// A block of heap_fit's sizes from malloc, of any other size as allocate gives it.
char* allocate_sized(std::size_t size);
// REQUIRES: `size` is the size `p` was allocated with by allocate_sized.
void release_sized(char* p, std::size_t size) noexcept;

char* allocate(std::size_t size);
// REQUIRES: `size` is the size `p` was allocated with.
void release(char* p, std::size_t size) noexcept;

// The chunks the pool holds now (for tests and measurement).
std::size_t chunks_held();

}  // namespace cqlbox::store::row_memory
