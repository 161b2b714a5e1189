#include "types/temporal.hpp"

#include <ctime>

#include <fmt/format.h>

namespace cqlbox::types {

// Howard Hinnant's days_from_civil / civil_from_days.
std::int64_t days_from_civil(std::int64_t y, int m, int d) noexcept {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t yoe = y - era * 400;
  const std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

CivilDate civil_from_days(std::int64_t z) noexcept {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const std::int64_t doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t y = yoe + era * 400;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  const int m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  return {y + (m <= 2), m, d};
}

namespace {

struct Cursor {
  std::string_view s;
  std::size_t i = 0;
  bool done() const { return i >= s.size(); }
  char peek() const { return done() ? '\0' : s[i]; }
  bool eat(char c) {
    if (peek() != c) return false;
    ++i;
    return true;
  }
  // Reads between min and max digits; nullopt if fewer than min.
  std::optional<std::int64_t> digits(std::size_t min, std::size_t max, std::size_t* count = nullptr) {
    std::size_t start = i;
    std::int64_t v = 0;
    while (!done() && i - start < max && s[i] >= '0' && s[i] <= '9') v = v * 10 + (s[i++] - '0');
    if (count) *count = i - start;
    if (i - start < min) return std::nullopt;
    return v;
  }
};

int days_in_month(std::int64_t y, int m) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : kDays[m - 1];
}

std::optional<std::int64_t> read_date(Cursor& c) {
  bool neg = c.eat('-');
  if (!neg) c.eat('+');
  auto y = c.digits(1, 9);
  if (!y || !c.eat('-')) return std::nullopt;
  auto m = c.digits(1, 2);
  if (!m || !c.eat('-')) return std::nullopt;
  auto d = c.digits(1, 2);
  if (!d) return std::nullopt;
  std::int64_t year = neg ? -*y : *y;
  if (*m < 1 || *m > 12 || *d < 1 || *d > days_in_month(year, static_cast<int>(*m))) return std::nullopt;
  return days_from_civil(year, static_cast<int>(*m), static_cast<int>(*d));
}

bool all_digits(std::string_view t) {
  std::size_t i = (!t.empty() && t[0] == '-') ? 1 : 0;
  if (i == t.size()) return false;
  for (; i < t.size(); ++i)
    if (t[i] < '0' || t[i] > '9') return false;
  return true;
}

}  // namespace

std::optional<std::int64_t> parse_timestamp_ms(std::string_view text) {
  if (all_digits(text)) {
    if (text.size() > 19) return std::nullopt;
    std::int64_t v = 0;
    bool neg = text[0] == '-';
    for (char ch : text.substr(neg ? 1 : 0)) {
      if (v > (INT64_MAX - 9) / 10) return std::nullopt;
      v = v * 10 + (ch - '0');
    }
    return neg ? -v : v;
  }
  Cursor c{text};
  auto days = read_date(c);
  // Beyond ±292 million years the milliseconds no longer fit in 64 bits (a day of margin for the
  // time of day and the zone offset).
  constexpr std::int64_t kMaxDays = INT64_MAX / 86400000 - 2;
  if (!days || *days > kMaxDays || *days < -kMaxDays) return std::nullopt;
  std::int64_t ms = *days * 86400000;
  // The time of day, after ' ' or 'T', when a digit follows (else the ' ' opens a zone).
  const bool has_time =
      (c.peek() == ' ' || c.peek() == 'T') && c.i + 1 < text.size() && text[c.i + 1] >= '0' && text[c.i + 1] <= '9';
  if (has_time) {
    ++c.i;
    auto h = c.digits(1, 2);
    if (!h || !c.eat(':')) return std::nullopt;
    auto mi = c.digits(1, 2);
    if (!mi) return std::nullopt;
    std::int64_t sec = 0, frac = 0;
    if (c.eat(':')) {
      auto s = c.digits(1, 2);
      if (!s) return std::nullopt;
      sec = *s;
      if (c.eat('.')) {
        // Up to nine fraction digits, truncated to milliseconds.
        std::size_t n = 0;
        auto f = c.digits(1, 9, &n);
        if (!f) return std::nullopt;
        frac = *f;
        for (; n > 3; --n) frac /= 10;
        for (; n < 3; ++n) frac *= 10;
      }
    }
    if (*h > 23 || *mi > 59 || sec > 59) return std::nullopt;
    ms += ((*h * 60 + *mi) * 60 + sec) * 1000 + frac;
  }
  // The zone (TimestampSerializer's offset patterns " z", " X", "X", "XXX"): Z, +HH, +HHMM,
  // +HH:MM, or UTC / GMT / UT with an optional such offset, after an optional space. ISO_DATE
  // reads a date-only form case-insensitively ('2011-02-03z').
  const bool spaced = c.eat(' ');
  auto offset = [&]() -> bool {  // [+-]HH[[:]MM]
    const int sign = c.s[c.i++] == '-' ? -1 : 1;
    auto zh = c.digits(2, 2);
    if (!zh) return false;
    std::int64_t zm = 0;
    const bool colon = c.eat(':');
    if (colon || !c.done()) {
      auto m = c.digits(2, 2);
      if (!m) return false;
      zm = *m;
    }
    if (*zh > 18 || zm > 59) return false;
    ms -= sign * (*zh * 60 + zm) * 60000;
    return true;
  };
  auto named = [&](std::string_view name) {
    if (text.substr(c.i, name.size()) != name) return false;
    c.i += name.size();
    return true;
  };
  if (c.eat('Z') || (!spaced && !has_time && c.eat('z'))) {
  } else if (c.peek() == '+' || c.peek() == '-') {
    if (!offset()) return std::nullopt;
  } else if (spaced && (named("UTC") || named("GMT") || named("UT"))) {
    if ((c.peek() == '+' || c.peek() == '-') && !offset()) return std::nullopt;
  } else if (spaced) {
    return std::nullopt;  // a zone name cqlbox does not know (docs/compatibility.md)
  }
  if (!c.done()) return std::nullopt;
  return ms;
}

std::optional<std::int64_t> parse_date_days(std::string_view text) {
  Cursor c{text};
  auto days = read_date(c);
  if (!days || !c.done()) return std::nullopt;
  return days;
}

std::optional<std::int64_t> parse_time_ns(std::string_view text) {
  Cursor c{text};
  auto h = c.digits(1, 2);
  if (!h || !c.eat(':')) return std::nullopt;
  auto m = c.digits(1, 2);
  if (!m || !c.eat(':')) return std::nullopt;
  auto s = c.digits(1, 2);
  if (!s) return std::nullopt;
  std::int64_t frac = 0;
  if (c.eat('.')) {
    std::size_t n = 0;
    auto f = c.digits(1, 9, &n);
    if (!f) return std::nullopt;
    frac = *f;
    for (std::size_t k = n; k < 9; ++k) frac *= 10;
  }
  if (!c.done() || *h > 23 || *m > 59 || *s > 59) return std::nullopt;
  return ((*h * 60 + *m) * 60 + *s) * 1000000000LL + frac;
}

namespace {

constexpr std::int64_t kNsPerUs = 1000, kNsPerMs = 1000000, kNsPerS = 1000000000LL;
constexpr std::int64_t kNsPerMin = 60 * kNsPerS, kNsPerH = 60 * kNsPerMin;

// Duration.Builder: units in order, each once, and totals that fit (months and days in an int,
// nanoseconds in a long). The messages are 5.0's (the limit printed is Integer.MAX_VALUE even
// for nanoseconds, as Cassandra prints it).
struct DurationBuilder {
  Duration d;
  int current = 0;  // the last unit's index: 1 years … 10 nanoseconds
  std::string* error;

  static const char* unit_name(int index) {
    static constexpr const char* kNames[] = {"",           "years",   "months",  "weeks",        "days",
                                             "hours",      "minutes", "seconds", "milliseconds", "microseconds",
                                             "nanoseconds"};
    return kNames[index];
  }
  bool fail(std::string message) {
    if (error) *error = std::move(message);
    return false;
  }
  bool add(int index, std::int64_t n) {
    if (index == current)
      return fail(fmt::format("Invalid duration. The {} are specified multiple times", unit_name(index)));
    if (index < current)
      return fail(fmt::format("Invalid duration. The {} should be after {}", unit_name(current), unit_name(index)));
    current = index;
    auto within = [&](std::int64_t limit, const char* what) {
      return n <= limit ||
             fail(fmt::format("Invalid duration. The total number of {} must be less or equal to {}", what, INT32_MAX));
    };
    static constexpr std::int64_t kPer[] = {0, 12, 1, 7, 1, kNsPerH, kNsPerMin, kNsPerS, kNsPerMs, kNsPerUs, 1};
    if (index <= 2) {
      if (!within((INT32_MAX - d.months) / kPer[index], "months")) return false;
      d.months += static_cast<std::int32_t>(n * kPer[index]);
    } else if (index <= 4) {
      if (!within((INT32_MAX - d.days) / kPer[index], "days")) return false;
      d.days += static_cast<std::int32_t>(n * kPer[index]);
    } else {
      if (!within((INT64_MAX - d.nanos) / kPer[index], "nanoseconds")) return false;
      d.nanos += n * kPer[index];
    }
    return true;
  }
};

// The index of a standard-format unit (y, mo, w, d, h, m, s, ms, us/µs, ns; any case), or 0.
int unit_index(std::string_view unit) {
  std::string u;
  for (char ch : unit) u += static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
  static constexpr std::pair<std::string_view, int> kUnits[] = {{"y", 1},  {"mo", 2},        {"w", 3},  {"d", 4},
                                                                {"h", 5},  {"m", 6},         {"s", 7},  {"ms", 8},
                                                                {"us", 9}, {"\xc2\xb5s", 9}, {"ns", 10}};
  for (const auto& [name, index] : kUnits)
    if (u == name) return index;
  return 0;
}

}  // namespace

std::optional<Duration> parse_duration(std::string_view text, std::string* error) {
  DurationBuilder b{Duration{}, 0, error};
  Duration& d = b.d;
  bool neg = !text.empty() && text[0] == '-';
  std::string_view t = text.substr(neg ? 1 : 0);
  if (t.empty()) return std::nullopt;
  if (t[0] == 'P' && t.find('-') != std::string_view::npos) {
    // ISO 8601's alternative form, PYYYY-MM-DDTHH:MM:SS (Duration.from).
    auto num = [&](std::size_t at, std::size_t n) -> std::optional<std::int64_t> {
      std::int64_t v = 0;
      for (std::size_t i = at; i < at + n; ++i) {
        if (i >= t.size() || t[i] < '0' || t[i] > '9') return std::nullopt;
        v = v * 10 + (t[i] - '0');
      }
      return v;
    };
    if (t.size() != 20 || t[5] != '-' || t[8] != '-' || t[11] != 'T' || t[14] != ':' || t[17] != ':')
      return std::nullopt;
    auto y = num(1, 4), mo = num(6, 2), dd = num(9, 2), h = num(12, 2), mi = num(15, 2), s = num(18, 2);
    if (!y || !mo || !dd || !h || !mi || !s) return std::nullopt;
    if (!b.add(1, *y) || !b.add(2, *mo) || !b.add(4, *dd) || !b.add(5, *h) || !b.add(6, *mi) || !b.add(7, *s))
      return std::nullopt;
  } else if (t[0] == 'P') {
    // ISO 8601: PnYnMnDTnHnMnS or PnW, upper case as Cassandra's patterns are.
    bool in_time = false;
    std::size_t i = 1;
    if (i == t.size()) return std::nullopt;
    while (i < t.size()) {
      if (t[i] == 'T') {
        in_time = true;
        ++i;
        continue;
      }
      std::int64_t n = 0;
      std::size_t start = i;
      while (i < t.size() && t[i] >= '0' && t[i] <= '9') {
        if (n > (INT64_MAX - (t[i] - '0')) / 10) return std::nullopt;  // Long.parseLong's overflow
        n = n * 10 + (t[i++] - '0');
      }
      if (i == start || i == t.size()) return std::nullopt;
      const char u = t[i];
      ++i;
      const int index = !in_time ? (u == 'Y'   ? 1
                                    : u == 'M' ? 2
                                    : u == 'W' ? 3
                                    : u == 'D' ? 4
                                               : 0)
                                 : (u == 'H'   ? 5
                                    : u == 'M' ? 6
                                    : u == 'S' ? 7
                                               : 0);
      if (index == 0 || !b.add(index, n)) return std::nullopt;
    }
  } else {
    std::size_t i = 0;
    while (i < t.size()) {
      std::int64_t n = 0;
      std::size_t start = i;
      while (i < t.size() && t[i] >= '0' && t[i] <= '9') {
        if (n > (INT64_MAX - (t[i] - '0')) / 10) return std::nullopt;  // Long.parseLong's overflow
        n = n * 10 + (t[i++] - '0');
      }
      if (i == start) return std::nullopt;
      std::size_t ustart = i;
      while (i < t.size() && !(t[i] >= '0' && t[i] <= '9')) ++i;
      const int index = unit_index(t.substr(ustart, i - ustart));
      if (index == 0 || !b.add(index, n)) return std::nullopt;
    }
  }
  if (neg) {
    d.months = -d.months;
    d.days = -d.days;
    d.nanos = -d.nanos;
  }
  return d;
}

std::string format_timestamp_ms(std::int64_t ms) {
  std::int64_t days = ms >= 0 ? ms / 86400000 : -((-ms + 86399999) / 86400000);
  std::int64_t rest = ms - days * 86400000;
  CivilDate c = civil_from_days(days);
  if (c.year < 1 || c.year > 9999) return fmt::format("{}", ms);
  return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}:{:02}.{:06}+0000", c.year, c.month, c.day, rest / 3600000,
                     rest / 60000 % 60, rest / 1000 % 60, rest % 1000 * 1000);
}

std::string format_date_days(std::int64_t days) {
  CivilDate c = civil_from_days(days);
  if (c.year < 1 || c.year > 9999) return fmt::format("{}", days);
  return fmt::format("{:04}-{:02}-{:02}", c.year, c.month, c.day);
}

std::string format_time_ns(std::int64_t ns) {
  return fmt::format("{:02}:{:02}:{:02}.{:09}", ns / kNsPerH, ns / kNsPerMin % 60, ns / kNsPerS % 60, ns % kNsPerS);
}

std::string format_duration(const Duration& d) {
  std::string out;
  bool neg = d.months < 0 || d.days < 0 || d.nanos < 0;
  if (neg) out += '-';
  auto abs64 = [](std::int64_t v) { return v < 0 ? -v : v; };
  std::int64_t months = abs64(d.months), days = abs64(d.days), ns = abs64(d.nanos);
  auto part = [&](std::int64_t v, const char* unit) {
    if (v != 0) out += fmt::format("{}{}", v, unit);
  };
  part(months / 12, "y");
  part(months % 12, "mo");
  part(days, "d");
  part(ns / kNsPerH, "h");
  part(ns / kNsPerMin % 60, "m");
  part(ns / kNsPerS % 60, "s");
  part(ns / kNsPerMs % 1000, "ms");
  part(ns / kNsPerUs % 1000, "us");
  part(ns % 1000, "ns");
  return out;
}

std::string strftime_utc(std::int64_t ms, std::string_view format) {
  std::int64_t seconds = ms / 1000, millis = ms % 1000;
  if (millis < 0) {
    millis += 1000;
    --seconds;
  }
  const auto t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  if (!gmtime_r(&t, &tm) || tm.tm_year + 1900 < 1 || tm.tm_year + 1900 > 9999) return std::to_string(ms);
  std::string f;
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] == '%' && i + 1 < format.size() && format[i + 1] == 'f') {
      f += fmt::format("{:06}", millis * 1000);
      ++i;
    } else if (format[i] == '%' && i + 1 < format.size() && format[i + 1] == 'z') {
      f += "+0000";
      ++i;
    } else {
      f += format[i];
    }
  }
  char buf[512];
  const std::size_t n = f.empty() ? 0 : std::strftime(buf, sizeof buf, f.c_str(), &tm);
  return std::string(buf, n);
}

}  // namespace cqlbox::types
