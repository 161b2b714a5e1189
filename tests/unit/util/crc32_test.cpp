// CRC-32 (IEEE, reflected): the commit log's record checksum. Slicing-by-8 must give the
// bytewise answer for every length and alignment, or old logs would read as corrupt.
#include "util/crc32.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

namespace {
std::uint32_t bytewise(std::string_view s) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (char ch : s) {
    crc ^= static_cast<unsigned char>(ch);
    for (int k = 0; k < 8; ++k) crc = (crc & 1) ? 0xEDB88320u ^ (crc >> 1) : crc >> 1;
  }
  return ~crc;
}
}  // namespace

TEST_CASE("crc32 gives the standard check value and the bytewise result at every length") {
  CHECK(cqlbox::util::crc32("123456789") == 0xCBF43926u);
  CHECK(cqlbox::util::crc32("") == 0u);
  std::string s;
  for (int i = 0; i < 300; ++i) s += static_cast<char>((i * 131 + 7) & 0xff);
  for (std::size_t from = 0; from < 9; ++from)
    for (std::size_t len = 0; from + len <= s.size(); len += 7) {
      CAPTURE(from);
      CAPTURE(len);
      CHECK(cqlbox::util::crc32(std::string_view(s).substr(from, len)) ==
            bytewise(std::string_view(s).substr(from, len)));
    }
  // Chained: crc32(b, crc32(a)) == crc32(a + b).
  CHECK(cqlbox::util::crc32("56789", cqlbox::util::crc32("1234")) == 0xCBF43926u);
}
