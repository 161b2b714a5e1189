#include "util/crc32.hpp"

#include <array>

namespace cqlbox::util {

namespace {

// Slicing-by-8: table k gives the CRC of a byte followed by k zero bytes, so eight bytes fold
// in with eight lookups and no dependency between them (the commit log checksums every
// statement: bytewise, this was an eighth of an ingest with --data).
using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

constexpr Tables make_tables() {
  Tables t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[0][i] = c;
  }
  for (std::uint32_t i = 0; i < 256; ++i)
    for (std::size_t k = 1; k < 8; ++k) t[k][i] = (t[k - 1][i] >> 8) ^ t[0][t[k - 1][i] & 0xff];
  return t;
}
constexpr Tables kTables = make_tables();

}  // namespace

std::uint32_t crc32(std::string_view bytes, std::uint32_t crc) {
  crc = ~crc;
  const char* p = bytes.data();
  std::size_t n = bytes.size();
  for (; n >= 8; p += 8, n -= 8) {
    // Little-endian words, whatever the machine (the compiler makes each one load).
    auto word = [](const char* q) {
      return static_cast<std::uint32_t>(static_cast<unsigned char>(q[0])) |
             static_cast<std::uint32_t>(static_cast<unsigned char>(q[1])) << 8 |
             static_cast<std::uint32_t>(static_cast<unsigned char>(q[2])) << 16 |
             static_cast<std::uint32_t>(static_cast<unsigned char>(q[3])) << 24;
    };
    const std::uint32_t lo = word(p) ^ crc, hi = word(p + 4);
    crc = kTables[7][lo & 0xff] ^ kTables[6][(lo >> 8) & 0xff] ^ kTables[5][(lo >> 16) & 0xff] ^ kTables[4][lo >> 24] ^
          kTables[3][hi & 0xff] ^ kTables[2][(hi >> 8) & 0xff] ^ kTables[1][(hi >> 16) & 0xff] ^ kTables[0][hi >> 24];
  }
  for (; n > 0; ++p, --n) crc = kTables[0][(crc ^ static_cast<unsigned char>(*p)) & 0xff] ^ (crc >> 8);
  return ~crc;
}

}  // namespace cqlbox::util
