#include "types/bignum.hpp"

#include <algorithm>
#include <stdexcept>

namespace cqlbox::types {

void BigInt::trim() {
  while (!mag_.empty() && mag_.back() == 0) mag_.pop_back();
  if (mag_.empty()) neg_ = false;
}

void BigInt::multiply_small(std::uint32_t m) {
  std::uint64_t carry = 0;
  for (auto& limb : mag_) {
    std::uint64_t v = std::uint64_t{limb} * m + carry;
    limb = static_cast<std::uint32_t>(v);
    carry = v >> 32;
  }
  if (carry) mag_.push_back(static_cast<std::uint32_t>(carry));
  trim();
}

void BigInt::add_small(std::uint32_t a) {
  std::uint64_t carry = a;
  for (std::size_t i = 0; i < mag_.size() && carry; ++i) {
    std::uint64_t v = std::uint64_t{mag_[i]} + carry;
    mag_[i] = static_cast<std::uint32_t>(v);
    carry = v >> 32;
  }
  if (carry) mag_.push_back(static_cast<std::uint32_t>(carry));
}

std::uint32_t BigInt::divide_small(std::uint32_t d) {
  std::uint64_t rem = 0;
  for (std::size_t i = mag_.size(); i-- > 0;) {
    std::uint64_t cur = (rem << 32) | mag_[i];
    mag_[i] = static_cast<std::uint32_t>(cur / d);
    rem = cur % d;
  }
  trim();
  return static_cast<std::uint32_t>(rem);
}

void BigInt::shift_left(std::size_t bits) {
  if (mag_.empty() || bits == 0) return;
  const std::size_t limbs = bits / 32, rest = bits % 32;
  if (rest) {
    std::uint32_t carry = 0;
    for (auto& limb : mag_) {
      const std::uint32_t next = limb >> (32 - rest);
      limb = (limb << rest) | carry;
      carry = next;
    }
    if (carry) mag_.push_back(carry);
  }
  mag_.insert(mag_.begin(), limbs, 0u);
}

void BigInt::shift_right(std::size_t bits) {
  const std::size_t limbs = bits / 32, rest = bits % 32;
  if (limbs >= mag_.size()) {
    mag_.clear();
    neg_ = false;
    return;
  }
  mag_.erase(mag_.begin(), mag_.begin() + static_cast<std::ptrdiff_t>(limbs));
  if (rest) {
    for (std::size_t i = 0; i < mag_.size(); ++i)
      mag_[i] = (mag_[i] >> rest) | (i + 1 < mag_.size() ? mag_[i + 1] << (32 - rest) : 0u);
  }
  trim();
}

std::optional<BigInt> BigInt::from_decimal(std::string_view text) {
  BigInt r;
  bool neg = false;
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) neg = text[i++] == '-';
  if (i == text.size()) return std::nullopt;
  // Nine digits per pass (10^9 < 2^32): a million-digit literal takes a second, not a minute.
  static constexpr std::uint32_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};
  while (i < text.size()) {
    const std::size_t n = std::min<std::size_t>(9, text.size() - i);
    std::uint32_t chunk = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const char c = text[i + k];
      if (c < '0' || c > '9') return std::nullopt;
      chunk = chunk * 10 + static_cast<std::uint32_t>(c - '0');
    }
    r.multiply_small(kPow10[n]);
    r.add_small(chunk);
    i += n;
  }
  r.trim();
  r.neg_ = neg && !r.is_zero();
  return r;
}

std::string BigInt::to_decimal() const {
  if (is_zero()) return "0";
  BigInt t = *this;
  std::string digits;
  while (!t.is_zero()) {
    std::uint32_t rem = t.divide_small(1000000000);
    for (int k = 0; k < 9; ++k) {
      digits += static_cast<char>('0' + rem % 10);
      rem /= 10;
      if (t.is_zero() && rem == 0) break;
    }
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  if (neg_) digits += '-';
  std::reverse(digits.begin(), digits.end());
  return digits;
}

BigInt BigInt::from_twos_complement(std::string_view bytes) {
  BigInt r;
  if (bytes.empty()) return r;
  bool neg = static_cast<unsigned char>(bytes[0]) & 0x80;
  // Magnitude of a negative number is the two's complement of its bytes.
  std::vector<unsigned char> b(bytes.begin(), bytes.end());
  if (neg) {
    for (auto& x : b) x = static_cast<unsigned char>(~x);
    for (std::size_t i = b.size(); i-- > 0;)
      if (++b[i] != 0) break;
  }
  r.mag_.assign((b.size() + 3) / 4, 0);
  for (std::size_t i = 0; i < b.size(); ++i) {
    std::size_t pos = b.size() - 1 - i;  // byte significance
    r.mag_[pos / 4] |= std::uint32_t{b[i]} << (8 * (pos % 4));
  }
  r.trim();
  r.neg_ = neg && !r.is_zero();
  return r;
}

std::string BigInt::to_twos_complement() const {
  std::vector<unsigned char> le;  // little-endian magnitude bytes
  for (auto limb : mag_)
    for (int k = 0; k < 4; ++k) le.push_back(static_cast<unsigned char>(limb >> (8 * k)));
  while (!le.empty() && le.back() == 0) le.pop_back();
  if (neg_) {
    for (auto& x : le) x = static_cast<unsigned char>(~x);
    for (auto& x : le)
      if (++x != 0) break;
    // Minimal form: drop redundant 0xff while the next byte keeps the sign bit.
    while (le.size() > 1 && le.back() == 0xff && (le[le.size() - 2] & 0x80)) le.pop_back();
    if (le.empty() || !(le.back() & 0x80)) le.push_back(0xff);
  } else {
    if (le.empty() || (le.back() & 0x80)) le.push_back(0);
  }
  return std::string(le.rbegin(), le.rend());
}

int BigInt::compare_magnitude(const BigInt& a, const BigInt& b) {
  if (a.mag_.size() != b.mag_.size()) return a.mag_.size() < b.mag_.size() ? -1 : 1;
  for (std::size_t i = a.mag_.size(); i-- > 0;)
    if (a.mag_[i] != b.mag_[i]) return a.mag_[i] < b.mag_[i] ? -1 : 1;
  return 0;
}

int BigInt::compare(const BigInt& a, const BigInt& b) {
  if (a.neg_ != b.neg_) return a.neg_ ? -1 : 1;
  int c = compare_magnitude(a, b);
  return a.neg_ ? -c : c;
}

std::string decimal_to_string(std::string_view bytes) {
  if (bytes.size() < 4) return "";
  std::uint32_t uscale = 0;
  for (int i = 0; i < 4; ++i) uscale = (uscale << 8) | static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]);
  const auto scale = static_cast<std::int32_t>(uscale);
  std::string digits = BigInt::from_twos_complement(bytes.substr(4)).to_decimal();
  std::string sign;
  if (digits[0] == '-') {
    sign = "-";
    digits.erase(0, 1);
  }
  const auto n = static_cast<std::int64_t>(digits.size());
  const std::int64_t exponent = -static_cast<std::int64_t>(scale);
  const std::int64_t adjusted = exponent + n - 1;
  if (exponent <= 0 && adjusted >= -6) {
    if (exponent == 0) return sign + digits;
    const std::int64_t point = n + exponent;  // digits before the point
    if (point > 0)
      return sign + digits.substr(0, static_cast<std::size_t>(point)) + "." +
             digits.substr(static_cast<std::size_t>(point));
    return sign + "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
  }
  std::string out = sign + digits.substr(0, 1);
  if (n > 1) out += "." + digits.substr(1);
  out += adjusted >= 0 ? "E+" : "E-";
  out += std::to_string(adjusted >= 0 ? adjusted : -adjusted);
  return out;
}

BigInt BigInt::from_int64(std::int64_t v) {
  BigInt r;
  const bool neg = v < 0;
  std::uint64_t m = neg ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
  while (m) {
    r.mag_.push_back(static_cast<std::uint32_t>(m));
    m >>= 32;
  }
  r.neg_ = neg;
  return r;
}

BigInt BigInt::add_magnitudes(const BigInt& a, const BigInt& b) {
  BigInt r;
  const std::size_t n = std::max(a.mag_.size(), b.mag_.size());
  r.mag_.resize(n);
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t v =
        std::uint64_t{i < a.mag_.size() ? a.mag_[i] : 0u} + (i < b.mag_.size() ? b.mag_[i] : 0u) + carry;
    r.mag_[i] = static_cast<std::uint32_t>(v);
    carry = v >> 32;
  }
  if (carry) r.mag_.push_back(static_cast<std::uint32_t>(carry));
  return r;
}

BigInt BigInt::subtract_magnitudes(const BigInt& a, const BigInt& b) {
  BigInt r;
  r.mag_.resize(a.mag_.size());
  std::int64_t borrow = 0;
  for (std::size_t i = 0; i < a.mag_.size(); ++i) {
    std::int64_t v = std::int64_t{a.mag_[i]} - (i < b.mag_.size() ? std::int64_t{b.mag_[i]} : 0) - borrow;
    borrow = v < 0 ? 1 : 0;
    if (v < 0) v += std::int64_t{1} << 32;
    r.mag_[i] = static_cast<std::uint32_t>(v);
  }
  r.trim();
  return r;
}

BigInt BigInt::add(const BigInt& a, const BigInt& b) {
  BigInt r;
  if (a.neg_ == b.neg_) {
    r = add_magnitudes(a, b);
    r.neg_ = a.neg_;
  } else if (compare_magnitude(a, b) >= 0) {
    r = subtract_magnitudes(a, b);
    r.neg_ = a.neg_;
  } else {
    r = subtract_magnitudes(b, a);
    r.neg_ = b.neg_;
  }
  r.trim();
  return r;
}

BigInt BigInt::subtract(const BigInt& a, const BigInt& b) {
  BigInt nb = b;
  nb.negate();
  return add(a, nb);
}

BigInt BigInt::multiply(const BigInt& a, const BigInt& b) {
  BigInt r;
  if (a.is_zero() || b.is_zero()) return r;
  r.mag_.assign(a.mag_.size() + b.mag_.size(), 0);
  for (std::size_t i = 0; i < a.mag_.size(); ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; j < b.mag_.size(); ++j) {
      const std::uint64_t v = std::uint64_t{a.mag_[i]} * b.mag_[j] + r.mag_[i + j] + carry;
      r.mag_[i + j] = static_cast<std::uint32_t>(v);
      carry = v >> 32;
    }
    for (std::size_t k = i + b.mag_.size(); carry; ++k) {
      const std::uint64_t v = std::uint64_t{r.mag_[k]} + carry;
      r.mag_[k] = static_cast<std::uint32_t>(v);
      carry = v >> 32;
    }
  }
  r.neg_ = a.neg_ != b.neg_;
  r.trim();
  return r;
}

// Shift-and-subtract long division on the magnitudes, a bit at a time: the operands are a
// statement's numbers, not cryptographic keys.
void BigInt::divide(const BigInt& a, const BigInt& b, BigInt& quotient, BigInt& remainder) {
  quotient = BigInt();
  remainder = BigInt();
  if (compare_magnitude(a, b) < 0) {
    remainder = a;
    return;
  }
  if (b.mag_.size() == 1) {  // one limb: the fast path
    quotient = a;
    quotient.neg_ = false;
    const std::uint32_t rem = quotient.divide_small(b.mag_[0]);
    quotient.neg_ = a.neg_ != b.neg_ && !quotient.is_zero();
    remainder = from_int64(rem);
    remainder.neg_ = a.neg_ && !remainder.is_zero();
    return;
  }
  BigInt divisor = b;
  divisor.neg_ = false;
  quotient.mag_.assign(a.mag_.size(), 0);
  for (std::size_t bit = a.bit_length(); bit-- > 0;) {
    // remainder = remainder * 2 + next bit
    std::uint32_t carry = (a.mag_[bit / 32] >> (bit % 32)) & 1u;
    for (auto& limb : remainder.mag_) {
      const std::uint32_t next = limb >> 31;
      limb = (limb << 1) | carry;
      carry = next;
    }
    if (carry) remainder.mag_.push_back(carry);
    if (compare_magnitude(remainder, divisor) >= 0) {
      remainder = subtract_magnitudes(remainder, divisor);
      quotient.mag_[bit / 32] |= 1u << (bit % 32);
    }
  }
  quotient.trim();
  remainder.trim();
  quotient.neg_ = a.neg_ != b.neg_ && !quotient.is_zero();
  remainder.neg_ = a.neg_ && !remainder.is_zero();
}

BigInt BigInt::pow10(std::size_t n) {
  BigInt r = from_int64(1);
  for (; n >= 9; n -= 9) r.multiply_small(1000000000);
  static constexpr std::uint32_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
  r.multiply_small(kPow10[n]);
  return r;
}

std::size_t BigInt::decimal_digits() const {
  const std::string d = to_decimal();
  return d.size() - (d[0] == '-' ? 1 : 0);
}

Decimal Decimal::from_bytes(std::string_view bytes) {
  Decimal d;
  if (bytes.size() < 4) return d;
  std::uint32_t uscale = 0;
  for (int i = 0; i < 4; ++i) uscale = (uscale << 8) | static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]);
  d.scale = static_cast<std::int32_t>(uscale);
  d.unscaled = BigInt::from_twos_complement(bytes.substr(4));
  return d;
}

std::string Decimal::to_bytes() const {
  if (scale > INT32_MAX || scale < INT32_MIN) throw std::domain_error("Overflow");
  const auto s = static_cast<std::uint32_t>(static_cast<std::int32_t>(scale));
  std::string out;
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((s >> shift) & 0xFF);
  return out + unscaled.to_twos_complement();
}

std::optional<Decimal> Decimal::from_text(std::string_view text) {
  std::size_t i = 0;
  std::string digits;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) digits += text[i++];
  std::int64_t scale = 0;
  bool point = false, any = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      digits += c;
      any = true;
      if (point) ++scale;
    } else if (c == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (!any) return std::nullopt;
  if (i < text.size()) {
    if (text[i] != 'e' && text[i] != 'E') return std::nullopt;
    const std::string exponent(text.substr(i + 1));
    if (exponent.empty() || exponent.size() > 10) return std::nullopt;
    char* end = nullptr;
    const long long e = std::strtoll(exponent.c_str(), &end, 10);
    if (*end != '\0') return std::nullopt;
    scale -= e;
  }
  auto unscaled = BigInt::from_decimal(digits);
  if (!unscaled) return std::nullopt;
  return Decimal{*unscaled, scale};
}

namespace {

// `d` with its unscaled value multiplied up to `scale` (>= d.scale). Zero stays zero at once
// (BigDecimal.ZERO.add(1E-999999999) is immediate in Java too).
BigInt rescaled(const Decimal& d, std::int64_t scale) {
  if (d.unscaled.is_zero() || scale == d.scale) return d.unscaled;
  if (scale - d.scale > kMaxScaledDigits) throw ArithmeticError("BigInteger would overflow supported range");
  return BigInt::multiply(d.unscaled, BigInt::pow10(static_cast<std::size_t>(scale - d.scale)));
}

// Trailing zeros dropped while the scale stays above `preferred` (BigDecimal's
// createAndStripZerosToMatchScale).
Decimal strip_zeros(Decimal d, std::int64_t preferred) {
  const BigInt ten = BigInt::from_int64(10);
  while (d.scale > preferred && !d.unscaled.is_zero()) {
    BigInt q, r;
    BigInt::divide(d.unscaled, ten, q, r);
    if (!r.is_zero()) break;
    d.unscaled = q;
    --d.scale;
  }
  if (d.unscaled.is_zero() && d.scale > preferred) d.scale = preferred;
  return d;
}

}  // namespace

Decimal decimal_add(const Decimal& a, const Decimal& b) {
  const std::int64_t scale = std::max(a.scale, b.scale);
  return Decimal{BigInt::add(rescaled(a, scale), rescaled(b, scale)), scale};
}

Decimal decimal_subtract(const Decimal& a, const Decimal& b) {
  const std::int64_t scale = std::max(a.scale, b.scale);
  return Decimal{BigInt::subtract(rescaled(a, scale), rescaled(b, scale)), scale};
}

Decimal decimal_multiply(const Decimal& a, const Decimal& b) {
  return Decimal{BigInt::multiply(a.unscaled, b.unscaled), a.scale + b.scale};
}

Decimal decimal_divide(const Decimal& a, const Decimal& b) {
  // BigDecimal.divide(divisor, scale, HALF_UP) has no zero check of its own: a zero dividend
  // divides as a long ("/ by zero"), any other overflows into BigInteger's division.
  if (b.unscaled.is_zero()) throw std::domain_error(a.unscaled.is_zero() ? "/ by zero" : "BigInteger divide by zero");
  // DecimalType.divide: a scale that leaves 32 significant digits after the quotient's first
  // one (at least 32, at least either operand's, at most 1000), HALF_UP, then every trailing
  // zero stripped (the scale may go negative: 600 / 2 is 3E+2).
  const auto precision = [](const Decimal& d) { return static_cast<std::int64_t>(d.unscaled.decimal_digits()); };
  const std::int64_t first_digit = (precision(a) - a.scale) - (precision(b) - b.scale);
  std::int64_t scale = std::max({32 - first_digit, a.scale, b.scale, std::int64_t{32}});
  scale = std::min<std::int64_t>(scale, 1000);
  // a / b at `scale`: ua·10^(sb + scale − sa) / ub, the power on whichever side it is positive.
  const std::int64_t e = b.scale + scale - a.scale;
  BigInt num = a.unscaled, den = b.unscaled;
  if (e >= 0)
    num = BigInt::multiply(num, BigInt::pow10(static_cast<std::size_t>(e)));
  else
    den = BigInt::multiply(den, BigInt::pow10(static_cast<std::size_t>(-e)));
  BigInt q, r;
  BigInt::divide(num, den, q, r);
  if (!r.is_zero()) {  // HALF_UP: away from zero when the remainder is at least half the divisor
    BigInt twice = BigInt::multiply(r, BigInt::from_int64(2));
    if (twice.negative()) twice.negate();
    BigInt whole = den;
    if (whole.negative()) whole.negate();
    if (BigInt::compare(twice, whole) >= 0)
      q = BigInt::add(q, BigInt::from_int64(num.negative() != den.negative() ? -1 : 1));
  }
  if (q.is_zero()) return Decimal{BigInt(), 0};  // stripTrailingZeros of zero is BigDecimal.ZERO
  return strip_zeros(Decimal{q, scale}, INT64_MIN);
}

Decimal decimal_remainder(const Decimal& a, const Decimal& b) {
  if (b.unscaled.is_zero()) throw std::domain_error(a.unscaled.is_zero() ? "Division undefined" : "Division by zero");
  // this - divideToIntegralValue(divisor) × divisor, at the scales BigDecimal gives them.
  const std::int64_t scale = std::max(a.scale, b.scale);
  BigInt q, r;
  BigInt::divide(rescaled(a, scale), rescaled(b, scale), q, r);
  const std::int64_t preferred = a.scale - b.scale;
  std::int64_t q_scale = preferred;
  if (preferred < 0) q_scale = strip_zeros(Decimal{q, 0}, preferred).scale;
  const std::int64_t out_scale = std::max(a.scale, q_scale + b.scale);
  if (out_scale >= scale) return Decimal{rescaled(Decimal{r, scale}, out_scale), out_scale};
  BigInt exact, rest;  // a − q·b is a multiple of 10^-out_scale: the division is exact
  BigInt::divide(r, BigInt::pow10(static_cast<std::size_t>(scale - out_scale)), exact, rest);
  return Decimal{exact, out_scale};
}

Decimal decimal_running_average(const Decimal& avg, const Decimal& x, std::int64_t n) {
  const Decimal a = decimal_subtract(x, avg);
  const BigInt d = BigInt::from_int64(n);
  BigInt q, r;
  BigInt::divide(a.unscaled, d, q, r);
  if (r.negative()) r.negate();
  const int half = BigInt::compare(BigInt::add(r, r), d);
  if (half > 0 || (half == 0 && q.odd())) q = BigInt::add(q, BigInt::from_int64(a.unscaled.negative() ? -1 : 1));
  return decimal_add(avg, Decimal{q, a.scale});
}

}  // namespace cqlbox::types
