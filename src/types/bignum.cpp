#include "types/bignum.hpp"

#include <algorithm>

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

std::optional<BigInt> BigInt::from_decimal(std::string_view text) {
  BigInt r;
  bool neg = false;
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) neg = text[i++] == '-';
  if (i == text.size()) return std::nullopt;
  // Nine digits per pass (10^9 < 2^32): a million-digit literal takes a second, not a minute.
  static constexpr std::uint32_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
                                             1000000000};
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

}  // namespace cqlbox::types
