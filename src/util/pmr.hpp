// The parser's arena types: std::pmr's, or a small stand-in where the standard library has no
// <memory_resource> (the browser edition's libc++ 13, from Debian's emscripten). The stand-in
// is the experimental memory_resource and allocator with a monotonic resource of its own.
#pragma once

#if __has_include(<memory_resource>)
#include <memory_resource>
#include <vector>

namespace cqlbox::util::pmr {
using std::pmr::memory_resource;
using std::pmr::monotonic_buffer_resource;
template <class T>
using vector = std::pmr::vector<T>;
}  // namespace cqlbox::util::pmr

#else
#include <cstddef>
#include <experimental/memory_resource>
#include <new>
#include <vector>

namespace cqlbox::util::pmr {
using std::experimental::pmr::memory_resource;
template <class T>
using vector = std::vector<T, std::experimental::pmr::polymorphic_allocator<T> >;

// Hands out memory from chunks that only grow; release() frees them all.
class monotonic_buffer_resource : public memory_resource {
 public:
  monotonic_buffer_resource() = default;
  monotonic_buffer_resource(const monotonic_buffer_resource&) = delete;
  monotonic_buffer_resource& operator=(const monotonic_buffer_resource&) = delete;
  ~monotonic_buffer_resource() override { release(); }
  void release() noexcept {
    while (chunk_) {
      Chunk* next = chunk_->next;
      ::operator delete(chunk_);
      chunk_ = next;
    }
    cursor_ = end_ = nullptr;
  }

 private:
  struct Chunk {
    Chunk* next;
  };
  void* do_allocate(std::size_t bytes, std::size_t align) override {
    auto at = (reinterpret_cast<std::size_t>(cursor_) + align - 1) & ~(align - 1);
    if (!cursor_ || at + bytes > reinterpret_cast<std::size_t>(end_)) {
      next_size_ = next_size_ * 2 > bytes + align + sizeof(Chunk) ? next_size_ * 2 : bytes + align + sizeof(Chunk);
      auto* chunk = static_cast<Chunk*>(::operator new(next_size_));
      chunk->next = chunk_;
      chunk_ = chunk;
      cursor_ = reinterpret_cast<char*>(chunk + 1);
      end_ = reinterpret_cast<char*>(chunk) + next_size_;
      at = (reinterpret_cast<std::size_t>(cursor_) + align - 1) & ~(align - 1);
    }
    cursor_ = reinterpret_cast<char*>(at + bytes);
    return reinterpret_cast<void*>(at);
  }
  void do_deallocate(void*, std::size_t, std::size_t) override {}
  bool do_is_equal(const memory_resource& other) const noexcept override { return this == &other; }

  Chunk* chunk_ = nullptr;
  char* cursor_ = nullptr;
  char* end_ = nullptr;
  std::size_t next_size_ = 512;
};
}  // namespace cqlbox::util::pmr
#endif
