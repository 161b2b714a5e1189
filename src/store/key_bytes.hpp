// A partition's key bytes in 16 bytes: up to 15 inline (an int, a bigint, a short text), longer
// ones in a block of their own. Every partition holds one, and std::string takes 32.
//
// The last byte tells which: the inline length (0 to 15), or kOnHeap, when the first 8 bytes
// point to the block and the next 4 hold the length.
#pragma once

#include <cassert>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace cqlbox::store {

class KeyBytes {
 public:
  explicit KeyBytes(std::string_view bytes) {
    if (bytes.size() < kOnHeap) {
      if (!bytes.empty()) std::memcpy(buf_, bytes.data(), bytes.size());
      buf_[15] = static_cast<char>(bytes.size());
      return;
    }
    // Keys are checked at 64 KiB on writes; a view's key is bounded by the 16 MiB statement.
    assert(bytes.size() <= UINT32_MAX);
    char* heap = new char[bytes.size()];
    std::memcpy(heap, bytes.data(), bytes.size());
    const auto size = static_cast<std::uint32_t>(bytes.size());
    std::memcpy(buf_, &heap, sizeof heap);
    std::memcpy(buf_ + 8, &size, sizeof size);
    buf_[15] = static_cast<char>(kOnHeap);
  }
  ~KeyBytes() {
    if (on_heap()) delete[] heap();
  }
  KeyBytes(KeyBytes&& o) noexcept {
    std::memcpy(buf_, o.buf_, sizeof buf_);
    o.buf_[15] = 0;  // empty and inline: nothing to free
  }
  KeyBytes& operator=(KeyBytes&& o) noexcept {
    if (this != &o) {
      if (on_heap()) delete[] heap();
      std::memcpy(buf_, o.buf_, sizeof buf_);
      o.buf_[15] = 0;
    }
    return *this;
  }
  KeyBytes(const KeyBytes&) = delete;
  KeyBytes& operator=(const KeyBytes&) = delete;

  std::string_view view() const {
    if (!on_heap()) return {buf_, static_cast<std::size_t>(static_cast<unsigned char>(buf_[15]))};
    std::uint32_t size;
    std::memcpy(&size, buf_ + 8, sizeof size);
    return {heap(), size};
  }

 private:
  static constexpr unsigned char kOnHeap = 16;  // the inline lengths are 0 to 15
  bool on_heap() const { return static_cast<unsigned char>(buf_[15]) == kOnHeap; }
  char* heap() const {
    char* p;
    std::memcpy(&p, buf_, sizeof p);
    return p;
  }

  char buf_[16];
};

}  // namespace cqlbox::store
