// The memory of packed rows (row.hpp). A million-row table is a million small blocks: malloc
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
#include <new>
#include <vector>

namespace cqlbox::store::row_memory {

char* allocate(std::size_t size);
// REQUIRES: `size` is the size `p` was allocated with.
void release(char* p, std::size_t size) noexcept;

// A standard allocator for the small arrays every partition owns (its page list): up to
// kSmallArray bytes (one page entry, or five first-key prefixes) they are blocks here, costing
// their size without malloc's header and 16-byte rounding. Larger ones go to operator new: a
// growing array frees each smaller block, and a freed block here only serves its own size
// again, where malloc can merge it.
constexpr std::size_t kSmallArray = 40;

template <class T>
struct Allocator {
  static_assert(alignof(T) <= 8, "blocks are 8-byte aligned");
  using value_type = T;
  Allocator() = default;
  template <class U>
  Allocator(const Allocator<U>&) noexcept {}
  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    return static_cast<T*>(bytes <= kSmallArray ? static_cast<void*>(row_memory::allocate(bytes))
                                                : ::operator new(bytes));
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes <= kSmallArray)
      release(reinterpret_cast<char*>(p), bytes);
    else
      ::operator delete(p);
  }
  friend bool operator==(const Allocator&, const Allocator&) { return true; }
};

template <class T>
using Vector = std::vector<T, Allocator<T>>;

}  // namespace cqlbox::store::row_memory
