// Big-endian fixed-width integers: the byte order of every CQL serialized number.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace cqlbox::types {

template <class T>
void append_be(std::string& out, T v) {
  auto u = static_cast<std::make_unsigned_t<T>>(v);
  // Built in a local buffer and appended at once: the compiler makes the loop one byte swap,
  // where a character at a time was 8 capacity checks (2% of an ingest).
  char b[sizeof(T)];
  for (std::size_t i = 0; i < sizeof(T); ++i)
    b[i] = static_cast<char>(static_cast<unsigned char>(u >> (8 * (sizeof(T) - 1 - i))));
  out.append(b, sizeof(T));
}

template <class T>
std::string be_bytes(T v) {
  std::string out;
  append_be(out, v);
  return out;
}

// Reads sizeof(T) big-endian bytes (fewer when the value is shorter).
template <class T>
T read_be(std::string_view b) {
  // A value shorter than T (an empty int from blobAsInt(0x) or a 0-byte bound value) reads as
  // the bytes it has: never past its end. Callers treat an empty number as no value.
  static_assert(sizeof(T) <= 8, "a wider type needs its own byte swap");
  std::make_unsigned_t<T> u = 0;
  if (b.size() >= sizeof(T)) {
    // The whole width at once, which the compiler makes a load and a byte swap: a number
    // compared row after row by a filter was a byte loop (a fifth of a scan's instructions).
    __builtin_memcpy(&u, b.data(), sizeof(T));
    if constexpr (std::endian::native == std::endian::little) {
      if constexpr (sizeof(T) == 2) u = __builtin_bswap16(u);
      if constexpr (sizeof(T) == 4) u = __builtin_bswap32(u);
      if constexpr (sizeof(T) == 8) u = __builtin_bswap64(u);
    }
    return static_cast<T>(u);
  }
  const std::size_t n = b.size();
  for (std::size_t i = 0; i < n; ++i) {
    u = static_cast<std::make_unsigned_t<T>>(u << 8);
    u = static_cast<std::make_unsigned_t<T>>(u | static_cast<unsigned char>(b[i]));
  }
  return static_cast<T>(u);
}

}  // namespace cqlbox::types
