// The memory of packed rows (row.hpp), partitions (partition_index.cpp) and their page lists and
// index leaves (prefixed_array.hpp). A million-row table is a million small blocks: malloc
// gives each an 8-byte header and rounds it to 16 (a 40-byte row took 48). Here blocks come in
// size classes of 8 bytes up to 256, cut from 64 KiB chunks with no header; a freed block
// waits on its class's list for the next row of that size. Chunks are never returned (as
// glibc rarely returns small blocks either). Larger rows, and every row under
// AddressSanitizer (so that it still sees overruns), use operator new.
//
// Each thread has its own lists and chunks, so nothing is locked; a block freed on another
// thread than the one that cut it simply joins that thread's list.
#pragma once

#include <cstddef>

namespace cqlbox::store::row_memory {

char* allocate(std::size_t size);
// REQUIRES: `size` is the size `p` was allocated with.
void release(char* p, std::size_t size) noexcept;

}  // namespace cqlbox::store::row_memory
