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

// T (row_shape.hpp) for the value `v` of a packed integer's width, or 1 (raw bytes) when the
// zigzag number is too large to add 2 to.
std::uint64_t int_tag(std::string_view v) {
  const std::uint64_t z = RowShape::zigzag(read_signed(v));
  return z <= UINT64_MAX - 2 ? z + 2 : 1;
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
    else if (v.empty())
      n += 1;
    else if (const std::uint64_t t = v.size() == w ? int_tag(v) : 1; t != 1)
      n += varint::size(t);
    else
      n += 1 + varint::size(v.size()) + v.size();
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
    if (w != 0 && !v.empty()) {
      const std::uint64_t t = v.size() == w ? int_tag(v) : 1;
      out = varint::put(out, t);
      if (t != 1) continue;
    }
    out = varint::put(out, v.size());
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
    const unsigned w = shape.width(i);
    std::uint64_t size = varint::read(p);  // T for an integer
    if (w != 0 && size >= 2) {
      size = w;
    } else if (w != 0 && size == 1) {
      size = varint::read(p);
      p += size;
    } else {
      p += size;
    }
    n += varint::size(size) + static_cast<std::size_t>(size);
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
    const unsigned w = shape.width(i);
    std::uint64_t t = varint::read(p);
    if (w != 0 && t >= 2) {
      // The value, big-endian in the column's width.
      const auto v = static_cast<std::uint64_t>(RowShape::unzigzag(t - 2));
      *out++ = static_cast<char>(w);
      for (unsigned b = 0; b < w; ++b) *out++ = static_cast<char>(v >> (8 * (w - 1 - b)));
      continue;
    }
    if (w != 0 && t == 1) t = varint::read(p);
    const auto bytes = static_cast<std::size_t>(t);
    out = varint::put(out, bytes);
    std::memcpy(out, p, bytes);
    out += bytes;
    p += bytes;
  }
  return out;
}

const char* RowShape::skip_component(const char* p, unsigned width) {
  std::uint64_t t = varint::read(p);
  if (width == 0) return p + t;
  if (t != 1) return p;  // the empty value, or the value in T itself
  t = varint::read(p);
  return p + t;
}

}  // namespace cqlbox::store
