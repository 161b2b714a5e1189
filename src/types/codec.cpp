#include "types/codec.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "error/cql_error.hpp"
#include "types/bignum.hpp"
#include "types/bytes.hpp"
#include "types/temporal.hpp"
#include "util/bit_cast.hpp"

namespace cqlbox::types {

using error::invalid;

std::string_view constant_kind_name(ConstantKind kind) noexcept {
  switch (kind) {
    case ConstantKind::String: return "STRING";
    case ConstantKind::Integer: return "INTEGER";
    case ConstantKind::Float: return "FLOAT";
    case ConstantKind::Uuid: return "UUID";
    case ConstantKind::Boolean: return "BOOLEAN";
    case ConstantKind::Hex: return "HEX";
    case ConstantKind::Duration: return "DURATION";
  }
  return "?";
}

namespace {

// Which constant kinds each type accepts (Constants.Literal.testAssignment).
bool accepts(Kind type, ConstantKind kind) {
  switch (kind) {
    case ConstantKind::String:
      return type == Kind::Ascii || type == Kind::Text || type == Kind::Inet || type == Kind::Date ||
             type == Kind::Time || type == Kind::Timestamp;
    case ConstantKind::Integer:
      return type == Kind::Bigint || type == Kind::Counter || type == Kind::Date || type == Kind::Decimal ||
             type == Kind::Double || type == Kind::Duration || type == Kind::Float || type == Kind::Int ||
             type == Kind::Smallint || type == Kind::Time || type == Kind::Timestamp || type == Kind::Tinyint ||
             type == Kind::Varint;
    case ConstantKind::Float: return type == Kind::Decimal || type == Kind::Double || type == Kind::Float;
    case ConstantKind::Uuid: return type == Kind::Uuid || type == Kind::Timeuuid;
    case ConstantKind::Boolean: return type == Kind::Boolean;
    case ConstantKind::Hex: return type == Kind::Blob;
    case ConstantKind::Duration: return type == Kind::Duration;
  }
  return false;
}

// Java's Integer.parseInt & co.: optional sign, decimal digits, within [lo, hi].
bool parse_int64(std::string_view t, std::int64_t lo, std::int64_t hi, std::int64_t& out) {
  if (!t.empty() && t[0] == '+') t.remove_prefix(1);
  // Up to 18 digits cannot overflow: read them by hand (from_chars' checks are a third of an
  // INSERT's binding).
  const bool neg = !t.empty() && t[0] == '-';
  const std::size_t first = neg ? 1 : 0;
  if (t.size() > first && t.size() - first <= 18) {
    std::int64_t v = 0;
    std::size_t i = first;
    for (; i < t.size(); ++i) {
      const unsigned d = static_cast<unsigned char>(t[i]) - unsigned{'0'};
      if (d > 9) break;
      v = v * 10 + static_cast<std::int64_t>(d);
    }
    if (i == t.size()) {
      out = neg ? -v : v;
      return out >= lo && out <= hi;
    }
  }
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
  return ec == std::errc() && p == t.data() + t.size() && !t.empty() && out >= lo && out <= hi;
}

std::string encode_integer(Kind k, std::string_view t) {
  std::int64_t v = 0;
  switch (k) {
    case Kind::Int:
      if (!parse_int64(t, INT32_MIN, INT32_MAX, v)) invalid("Unable to make int from '{}'", t);
      return be_bytes(static_cast<std::int32_t>(v));
    case Kind::Bigint:
    case Kind::Counter:
      if (!parse_int64(t, INT64_MIN, INT64_MAX, v)) invalid("Unable to make long from '{}'", t);
      return be_bytes(v);
    case Kind::Smallint:
      if (!parse_int64(t, INT16_MIN, INT16_MAX, v)) invalid("Unable to make short from '{}'", t);
      return be_bytes(static_cast<std::int16_t>(v));
    case Kind::Tinyint:
      if (!parse_int64(t, INT8_MIN, INT8_MAX, v)) invalid("Unable to make byte from '{}'", t);
      return be_bytes(static_cast<std::int8_t>(v));
    default: break;
  }
  auto big = BigInt::from_decimal(t);
  if (!big) invalid("unable to make int from '{}'", t);
  return big->to_twos_complement();
}

__extension__ typedef unsigned __int128 U128;  // (GCC and Clang, the browser edition's too)

// 10^d shifted up until its top bit is set, by `shift` bits, and its reciprocal for dividing by
// it without a division instruction (Möller and Granlund, "Improved division by invariant
// integers", 2011): floor((2^128 - 1) / divisor) - 2^64. A 128-bit division took as long as
// from_chars' whole parse.
struct Pow10Divisor {
  std::uint64_t divisor = 0, reciprocal = 0;
  int shift = 0;
};
constexpr std::array<Pow10Divisor, 20> pow10_divisors() {
  std::array<Pow10Divisor, 20> out{};
  std::uint64_t p = 1;
  for (std::size_t d = 0; d < out.size(); ++d, p *= 10) {
    const int shift = std::countl_zero(p);
    const std::uint64_t normal = p << shift;
    out[d] = {normal, static_cast<std::uint64_t>(~U128{0} / normal), shift};  // (the 2^64 drops off)
  }
  return out;
}
constexpr std::array<Pow10Divisor, 20> kPow10Divisors = pow10_divisors();

// (high, low) / by.divisor, the paper's 2-by-1 division: the quotient, and whether a remainder
// is left. REQUIRES: high < by.divisor (the quotient fits 64 bits).
std::uint64_t divide_2by1(std::uint64_t high, std::uint64_t low, const Pow10Divisor& by, bool& remainder) {
  U128 q = static_cast<U128>(by.reciprocal) * high;
  q += (static_cast<U128>(high) << 64) | low;
  auto q1 = static_cast<std::uint64_t>(q >> 64) + 1;
  const auto q0 = static_cast<std::uint64_t>(q);
  std::uint64_t r = low - q1 * by.divisor;
  if (r > q0) {
    --q1;
    r += by.divisor;
  }
  if (r >= by.divisor) {
    ++q1;
    r -= by.divisor;
  }
  remainder = r != 0;
  return q1;
}

// w / 10^d rounded once to the nearest double, ties to even, as a correct parse rounds the
// decimal w·10^-d: w is shifted so that the quotient has 63 or 64 bits, and those bits with the
// remainder (the sticky bit: is anything left below them?) decide the rounding exactly, in
// integers, the same on every machine. REQUIRES: 0 < w, d <= 19.
double divide_by_pow10(std::uint64_t w, unsigned d) {
  const Pow10Divisor& by = kPow10Divisors[d];
  // w (of a bits) shifted to bit 126 over 10^d shifted to bit 63: the quotient q is
  // w·2^s / 10^d for s = 127 - a - by.shift, in (2^62, 2^64), and the value is q·2^-s.
  const int a = static_cast<int>(std::bit_width(w));
  const int s = 127 - a - by.shift;
  const U128 n = static_cast<U128>(w) << (127 - a);
  bool sticky = false;
  const std::uint64_t q = divide_2by1(static_cast<std::uint64_t>(n >> 64), static_cast<std::uint64_t>(n), by, sticky);
  const int extra = static_cast<int>(std::bit_width(q)) - 53;  // q's bits below a double's 53 (10 or 11)
  std::uint64_t mantissa = q >> extra;
  const std::uint64_t low = q & ((std::uint64_t{1} << extra) - 1), half = std::uint64_t{1} << (extra - 1);
  int exponent = 52 + extra - s;  // the value is mantissa·2^(extra - s), mantissa in [2^52, 2^53)
  if (low > half || (low == half && (sticky || (mantissa & 1) != 0))) {
    if (++mantissa == std::uint64_t{1} << 53) {
      mantissa >>= 1;
      ++exponent;
    }
  }
  return util::bit_cast<double>(static_cast<std::uint64_t>(exponent + 1023) << 52 |
                                (mantissa & ((std::uint64_t{1} << 52) - 1)));
}

bool parse_double(std::string_view t, double& out) {
  if (t == "NaN") {
    out = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  if (t == "Infinity") {
    out = INFINITY;
    return true;
  }
  if (t == "-Infinity") {
    out = -INFINITY;
    return true;
  }
  // Digits without an exponent, at most 19 of them (most of what people and programs write):
  // with a mantissa of at most 2^53, Clinger's fast path (the mantissa and the power of ten are
  // both exact doubles, so one division rounds correctly); above, divide_by_pow10. Either gives
  // from_chars' value for a fraction of its cost.
  {
    const bool neg = !t.empty() && t[0] == '-';
    std::size_t i = neg ? 1 : 0;
    std::uint64_t w = 0;  // wraps past 19 digits, which are then refused by their count
    auto digits = [&] {
      const std::size_t from = i;
      for (unsigned d; i < t.size() && (d = static_cast<unsigned char>(t[i]) - unsigned{'0'}) <= 9; ++i) w = w * 10 + d;
      return i - from;
    };
    const std::size_t whole = digits();
    std::size_t decimals = 0;
    if (i < t.size() && t[i] == '.') {
      ++i;
      decimals = digits();
    }
    constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    if (i == t.size() && whole + decimals > 0 && whole + decimals <= 19) {
      // A mantissa past 2^53 (a double's 16th and 17th digits, as printed by most languages)
      // is not exact as a double: divided as integers instead.
      const double v = w <= (std::uint64_t{1} << 53) ? static_cast<double>(w) / kPow10[decimals]
                                                     : divide_by_pow10(w, static_cast<unsigned>(decimals));
      out = neg ? -v : v;
      return true;
    }
  }
  // Other plain decimal text through from_chars: no copy, no locale, and the same correctly
  // rounded value. Anything else (hex, "inf", overflow) keeps strtod's reading.
  auto plain = [](char c) {
    return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E';
  };
#if defined(__cpp_lib_to_chars)  // not in the browser edition's libc++ 13: strtod below
  if (!t.empty() && std::all_of(t.begin(), t.end(), plain)) {
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
    if (ec == std::errc() && end == t.data() + t.size()) return true;
  }
#else
  (void)plain;
#endif
  std::string s(t);
  char* end = nullptr;
  errno = 0;
  out = std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size();
}

// BigDecimal(String): [sign] digits [. digits] [e [sign] digits] -> (unscaled, scale).
std::string encode_decimal(std::string_view t) {
  std::string digits;
  std::size_t i = 0;
  bool neg = false;
  if (i < t.size() && (t[i] == '-' || t[i] == '+')) neg = t[i++] == '-';
  std::int64_t scale = 0;
  bool any = false, dot = false;
  for (; i < t.size(); ++i) {
    char c = t[i];
    if (c >= '0' && c <= '9') {
      digits += c;
      any = true;
      if (dot) ++scale;
    } else if (c == '.' && !dot)
      dot = true;
    else
      break;
  }
  if (!any) invalid("unable to make BigDecimal from '{}'", t);
  if (i < t.size()) {
    if (t[i] != 'e' && t[i] != 'E') invalid("unable to make BigDecimal from '{}'", t);
    std::int64_t e = 0;
    if (!parse_int64(t.substr(i + 1), INT32_MIN, INT32_MAX, e)) invalid("unable to make BigDecimal from '{}'", t);
    scale -= e;
  }
  auto unscaled = BigInt::from_decimal(digits);
  if (neg) unscaled->negate();
  std::string out = be_bytes(static_cast<std::int32_t>(scale));
  out += unscaled->to_twos_complement();
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool parse_uuid(std::string_view t, std::string& out) {
  if (t.size() != 36) return false;
  for (std::size_t i = 0; i < 36;) {
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (t[i] != '-') return false;
      ++i;
      continue;
    }
    int hi = hex_value(t[i]), lo = hex_value(t[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return true;
}

void append_vint(std::string& out, std::uint64_t v) {
  int magnitude = __builtin_clzll(v | 1);
  int size = (639 - magnitude * 9) >> 6;
  std::string buf(static_cast<std::size_t>(size), '\0');
  for (int i = size - 1; i >= 0; --i) {
    buf[static_cast<std::size_t>(i)] = static_cast<char>(v & 0xff);
    v >>= 8;
  }
  if (size > 1) buf[0] = static_cast<char>(static_cast<unsigned char>(buf[0]) | ~(0xffu >> (size - 1)));
  out += buf;
}

std::uint64_t zigzag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}

}  // namespace

bool constant_accepted(const CqlType& type, ConstantKind kind) noexcept { return accepts(type.kind, kind); }

std::string encode_duration(std::int64_t months, std::int64_t days, std::int64_t nanos) {
  std::string out;
  append_vint(out, zigzag(months));
  append_vint(out, zigzag(days));
  append_vint(out, zigzag(nanos));
  return out;
}

bool decode_duration(std::string_view b, std::int64_t& months, std::int64_t& days, std::int64_t& nanos) {
  std::size_t i = 0;
  auto read = [&](std::int64_t& v) {
    if (i >= b.size()) return false;
    auto first = static_cast<unsigned char>(b[i++]);
    int extra = 0;
    while (extra < 8 && (first & (0x80u >> extra))) ++extra;
    std::uint64_t u = extra == 8 ? 0 : (first & (0xffu >> (extra + 1)));
    for (int k = 0; k < extra; ++k) {
      if (i >= b.size()) return false;
      u = (u << 8) | static_cast<unsigned char>(b[i++]);
    }
    v = static_cast<std::int64_t>(u >> 1) ^ -static_cast<std::int64_t>(u & 1);
    return true;
  };
  return read(months) && read(days) && read(nanos) && i == b.size();
}

bool append_constant(const CqlType& type, ConstantKind kind, std::string_view text, std::string& out) {
  const Kind k = type.kind;
  std::int64_t v = 0;
  double d = 0;
  switch (kind) {
    case ConstantKind::Integer:
      switch (k) {
        case Kind::Int:
          if (!parse_int64(text, INT32_MIN, INT32_MAX, v)) return false;
          append_be(out, static_cast<std::int32_t>(v));
          return true;
        case Kind::Bigint:
          if (!parse_int64(text, INT64_MIN, INT64_MAX, v)) return false;
          append_be(out, v);
          return true;
        case Kind::Smallint:
          if (!parse_int64(text, INT16_MIN, INT16_MAX, v)) return false;
          append_be(out, static_cast<std::int16_t>(v));
          return true;
        case Kind::Tinyint:
          if (!parse_int64(text, INT8_MIN, INT8_MAX, v)) return false;
          append_be(out, static_cast<std::int8_t>(v));
          return true;
        case Kind::Double: break;
        default: return false;
      }
      [[fallthrough]];
    case ConstantKind::Float:
      if (k != Kind::Double || !parse_double(text, d)) return false;
      append_be(out, util::bit_cast<std::uint64_t>(d));
      return true;
    case ConstantKind::String:
      if (k != Kind::Text) return false;
      out.append(text);
      return true;
    case ConstantKind::Boolean:
      if (k != Kind::Boolean) return false;
      out += text[0] == 't' || text[0] == 'T' ? '\1' : '\0';
      return true;
    default: return false;
  }
}

std::string encode_constant(const CqlType& type, ConstantKind kind, std::string_view text, std::string_view column) {
  const Kind k = type.kind;
  if (std::string out; append_constant(type, kind, text, out)) return out;
  if (!accepts(k, kind))
    invalid("Invalid {} constant ({}) for \"{}\" of type {}", constant_kind_name(kind), text, column, type.name);
  switch (k) {
    case Kind::Int:
    case Kind::Bigint:
    case Kind::Counter:
    case Kind::Smallint:
    case Kind::Tinyint:
    case Kind::Varint: return encode_integer(k, text);
    case Kind::Float: {
      double d = 0;
      if (!parse_double(text, d)) invalid("Unable to make float from '{}'", text);
      float f = static_cast<float>(d);
      std::uint32_t bits = 0;
      std::memcpy(&bits, &f, 4);
      return be_bytes(bits);
    }
    case Kind::Double: {
      double d = 0;
      if (!parse_double(text, d)) invalid("Unable to make double from '{}'", text);
      std::uint64_t bits = 0;
      std::memcpy(&bits, &d, 8);
      return be_bytes(bits);
    }
    case Kind::Decimal: return encode_decimal(text);
    case Kind::Boolean: return std::string(1, text[0] == 't' || text[0] == 'T' ? '\1' : '\0');
    case Kind::Ascii:
      for (char c : text)
        if (static_cast<unsigned char>(c) > 0x7f)  // AsciiType.fromString appends Java's exception
          invalid(
              "Invalid ASCII character in string literal: java.nio.charset.UnmappableCharacterException: "
              "Input length = 1");
      return std::string(text);
    case Kind::Text: return std::string(text);
    case Kind::Blob: {
      std::string_view hex = text.substr(2);
      if (hex.size() % 2) invalid("cannot parse '{}' as hex bytes", hex);
      std::string out;
      for (std::size_t i = 0; i < hex.size(); i += 2)
        out += static_cast<char>(hex_value(hex[i]) * 16 + hex_value(hex[i + 1]));
      return out;
    }
    case Kind::Uuid:
    case Kind::Timeuuid: {
      std::string out;
      if (!parse_uuid(text, out)) invalid("Unable to make UUID from '{}'", text);
      if (k == Kind::Timeuuid && (static_cast<unsigned char>(out[6]) >> 4) != 1)
        invalid("TimeUUID supports only version 1 UUIDs");
      return out;
    }
    case Kind::Timestamp: {
      auto ms = parse_timestamp_ms(text);
      if (!ms) invalid("Unable to parse a date/time from '{}'", text);
      return be_bytes(*ms);
    }
    case Kind::Date: {
      std::int64_t days = 0;
      // A number, bare or as a string, is the raw unsigned day count (2^31 = 1970-01-01):
      // SimpleDateSerializer's rawPattern.
      const bool raw = !text.empty() &&
                       text.find_first_not_of("0123456789", text[0] == '-' ? 1 : 0) == std::string_view::npos &&
                       text != "-";
      if (kind == ConstantKind::Integer || raw) {
        if (!parse_int64(text, 0, UINT32_MAX, days)) invalid("Unable to make unsigned int (for date) from: '{}'", text);
        return be_bytes(static_cast<std::uint32_t>(days));
      }
      auto d = parse_date_days(text);
      if (!d || *d < INT32_MIN || *d > INT32_MAX) invalid("Unable to coerce '{}' to a formatted date (long)", text);
      return be_bytes(static_cast<std::uint32_t>(*d + 2147483648LL));
    }
    case Kind::Time: {
      std::int64_t ns = 0;
      if (kind == ConstantKind::Integer) {
        if (!parse_int64(text, 0, 86399999999999LL, ns)) invalid("Unable to make long (for time) from: '{}'", text);
        return be_bytes(ns);
      }
      auto t = parse_time_ns(text);
      if (!t) invalid("(TimeType) Unable to coerce '{}' to a formatted time (long)", text);
      return be_bytes(*t);
    }
    case Kind::Duration: {
      std::string error;
      auto d = parse_duration(text, &error);
      if (!d && !error.empty()) invalid("{}", error);
      if (!d) invalid("Unable to convert '{}' to a duration", text);
      return encode_duration(d->months, d->days, d->nanos);
    }
    case Kind::Inet: {
      std::string s(text);
      unsigned char buf[16];
      if (inet_pton(AF_INET, s.c_str(), buf) == 1) return std::string(reinterpret_cast<char*>(buf), 4);
      if (inet_pton(AF_INET6, s.c_str(), buf) == 1) return std::string(reinterpret_cast<char*>(buf), 16);
      invalid("Unable to make inet address from '{}'", text);
    }
    case Kind::List:
    case Kind::Set:
    case Kind::Map:
    case Kind::Tuple:
    case Kind::Udt:
    case Kind::Vector: break;  // never accepts a constant (see accepts())
  }
  invalid("Unsupported type {}", type.name);
}

}  // namespace cqlbox::types
