#include "store/row_memory.hpp"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <new>
#include <thread>

#include "util/sanitizers.hpp"

namespace cqlbox::store::row_memory {

namespace {

constexpr bool kPooled = !util::kAddressSanitizer;

constexpr std::size_t kGrain = 8;
constexpr std::size_t kClasses = kLargestPooled / kGrain + 1;  // class n / kGrain; 0 unused
// Each chunk is aligned to its size, so a block finds its chunk's header by masking. 64 KiB
// chunks so aligned cost glibc an mmap each (128 KiB with the alignment, over its threshold), and
// 16 KiB ones more chunks with room: 32 KiB measured best (heap in use at exit).
constexpr std::size_t kChunk = 32 * 1024;

// The start of every chunk, found from any block in it by its alignment. Its size is a multiple
// of 16, so blocks of the 16-byte classes are as aligned as malloc's.
struct alignas(16) Chunk {
  Chunk* prev;  // in its class's list of chunks with room, while it has room
  Chunk* next;
  char* free;            // freed blocks, each holding the next
  std::uint32_t unused;  // offset of the chunk's never-used rest
  std::uint32_t live;    // blocks handed out and not yet released
  std::uint32_t size;    // its class's block size
  bool listed;           // in its class's list (false only while full)
};
constexpr std::size_t kHeader = (sizeof(Chunk) + 15) / 16 * 16;

bool has_room(const Chunk& c) { return c.free || c.unused + c.size <= kChunk; }

Chunk* chunk_of(const char* block) {
  return reinterpret_cast<Chunk*>(reinterpret_cast<std::uintptr_t>(block) & ~std::uintptr_t{kChunk - 1});
}

// One pool for the process. Its two users, the shell's thread and the --listen server's, touch
// the store only under the engine's lock, so the spin lock below is never contended in practice;
// it keeps the pool correct without depending on that lock. (The commit log's replay forks a
// child to try a record that crashed before: it does so under the engine's lock too, so no
// other thread holds this one at the fork.)
struct Pool {
  std::atomic<bool> busy{false};
  Chunk* room[kClasses] = {};   // per class: the chunks with room, the one to take from first
  Chunk* spare[kClasses] = {};  // per class: a chunk kept though all its blocks are free
  std::size_t chunks = 0;
};

Pool& pool() {
  // Deliberately never destroyed: blocks may be released during static destruction.
  static Pool* p = new Pool();
  return *p;
}

class Held {
 public:
  explicit Held(Pool& p) : p_(p) {
    while (p_.busy.exchange(true, std::memory_order_acquire))
      while (p_.busy.load(std::memory_order_relaxed)) std::this_thread::yield();
  }
  ~Held() { p_.busy.store(false, std::memory_order_release); }
  Held(const Held&) = delete;
  Held& operator=(const Held&) = delete;

 private:
  Pool& p_;
};

void link(Pool& pl, Chunk* c) {
  Chunk*& head = pl.room[c->size / kGrain];
  c->prev = nullptr;
  c->next = head;
  if (head) head->prev = c;
  head = c;
  c->listed = true;
}

void unlink(Pool& pl, Chunk* c) {
  if (c->prev)
    c->prev->next = c->next;
  else
    pl.room[c->size / kGrain] = c->next;
  if (c->next) c->next->prev = c->prev;
  c->listed = false;
}

std::size_t rounded(std::size_t size) { return (size + kGrain - 1) / kGrain * kGrain; }

bool from_heap(std::size_t size) { return size % 16 == 8; }  // heap_fit's sizes

}  // namespace

char* allocate(std::size_t size) {
  const std::size_t n = rounded(size ? size : 1);
  if (!kPooled || n > kLargestPooled) return static_cast<char*>(::operator new(size));
  Pool& pl = pool();
  Held held(pl);
  Chunk* c = pl.room[n / kGrain];
  if (!c) {
    c = static_cast<Chunk*>(::operator new (kChunk, std::align_val_t{kChunk}));
    *c = Chunk{nullptr, nullptr, nullptr, kHeader, 0, static_cast<std::uint32_t>(n), false};
    ++pl.chunks;
    link(pl, c);
  }
  char* block = c->free;
  if (block) {
    std::memcpy(&c->free, block, sizeof c->free);
  } else {
    block = reinterpret_cast<char*>(c) + c->unused;
    c->unused += static_cast<std::uint32_t>(n);
  }
  if (c->live++ == 0 && pl.spare[n / kGrain] == c) pl.spare[n / kGrain] = nullptr;
  if (!has_room(*c)) unlink(pl, c);
  return block;
}

void release(char* p, std::size_t size) noexcept {
  if (!p) return;
  const std::size_t n = rounded(size ? size : 1);
  if (!kPooled || n > kLargestPooled) {
    ::operator delete(p);
    return;
  }
  Pool& pl = pool();
  Held held(pl);
  Chunk* c = chunk_of(p);
  std::memcpy(p, &c->free, sizeof c->free);
  c->free = p;
  --c->live;
  if (!c->listed) link(pl, c);  // full until now (so not empty now: it holds 500 blocks or more)
  if (c->live > 0) return;
  // Empty. A class keeps one such chunk, so that blocks taken and released in turn at a chunk's
  // edge do not take and free a chunk each time; any other goes back to malloc, which can give
  // it to blocks of any size (the pages that outgrew these blocks, say).
  Chunk*& spare = pl.spare[n / kGrain];
  if (!spare) {
    spare = c;
    return;
  }
  unlink(pl, c);
  --pl.chunks;
  ::operator delete (static_cast<void*>(c), std::align_val_t{kChunk});
}

std::size_t chunks_held() {
  Pool& pl = pool();
  Held held(pl);
  return pl.chunks;
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
