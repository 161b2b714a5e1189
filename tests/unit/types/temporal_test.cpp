// Calendar arithmetic and the text forms of timestamp, date, time and duration (cassandra.md
// §1.6 rendering, §6.2/§6.3 values).
#include "types/temporal.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <random>

using cqlbox::types::civil_from_days;
using cqlbox::types::days_from_civil;
using cqlbox::types::Duration;
using cqlbox::types::format_date_days;
using cqlbox::types::format_duration;
using cqlbox::types::format_time_ns;
using cqlbox::types::format_timestamp_ms;
using cqlbox::types::parse_date_days;
using cqlbox::types::parse_duration;
using cqlbox::types::parse_time_ns;
using cqlbox::types::parse_timestamp_ms;

namespace {

constexpr std::int64_t kNanosPerSecond = 1000000000;
constexpr std::int64_t kNanosPerHour = 3600 * kNanosPerSecond;
// 2011-02-03 04:05:00+0000, the spec's timestamp vector (0000012de9b1cde0).
constexpr std::int64_t kVectorMs = 1296705900000;

bool is_leap(std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
int month_length(std::int64_t y, int m) {
  constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && is_leap(y) ? 29 : kDays[m - 1];
}

void check_duration(std::string_view text, std::int32_t months, std::int32_t days, std::int64_t nanos) {
  CAPTURE(text);
  auto d = parse_duration(text);
  REQUIRE(d.has_value());
  CHECK(d->months == months);
  CHECK(d->days == days);
  CHECK(d->nanos == nanos);
}

}  // namespace

TEST_CASE("days_from_civil matches known dates") {
  CHECK(days_from_civil(1970, 1, 1) == 0);
  CHECK(days_from_civil(1969, 12, 31) == -1);
  CHECK(days_from_civil(2024, 1, 1) == 19723);  // date '2024-01-01' = 80004d0b
  CHECK(days_from_civil(2000, 3, 1) == 11017);
  CHECK(days_from_civil(1, 1, 1) == -719162);
  CHECK(days_from_civil(0, 1, 1) == -719528);  // §1.6: printed as -719528
  CHECK(days_from_civil(9999, 12, 31) == 2932896);
  CHECK(days_from_civil(10000, 1, 1) == 2932897);  // §1.6: printed as 2932897
}

TEST_CASE("civil_from_days walks the calendar one day at a time over a wide range") {
  // ±3 million days is about ±8200 years around the epoch: negative years, year 0, leap
  // centuries.
  std::int64_t start = -3000000;
  auto c = civil_from_days(start);
  REQUIRE(days_from_civil(c.year, c.month, c.day) == start);
  for (std::int64_t d = start + 1; d <= 3000000; ++d) {
    auto next = civil_from_days(d);
    bool ok;
    if (c.day < month_length(c.year, c.month))
      ok = next.year == c.year && next.month == c.month && next.day == c.day + 1;
    else if (c.month < 12)
      ok = next.year == c.year && next.month == c.month + 1 && next.day == 1;
    else
      ok = next.year == c.year + 1 && next.month == 1 && next.day == 1;
    if (!ok) {
      CAPTURE(d);
      CAPTURE(next.year);
      CAPTURE(next.month);
      CAPTURE(next.day);
      REQUIRE(ok);
    }
    c = next;
  }
}

TEST_CASE("days_from_civil and civil_from_days round-trip over the whole date type") {
  // The CQL date type spans 2^32 days centred on the epoch.
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<std::int64_t> dist(INT32_MIN, INT32_MAX);
  for (std::int64_t d : {std::int64_t{INT32_MIN}, std::int64_t{INT32_MAX}, std::int64_t{0}, std::int64_t{-1}}) {
    auto c = civil_from_days(d);
    CHECK(days_from_civil(c.year, c.month, c.day) == d);
  }
  for (int i = 0; i < 100000; ++i) {
    const std::int64_t d = dist(rng);
    auto c = civil_from_days(d);
    if (days_from_civil(c.year, c.month, c.day) != d) {
      CAPTURE(d);
      REQUIRE(days_from_civil(c.year, c.month, c.day) == d);
    }
  }
}

TEST_CASE("timestamp literals parse to milliseconds since the epoch") {
  SUBCASE("full form with zone") {
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00+0000") == kVectorMs);
    CHECK(parse_timestamp_ms("1970-01-01 00:00:00+0000") == 0);
    CHECK(parse_timestamp_ms("2024-01-01 00:00:00+0000") == 1704067200000);
  }
  SUBCASE("date only is midnight UTC") { CHECK(parse_timestamp_ms("2011-02-03") == 1296691200000); }
  SUBCASE("T separator") {
    CHECK(parse_timestamp_ms("2011-02-03T04:05:00") == kVectorMs);
    CHECK(parse_timestamp_ms("2011-02-03T04:05:00Z") == kVectorMs);
  }
  SUBCASE("seconds are optional") {
    CHECK(parse_timestamp_ms("2011-02-03 04:05") == kVectorMs);
    CHECK(parse_timestamp_ms("2011-02-03 04:05+0000") == kVectorMs);
  }
  SUBCASE("no zone means UTC") { CHECK(parse_timestamp_ms("2011-02-03 04:05:00") == kVectorMs); }
  SUBCASE("fractions are read as fractions and truncated to milliseconds") {
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00.123") == kVectorMs + 123);
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00.5+0000") == kVectorMs + 500);
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00.12+0000") == kVectorMs + 120);
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00.123999") == kVectorMs + 123);
  }
  SUBCASE("zones") {
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00Z") == kVectorMs);
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00+0000") == kVectorMs);
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00+05:30") == kVectorMs - 19800000);
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00+0530") == kVectorMs - 19800000);
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00-0300") == kVectorMs + 10800000);
    CHECK(parse_timestamp_ms("2011-02-03 04:05:00+05") == kVectorMs - 18000000);
  }
  SUBCASE("the forms of 5.0's TimestampSerializerTest (zone names aside)") {
    constexpr std::int64_t kDay = 86400000, kHour = 3600000, kMinute = 60000;
    CHECK(parse_timestamp_ms("1970-01-02 00:00 UTC") == kDay);
    CHECK(parse_timestamp_ms("1970-01-01 00:01+01") == kMinute - kHour);
    CHECK(parse_timestamp_ms("1970-01-02 00:00+01:00") == kDay - kHour);
    CHECK(parse_timestamp_ms("1970-01-01 01:00Z") == kHour);
    CHECK(parse_timestamp_ms("1970-01-01 00:00:00.100 UTC") == 100);
    CHECK(parse_timestamp_ms("1970-01-02T00:00:00.000 UTC") == kDay);
    CHECK(parse_timestamp_ms("1970-01-01 00:00:00.10 UTC") == 100);
    CHECK(parse_timestamp_ms("1970-01-02 UTC") == kDay);
    CHECK(parse_timestamp_ms("1970-01-01+01") == -kHour);
    CHECK(parse_timestamp_ms("1970-01-01+0100") == -kHour);
    CHECK(parse_timestamp_ms("1970-01-02+01:00") == kDay - kHour);
    CHECK(parse_timestamp_ms("1970-01-01-0200") == 2 * kHour);
    CHECK(parse_timestamp_ms("1970-01-01Z") == 0);
    CHECK(parse_timestamp_ms("1970-01-01z") == 0);  // ISO_DATE reads case-insensitively
    CHECK(parse_timestamp_ms("1970-01-01 00:00:00 -0600") == 6 * kHour);
    CHECK(parse_timestamp_ms("1970-01-01 00:00:00-0600") == 6 * kHour);
    CHECK(parse_timestamp_ms("1970-01-01T00:00:00 GMT-06:00") == 6 * kHour);
    CHECK(parse_timestamp_ms("2011-02-03 GMT") == 1296691200000);
    CHECK_FALSE(parse_timestamp_ms("1970-01-01 00:00z").has_value());
    CHECK_FALSE(parse_timestamp_ms("1970-01-01 Mars").has_value());
  }
  SUBCASE("an integer string is milliseconds") {
    CHECK(parse_timestamp_ms("1296705900000") == kVectorMs);
    CHECK(parse_timestamp_ms("-1") == -1);
  }
  SUBCASE("before the epoch") { CHECK(parse_timestamp_ms("1969-12-31 23:59:59+0000") == -1000); }
  SUBCASE("malformed") {
    CHECK_FALSE(parse_timestamp_ms("notadate").has_value());
    CHECK_FALSE(parse_timestamp_ms("").has_value());
    CHECK_FALSE(parse_timestamp_ms("2011-13-03").has_value());
    CHECK_FALSE(parse_timestamp_ms("2011-02-03 25:00:00").has_value());
  }
}

TEST_CASE("date literals parse to days since the epoch") {
  CHECK(parse_date_days("1970-01-01") == 0);
  CHECK(parse_date_days("2024-01-01") == 19723);
  CHECK(parse_date_days("1969-12-31") == -1);
  CHECK_FALSE(parse_date_days("2024-13-01").has_value());
  CHECK_FALSE(parse_date_days("abc").has_value());
}

TEST_CASE("time literals parse to nanoseconds since midnight") {
  CHECK(parse_time_ns("12:34:56.789") == 45296789000000);  // 000029327b048f40
  CHECK(parse_time_ns("00:00:00") == 0);
  CHECK(parse_time_ns("12:34:56") == 45296 * kNanosPerSecond);
  CHECK(parse_time_ns("12:34:56.1") == 45296 * kNanosPerSecond + 100000000);
  CHECK(parse_time_ns("23:59:59.999999999") == 86399999999999);
  SUBCASE("malformed or out of range") {
    CHECK_FALSE(parse_time_ns("24:00:00").has_value());
    CHECK_FALSE(parse_time_ns("12:60:00").has_value());
    CHECK_FALSE(parse_time_ns("12:00:60").has_value());
    CHECK_FALSE(parse_time_ns("xx").has_value());
    CHECK_FALSE(parse_time_ns("").has_value());
  }
}

TEST_CASE("duration literals in unit form") {
  check_duration("1h30m", 0, 0, 90 * 60 * kNanosPerSecond);
  check_duration("-1mo2d", -1, -2, 0);
  check_duration("1y2mo3d4h5m6s7ms8us9ns", 14, 3, 14706007008009);
  check_duration("2w", 0, 14, 0);
  check_duration("1us", 0, 0, 1000);
  check_duration("1\xc2\xb5s", 0, 0, 1000);  // µs
  check_duration("1ms", 0, 0, 1000000);
  check_duration("1ns", 0, 0, 1);
  check_duration("1H30M", 0, 0, 90 * 60 * kNanosPerSecond);
}

TEST_CASE("duration literals in ISO 8601 form") {
  check_duration("P1Y2M", 14, 0, 0);
  check_duration("PT1H", 0, 0, kNanosPerHour);
  check_duration("P2W", 0, 14, 0);
  check_duration("P1DT2H", 0, 1, 2 * kNanosPerHour);
  check_duration("P1Y2M3DT4H5M6S", 14, 3, 14706 * kNanosPerSecond);
  check_duration("-P1D", 0, -1, 0);
}

TEST_CASE("malformed durations are refused") {
  CHECK_FALSE(parse_duration("").has_value());
  CHECK_FALSE(parse_duration("1x").has_value());
  CHECK_FALSE(parse_duration("h").has_value());
  CHECK_FALSE(parse_duration("1h-30m").has_value());
}

TEST_CASE("durations render as cqlsh shows them") {
  CHECK(format_duration({14, 3, 14706007008009}) == "1y2mo3d4h5m6s7ms8us9ns");
  CHECK(format_duration({0, 0, 90 * 60 * kNanosPerSecond}) == "1h30m");
  CHECK(format_duration({-1, -2, 0}) == "-1mo2d");
  CHECK(format_duration({0, 0, 0}) == "");
  CHECK(format_duration({12, 0, 0}) == "1y");
  CHECK(format_duration({0, 14, 0}) == "14d");
  CHECK(format_duration({0, 0, 1000}) == "1us");
  CHECK(format_duration({0, 0, -kNanosPerHour}) == "-1h");
}

TEST_CASE("timestamps render in UTC with six fraction digits") {
  CHECK(format_timestamp_ms(kVectorMs) == "2011-02-03 04:05:00.000000+0000");
  CHECK(format_timestamp_ms(0) == "1970-01-01 00:00:00.000000+0000");
  CHECK(format_timestamp_ms(kVectorMs + 123) == "2011-02-03 04:05:00.123000+0000");
  CHECK(format_timestamp_ms(-1) == "1969-12-31 23:59:59.999000+0000");
  CHECK(format_timestamp_ms(253402300799999) == "9999-12-31 23:59:59.999000+0000");
  CHECK(format_timestamp_ms(-62135596800000) == "0001-01-01 00:00:00.000000+0000");
  SUBCASE("outside Python's datetime range: integer milliseconds") {
    CHECK(format_timestamp_ms(253402300800000) == "253402300800000");
    CHECK(format_timestamp_ms(-62135596800001) == "-62135596800001");
  }
}

TEST_CASE("dates render as yyyy-mm-dd, or as the day count outside years 1..9999") {
  CHECK(format_date_days(19723) == "2024-01-01");
  CHECK(format_date_days(0) == "1970-01-01");
  CHECK(format_date_days(-719162) == "0001-01-01");
  CHECK(format_date_days(2932896) == "9999-12-31");
  CHECK(format_date_days(-719528) == "-719528");
  CHECK(format_date_days(2932897) == "2932897");
}

TEST_CASE("times render with nine fraction digits") {
  CHECK(format_time_ns(45296789000000) == "12:34:56.789000000");
  CHECK(format_time_ns(0) == "00:00:00.000000000");
  CHECK(format_time_ns(86399999999999) == "23:59:59.999999999");
}

TEST_CASE("ISO 8601 durations as Cassandra's Duration.from reads them: upper case, the alternative form") {
  auto d = cqlbox::types::parse_duration("P0001-02-03T04:05:06");
  REQUIRE(d);
  CHECK(d->months == 14);
  CHECK(d->days == 3);
  CHECK(d->nanos == ((4LL * 60 + 5) * 60 + 6) * 1000000000LL);
  CHECK(cqlbox::types::parse_duration("-P0001-00-00T00:00:00")->months == -12);
  CHECK_FALSE(cqlbox::types::parse_duration("P0001-02-03T04:05"));
  CHECK_FALSE(cqlbox::types::parse_duration("p1d"));  // the ISO patterns are upper case
  CHECK(cqlbox::types::parse_duration("P1D")->days == 1);
}
