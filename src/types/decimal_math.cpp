#include "types/decimal_math.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace cqlbox::types {

namespace {

constexpr std::int64_t kMinDigits = 32;     // DecimalType.MIN_SIGNIFICANT_DIGITS
constexpr std::int64_t kMaxDigits = 10000;  // DecimalType.MAX_PRECISION
// exp, log, log10 and round take arguments of up to this many digits; a longer one (only
// written to attack) would take seconds to minutes with this arithmetic.
constexpr std::int64_t kMaxArgumentDigits = 20000;
constexpr double kBitsPerDigit = 3.3219280948873623;  // log2(10)

BigInt one_at(std::size_t bits) {
  BigInt o = BigInt::from_int64(1);
  o.shift_left(bits);
  return o;
}

std::int64_t digits_of(const BigInt& v) { return static_cast<std::int64_t>(v.decimal_digits()); }

// The exponent of the leading digit: 123.4 is 2, 0.05 is -2.
std::int64_t adjusted_exponent(const Decimal& x) { return digits_of(x.unscaled) - 1 - x.scale; }

// The precision DecimalType gives exp and the logarithms: the argument's, within [32, 10,000].
std::int64_t result_digits(const Decimal& x) { return std::clamp(digits_of(x.unscaled), kMinDigits, kMaxDigits); }

// Refuses an argument longer than kMaxArgumentDigits, judged by its bits before any digit is
// counted (counting is quadratic too).
void check_argument(const Decimal& x) {
  if (static_cast<double>(x.unscaled.bit_length()) > static_cast<double>(kMaxArgumentDigits) * kBitsPerDigit)
    throw std::length_error("cqlbox computes exp, log, log10 and round of numbers of at most 20000 digits");
}

// x == 10^k exactly.
bool is_power_of_ten(const Decimal& x, std::int64_t k) {
  if (x.unscaled.negative() || x.unscaled.is_zero() || adjusted_exponent(x) != k) return false;
  return BigInt::compare(x.unscaled, BigInt::pow10(static_cast<std::size_t>(digits_of(x.unscaled) - 1))) == 0;
}

// Arithmetic in binary fixed point: an integer n stands for n / 2^bits. Shifts truncate the
// magnitude; each step loses at most one unit in the last place, which the guard bits absorb.
class Fixed {
 public:
  explicit Fixed(std::size_t bits) : bits_(bits), one_(one_at(bits)), ln2_(log_ratio(3)) {}  // 2 = 4/2

  std::size_t bits() const { return bits_; }
  const BigInt& one() const { return one_; }

  BigInt mul(const BigInt& a, const BigInt& b) const {
    BigInt r = BigInt::multiply(a, b);
    r.shift_right(bits_);
    return r;
  }
  BigInt div(const BigInt& a, const BigInt& b) const {
    BigInt n = a;
    n.shift_left(bits_);
    BigInt q, r;
    BigInt::divide(n, b, q, r);
    return q;
  }

  // unscaled / 10^(digits - 1): the decimal's digits as a number in [1, 10).
  BigInt mantissa(const Decimal& x) const {
    BigInt n = x.unscaled;
    if (n.negative()) n.negate();
    return div(n, BigInt::pow10(static_cast<std::size_t>(digits_of(x.unscaled) - 1)));
  }

  // 2·atanh(1/q) = ln((q + 1) / (q − 1)), by its series: only divisions by small integers.
  BigInt log_ratio(std::uint32_t q) const {
    BigInt sum, power = one_;
    power.divide_small(q);
    for (std::uint32_t k = 1; !power.is_zero(); k += 2) {
      BigInt term = power;
      term.divide_small(k);
      sum = BigInt::add(sum, term);
      power.divide_small(q);
      power.divide_small(q);
    }
    return BigInt::add(sum, sum);
  }
  const BigInt& ln2() const { return ln2_; }
  BigInt ln10() const { return BigInt::add(BigInt::multiply(ln2(), BigInt::from_int64(3)), log_ratio(9)); }  // 8 · 10/8

  // ln(m) for m in [1, 10): m = 2^k·r, then r is brought down to [1, 1 + 2^-30) by factors
  // (1 − 2^-i), whose logarithms are 2·atanh(1/(2^(i+1) − 1)); the rest by atanh's series.
  BigInt ln(BigInt m) const {
    const std::size_t k = m.bit_length() - 1 - bits_;
    m.shift_right(k);
    BigInt acc = BigInt::multiply(ln2(), BigInt::from_int64(static_cast<std::int64_t>(k)));
    for (std::size_t i = 1; i <= 30; ++i) {
      for (;;) {
        BigInt part = m;
        part.shift_right(i);
        BigInt reduced = BigInt::subtract(m, part);
        if (BigInt::compare(reduced, one_) < 0) break;
        m = std::move(reduced);
        acc = BigInt::add(acc, log_ratio((std::uint32_t{1} << (i + 1)) - 1));
      }
    }
    const BigInt z = div(BigInt::subtract(m, one_), BigInt::add(m, one_));
    const BigInt z2 = mul(z, z);
    BigInt sum = z, power = z;
    for (std::uint32_t j = 3;; j += 2) {
      power = mul(power, z2);
      if (power.is_zero()) break;
      BigInt term = power;
      term.divide_small(j);
      sum = BigInt::add(sum, term);
    }
    return BigInt::add(acc, BigInt::add(sum, sum));
  }

  // e^r for 0 <= r < ln 10: Taylor's series of r / 2^halvings, then squared back.
  BigInt exp(const BigInt& r, std::size_t halvings) const {
    BigInt y = r;
    y.shift_right(halvings);
    BigInt sum = one_, term = one_;
    for (std::uint32_t k = 1;; ++k) {
      term = mul(term, y);
      term.divide_small(k);
      if (term.is_zero()) break;
      sum = BigInt::add(sum, term);
    }
    for (std::size_t i = 0; i < halvings; ++i) sum = mul(sum, sum);
    return sum;
  }

 private:
  std::size_t bits_;
  BigInt one_;
  BigInt ln2_;  // needed by every ln and ln 10: computed once per precision
};

// |v| / 2^bits × 10^exp10, rounded HALF_EVEN to `digits` significant digits, trailing zeros
// kept; negative when `negative`.
Decimal round_to_digits(const BigInt& v, std::size_t bits, std::int64_t exp10, std::int64_t digits, bool negative) {
  BigInt mag = v;
  if (mag.negative()) mag.negate();
  // Decimal digits before the point, roughly; six more than needed are produced.
  const auto magnitude =
      static_cast<std::int64_t>((static_cast<double>(mag.bit_length()) - static_cast<double>(bits)) / kBitsPerDigit);
  const std::int64_t produced = digits + 6 - magnitude;
  BigInt d = BigInt::multiply(mag, BigInt::pow10(static_cast<std::size_t>(std::max<std::int64_t>(produced, 0))));
  d.shift_right(bits);
  const std::int64_t have = digits_of(d);
  std::int64_t drop = have - digits;
  BigInt q = d;
  if (drop > 0) {
    const BigInt unit = BigInt::pow10(static_cast<std::size_t>(drop));
    BigInt r;
    BigInt::divide(d, unit, q, r);
    const int half = BigInt::compare(BigInt::add(r, r), unit);
    if (half > 0 || (half == 0 && q.odd())) q.add_small(1);
    if (digits_of(q) > digits) {  // 9.99…95 rounded up to 10.00…0: one digit fewer after the point
      q.divide_small(10);
      ++drop;
    }
  }
  if (negative) q.negate();
  return Decimal{q, std::max<std::int64_t>(produced, 0) - drop - exp10};
}

std::size_t halvings_for(std::size_t bits) {
  std::size_t h = 4;
  while (h * h < bits && h < 96) ++h;
  return h;
}

// ln(x) for x > 0 in fixed point at `fixed`'s precision.
BigInt ln_fixed(const Fixed& f, const Decimal& x) {
  const BigInt e = BigInt::from_int64(adjusted_exponent(x));
  return BigInt::add(f.ln(f.mantissa(x)), BigInt::multiply(e, f.ln10()));
}

// ln x for x > 0, x != 1, correctly rounded to `digits` digits. Its value can be tiny (x near
// 1), so the working precision grows until the result keeps enough bits.
Decimal logarithm(const Decimal& x, std::int64_t digits) {
  const auto needed = static_cast<std::size_t>(static_cast<double>(digits + 6) * kBitsPerDigit) + 64;
  std::size_t bits = needed + 64;
  for (;;) {
    const Fixed f(bits);
    const BigInt l = ln_fixed(f, x);
    const std::size_t have = l.bit_length();
    if (have >= needed + 16 || bits > needed * 4) {
      const bool negative = l.negative();
      return round_to_digits(l, bits, 0, digits, negative);
    }
    bits += needed + 16 - have + 32;
  }
}

// q rounded HALF_EVEN to `digits` digits; `sticky` when something below q was dropped already.
// The scale follows the dropped digits (BigDecimal keeps the rounded value's digits).
Decimal round_half_even(BigInt q, std::int64_t scale, std::int64_t digits, bool sticky, bool negative) {
  const std::int64_t drop = digits_of(q) - digits;
  if (drop > 0) {
    const BigInt unit = BigInt::pow10(static_cast<std::size_t>(drop));
    BigInt kept, rest;
    BigInt::divide(q, unit, kept, rest);
    int half = BigInt::compare(BigInt::add(rest, rest), unit);
    if (half == 0 && sticky) half = 1;
    if (half > 0 || (half == 0 && kept.odd())) kept.add_small(1);
    scale -= drop;
    if (digits_of(kept) > digits) {  // 99…95 rounded up to 100…0
      kept.divide_small(10);
      --scale;
    }
    q = std::move(kept);
  }
  if (negative) q.negate();
  return Decimal{q, scale};
}

// BigDecimal.divide(b, new MathContext(digits, HALF_EVEN)): an exact quotient keeps the
// scale nearest a.scale − b.scale (trailing zeros dropped toward it), any other is rounded to
// `digits` digits.
Decimal java_divide(const Decimal& a, const Decimal& b, std::int64_t digits) {
  const std::int64_t preferred = a.scale - b.scale;
  if (a.unscaled.is_zero()) return Decimal{BigInt(), preferred};
  BigInt ua = a.unscaled, ub = b.unscaled;
  const bool negative = ua.negative() != ub.negative();
  if (ua.negative()) ua.negate();
  if (ub.negative()) ub.negate();
  const std::int64_t k = std::max<std::int64_t>(0, digits + 1 + digits_of(ub) - digits_of(ua));
  BigInt q, r;
  BigInt::divide(BigInt::multiply(ua, BigInt::pow10(static_cast<std::size_t>(k))), ub, q, r);
  std::int64_t scale = preferred + k;
  if (r.is_zero()) {
    while (scale > preferred && !q.is_zero()) {
      BigInt tenth = q;
      if (tenth.divide_small(10) != 0) break;
      q = std::move(tenth);
      --scale;
    }
  }
  return round_half_even(std::move(q), scale, digits, !r.is_zero(), negative);
}

void require_positive(const Decimal& x, const char* message) {
  if (x.unscaled.negative() || x.unscaled.is_zero()) throw ArithmeticError(message);
}

}  // namespace

Decimal decimal_exp(const Decimal& x) {
  if (x.unscaled.is_zero()) return Decimal{BigInt::from_int64(1), 0};
  check_argument(x);
  const std::int64_t digits = result_digits(x);
  const std::int64_t exponent = adjusted_exponent(x);
  // big-math takes the integral part as an int: beyond it, Java's intValueExact fails.
  if (exponent >= 10) throw ArithmeticError("Overflow");
  if (exponent == 9) {
    const BigInt whole = decimal_to_integer(x);
    if (BigInt::compare(whole, BigInt::from_int64(2147483647)) > 0 ||
        BigInt::compare(whole, BigInt::from_int64(-2147483648LL)) < 0)
      throw ArithmeticError("Overflow");
  }
  const std::size_t base = static_cast<std::size_t>(static_cast<double>(digits + 6) * kBitsPerDigit) + 96;
  const std::size_t halvings = halvings_for(base);
  const Fixed f(base + halvings);
  // x as a fixed-point number; one too small for the working precision is 0 (e^x rounds to 1).
  BigInt fx;
  if (exponent > -static_cast<std::int64_t>(f.bits() / 3) - 2) {
    fx = x.unscaled;
    if (fx.negative()) fx.negate();
    if (x.scale <= 0) {
      fx = BigInt::multiply(fx, BigInt::pow10(static_cast<std::size_t>(-x.scale)));
      fx.shift_left(f.bits());
    } else {
      fx = f.div(fx, BigInt::pow10(static_cast<std::size_t>(x.scale)));
    }
    if (x.unscaled.negative()) fx.negate();
  }
  // e^x = 10^n · e^r with n = floor(x / ln 10) and 0 <= r < ln 10.
  const BigInt ln10 = f.ln10();
  BigInt n, rest;
  BigInt::divide(fx, ln10, n, rest);
  if (rest.negative()) {
    n = BigInt::subtract(n, BigInt::from_int64(1));
    rest = BigInt::add(rest, ln10);
  }
  const std::int64_t n10 = std::stoll(n.to_decimal());
  return round_to_digits(f.exp(rest, halvings), f.bits(), n10, digits, false);
}

Decimal decimal_log(const Decimal& x) {
  require_positive(x, "Natural log of number zero or less");
  check_argument(x);
  if (is_power_of_ten(x, 0)) return Decimal{};
  return logarithm(x, result_digits(x));
}

// big-math's log10: ln x and ln 10, each to two digits more, divided in that precision, the
// quotient then rounded: so log10(100) is 2 (an exact quotient), log10(1) a zero at ln 10's
// scale (0E+33), and the last digit is that of the double rounding.
Decimal decimal_log10(const Decimal& x) {
  require_positive(x, "Log10 of number zero or less");
  check_argument(x);
  const std::int64_t digits = result_digits(x), wider = digits + 2;
  if (is_power_of_ten(x, 0)) return Decimal{BigInt(), -(wider - 1)};
  const std::size_t bits = static_cast<std::size_t>(static_cast<double>(wider + 6) * kBitsPerDigit) + 128;
  const Fixed f(bits);
  const Decimal ln10 = round_to_digits(f.ln10(), bits, 0, wider, false);
  const Decimal quotient = java_divide(logarithm(x, wider), ln10, wider);
  const bool negative = quotient.unscaled.negative();
  BigInt magnitude = quotient.unscaled;
  if (negative) magnitude.negate();
  return round_half_even(std::move(magnitude), quotient.scale, digits, false, negative);
}

Decimal decimal_abs(const Decimal& x) {
  Decimal r = x;
  if (r.unscaled.negative()) r.unscaled.negate();
  return r;
}

Decimal decimal_round(const Decimal& x) {
  if (x.unscaled.is_zero()) return Decimal{};
  check_argument(x);
  if (x.scale <= 0) return Decimal{decimal_to_integer(x), 0};
  // Below 0.1 in magnitude: 0, without building 10^scale for a tiny number.
  if (x.scale > digits_of(x.unscaled) + 1) return Decimal{};
  const BigInt unit = BigInt::pow10(static_cast<std::size_t>(x.scale));
  BigInt q, r;
  BigInt::divide(x.unscaled, unit, q, r);
  if (r.negative()) r.negate();
  if (BigInt::compare(BigInt::add(r, r), unit) >= 0)  // HALF_UP: ties away from zero
    q = BigInt::add(q, BigInt::from_int64(x.unscaled.negative() ? -1 : 1));
  return Decimal{q, 0};
}

BigInt decimal_to_integer(const Decimal& x) {
  if (x.unscaled.is_zero()) return BigInt();
  if (x.scale <= 0) {
    if (digits_of(x.unscaled) - x.scale > kMaxScaledDigits)
      throw ArithmeticError("BigInteger would overflow supported range");
    return BigInt::multiply(x.unscaled, BigInt::pow10(static_cast<std::size_t>(-x.scale)));
  }
  if (x.scale > digits_of(x.unscaled)) return BigInt();
  BigInt q, r;
  BigInt::divide(x.unscaled, BigInt::pow10(static_cast<std::size_t>(x.scale)), q, r);
  return q;
}

BigInt varint_exp(const BigInt& x) { return decimal_to_integer(decimal_exp(Decimal{x, 0})); }

BigInt varint_log(const BigInt& x) {
  if (x.negative() || x.is_zero()) throw ArithmeticError("Natural log of number zero or less");
  return decimal_to_integer(decimal_log(Decimal{x, 0}));
}

BigInt varint_log10(const BigInt& x) {
  if (x.negative() || x.is_zero()) throw ArithmeticError("Log10 of number zero or less");
  return decimal_to_integer(decimal_log10(Decimal{x, 0}));
}

}  // namespace cqlbox::types
