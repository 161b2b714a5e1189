#include "store/row_memory.hpp"

#include <cstring>
#include <new>

#include "util/sanitizers.hpp"

namespace cqlbox::store::row_memory {

namespace {

constexpr bool kPooled = !util::kAddressSanitizer;

constexpr std::size_t kGrain = 8;
constexpr std::size_t kChunk = 64 * 1024;

struct Pool {
  char* next = nullptr;  // the unused rest of the current chunk
  std::size_t left = 0;
  char* free[kLargestPooled / kGrain + 1] = {};  // per class: freed blocks, each holding the next
};

Pool& pool() {
  // Deliberately never destroyed: rows cut from its chunks may outlive the thread.
  thread_local Pool* p = new Pool();
  return *p;
}

std::size_t rounded(std::size_t size) { return (size + kGrain - 1) / kGrain * kGrain; }

bool from_heap(std::size_t size) { return size % 16 == 8; }  // heap_fit's sizes

}  // namespace

char* allocate(std::size_t size) {
  const std::size_t n = rounded(size);
  if (!kPooled || n > kLargestPooled) return static_cast<char*>(::operator new(size));
  Pool& pl = pool();
  char*& head = pl.free[n / kGrain];
  if (head) {
    char* block = head;
    std::memcpy(&head, block, sizeof head);
    return block;
  }
  if (pl.left < n) {
    pl.next = static_cast<char*>(::operator new(kChunk));  // the chunk's tail is left unused
    pl.left = kChunk;
  }
  char* block = pl.next;
  pl.next += n;
  pl.left -= n;
  return block;
}

void release(char* p, std::size_t size) noexcept {
  if (!p) return;
  const std::size_t n = rounded(size);
  if (!kPooled || n > kLargestPooled) {
    ::operator delete(p);
    return;
  }
  char*& head = pool().free[n / kGrain];
  std::memcpy(p, &head, sizeof head);
  head = p;
}

char* allocate_sized(std::size_t size) {
  return from_heap(size) ? static_cast<char*>(::operator new(size)) : allocate(size);
}

void release_sized(char* p, std::size_t size) noexcept {
  if (from_heap(size))
    ::operator delete(p);
  else
    release(p, size);
}

}  // namespace cqlbox::store::row_memory
