// Serialized values -> the text cqlsh shows (cassandra.md §1.6, formatting.py): the float rule
// with every example of the spec, decimals, booleans, blobs, temporal types, inet, and nested
// quoting.
#include "print/value_text.hpp"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "types/bytes.hpp"
#include "types/codec.hpp"

using cqlbox::print::format_decimal;
using cqlbox::print::format_floating;
using cqlbox::print::value_text;
using cqlbox::types::be_bytes;
using cqlbox::types::Kind;

namespace {

const cqlbox::types::CqlType& type_of(Kind k) { return *cqlbox::types::native_type(k); }

std::string show(Kind k, std::string_view bytes, bool nested = false) { return value_text(type_of(k), bytes, nested); }
std::string show_double(double d) { return show(Kind::Double, be_bytes(std::bit_cast<std::uint64_t>(d))); }
std::string show_float(float f) { return show(Kind::Float, be_bytes(std::bit_cast<std::uint32_t>(f))); }

// Decimal bytes: 4-byte scale then the unscaled value's minimal two's complement.
std::string decimal_bytes(std::int32_t scale, std::string_view unscaled_varint) {
  return be_bytes(scale) + std::string(unscaled_varint);
}
std::string varint(std::string_view text) {
  return cqlbox::types::encode_constant(type_of(Kind::Varint), cqlbox::types::ConstantKind::Integer, text, "v");
}
std::string decimal(std::int32_t scale, std::string_view unscaled) { return decimal_bytes(scale, varint(unscaled)); }
std::string date_bytes(std::int64_t days) { return be_bytes(static_cast<std::uint32_t>(days + 2147483648LL)); }

}  // namespace

TEST_CASE("doubles follow cqlsh's %g rule with precision 5 (every example of spec §1.6)") {
  struct Example {
    double x;
    const char* text;
  };
  const Example examples[] = {
      {1.0, "1"},
      {2.5, "2.5"},
      {3.141592653589793, "3.14159"},
      {12345.678, "12345.678"},
      {99999.5, "99999.5"},
      {100000.5, "1e+05"},
      {123456.789, "1.2346e+05"},
      {1234567.0, "1.2346e+06"},
      {10000000.0, "1e+07"},
      {-1004.1, "-1004.1"},
      {0.1, "0.1"},
      {0.0001, "0.0001"},
      {0.00012345678, "0.000123"},
      {1e-05, "1e-05"},
      {0.0, "0"},
      {-0.0, "-0"},
      {1e300, "1e+300"},
  };
  for (const auto& e : examples) {
    CAPTURE(e.x);
    CHECK(format_floating(e.x) == e.text);
    CHECK(show_double(e.x) == e.text);
  }
}

TEST_CASE("the %g precision grows with the exponent between -4 and 5") {
  // Derived from the rule of §1.6: e = int(log10(|x|)); if -4 <= e < 5, p' = 5 + e + 1.
  CHECK(format_floating(0.123456789) == "0.123457");     // e = 0 -> %.6g
  CHECK(format_floating(123.456789) == "123.45679");     // e = 2 -> %.8g
  CHECK(format_floating(99999.99999) == "99999.99999");  // e = 4 -> %.10g
  CHECK(format_floating(-0.5) == "-0.5");
  CHECK(format_floating(1e-20) == "1e-20");  // |x| <= epsilon: p' = p
  SUBCASE("another precision") { CHECK(format_floating(3.141592653589793, 12) == "3.14159265359"); }
}

TEST_CASE("NaN and infinities are spelled as Java does") {
  CHECK(show_double(std::numeric_limits<double>::quiet_NaN()) == "NaN");
  CHECK(show_double(std::numeric_limits<double>::infinity()) == "Infinity");
  CHECK(show_double(-std::numeric_limits<double>::infinity()) == "-Infinity");
  CHECK(show_float(std::numeric_limits<float>::quiet_NaN()) == "NaN");
  CHECK(show_float(-std::numeric_limits<float>::infinity()) == "-Infinity");
}

TEST_CASE("floats are widened to double before the %g rule") {
  CHECK(show_float(1.1f) == "1.1");
  CHECK(show_float(3.1415927f) == "3.14159");
  CHECK(show_float(33.333332f) == "33.33333");
  CHECK(show_float(100000.0f) == "1e+05");
  CHECK(show_float(1.5f) == "1.5");
}

TEST_CASE("decimals print as Python's str(Decimal)") {
  SUBCASE("the spec's examples") {
    CHECK(format_decimal(decimal(5, "1995211882")) == "19952.11882");
    CHECK(format_decimal(decimal(14, "1")) == "1E-14");
    CHECK(format_decimal(decimal(1, "0")) == "0.0");
    CHECK(format_decimal(decimal(13, "100000000000000")) == "10.0000000000000");
    CHECK(format_decimal(decimal(7, "1")) == "1E-7");
  }
  SUBCASE("through value_text") {
    CHECK(show(Kind::Decimal, decimal(1, "15")) == "1.5");
    CHECK(show(Kind::Decimal, decimal(1, "-15")) == "-1.5");
    CHECK(show(Kind::Decimal, decimal(5, "1995211882")) == "19952.11882");
  }
  SUBCASE("plain notation down to an adjusted exponent of -6") {
    CHECK(format_decimal(decimal(5, "1")) == "0.00001");
    CHECK(format_decimal(decimal(6, "1")) == "0.000001");
    CHECK(format_decimal(decimal(0, "123")) == "123");
    CHECK(format_decimal(decimal(2, "-5")) == "-0.05");
  }
  SUBCASE("negative scales use an exponent") {
    CHECK(format_decimal(decimal(-3, "1")) == "1E+3");
    CHECK(format_decimal(decimal(-1, "15")) == "1.5E+2");
  }
  SUBCASE("zero with a large scale") { CHECK(format_decimal(decimal(10, "0")) == "0E-10"); }
}

TEST_CASE("integers print in decimal") {
  CHECK(show(Kind::Int, be_bytes(std::int32_t{INT32_MIN})) == "-2147483648");
  CHECK(show(Kind::Int, be_bytes(std::int32_t{42})) == "42");
  CHECK(show(Kind::Bigint, be_bytes(std::int64_t{INT64_MAX})) == "9223372036854775807");
  CHECK(show(Kind::Smallint, be_bytes(std::int16_t{-1})) == "-1");
  CHECK(show(Kind::Tinyint, be_bytes(std::int8_t{-128})) == "-128");
  CHECK(show(Kind::Varint, varint("100000000000000000000000000")) == "100000000000000000000000000");
  CHECK(show(Kind::Varint, varint("-129")) == "-129");
  CHECK(show(Kind::Counter, be_bytes(std::int64_t{7})) == "7");
}

TEST_CASE("booleans print as True and False") {
  CHECK(show(Kind::Boolean, std::string(1, '\x01')) == "True");
  CHECK(show(Kind::Boolean, std::string(1, '\x00')) == "False");
  CHECK(show(Kind::Boolean, std::string(1, '\x01'), true) == "True");
}

TEST_CASE("blobs print as 0x and lowercase hex, unquoted even nested") {
  CHECK(show(Kind::Blob, "\xca\xfe\x01") == "0xcafe01");
  CHECK(show(Kind::Blob, "") == "0x");
  CHECK(show(Kind::Blob, "\xff", true) == "0xff");
}

TEST_CASE("an empty non-blob value prints as an empty cell") {
  CHECK(show(Kind::Int, "") == "");
  CHECK(show(Kind::Text, "") == "");
  CHECK(show(Kind::Timestamp, "") == "");
}

TEST_CASE("text is raw at top level and single-quoted when nested") {
  CHECK(show(Kind::Text, "alice") == "alice");
  CHECK(show(Kind::Text, "b'c") == "b'c");
  CHECK(show(Kind::Text, "b'c", true) == "'b''c'");
  CHECK(show(Kind::Ascii, "a", true) == "'a'");
  SUBCASE("control characters and backslashes are escaped") {
    CHECK(show(Kind::Text, "line1\nline2") == "line1\\nline2");
    CHECK(show(Kind::Text, "back\\slash") == "back\\\\slash");
    CHECK(show(Kind::Text, std::string("return\rand null\0!", 17)) == "return\\rand null\\x00!");
    CHECK(show(Kind::Text, "a\nb", true) == "'a\\nb'");
  }
  SUBCASE("other Unicode is printed as-is") {
    CHECK(show(Kind::Text, "h\xc3\xa9llo \xe6\x97\xa5\xe6\x9c\xac") == "h\xc3\xa9llo \xe6\x97\xa5\xe6\x9c\xac");
  }
}

TEST_CASE("uuids print lowercase 8-4-4-4-12, unquoted even nested") {
  const std::string u("\x12\x3e\x45\x67\xe8\x9b\x12\xd3\xa4\x56\x42\x66\x14\x17\x40\x00", 16);
  CHECK(show(Kind::Uuid, u) == "123e4567-e89b-12d3-a456-426614174000");
  CHECK(show(Kind::Timeuuid, u) == "123e4567-e89b-12d3-a456-426614174000");
  CHECK(show(Kind::Uuid, u, true) == "123e4567-e89b-12d3-a456-426614174000");
}

TEST_CASE("timestamps print in UTC with six fraction digits, quoted when nested") {
  const std::string ts = be_bytes(std::int64_t{1296705900000});
  CHECK(show(Kind::Timestamp, ts) == "2011-02-03 04:05:00.000000+0000");
  CHECK(show(Kind::Timestamp, ts, true) == "'2011-02-03 04:05:00.000000+0000'");
  CHECK(show(Kind::Timestamp, be_bytes(std::int64_t{1296705900123})) == "2011-02-03 04:05:00.123000+0000");
  CHECK(show(Kind::Timestamp, be_bytes(std::int64_t{0})) == "1970-01-01 00:00:00.000000+0000");
  SUBCASE("outside Python's datetime range: integer milliseconds") {
    CHECK(show(Kind::Timestamp, be_bytes(std::int64_t{253402300800000})) == "253402300800000");
  }
}

TEST_CASE("dates print as yyyy-mm-dd, or the day count outside years 1..9999") {
  CHECK(show(Kind::Date, date_bytes(19723)) == "2024-01-01");
  CHECK(show(Kind::Date, date_bytes(0)) == "1970-01-01");
  CHECK(show(Kind::Date, date_bytes(19723), true) == "2024-01-01");  // unquoted nested
  CHECK(show(Kind::Date, date_bytes(-719528)) == "-719528");
  CHECK(show(Kind::Date, date_bytes(2932897)) == "2932897");
  CHECK(show(Kind::Date, date_bytes(2932896)) == "9999-12-31");
  CHECK(show(Kind::Date, date_bytes(-719162)) == "0001-01-01");
}

TEST_CASE("times print with nine fraction digits, unquoted even nested") {
  CHECK(show(Kind::Time, be_bytes(std::int64_t{45296789000000})) == "12:34:56.789000000");
  CHECK(show(Kind::Time, be_bytes(std::int64_t{0})) == "00:00:00.000000000");
  CHECK(show(Kind::Time, be_bytes(std::int64_t{45296789000000}), true) == "12:34:56.789000000");
}

TEST_CASE("durations print as concatenated units, zero parts omitted") {
  using cqlbox::types::encode_duration;
  CHECK(show(Kind::Duration, encode_duration(14, 3, 14706007008009)) == "1y2mo3d4h5m6s7ms8us9ns");
  CHECK(show(Kind::Duration, encode_duration(0, 0, 5400000000000)) == "1h30m");
  CHECK(show(Kind::Duration, encode_duration(-1, -2, 0)) == "-1mo2d");
  CHECK(show(Kind::Duration, encode_duration(0, 0, 0)) == "");
}

TEST_CASE("inet addresses print in their usual form, quoted when nested") {
  CHECK(show(Kind::Inet, std::string("\x7f\x00\x00\x01", 4)) == "127.0.0.1");
  CHECK(show(Kind::Inet, std::string(15, '\0') + "\x01") == "::1");
  CHECK(show(Kind::Inet, std::string("\x20\x01\x0d\xb8", 4) + std::string(11, '\0') + "\x01") == "2001:db8::1");
  CHECK(show(Kind::Inet, std::string("\x0a\x00\x00\x01", 4), true) == "'10.0.0.1'");
}
