#include "types/compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <vector>

#include "types/bignum.hpp"
#include "types/collection.hpp"
#include "types/bytes.hpp"

namespace cqlbox::types {
namespace {

int sign(std::int64_t v) { return v < 0 ? -1 : v > 0 ? 1 : 0; }

int compare_bytes(std::string_view a, std::string_view b) {
  std::size_t n = a.size() < b.size() ? a.size() : b.size();
  int c = n ? std::memcmp(a.data(), b.data(), n) : 0;
  if (c != 0) return c;
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

double as_double(Kind k, std::string_view b) {
  if (k == Kind::Float) {
    auto bits = read_be<std::uint32_t>(b);
    float f = 0;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  auto bits = read_be<std::uint64_t>(b);
  double d = 0;
  std::memcpy(&d, &bits, 8);
  return d;
}

int compare_decimal(std::string_view a, std::string_view b) {
  auto sa = read_be<std::int32_t>(a), sb = read_be<std::int32_t>(b);
  BigInt ua = BigInt::from_twos_complement(a.substr(std::min<std::size_t>(4, a.size())));
  BigInt ub = BigInt::from_twos_complement(b.substr(std::min<std::size_t>(4, b.size())));
  const int sign_a = ua.is_zero() ? 0 : ua.negative() ? -1 : 1;
  const int sign_b = ub.is_zero() ? 0 : ub.negative() ? -1 : 1;
  if (sign_a != sign_b) return sign_a < sign_b ? -1 : 1;
  if (sign_a == 0) return 0;
  // Same sign. |u| * 10^-s has its decimal exponent in [(bits - 1) log10 2 - s, bits log10 2 - s):
  // when those ranges are apart, they decide, whatever the scales (1e1000000000 against
  // 1e-1000000000 once meant two billion multiplications). Otherwise the scales differ by at
  // most the operands' own digit counts, and the exact comparison below is cheap.
  constexpr double kLog10Of2 = 0.30102999566398120;
  const double low_a = static_cast<double>(ua.bit_length() - 1) * kLog10Of2 - sa;
  const double high_a = static_cast<double>(ua.bit_length()) * kLog10Of2 - sa;
  const double low_b = static_cast<double>(ub.bit_length() - 1) * kLog10Of2 - sb;
  const double high_b = static_cast<double>(ub.bit_length()) * kLog10Of2 - sb;
  if (high_a + 1e-6 < low_b) return -sign_a;  // |a| < |b|
  if (high_b + 1e-6 < low_a) return sign_a;
  // Bring both to the larger scale: x * 10^(s_max - s).
  for (std::int32_t s = sa; s < sb; ++s) ua.multiply_small(10);
  for (std::int32_t s = sb; s < sa; ++s) ub.multiply_small(10);
  return BigInt::compare(ua, ub);
}

// UUIDType: version first; time-based by timestamp; then the bytes.
int compare_uuid(std::string_view a, std::string_view b) {
  int va = static_cast<unsigned char>(a[6]) >> 4, vb = static_cast<unsigned char>(b[6]) >> 4;
  if (va != vb) return va - vb;
  if (va == 1) {
    auto ts = [](std::string_view u) {
      auto msb = read_be<std::uint64_t>(u);
      return ((msb & 0x0fff) << 48) | (((msb >> 16) & 0xffff) << 32) | (msb >> 32);
    };
    auto ta = ts(a), tb = ts(b);
    if (ta != tb) return ta < tb ? -1 : 1;
    // TimeUUIDType compares the remaining bytes as signed.
    auto la = read_be<std::int64_t>(a.substr(8)), lb = read_be<std::int64_t>(b.substr(8));
    return la < lb ? -1 : la > lb ? 1 : 0;
  }
  return compare_bytes(a, b);
}

}  // namespace

int compare_double(double x, double y) noexcept {
  if (x < y) return -1;
  if (x > y) return 1;
  std::uint64_t bx = 0, by = 0;
  std::memcpy(&bx, &x, 8);
  std::memcpy(&by, &y, 8);
  if (std::isnan(x)) bx = 0x7ff8000000000000ULL;
  if (std::isnan(y)) by = 0x7ff8000000000000ULL;
  auto sx = static_cast<std::int64_t>(bx), sy = static_cast<std::int64_t>(by);
  return sx < sy ? -1 : sx > sy ? 1 : 0;
}

int compare_values(Kind kind, std::string_view a, std::string_view b) noexcept {
  if (a.empty() || b.empty()) return a.empty() ? (b.empty() ? 0 : -1) : 1;
  switch (kind) {
    case Kind::Int: return sign(std::int64_t{read_be<std::int32_t>(a)} - read_be<std::int32_t>(b));
    case Kind::Bigint:
    case Kind::Counter:
    case Kind::Timestamp:
    case Kind::Time: {
      auto x = read_be<std::int64_t>(a), y = read_be<std::int64_t>(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case Kind::Smallint: return sign(read_be<std::int16_t>(a) - read_be<std::int16_t>(b));
    case Kind::Tinyint: return sign(read_be<std::int8_t>(a) - read_be<std::int8_t>(b));
    case Kind::Varint: return BigInt::compare(BigInt::from_twos_complement(a), BigInt::from_twos_complement(b));
    case Kind::Float:
    case Kind::Double: return compare_double(as_double(kind, a), as_double(kind, b));
    case Kind::Decimal: return compare_decimal(a, b);
    case Kind::Uuid:
    case Kind::Timeuuid: return compare_uuid(a, b);
    default: return compare_bytes(a, b);  // text, ascii, blob, boolean, date (unsigned), inet
  }
}

int compare_values(const CqlType& type, std::string_view a, std::string_view b) noexcept {
  if (type.kind == Kind::List || type.kind == Kind::Set || type.kind == Kind::Map) {
    if (a.empty() || b.empty()) return a.empty() ? (b.empty() ? 0 : -1) : 1;
    std::vector<std::string_view> ea, eb;
    decode_elements(a, ea, type.kind == Kind::Map);
    decode_elements(b, eb, type.kind == Kind::Map);
    for (std::size_t i = 0; i < ea.size() && i < eb.size(); ++i) {
      const CqlType& t = type.kind == Kind::Map ? *type.params[i % 2] : *type.params[0];
      int c = compare_values(t, ea[i], eb[i]);
      if (c != 0) return c;
    }
    return ea.size() < eb.size() ? -1 : ea.size() > eb.size() ? 1 : 0;
  }
  if (type.kind == Kind::Vector) {
    std::vector<std::string_view> ea, eb;
    decode_vector(a, type.params[0]->fixed_size, ea);
    decode_vector(b, type.params[0]->fixed_size, eb);
    for (std::size_t i = 0; i < ea.size() && i < eb.size(); ++i)
      if (int c = compare_values(*type.params[0], ea[i], eb[i]); c != 0) return c;
    return ea.size() < eb.size() ? -1 : ea.size() > eb.size() ? 1 : 0;
  }
  if (type.kind == Kind::Tuple || type.kind == Kind::Udt) {
    // TupleType.compareCustom: an empty value first; null before any value; a value written
    // before ALTER TYPE … ADD (fewer components) equals one whose extra components are null.
    if (a.empty() || b.empty()) return (b.empty() ? 1 : 0) - (a.empty() ? 1 : 0);
    std::vector<std::optional<std::string_view>> ca, cb;
    decode_tuple(a, ca);
    decode_tuple(b, cb);
    std::size_t i = 0;
    for (; i < ca.size() && i < cb.size() && i < type.params.size(); ++i) {
      if (!ca[i] || !cb[i]) {
        if (ca[i].has_value() != cb[i].has_value()) return ca[i] ? 1 : -1;
        continue;
      }
      int c = compare_values(*type.params[i], *ca[i], *cb[i]);
      if (c != 0) return c;
    }
    auto rest_null = [i](const std::vector<std::optional<std::string_view>>& c) {
      return std::all_of(c.begin() + static_cast<std::ptrdiff_t>(std::min(i, c.size())), c.end(),
                         [](const auto& part) { return !part.has_value(); });
    };
    if (rest_null(ca) && rest_null(cb)) return 0;
    if (i >= ca.size()) return rest_null(cb) ? 0 : -1;
    return rest_null(ca) ? 0 : 1;
  }
  return compare_values(type.kind, a, b);
}

}  // namespace cqlbox::types
