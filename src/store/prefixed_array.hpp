// An array of trivially copyable T, each with a search prefix P beside it (a u64 by default), in
// one row_memory block: `capacity` Ts, then `capacity` prefixes, so a binary search over the
// prefixes reads one dense run. A partition's page list, from its second page on, is one
// (row_pages.hpp): two std::vectors cost it 48 bytes of pointers and two blocks, where this is
// 16 bytes and one block (no malloc header, no rounding to 16). A leaf of the partition index
// is another, its partitions with their tokens (partition_index.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "store/row_memory.hpp"

namespace cqlbox::store {

template <class T, class P = std::uint64_t>
class PrefixedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_copyable_v<P> && alignof(T) <= 8 &&
                    alignof(P) <= 8,
                "moved with memcpy; blocks are 8-byte aligned");

 public:
  PrefixedArray() = default;
  ~PrefixedArray() { row_memory::release(reinterpret_cast<char*>(items_), bytes(capacity_)); }
  PrefixedArray(PrefixedArray&& o) noexcept
      : items_(std::exchange(o.items_, nullptr)),
        size_(std::exchange(o.size_, 0)),
        capacity_(std::exchange(o.capacity_, 0)) {}
  // Frees this array's block and takes `o`'s, leaving `o` empty.
  PrefixedArray& operator=(PrefixedArray&& o) noexcept {
    if (this != &o) {
      row_memory::release(reinterpret_cast<char*>(items_), bytes(capacity_));
      items_ = std::exchange(o.items_, nullptr);
      size_ = std::exchange(o.size_, 0);
      capacity_ = std::exchange(o.capacity_, 0);
    }
    return *this;
  }
  PrefixedArray(const PrefixedArray&) = delete;
  PrefixedArray& operator=(const PrefixedArray&) = delete;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T& back() { return items_[size_ - 1]; }
  const T& back() const { return items_[size_ - 1]; }
  const T* begin() const { return items_; }
  const T* end() const { return items_ + size_; }
  T* data() { return items_; }
  const T* data() const { return items_; }
  P& prefix(std::size_t i) { return prefix_data()[i]; }
  P prefix(std::size_t i) const { return prefixes()[i]; }
  const P* prefixes() const {
    return reinterpret_cast<const P*>(reinterpret_cast<const char*>(items_) + prefix_offset(capacity_));
  }

  std::size_t capacity() const { return capacity_; }
  // Room for `n` entries (doubling the capacity at least). Throws (bad_alloc) before changing
  // anything.
  void reserve(std::size_t n) {
    if (n <= capacity_) return;
    reallocate(n > 2 * std::size_t{capacity_} ? n : 2 * std::size_t{capacity_});
  }
  // Room for exactly `n` entries when there is less: for an owner that grows in its own steps.
  void reserve_exact(std::size_t n) {
    if (n > capacity_) reallocate(n);
  }
  // Opens `n` entries at `at` (value-initialised, prefix 0), moving the later ones along.
  // Throws before changing anything.
  void open(std::size_t at, std::size_t n) {
    if (n == 0) return;
    reserve(size_ + n);
    std::memmove(static_cast<void*>(items_ + at + n), items_ + at, (size_ - at) * sizeof(T));
    std::memmove(prefix_data() + at + n, prefix_data() + at, (size_ - at) * sizeof(P));
    for (std::size_t i = at; i < at + n; ++i) {
      items_[i] = T{};
      prefix_data()[i] = P{};
    }
    size_ += static_cast<std::uint32_t>(n);
  }
  void erase(std::size_t at) noexcept {
    std::memmove(static_cast<void*>(items_ + at), items_ + at + 1, (size_ - at - 1) * sizeof(T));
    std::memmove(prefix_data() + at, prefix_data() + at + 1, (size_ - at - 1) * sizeof(P));
    --size_;
  }
  // Drops the entries from `n` on. REQUIRES: n <= size().
  void truncate(std::size_t n) noexcept { size_ = static_cast<std::uint32_t>(n); }
  // Empties the array and frees its block.
  void clear() noexcept {
    row_memory::release(reinterpret_cast<char*>(items_), bytes(capacity_));
    items_ = nullptr;
    size_ = capacity_ = 0;
  }

 private:
  // The prefixes start after the items, aligned for P (a 4-byte pointer before 8-byte tokens,
  // in the browser's wasm32).
  static std::size_t prefix_offset(std::size_t capacity) {
    return (capacity * sizeof(T) + alignof(P) - 1) / alignof(P) * alignof(P);
  }
  static std::size_t bytes(std::size_t capacity) { return prefix_offset(capacity) + capacity * sizeof(P); }
  void reallocate(std::size_t capacity) {
    T* items = reinterpret_cast<T*>(row_memory::allocate(bytes(capacity)));
    if (size_ > 0) {
      std::memcpy(static_cast<void*>(items), items_, size_ * sizeof(T));
      std::memcpy(reinterpret_cast<char*>(items) + prefix_offset(capacity), prefixes(), size_ * sizeof(P));
    }
    row_memory::release(reinterpret_cast<char*>(items_), bytes(capacity_));
    items_ = items;
    capacity_ = static_cast<std::uint32_t>(capacity);
  }
  P* prefix_data() { return reinterpret_cast<P*>(reinterpret_cast<char*>(items_) + prefix_offset(capacity_)); }

  T* items_ = nullptr;
  std::uint32_t size_ = 0, capacity_ = 0;
};

}  // namespace cqlbox::store
