// Literal -> serialized bytes (cassandra.md §6.2 serializations, §6.3 vectors) and the literal
// type checks and marshal messages of §5.2.
#include "types/codec.hpp"
#include "types/bytes.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <string_view>

#include "error/cql_error.hpp"

using cqlbox::error::CqlError;
using cqlbox::error::ErrorClass;
using cqlbox::types::ConstantKind;
using cqlbox::types::encode_constant;
using cqlbox::types::Kind;

namespace {

std::string hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (char c : bytes) {
    auto b = static_cast<unsigned char>(c);
    out += kDigits[b >> 4];
    out += kDigits[b & 0xf];
  }
  return out;
}

const cqlbox::types::CqlType& type_of(Kind k) { return *cqlbox::types::native_type(k); }

// Hex of encode_constant for a column named "v".
std::string enc(Kind type, ConstantKind kind, std::string_view text) {
  return hex(encode_constant(type_of(type), kind, text, "v"));
}

// The InvalidRequest message encode_constant throws, or "" when it does not throw.
std::string error_of(Kind type, ConstantKind kind, std::string_view text, std::string_view column = "v") {
  try {
    encode_constant(type_of(type), kind, text, column);
  } catch (const CqlError& e) {
    CHECK(e.cls == ErrorClass::InvalidRequest);
    return e.message;
  }
  return "";
}

}  // namespace

TEST_CASE("int constants are 4-byte big-endian two's complement") {
  CHECK(enc(Kind::Int, ConstantKind::Integer, "0") == "00000000");
  CHECK(enc(Kind::Int, ConstantKind::Integer, "1") == "00000001");
  CHECK(enc(Kind::Int, ConstantKind::Integer, "42") == "0000002a");
  CHECK(enc(Kind::Int, ConstantKind::Integer, "1000") == "000003e8");
  CHECK(enc(Kind::Int, ConstantKind::Integer, "-1") == "ffffffff");
  CHECK(enc(Kind::Int, ConstantKind::Integer, "2147483647") == "7fffffff");
  CHECK(enc(Kind::Int, ConstantKind::Integer, "-2147483648") == "80000000");
}

TEST_CASE("int constants out of range fail with the marshal message") {
  CHECK(error_of(Kind::Int, ConstantKind::Integer, "3000000000") == "Unable to make int from '3000000000'");
  CHECK(error_of(Kind::Int, ConstantKind::Integer, "2147483648") == "Unable to make int from '2147483648'");
  CHECK(error_of(Kind::Int, ConstantKind::Integer, "-2147483649") == "Unable to make int from '-2147483649'");
}

TEST_CASE("bigint and counter constants are 8-byte big-endian") {
  CHECK(enc(Kind::Bigint, ConstantKind::Integer, "0") == "0000000000000000");
  CHECK(enc(Kind::Bigint, ConstantKind::Integer, "1") == "0000000000000001");
  CHECK(enc(Kind::Bigint, ConstantKind::Integer, "-1") == "ffffffffffffffff");
  CHECK(enc(Kind::Bigint, ConstantKind::Integer, "1000000000000") == "000000e8d4a51000");
  CHECK(enc(Kind::Bigint, ConstantKind::Integer, "9223372036854775807") == "7fffffffffffffff");
  CHECK(enc(Kind::Bigint, ConstantKind::Integer, "-9223372036854775808") == "8000000000000000");
  CHECK(enc(Kind::Counter, ConstantKind::Integer, "42") == "000000000000002a");
  SUBCASE("out of range") {
    CHECK(error_of(Kind::Bigint, ConstantKind::Integer, "9223372036854775808") ==
          "Unable to make long from '9223372036854775808'");
    CHECK(error_of(Kind::Bigint, ConstantKind::Integer, "-9223372036854775809") ==
          "Unable to make long from '-9223372036854775809'");
    CHECK(error_of(Kind::Counter, ConstantKind::Integer, "99999999999999999999") ==
          "Unable to make long from '99999999999999999999'");
  }
}

TEST_CASE("smallint and tinyint constants are 2 and 1 bytes") {
  CHECK(enc(Kind::Smallint, ConstantKind::Integer, "1") == "0001");
  CHECK(enc(Kind::Smallint, ConstantKind::Integer, "-1") == "ffff");
  CHECK(enc(Kind::Smallint, ConstantKind::Integer, "32767") == "7fff");
  CHECK(enc(Kind::Smallint, ConstantKind::Integer, "-32768") == "8000");
  CHECK(enc(Kind::Tinyint, ConstantKind::Integer, "1") == "01");
  CHECK(enc(Kind::Tinyint, ConstantKind::Integer, "127") == "7f");
  CHECK(enc(Kind::Tinyint, ConstantKind::Integer, "-128") == "80");
  SUBCASE("out of range") {
    CHECK(error_of(Kind::Smallint, ConstantKind::Integer, "32768") == "Unable to make short from '32768'");
    CHECK(error_of(Kind::Smallint, ConstantKind::Integer, "-32769") == "Unable to make short from '-32769'");
    CHECK(error_of(Kind::Tinyint, ConstantKind::Integer, "128") == "Unable to make byte from '128'");
    CHECK(error_of(Kind::Tinyint, ConstantKind::Integer, "-129") == "Unable to make byte from '-129'");
  }
}

TEST_CASE("varint constants are minimal big-endian two's complement") {
  SUBCASE("the vectors of spec §6.2") {
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "1") == "01");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "128") == "0080");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "-1") == "ff");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "0") == "00");
  }
  SUBCASE("sign-bit boundaries") {
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "127") == "7f");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "-128") == "80");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "-129") == "ff7f");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "255") == "00ff");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "256") == "0100");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "-32768") == "8000");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "32768") == "008000");
  }
  SUBCASE("beyond 64 bits") {
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "100000000000000000000000000") == "52b7d2dcc80cd2e4000000");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "18446744073709551616") == "010000000000000000");
    CHECK(enc(Kind::Varint, ConstantKind::Integer, "-18446744073709551616") == "ff0000000000000000");
  }
}

TEST_CASE("decimal constants are a 4-byte scale then the unscaled varint") {
  CHECK(enc(Kind::Decimal, ConstantKind::Float, "1.5") == "000000010f");
  CHECK(enc(Kind::Decimal, ConstantKind::Float, "-1.5") == "00000001f1");
  CHECK(enc(Kind::Decimal, ConstantKind::Float, "0.0") == "0000000100");
  CHECK(enc(Kind::Decimal, ConstantKind::Float, "1.50") == "000000020096");
  CHECK(enc(Kind::Decimal, ConstantKind::Float, "19952.11882") == "0000000576ec846a");
  CHECK(enc(Kind::Decimal, ConstantKind::Integer, "10") == "000000000a");
  SUBCASE("exponents move the scale") {
    CHECK(enc(Kind::Decimal, ConstantKind::Float, "1E-14") == "0000000e01");
    CHECK(enc(Kind::Decimal, ConstantKind::Float, "1e3") == "fffffffd01");
    CHECK(enc(Kind::Decimal, ConstantKind::Float, "1.5E2") == "ffffffff0f");
  }
}

TEST_CASE("float and double constants are IEEE-754 big-endian") {
  CHECK(enc(Kind::Double, ConstantKind::Float, "1.5") == "3ff8000000000000");
  CHECK(enc(Kind::Float, ConstantKind::Float, "1.5") == "3fc00000");
  CHECK(enc(Kind::Float, ConstantKind::Float, "1.1") == "3f8ccccd");
  CHECK(enc(Kind::Float, ConstantKind::Float, "3.1415927") == "40490fdb");
  CHECK(enc(Kind::Double, ConstantKind::Integer, "1") == "3ff0000000000000");
  CHECK(enc(Kind::Float, ConstantKind::Integer, "100000") == "47c35000");
  CHECK(enc(Kind::Double, ConstantKind::Float, "-0.0") == "8000000000000000");
  SUBCASE("NaN and infinities") {
    CHECK(enc(Kind::Double, ConstantKind::Float, "NaN") == "7ff8000000000000");
    CHECK(enc(Kind::Double, ConstantKind::Float, "Infinity") == "7ff0000000000000");
    CHECK(enc(Kind::Double, ConstantKind::Float, "-Infinity") == "fff0000000000000");
    CHECK(enc(Kind::Float, ConstantKind::Float, "NaN") == "7fc00000");
    CHECK(enc(Kind::Float, ConstantKind::Float, "-Infinity") == "ff800000");
  }
}

TEST_CASE("boolean constants are one byte") {
  CHECK(enc(Kind::Boolean, ConstantKind::Boolean, "true") == "01");
  CHECK(enc(Kind::Boolean, ConstantKind::Boolean, "false") == "00");
}

TEST_CASE("text, ascii and blob constants are their raw bytes") {
  CHECK(enc(Kind::Text, ConstantKind::String, "hello") == "68656c6c6f");
  CHECK(enc(Kind::Text, ConstantKind::String, "h\xc3\xa9llo") == "68c3a96c6c6f");
  CHECK(enc(Kind::Text, ConstantKind::String, "") == "");
  CHECK(enc(Kind::Text, ConstantKind::String, "it's") == "69742773");
  CHECK(enc(Kind::Ascii, ConstantKind::String, "a") == "61");
  CHECK(enc(Kind::Blob, ConstantKind::Hex, "0x808182") == "808182");
  CHECK(enc(Kind::Blob, ConstantKind::Hex, "0xF0f1") == "f0f1");
  CHECK(enc(Kind::Blob, ConstantKind::Hex, "0x") == "");
}

TEST_CASE("uuid and timeuuid constants are 16 bytes in string order") {
  CHECK(enc(Kind::Uuid, ConstantKind::Uuid, "123e4567-e89b-12d3-a456-426614174000") ==
        "123e4567e89b12d3a456426614174000");
  CHECK(enc(Kind::Uuid, ConstantKind::Uuid, "550E8400-E29B-41D4-A716-446655440000") ==
        "550e8400e29b41d4a716446655440000");
  CHECK(enc(Kind::Uuid, ConstantKind::Uuid, "00000000-0000-0000-0000-000000000000") ==
        "00000000000000000000000000000000");
  CHECK(enc(Kind::Timeuuid, ConstantKind::Uuid, "50554d6e-29bb-11e5-b345-feff819cdc9f") ==
        "50554d6e29bb11e5b345feff819cdc9f");
}

TEST_CASE("timestamp constants are 8-byte signed milliseconds since the epoch") {
  CHECK(enc(Kind::Timestamp, ConstantKind::String, "2011-02-03 04:05:00+0000") == "0000012de9b1cde0");
  CHECK(enc(Kind::Timestamp, ConstantKind::String, "1970-01-01 00:00:00+0000") == "0000000000000000");
  CHECK(enc(Kind::Timestamp, ConstantKind::String, "2024-01-01 00:00:00+0000") == "0000018cc251f400");
  CHECK(enc(Kind::Timestamp, ConstantKind::Integer, "1296705900000") == "0000012de9b1cde0");
  CHECK(error_of(Kind::Timestamp, ConstantKind::String, "notadate") == "Unable to parse a date/time from 'notadate'");
}

TEST_CASE("date constants are unsigned days with 2^31 at the epoch") {
  CHECK(enc(Kind::Date, ConstantKind::String, "1970-01-01") == "80000000");
  CHECK(enc(Kind::Date, ConstantKind::String, "2024-01-01") == "80004d0b");
  CHECK(enc(Kind::Date, ConstantKind::String, "1969-12-31") == "7fffffff");
  CHECK(error_of(Kind::Date, ConstantKind::String, "abc") == "Unable to coerce 'abc' to a formatted date (long)");
  CHECK(error_of(Kind::Date, ConstantKind::String, "2024-13-01") ==
        "Unable to coerce '2024-13-01' to a formatted date (long)");
}

TEST_CASE("time constants are 8-byte nanoseconds since midnight") {
  CHECK(enc(Kind::Time, ConstantKind::String, "12:34:56.789") == "000029327b048f40");
  CHECK(enc(Kind::Time, ConstantKind::String, "00:00:00") == "0000000000000000");
  CHECK(error_of(Kind::Time, ConstantKind::String, "xx") ==
        "(TimeType) Unable to coerce 'xx' to a formatted time (long)");
  CHECK(error_of(Kind::Time, ConstantKind::String, "25:00:00") ==
        "(TimeType) Unable to coerce '25:00:00' to a formatted time (long)");
}

TEST_CASE("inet constants are 4 or 16 address bytes") {
  CHECK(enc(Kind::Inet, ConstantKind::String, "127.0.0.1") == "7f000001");
  CHECK(enc(Kind::Inet, ConstantKind::String, "::1") == "00000000000000000000000000000001");
  CHECK(enc(Kind::Inet, ConstantKind::String, "2001:db8::1") == "20010db8000000000000000000000001");
  CHECK(error_of(Kind::Inet, ConstantKind::String, "nope") == "Unable to make inet address from 'nope'");
}

TEST_CASE("duration values use zig-zagged vints for months, days and nanoseconds") {
  CHECK(hex(cqlbox::types::encode_duration(1, 2, 3)) == "020406");
  CHECK(hex(cqlbox::types::encode_duration(-1, 0, 0)) == "010000");
  CHECK(hex(cqlbox::types::encode_duration(0, 0, 1000)) == "000087d0");
  SUBCASE("round trip") {
    const std::int64_t cases[][3] = {
        {0, 0, 0},         {14, 3, 14706007008009},   {-1, -2, 0}, {0, 0, 5400000000000}, {0, 0, INT64_MAX},
        {0, 0, INT64_MIN}, {INT32_MAX, INT32_MIN, -1}};
    for (const auto& c : cases) {
      CAPTURE(c[0]);
      CAPTURE(c[1]);
      CAPTURE(c[2]);
      std::int64_t months = 7, days = 7, nanos = 7;
      REQUIRE(cqlbox::types::decode_duration(cqlbox::types::encode_duration(c[0], c[1], c[2]), months, days, nanos));
      CHECK(months == c[0]);
      CHECK(days == c[1]);
      CHECK(nanos == c[2]);
    }
  }
  CHECK(enc(Kind::Duration, ConstantKind::Duration, "1h30m") ==
        hex(cqlbox::types::encode_duration(0, 0, 5400000000000)));
  CHECK(enc(Kind::Duration, ConstantKind::Duration, "-1mo2d") == hex(cqlbox::types::encode_duration(-1, -2, 0)));
}

TEST_CASE("literal type errors use the message of spec §5.2") {
  SUBCASE("the spec's examples") {
    CHECK(error_of(Kind::Int, ConstantKind::String, "abc") == "Invalid STRING constant (abc) for \"v\" of type int");
    CHECK(error_of(Kind::Text, ConstantKind::Integer, "0", "k") ==
          "Invalid INTEGER constant (0) for \"k\" of type text");
  }
  SUBCASE("a float into int") {
    CHECK(error_of(Kind::Int, ConstantKind::Float, "1.5") == "Invalid FLOAT constant (1.5) for \"v\" of type int");
  }
  SUBCASE("a string into uuid") {
    CHECK(error_of(Kind::Uuid, ConstantKind::String, "123e4567-e89b-12d3-a456-426614174000", "id") ==
          "Invalid STRING constant (123e4567-e89b-12d3-a456-426614174000) for \"id\" of type uuid");
  }
  SUBCASE("a hex blob into text keeps its 0x") {
    CHECK(error_of(Kind::Text, ConstantKind::Hex, "0xff") == "Invalid HEX constant (0xff) for \"v\" of type text");
  }
  SUBCASE("a boolean into int") {
    CHECK(error_of(Kind::Int, ConstantKind::Boolean, "true") ==
          "Invalid BOOLEAN constant (true) for \"v\" of type int");
  }
  SUBCASE("a duration into timestamp") {
    CHECK(error_of(Kind::Timestamp, ConstantKind::Duration, "1h") ==
          "Invalid DURATION constant (1h) for \"v\" of type timestamp");
  }
  SUBCASE("the column name is shown as given") {
    CHECK(error_of(Kind::Boolean, ConstantKind::String, "true", "MixedCase") ==
          "Invalid STRING constant (true) for \"MixedCase\" of type boolean");
  }
}

TEST_CASE("each constant kind is accepted exactly by the types of spec §5.2") {
  struct Target {
    Kind kind;
    const char* name;
  };
  const Target targets[] = {
      {Kind::Ascii, "ascii"},         {Kind::Bigint, "bigint"},     {Kind::Blob, "blob"},
      {Kind::Boolean, "boolean"},     {Kind::Counter, "counter"},   {Kind::Date, "date"},
      {Kind::Decimal, "decimal"},     {Kind::Double, "double"},     {Kind::Duration, "duration"},
      {Kind::Float, "float"},         {Kind::Inet, "inet"},         {Kind::Int, "int"},
      {Kind::Smallint, "smallint"},   {Kind::Text, "text"},         {Kind::Time, "time"},
      {Kind::Timestamp, "timestamp"}, {Kind::Timeuuid, "timeuuid"}, {Kind::Tinyint, "tinyint"},
      {Kind::Uuid, "uuid"},           {Kind::Varint, "varint"},
  };
  struct Literal {
    ConstantKind kind;
    const char* name;
    const char* text;
    std::string_view accepted;  // space-separated type names from spec §5.2
  };
  const Literal literals[] = {
      {ConstantKind::String, "STRING", "abc", " ascii text inet date time timestamp "},
      {ConstantKind::Integer, "INTEGER", "5",
       " bigint counter date decimal double duration float int smallint time timestamp tinyint"
       " varint "},
      {ConstantKind::Float, "FLOAT", "1.5", " decimal double float "},
      {ConstantKind::Uuid, "UUID", "50554d6e-29bb-11e5-b345-feff819cdc9f", " uuid timeuuid "},
      {ConstantKind::Boolean, "BOOLEAN", "true", " boolean "},
      {ConstantKind::Hex, "HEX", "0x01", " blob "},
      {ConstantKind::Duration, "DURATION", "1h30m", " duration "},
  };
  for (const auto& lit : literals) {
    for (const auto& target : targets) {
      CAPTURE(lit.name);
      CAPTURE(target.name);
      const bool accepted = lit.accepted.find(std::string(" ") + target.name + " ") != std::string_view::npos;
      const std::string message = error_of(target.kind, lit.kind, lit.text, "c");
      if (accepted) {
        // Accepted kinds may still fail value parsing ("Unable to ..."), never the type check.
        CHECK(message.rfind("Invalid ", 0) == std::string::npos);
      } else {
        CHECK(message ==
              std::string("Invalid ") + lit.name + " constant (" + lit.text + ") for \"c\" of type " + target.name);
      }
    }
  }
}

TEST_CASE("varchar is named text in messages") {
  const auto* varchar = cqlbox::types::find_native_type("VARCHAR");
  REQUIRE(varchar != nullptr);
  CHECK(varchar->kind == Kind::Text);
  try {
    encode_constant(*varchar, ConstantKind::Integer, "1", "v");
    FAIL("expected an InvalidRequest");
  } catch (const CqlError& e) {
    CHECK(e.cls == ErrorClass::InvalidRequest);
    CHECK(e.message == "Invalid INTEGER constant (1) for \"v\" of type text");
  }
}

namespace {

// The double a decimal text stands for, correctly rounded (glibc's strtod is).
std::string double_bytes(const std::string& text) {
  const double d = std::strtod(text.c_str(), nullptr);
  std::uint64_t bits = 0;
  std::memcpy(&bits, &d, sizeof bits);
  std::string out;
  for (int i = 7; i >= 0; --i) out += static_cast<char>(bits >> (8 * i));
  return out;
}

}  // namespace

TEST_CASE("double literals: the fast path rounds as strtod does") {
  const auto* type = cqlbox::types::native_type(Kind::Double);
  std::mt19937_64 rng(7);
  // Every length of mantissa around 2^53 (the fast path's edge), both sides of the point.
  for (int n = 0; n < 20000; ++n) {
    const int digits = 1 + static_cast<int>(rng() % 19);
    std::string text = n % 2 ? "-" : "";
    std::string mantissa;
    for (int i = 0; i < digits; ++i) mantissa += static_cast<char>('0' + rng() % 10);
    if (n % 5 == 0) mantissa = std::to_string((std::uint64_t{1} << 53) + rng() % 3 - 1);
    const std::size_t point = rng() % (mantissa.size() + 1);
    text += mantissa.substr(0, point) + (point < mantissa.size() || n % 3 ? "." : "") + mantissa.substr(point);
    if (text == "." || text == "-.") continue;
    CAPTURE(text);
    CHECK(encode_constant(*type, ConstantKind::Float, text, "d") == double_bytes(text));
    std::string appended = "x";
    REQUIRE(cqlbox::types::append_constant(*type, ConstantKind::Float, text, appended));
    CHECK(appended == "x" + double_bytes(text));
  }
}

TEST_CASE("double literals of 17 to 19 digits round once, ties to even, as strtod does") {
  const auto* type = cqlbox::types::native_type(Kind::Double);
  std::mt19937_64 rng(11);
  auto check = [&](const std::string& text) {
    CAPTURE(text);
    CHECK(encode_constant(*type, ConstantKind::Float, text, "d") == double_bytes(text));
  };
  // Exact midpoints between two doubles, which only the last step's tie rule settles: in
  // [2^(52-k), 2^(53-k)) doubles are 2^-k apart, so x + 2^-(k+1) has k+1 decimals and at most
  // 19 digits; above 2^53 the midpoints are integers. Each is checked with its neighbours one
  // unit of the last digit away.
  for (int n = 0; n < 4000; ++n) {
    const int k = static_cast<int>(rng() % 4);
    const std::uint64_t x = (std::uint64_t{1} << 52) + rng() % (std::uint64_t{1} << 52);  // units of 2^-k
    std::string digits = std::to_string(x * 10 + 5);  // x + 1/2 unit, as a decimal of k+1 places
    std::uint64_t scaled = x * 10 + 5;
    for (int i = 0; i < k; ++i) scaled *= 5;  // (x + 1/2)·2^-k = (10x + 5)·5^k / 10^(k+1)
    digits = std::to_string(scaled);
    for (std::uint64_t v : {scaled - 1, scaled, scaled + 1}) {
      std::string t = std::to_string(v);
      t.insert(t.size() - static_cast<std::size_t>(k + 1), ".");
      check(t);
      check("-" + t);
    }
  }
  for (int n = 0; n < 4000; ++n) {
    const int shift = 1 + static_cast<int>(rng() % 10);  // doubles 2^shift apart, below 10^19
    const std::uint64_t x = ((std::uint64_t{1} << 52) + rng() % (std::uint64_t{1} << 52)) << shift;
    const std::uint64_t mid = x + (std::uint64_t{1} << (shift - 1));
    for (std::uint64_t v : {mid - 1, mid, mid + 1}) check(std::to_string(v));
    check(std::to_string(mid) + ".0");
    check(std::to_string(mid / 10) + "." + std::to_string(mid % 10));
  }
  // 17 digits as programs print doubles, at every position of the point.
  for (int n = 0; n < 20000; ++n) {
    std::string t = std::to_string(10000000000000000 + rng() % 90000000000000000);
    t.insert(rng() % t.size(), ".");
    check(t);
  }
  check("9007199254740993");
  check("4503599627370496.5");
  check("4503599627370497.5");
  check("9999999999999999999");
  check("0.9999999999999999999");
  check("1.000000000000000001");
}

TEST_CASE("append_constant: what encode_constant gives, or false where it throws") {
  struct Case {
    Kind type;
    ConstantKind kind;
    std::string_view text;
  };
  const Case cases[] = {
      {Kind::Int, ConstantKind::Integer, "0"},
      {Kind::Int, ConstantKind::Integer, "-2147483648"},
      {Kind::Int, ConstantKind::Integer, "2147483648"},
      {Kind::Int, ConstantKind::Integer, "+7"},
      {Kind::Bigint, ConstantKind::Integer, "-9223372036854775808"},
      {Kind::Bigint, ConstantKind::Integer, "9223372036854775808"},
      {Kind::Bigint, ConstantKind::Integer, "123456789012345678"},
      {Kind::Smallint, ConstantKind::Integer, "-32769"},
      {Kind::Tinyint, ConstantKind::Integer, "127"},
      {Kind::Double, ConstantKind::Integer, "5"},
      {Kind::Double, ConstantKind::Float, "1e300"},
      {Kind::Double, ConstantKind::Float, "NaN"},
      {Kind::Text, ConstantKind::String, "it's"},
      {Kind::Text, ConstantKind::Integer, "5"},
      {Kind::Boolean, ConstantKind::Boolean, "FALSE"},
      {Kind::Ascii, ConstantKind::String, "abc"},
      {Kind::Counter, ConstantKind::Integer, "1"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    const auto* type = cqlbox::types::native_type(c.type);
    std::string out = "prefix";
    const bool appended = cqlbox::types::append_constant(*type, c.kind, c.text, out);
    std::string expected;
    bool throws = false;
    try {
      expected = encode_constant(*type, c.kind, c.text, "v");
    } catch (const CqlError&) {
      throws = true;
    }
    if (appended) {
      CHECK_FALSE(throws);
      CHECK(out == "prefix" + expected);
    } else {
      CHECK(out == "prefix");
    }
    if (throws) CHECK_FALSE(appended);
  }
}

TEST_CASE("read_be reads no further than the value: an empty or short number is not read past its end") {
  CHECK(cqlbox::types::read_be<std::int32_t>(std::string_view()) == 0);
  CHECK(cqlbox::types::read_be<std::int64_t>(std::string_view("\x01", 1)) == 1);
  CHECK(cqlbox::types::read_be<std::int32_t>(std::string_view("\x00\x00\x01\x00", 4)) == 256);
}
