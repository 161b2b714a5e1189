// Arbitrary-precision signed integers, just enough for varint and decimal: decimal text and
// two's-complement bytes in both directions, scaling by powers of ten, comparison.
// Magnitude is little-endian base 2^32 limbs; zero has no limbs and is never negative.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::types {

// Where 5.0 throws java.lang.ArithmeticException; what() is Java's message. The user sees a
// ServerError, as from 5.0.
struct ArithmeticError : std::domain_error {
  using std::domain_error::domain_error;
};

// The most decimal digits cqlbox builds for one number by scaling (aligning two decimals'
// scales, a decimal made an integer): past it, ArithmeticError with the message Java gives
// only past 2^31 bits, so that memory and time stay bounded.
inline constexpr std::int64_t kMaxScaledDigits = 100000;

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
  std::uint32_t divide_small(std::uint32_t d);  // magnitude /= d (toward zero), returns remainder
  // The magnitude times / divided by 2^bits (the right shift truncates toward zero): the
  // binary fixed point that decimal_math computes in.
  void shift_left(std::size_t bits);
  void shift_right(std::size_t bits);
  bool is_zero() const { return mag_.empty(); }
  // Bits of the magnitude (0 for zero).
  std::size_t bit_length() const {
    if (mag_.empty()) return 0;
    return (mag_.size() - 1) * 32 + (32 - static_cast<std::size_t>(__builtin_clz(mag_.back())));
  }
  bool negative() const { return neg_; }
  void negate() {
    if (!is_zero()) neg_ = !neg_;
  }

  static int compare(const BigInt& a, const BigInt& b);

  // Java's BigInteger arithmetic: exact; division truncates toward zero and the remainder
  // takes the dividend's sign. `divide` needs a non-zero divisor.
  static BigInt from_int64(std::int64_t v);
  static BigInt add(const BigInt& a, const BigInt& b);
  static BigInt subtract(const BigInt& a, const BigInt& b);
  static BigInt multiply(const BigInt& a, const BigInt& b);
  static void divide(const BigInt& a, const BigInt& b, BigInt& quotient, BigInt& remainder);
  static BigInt pow10(std::size_t n);
  std::size_t decimal_digits() const;  // of the magnitude; 1 for zero
  bool odd() const { return !mag_.empty() && (mag_[0] & 1); }

 private:
  static BigInt add_magnitudes(const BigInt& a, const BigInt& b);
  static BigInt subtract_magnitudes(const BigInt& a, const BigInt& b);  // |a| >= |b|
  void trim();
  static int compare_magnitude(const BigInt& a, const BigInt& b);

  std::vector<std::uint32_t> mag_;
  bool neg_ = false;
};

// A serialized decimal (4-byte scale + varint unscaled) as Java's BigDecimal.toString and
// Python's Decimal str print it: plain when scale >= 0 and the adjusted exponent >= -6,
// otherwise scientific ("1E-14", "1.5E+10").
std::string decimal_to_string(std::string_view bytes);

// A decimal as Java's BigDecimal holds it: unscaled × 10^-scale.
struct Decimal {
  BigInt unscaled;
  std::int64_t scale = 0;

  static Decimal from_bytes(std::string_view bytes);  // 4-byte scale + varint
  std::string to_bytes() const;
  // Plain or scientific decimal text ("1.5", "-2E+3", "1e-7"); nullopt when malformed.
  static std::optional<Decimal> from_text(std::string_view text);
};

// Cassandra's DecimalType arithmetic: BigDecimal add, subtract, multiply (exact), its own
// divide (32 significant digits at least, HALF_UP, trailing zeros stripped) and remainder.
// Division by zero throws std::domain_error with Java's message ("Division by zero",
// "Division undefined").
Decimal decimal_add(const Decimal& a, const Decimal& b);
Decimal decimal_subtract(const Decimal& a, const Decimal& b);
Decimal decimal_multiply(const Decimal& a, const Decimal& b);
Decimal decimal_divide(const Decimal& a, const Decimal& b);
Decimal decimal_remainder(const Decimal& a, const Decimal& b);
// avg() over decimals (AggregateFcts): the running average after its n-th value x,
// avg + (x − avg) / n with the division at the difference's scale, HALF_EVEN.
Decimal decimal_running_average(const Decimal& avg, const Decimal& x, std::int64_t n);

}  // namespace cqlbox::types
