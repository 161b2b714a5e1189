// The memory of row pages (row_pages.hpp), partitions (partition_index.cpp), their page lists and
// index leaves (prefixed_array.hpp), and static rows. A million-partition table is millions of
// small blocks: malloc gives each an 8-byte header and rounds it to 16 (a 56-byte partition
// would take 64, a one-row page of 16 bytes 32). Here blocks come in size classes of 8 bytes up
// to kLargestPooled, cut from 64 KiB chunks with no header; a freed block waits on its class's
// list for the next block of that size. Chunks are never returned (as glibc rarely returns small
// blocks either).
//
// Larger blocks, and every block under AddressSanitizer (so that it still sees overruns), use
// operator new. They are the pages that grow, and a freed block of a class is reused only for
// that class: when many partitions grow together (a write to each user's partition in turn),
// every size they pass through would be left dead in its list. 100,000 partitions growing to
// 10 rows in turn held 68 MB with classes up to 256 bytes, 42 MB when malloc, which merges
// neighbouring free blocks, holds those above 64 (sqlite3: 26 MB).
//
// Each thread has its own lists and chunks, so nothing is locked; a block freed on another
// thread than the one that cut it simply joins that thread's list.
#pragma once

#include <cstddef>

namespace cqlbox::store::row_memory {

// The largest block cut from the pool's chunks.
inline constexpr std::size_t kLargestPooled = 64;

// The size of a block for at least `size` bytes that uses all the memory it takes: a multiple
// of the pool's 8-byte classes, or for a block from malloc (glibc on 64 bits: an 8-byte header,
// chunks in 16-byte steps) the end of its chunk.
constexpr std::size_t fitted(std::size_t size) {
  return size <= kLargestPooled ? (size + 7) / 8 * 8 : (size + 8 + 15) / 16 * 16 - 8;
}

char* allocate(std::size_t size);
// REQUIRES: `size` is the size `p` was allocated with.
void release(char* p, std::size_t size) noexcept;

}  // namespace cqlbox::store::row_memory
