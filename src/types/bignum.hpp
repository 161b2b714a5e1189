// Arbitrary-precision signed integers, just enough for varint and decimal: decimal text and
// two's-complement bytes in both directions, scaling by powers of ten, comparison.
// Magnitude is little-endian base 2^32 limbs; zero has no limbs and is never negative.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::types {

class BigInt {
 public:
  BigInt() = default;
  // Parses [+-]digits. nullopt when malformed.
  static std::optional<BigInt> from_decimal(std::string_view text);
  // Reads Cassandra's varint encoding (minimal big-endian two's complement; empty = 0).
  static BigInt from_twos_complement(std::string_view bytes);

  std::string to_decimal() const;
  std::string to_twos_complement() const;  // minimal, at least one byte

  void multiply_small(std::uint32_t m);
  void add_small(std::uint32_t a);
  bool is_zero() const { return mag_.empty(); }
  // Bits of the magnitude (0 for zero).
  std::size_t bit_length() const {
    if (mag_.empty()) return 0;
    return (mag_.size() - 1) * 32 + (32 - static_cast<std::size_t>(__builtin_clz(mag_.back())));
  }
  bool negative() const { return neg_; }
  void negate() { if (!is_zero()) neg_ = !neg_; }

  static int compare(const BigInt& a, const BigInt& b);

 private:
  std::uint32_t divide_small(std::uint32_t d);  // magnitude /= d, returns remainder
  void trim();
  static int compare_magnitude(const BigInt& a, const BigInt& b);

  std::vector<std::uint32_t> mag_;
  bool neg_ = false;
};

// A serialized decimal (4-byte scale + varint unscaled) as Java's BigDecimal.toString and
// Python's Decimal str print it: plain when scale >= 0 and the adjusted exponent >= -6,
// otherwise scientific ("1E-14", "1.5E+10").
std::string decimal_to_string(std::string_view bytes);

}  // namespace cqlbox::types
