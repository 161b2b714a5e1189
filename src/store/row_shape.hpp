// How a page packs a table's rows, beyond what each row's flags say (row.hpp):
// - the flags byte itself, when every row of the page has the same one (`implied`);
// - which clustering components are integers stored in as few bytes as their value needs
//   (sqlite3's record format does the same), instead of a length and Cassandra's fixed 4 or 8:
//   a clustering `c int` of 0 to 31 takes 1 byte, a time-series key `ts bigint` below 2^20
//   takes 3;
// - which regular columns hold values of one fixed size of 4, 8 or 16 bytes (CqlType::fixed_size:
//   int, float, date; bigint, double, timestamp, time, counter; uuid, timeuuid; a vector such as
//   vector<float, 2>): a dense row stores no length before them
//   (and a row whose value there has another size, the empty value say, is not dense).
//
// A packed integer component is a varint T:
//   T = 0          the empty value (Cassandra allows it for every type);
//   T = 1          raw bytes follow: a varint count and the bytes (a value of another size,
//                  which validation keeps out but the store does not depend on, or one whose
//                  T would pass 64 bits);
//   T >= 2         the value v of W bytes as the zigzag number T - 2 (0, -1, 1, -2, ... as
//                  0, 1, 2, 3, ...: small magnitudes of either sign take few bytes).
// (A null component keeps the standard form's two bytes 0x80 0x00, which no varint T starts
// with, and reads as T = 0 where only its size matters.)
// Every other component is as in the standard form (clustering.hpp): varint length and bytes.
// Only the store sees this form: Row::clustering() expands a packed key to the standard one.
#pragma once

#include <cstddef>
#include <compare>
#include <cstdint>
#include <string_view>

namespace cqlbox::store {

struct RowShape {
  static constexpr std::size_t kMaxPacked = 16;  // components past the 16th are never packed

  std::uint16_t parts = 0;  // the table's clustering columns: keys do not store their count
  std::uint16_t int4 = 0;   // bit i: component i is a 4-byte signed integer (int)
  std::uint16_t int8 = 0;   // bit i: an 8-byte one (bigint, timestamp, time)
  // A page whose rows all begin with the same flags byte (row.hpp) keeps that byte here once
  // (`implied` set), and its rows start after it: a byte a row, where most pages hold rows
  // written by one kind of statement. Never set with the collections flag (row_pages.cpp).
  std::uint8_t implied = 0;
  std::uint8_t flags = 0;
  // Bits 2s and 2s+1: the fixed size of regular slot s's values, as a code (fixed_code):
  // 0 none (a length precedes each value), 1: 4 bytes, 2: 8 bytes, 3: 16 bytes.
  std::uint32_t cells = 0;

  bool packs_any() const { return (int4 | int8) != 0; }
  auto operator<=>(const RowShape&) const = default;
  // The code for values of `size` bytes (0 when no code names it).
  static constexpr std::uint32_t fixed_code(std::size_t size) {
    return size == 4 ? 1 : size == 8 ? 2 : size == 16 ? 3 : 0;
  }
  // The size of a dense row's cell in `slot` when it is its value alone, with no length: 0
  // when the slot's values have a length.
  std::size_t fixed_size(std::size_t slot) const {
    if (slot >= kMaxPacked) return 0;
    const std::uint32_t code = (cells >> (2 * slot)) & 3u;
    return code == 0 ? 0 : std::size_t{2} << code;
  }
  // W for component i: 8, 4, or 0 when it is stored as in the standard form.
  unsigned width(std::size_t i) const {
    if (i >= kMaxPacked) return 0;
    return (int8 >> i) & 1u ? 8u : (int4 >> i) & 1u ? 4u : 0u;
  }
  // The end of the packed component at `p` whose width() is `width`.
  static const char* skip_component(const char* p, unsigned width);
  // Zigzag: a signed integer as an unsigned one of about its magnitude, and back.
  static constexpr std::uint64_t zigzag(std::int64_t v) {
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
  }
  static constexpr std::int64_t unzigzag(std::uint64_t z) {
    return static_cast<std::int64_t>((z >> 1) ^ (std::uint64_t{0} - (z & 1)));
  }
};

// The packed size of `key` (the standard form), and writing it to `out`.
std::size_t packed_key_size(std::string_view key, const RowShape& shape);
char* pack_key(char* out, std::string_view key, const RowShape& shape);
// The size of the standard form of the packed key at `p` (`shape.parts` components), and
// writing it to `out`.
std::size_t expanded_key_size(const char* p, const RowShape& shape);
char* expand_key(const char* p, const RowShape& shape, char* out);

}  // namespace cqlbox::store
