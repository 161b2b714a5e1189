#include "store/row_shape.hpp"

#include <cstring>

#include "store/clustering.hpp"
#include "store/varint.hpp"

namespace cqlbox::store {

namespace {

// The big-endian signed integer `v` (its size is the column's width).
std::int64_t read_signed(std::string_view v) {
  if (v.size() == 8) {  // bigint, timestamp, time: one load
    std::uint64_t u;
    std::memcpy(&u, v.data(), sizeof u);
    return static_cast<std::int64_t>(__builtin_bswap64(u));
  }
  if (v.size() == 4) {
    std::uint32_t u;
    std::memcpy(&u, v.data(), sizeof u);
    return static_cast<std::int32_t>(__builtin_bswap32(u));
  }
  std::int64_t x = static_cast<signed char>(v[0]);
  for (std::size_t i = 1; i < v.size(); ++i)
    x = static_cast<std::int64_t>(static_cast<std::uint64_t>(x) << 8) | static_cast<unsigned char>(v[i]);
  return x;
}

// The fewest bytes whose sign extension gives `x` back (1 to 8).
unsigned short_width(std::int64_t x) {
  const auto u = static_cast<std::uint64_t>(x ^ (x >> 63));  // x, or ~x when negative: the same width
  const unsigned bits = u == 0 ? 1u : 65u - static_cast<unsigned>(__builtin_clzll(u));  // with a sign bit
  return (bits + 7) / 8;
}

}  // namespace

std::size_t packed_key_size(std::string_view key, const RowShape& shape) {
  if (!shape.packs_any()) return key.size();
  std::size_t n = 0;
  for (std::size_t i = 0; !key.empty(); ++i) {
    const std::string_view v = next_component(key);
    const unsigned w = shape.width(i);
    if (is_null_component(v))
      n += 2;
    else if (w == 0)
      n += varint::size(v.size()) + v.size();
    else if (v.size() == w)
      n += 1 + short_width(read_signed(v));
    else if (v.empty())
      n += 1;
    else
      n += varint::size(v.size() + w + 1) + v.size();
  }
  return n;
}

char* pack_key(char* out, std::string_view key, const RowShape& shape) {
  if (!shape.packs_any()) {
    std::memcpy(out, key.data(), key.size());
    return out + key.size();
  }
  for (std::size_t i = 0; !key.empty(); ++i) {
    const std::string_view v = next_component(key);
    const unsigned w = shape.width(i);
    if (is_null_component(v)) {  // as in the standard form
      *out++ = kNullComponent[0];
      *out++ = kNullComponent[1];
      continue;
    }
    if (w != 0 && v.size() == w) {
      const unsigned k = short_width(read_signed(v));
      *out++ = static_cast<char>(k);
      for (unsigned b = w - k; b < w; ++b) *out++ = v[b];  // (at most 8: no memcpy call)
      continue;
    }
    out = varint::put(out, w != 0 && !v.empty() ? v.size() + w + 1 : v.size());
    std::memcpy(out, v.data(), v.size());
    out += v.size();
  }
  return out;
}

std::size_t expanded_key_size(const char* p, const RowShape& shape) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < shape.parts; ++i) {
    if (starts_with_null_component(p, 2)) {
      p += 2;
      n += 2;
      continue;
    }
    const std::uint64_t len = varint::read(p);
    const unsigned w = shape.width(i);
    const std::size_t bytes = RowShape::stored_bytes(len, w);
    p += bytes;
    const std::size_t size = w != 0 && len != 0 && len <= w ? w : bytes;
    n += varint::size(size) + size;
  }
  return n;
}

char* expand_key(const char* p, const RowShape& shape, char* out) {
  for (std::size_t i = 0; i < shape.parts; ++i) {
    if (starts_with_null_component(p, 2)) {
      *out++ = *p++;
      *out++ = *p++;
      continue;
    }
    const std::uint64_t len = varint::read(p);
    const unsigned w = shape.width(i);
    if (w != 0 && len != 0 && len <= w) {
      // Sign-extend the low bytes back to the column's width.
      *out++ = static_cast<char>(w);
      const auto k = static_cast<std::size_t>(len);
      std::memset(out, static_cast<signed char>(p[0]) < 0 ? 0xff : 0, w - k);
      std::memcpy(out + (w - k), p, k);
      out += w;
      p += k;
      continue;
    }
    const std::size_t bytes = RowShape::stored_bytes(len, w);
    out = varint::put(out, bytes);
    std::memcpy(out, p, bytes);
    out += bytes;
    p += bytes;
  }
  return out;
}

}  // namespace cqlbox::store
