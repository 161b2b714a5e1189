// Where a run of ASCII digits ends, eight bytes at a time: the statement cache finds the end of
// every number literal of every statement it matches. Byte at a time, that scan was 2% of an
// ingest's INSERT. (Reading the digits' value eight at a time was tried in the codec too: its
// literals are mostly shorter than eight digits, and it was no faster.)
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace cqlbox::util {

namespace detail {

inline std::uint64_t load8(const char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, sizeof v);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  return v;  // the first byte lowest
}

// A byte 0x80 where the byte of v is not '0'..'9'. A byte of 0xfa or more carries into the byte
// after it, but that byte is past the first non-digit, which is all that is asked.
inline std::uint64_t non_digits(std::uint64_t v) {
  constexpr std::uint64_t kOnes = 0x0101010101010101u;
  const std::uint64_t high = v & (0xf0 * kOnes);
  const std::uint64_t above = (v + 0x06 * kOnes) & (0xf0 * kOnes);
  const std::uint64_t bad = (high ^ (0x30 * kOnes)) | (above ^ (0x30 * kOnes));
  // bad has bits only in each byte's high nibble: any of them, shifted up, marks the byte's top bit.
  return (bad | (bad << 1) | (bad << 2) | (bad << 3)) & (0x80 * kOnes);
}

}  // namespace detail

// Where the run of digits that starts at `i` ends (i itself when text[i] is no digit).
inline std::size_t digits_end(std::string_view text, std::size_t i) {
  for (; i + 8 <= text.size(); i += 8) {
    if (const std::uint64_t bad = detail::non_digits(detail::load8(text.data() + i)))
      return i + static_cast<std::size_t>(std::countr_zero(bad) / 8);
  }
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  return i;
}

}  // namespace cqlbox::util
