// LEB128 unsigned varints, as the store packs lengths and timestamp deltas: 7 bits a byte, low
// bits first, the top bit set on every byte but the last. One byte below 128.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cqlbox::store::varint {

inline std::size_t size(std::uint64_t v) {
  std::size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

inline char* put(char* p, std::uint64_t v) {
  while (v >= 0x80) {
    *p++ = static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  *p++ = static_cast<char>(v);
  return p;
}

inline std::uint64_t read(const char*& p) {
  auto b = static_cast<unsigned char>(*p++);
  if (b < 0x80) return b;
  std::uint64_t v = b & 0x7fu;
  for (int shift = 7;; shift += 7) {
    b = static_cast<unsigned char>(*p++);
    v |= std::uint64_t{b & 0x7fu} << shift;
    if (b < 0x80) return v;
  }
}

}  // namespace cqlbox::store::varint
