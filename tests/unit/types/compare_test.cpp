// compare_values: each type's natural order (Cassandra's AbstractType.compare), which drives
// clustering order (cassandra.md §8), IN ordering (§1.2) and range restrictions.
#include "types/compare.hpp"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "types/bytes.hpp"
#include "types/codec.hpp"

using cqlbox::types::be_bytes;
using cqlbox::types::compare_values;
using cqlbox::types::ConstantKind;
using cqlbox::types::Kind;

namespace {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

int sgn(int v) { return v < 0 ? -1 : v > 0 ? 1 : 0; }

std::string constant(Kind type, ConstantKind kind, std::string_view text) {
  return cqlbox::types::encode_constant(*cqlbox::types::native_type(type), kind, text, "v");
}
std::string varint(std::string_view text) { return constant(Kind::Varint, ConstantKind::Integer, text); }
std::string decimal(std::string_view text) { return constant(Kind::Decimal, ConstantKind::Float, text); }
std::string uuid(std::string_view text) { return constant(Kind::Uuid, ConstantKind::Uuid, text); }
std::string dbl(double d) { return be_bytes(std::bit_cast<std::uint64_t>(d)); }
std::string flt(float f) { return be_bytes(std::bit_cast<std::uint32_t>(f)); }

// Checks that `values` are strictly increasing under `kind`, pairwise.
void check_increasing(Kind kind, const std::vector<std::string>& values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (std::size_t j = 0; j < values.size(); ++j) {
      CAPTURE(i);
      CAPTURE(j);
      CHECK(sgn(compare_values(kind, values[i], values[j])) == (i < j ? -1 : i > j ? 1 : 0));
    }
  }
}

std::uint64_t test_seed() {
  if (const char* s = std::getenv("CQLBOX_TEST_SEED")) return std::strtoull(s, nullptr, 10);
  return 20240101;
}

std::string int128_text(Int128 v) {
  if (v == 0) return "0";
  const bool neg = v < 0;
  // Work on the magnitude as unsigned so the minimum value does not overflow.
  UInt128 u = neg ? UInt128(0) - static_cast<UInt128>(v) : static_cast<UInt128>(v);
  std::string digits;
  while (u != 0) {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return neg ? "-" + digits : digits;
}

}  // namespace

TEST_CASE("integers compare as signed numbers, not as bytes") {
  SUBCASE("int") {
    check_increasing(Kind::Int,
                     {be_bytes(std::int32_t{INT32_MIN}), be_bytes(std::int32_t{-1}), be_bytes(std::int32_t{0}),
                      be_bytes(std::int32_t{1}), be_bytes(std::int32_t{INT32_MAX})});
  }
  SUBCASE("bigint") {
    check_increasing(Kind::Bigint, {be_bytes(std::int64_t{INT64_MIN}), be_bytes(std::int64_t{-2}),
                                    be_bytes(std::int64_t{0}), be_bytes(std::int64_t{INT64_MAX})});
  }
  SUBCASE("smallint") {
    check_increasing(Kind::Smallint, {be_bytes(std::int16_t{INT16_MIN}), be_bytes(std::int16_t{-1}),
                                      be_bytes(std::int16_t{0}), be_bytes(std::int16_t{INT16_MAX})});
  }
  SUBCASE("tinyint") {
    check_increasing(Kind::Tinyint, {be_bytes(std::int8_t{-128}), be_bytes(std::int8_t{-1}), be_bytes(std::int8_t{0}),
                                     be_bytes(std::int8_t{127})});
  }
  SUBCASE("timestamp and time") {
    check_increasing(Kind::Timestamp,
                     {be_bytes(std::int64_t{-1000}), be_bytes(std::int64_t{0}), be_bytes(std::int64_t{1296705900000})});
    check_increasing(Kind::Time,
                     {be_bytes(std::int64_t{0}), be_bytes(std::int64_t{1}), be_bytes(std::int64_t{86399999999999})});
  }
}

TEST_CASE("varints compare by value whatever their length") {
  check_increasing(Kind::Varint, {varint("-18446744073709551616"), varint("-32769"), varint("-129"), varint("-128"),
                                  varint("-1"), varint("0"), varint("1"), varint("127"), varint("128"), varint("255"),
                                  varint("256"), varint("100000000000000000000000000")});
}

TEST_CASE("doubles follow Java's Double.compare: -0.0 before 0.0, NaN last") {
  const double inf = std::numeric_limits<double>::infinity();
  check_increasing(Kind::Double,
                   {dbl(-inf), dbl(-1e300), dbl(-1.5), dbl(-0.0), dbl(0.0),
                    dbl(std::numeric_limits<double>::denorm_min()), dbl(1.5), dbl(1e300), dbl(inf), dbl(std::nan(""))});
  SUBCASE("NaN equals NaN") { CHECK(compare_values(Kind::Double, dbl(std::nan("")), dbl(std::nan(""))) == 0); }
  SUBCASE("floats too") {
    const float finf = std::numeric_limits<float>::infinity();
    check_increasing(Kind::Float,
                     {flt(-finf), flt(-1.0f), flt(-0.0f), flt(0.0f), flt(1.1f), flt(finf), flt(std::nanf(""))});
  }
}

TEST_CASE("decimals compare by value across scales") {
  SUBCASE("1.5 equals 1.50") {
    CHECK(compare_values(Kind::Decimal, decimal("1.5"), decimal("1.50")) == 0);
    CHECK(compare_values(Kind::Decimal, decimal("150E-2"), decimal("1.5")) == 0);
    CHECK(compare_values(Kind::Decimal, decimal("0.0"), decimal("0")) == 0);
  }
  SUBCASE("ordering") {
    check_increasing(Kind::Decimal,
                     {decimal("-1E3"), decimal("-1.5"), decimal("-0.001"), decimal("0.0"), decimal("1E-14"),
                      decimal("1.49"), decimal("1.5"), decimal("2"), decimal("999.99"), decimal("1E3")});
  }
}

TEST_CASE("text, ascii, blob and inet compare as unsigned bytes") {
  check_increasing(Kind::Text, {"A", "Z", "a", "ab", "b", "z", "\xc3\xa9", "\xe6\x97\xa5"});
  check_increasing(Kind::Ascii, {"a", "aa", "b"});
  check_increasing(Kind::Blob, {std::string("\x00", 1), "\x7f", "\x80", std::string("\x80\x00", 2), "\xff"});
  check_increasing(Kind::Inet, {"\x0a\x00\x00\x01", "\x7f\x00\x00\x01", "\xc0\xa8\x00\x01"});
  CHECK(compare_values(Kind::Text, "same", "same") == 0);
}

TEST_CASE("booleans order false before true, dates by day") {
  check_increasing(Kind::Boolean, {std::string("\x00", 1), "\x01"});
  // Dates are unsigned with the epoch at 2^31: 1969-12-31 (7fffffff) < 1970-01-01 (80000000).
  check_increasing(Kind::Date, {constant(Kind::Date, ConstantKind::String, "0001-01-01"),
                                constant(Kind::Date, ConstantKind::String, "1969-12-31"),
                                constant(Kind::Date, ConstantKind::String, "1970-01-01"),
                                constant(Kind::Date, ConstantKind::String, "2024-01-01")});
}

TEST_CASE("timeuuids compare by their embedded time, not their bytes") {
  // Byte order says a > b, time order says a < b (time_low is the least significant part).
  const std::string a = uuid("ffffffff-0000-1000-8000-000000000000");
  const std::string b = uuid("00000000-0001-1000-8000-000000000000");
  CHECK(compare_values(Kind::Timeuuid, a, b) < 0);
  CHECK(compare_values(Kind::Timeuuid, b, a) > 0);
  SUBCASE("time_hi is the most significant part") {
    const std::string c = uuid("00000000-0000-1001-8000-000000000000");
    const std::string d = uuid("ffffffff-ffff-1000-8000-000000000000");
    CHECK(compare_values(Kind::Timeuuid, d, c) < 0);
  }
  SUBCASE("equal times fall back to the rest of the uuid") {
    const std::string e = uuid("50554d6e-29bb-11e5-b345-feff819cdc9f");
    CHECK(compare_values(Kind::Timeuuid, e, e) == 0);
  }
}

TEST_CASE("an empty value sorts before every non-empty one") {
  for (Kind k : {Kind::Bigint, Kind::Text, Kind::Blob, Kind::Varint, Kind::Double}) {
    CAPTURE(static_cast<int>(k));
    CHECK(compare_values(k, "", "") == 0);
    CHECK(compare_values(k, "", "\x80\x00\x00\x00\x00\x00\x00\x00") < 0);
    CHECK(compare_values(k, "\x80\x00\x00\x00\x00\x00\x00\x00", "") > 0);
  }
}

TEST_CASE("compare_values is a strict weak order that agrees with the numbers (seeded)") {
  const std::uint64_t seed = test_seed();
  CAPTURE(seed);  // rerun with CQLBOX_TEST_SEED=<seed>
  std::mt19937_64 rng(seed);

  // Each pool holds (bytes, a model comparison of the value it encodes).
  struct Sample {
    std::string bytes;
    Int128 integer = 0;  // integral kinds
    double real = 0;     // floating kinds
  };
  auto model_compare = [](Kind k, const Sample& a, const Sample& b) {
    if (k == Kind::Double) {
      const bool na = std::isnan(a.real), nb = std::isnan(b.real);
      if (na || nb) return na == nb ? 0 : na ? 1 : -1;
      if (a.real != b.real) return a.real < b.real ? -1 : 1;
      const bool sa = std::signbit(a.real), sb = std::signbit(b.real);
      return sa == sb ? 0 : sa ? -1 : 1;
    }
    return a.integer < b.integer ? -1 : a.integer > b.integer ? 1 : 0;
  };

  auto small = [&]() { return static_cast<std::int64_t>(rng() % 7) - 3; };  // many ties
  auto any64 = [&]() { return static_cast<std::int64_t>(rng()); };
  for (Kind kind : {Kind::Int, Kind::Bigint, Kind::Varint, Kind::Double}) {
    CAPTURE(static_cast<int>(kind));
    std::vector<Sample> pool;
    for (int i = 0; i < 60; ++i) {
      Sample s;
      switch (kind) {
        case Kind::Int: {
          auto v = static_cast<std::int32_t>(i % 3 == 0 ? small() : any64());
          s.bytes = be_bytes(v);
          s.integer = v;
          break;
        }
        case Kind::Bigint: {
          std::int64_t v = i % 3 == 0 ? small() : any64();
          s.bytes = be_bytes(v);
          s.integer = v;
          break;
        }
        case Kind::Varint: {
          // Mix tiny values, 64-bit values and up to 127-bit values to vary the byte length.
          Int128 v = 0;
          if (i % 3 == 0)
            v = small();
          else if (i % 3 == 1)
            v = any64() >> (rng() % 64);
          else
            v = static_cast<Int128>((UInt128{rng()} << 64) | rng()) >> (rng() % 100);
          s.bytes = varint(int128_text(v));
          s.integer = v;
          break;
        }
        default: {
          const double specials[] = {0.0,
                                     -0.0,
                                     std::nan(""),
                                     std::numeric_limits<double>::infinity(),
                                     -std::numeric_limits<double>::infinity(),
                                     1.0,
                                     -1.0};
          double v = i % 3 == 0 ? specials[rng() % 7] : std::bit_cast<double>(static_cast<std::uint64_t>(rng()));
          s.bytes = dbl(v);
          s.real = v;
          break;
        }
      }
      pool.push_back(s);
    }
    for (std::size_t i = 0; i < pool.size(); ++i) {
      CAPTURE(i);
      CHECK(compare_values(kind, pool[i].bytes, pool[i].bytes) == 0);  // irreflexive
      for (std::size_t j = 0; j < pool.size(); ++j) {
        CAPTURE(j);
        const int ij = sgn(compare_values(kind, pool[i].bytes, pool[j].bytes));
        REQUIRE(ij == -sgn(compare_values(kind, pool[j].bytes, pool[i].bytes)));  // antisymmetric
        REQUIRE(ij == model_compare(kind, pool[i], pool[j]));
        for (std::size_t k = 0; k < pool.size(); k += 7) {
          const int jk = sgn(compare_values(kind, pool[j].bytes, pool[k].bytes));
          const int ik = sgn(compare_values(kind, pool[i].bytes, pool[k].bytes));
          if (ij <= 0 && jk <= 0) REQUIRE(ik <= 0);  // transitive, incl. equivalence
          if (ij == 0 && jk == 0) REQUIRE(ik == 0);
        }
      }
    }
  }
}

TEST_CASE("decimals with far-apart exponents compare at once (no 10^(2·10^9) to build)") {
  const auto huge = decimal("19866597869857659876855e1000000000");
  const auto tiny = decimal("19866597869857659876855e-1000000000");
  const auto negative_tiny = decimal("-5e-1000000000");
  CHECK(compare_values(Kind::Decimal, huge, tiny) > 0);
  CHECK(compare_values(Kind::Decimal, tiny, huge) < 0);
  CHECK(compare_values(Kind::Decimal, negative_tiny, tiny) < 0);
  CHECK(compare_values(Kind::Decimal, decimal("-1e1000000000"), decimal("-1e-1000000000")) < 0);
  // Close magnitudes still compare exactly, across scales.
  CHECK(compare_values(Kind::Decimal, decimal("15e-1"), decimal("1.5")) == 0);
  CHECK(compare_values(Kind::Decimal, decimal("999e-3"), decimal("1")) < 0);
  CHECK(compare_values(Kind::Decimal, decimal("1000000000000000000001e-21"), decimal("1")) > 0);
}
