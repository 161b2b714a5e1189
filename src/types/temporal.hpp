// Calendar arithmetic and the text forms of timestamp, date, time and duration, shared by the
// literal codec (text -> value) and the printers (value -> text). Proleptic Gregorian, UTC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cqlbox::types {

struct CivilDate {
  std::int64_t year;
  int month;  // 1..12
  int day;    // 1..31
};

std::int64_t days_from_civil(std::int64_t y, int m, int d) noexcept;
CivilDate civil_from_days(std::int64_t days) noexcept;

// Timestamp literal text -> ms since epoch ('2024-01-01', '2024-01-01 10:00:00.123+0000',
// 'T' separator, zones Z/+hh/+hhmm/+hh:mm; no zone = UTC; or an integer string of ms).
std::optional<std::int64_t> parse_timestamp_ms(std::string_view text);
// Date literal -> days since epoch ('yyyy-mm-dd', optional sign and more year digits).
std::optional<std::int64_t> parse_date_days(std::string_view text);
// Time literal 'hh:mm:ss[.fffffffff]' -> ns since midnight.
std::optional<std::int64_t> parse_time_ns(std::string_view text);

struct Duration {
  std::int32_t months = 0;
  std::int32_t days = 0;
  std::int64_t nanos = 0;
};
// Duration literal (1h30m, -2d, P1Y2M, PT1H, P2W) -> value; nullopt when malformed.
// A duration literal (1h30m, P1DT2H, P0001-02-03T04:05:06). On a literal Cassandra parses but
// refuses (a unit twice, units out of order, a total too large) `error` gets 5.0's message.
std::optional<Duration> parse_duration(std::string_view text, std::string* error = nullptr);

// Renderers used by cqlsh output.
std::string format_timestamp_ms(std::int64_t ms);  // 2011-02-03 04:05:00.000000+0000
// `ms` in UTC through a strftime format, with Python's %f (microseconds) and %z (+0000); the
// milliseconds as a number outside Python's datetime (years 1 to 9999), as cqlsh falls back.
std::string strftime_utc(std::int64_t ms, std::string_view format);
std::string format_date_days(std::int64_t days);  // 2024-01-01, or the day count out of range
std::string format_time_ns(std::int64_t ns);      // 12:34:56.789000000
std::string format_duration(const Duration& d);   // 1y2mo3d4h5m6s7ms8us9ns

}  // namespace cqlbox::types
