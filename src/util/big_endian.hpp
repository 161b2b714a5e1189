// Big-endian integers and length-prefixed strings: the one encoding of cqlbox's own files (the
// commit log's records, the data files, the mutations inside them). A Reader never reads past
// its bytes: a short read clears `ok` and gives zeros, so a damaged file is reported, not
// trusted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cqlbox::util {

// Appends `v`'s low `bytes` bytes, most significant first.
inline void put_be(std::string& out, std::uint64_t v, int bytes) {
  for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xff);
}
// `s` after its length in `length_bytes` bytes.
inline void put_be_string(std::string& out, std::string_view s, int length_bytes = 4) {
  put_be(out, s.size(), length_bytes);
  out.append(s);
}

struct BigEndianReader {
  std::string_view data;
  bool ok = true;

  std::uint64_t u(int bytes) {
    if (data.size() < static_cast<std::size_t>(bytes)) {
      ok = false;
      data = {};
      return 0;
    }
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | static_cast<unsigned char>(data[static_cast<std::size_t>(i)]);
    data.remove_prefix(static_cast<std::size_t>(bytes));
    return v;
  }
  std::int64_t i64() { return static_cast<std::int64_t>(u(8)); }
  std::string str(int length_bytes = 4) {
    const std::uint64_t n = u(length_bytes);
    if (!ok || data.size() < n) {
      ok = false;
      return {};
    }
    std::string s(data.substr(0, n));
    data.remove_prefix(n);
    return s;
  }
  // A count that cannot exceed what is left (each item takes at least a byte).
  std::size_t count(int bytes = 4) {
    const std::uint64_t n = u(bytes);
    if (n > data.size()) ok = false;
    return ok ? static_cast<std::size_t>(n) : 0;
  }
};

}  // namespace cqlbox::util
