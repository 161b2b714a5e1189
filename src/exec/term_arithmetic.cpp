// Arithmetic in terms (terms.hpp): `VALUES (1, 2 + 3)`, a negated literal, text
// concatenation, and timestamp/date ± duration, each in the receiver's type as Cassandra
// types literal operands from the column they are assigned to.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/terms.hpp"
#include "types/bytes.hpp"
#include "types/codec.hpp"
#include "types/temporal.hpp"
#include "util/bit_cast.hpp"

namespace cqlbox::exec {

namespace {

// timestamp/date ± duration, as Cassandra's Duration.addTo: months move along the calendar (the
// day clamped to the month's end), then days, then the sub-day part.
std::optional<std::string> add_duration(const ast::Term& term, const types::CqlType& type, std::string_view column,
                                        const FunctionContext* ctx) {
  auto base = bind_term(term.items[0], type, column, ctx);
  auto amount = bind_term(term.items[1], *types::native_type(types::Kind::Duration), column, ctx);
  if (!base || !amount) return std::nullopt;
  return temporal_arithmetic(term.text[0], type, *base, *amount);
}

}  // namespace

std::string temporal_arithmetic(char op, const types::CqlType& type, std::string_view base, std::string_view amount) {
  using types::Kind;
  std::int64_t months = 0, days = 0, nanos = 0;
  types::decode_duration(amount, months, days, nanos);
  // TimestampType/SimpleDateType.addDuration refuse what the type cannot hold.
  const types::Duration whole{static_cast<std::int32_t>(months), static_cast<std::int32_t>(days), nanos};
  if (type.kind == Kind::Date && nanos != 0)
    error::operation_failed(
        op, "date", "duration",
        fmt::format("The duration must have a day precision. Was: {}", types::format_duration(whole)));
  if (type.kind == Kind::Timestamp && nanos % 1'000'000 != 0)
    error::operation_failed(
        op, "timestamp", "duration",
        fmt::format("The duration must have a millisecond precision. Was: {}", types::format_duration(whole)));
  if (op == '-') {
    months = -months;
    days = -days;
    nanos = -nanos;
  }
  constexpr std::int64_t kDayMs = 86'400'000;
  const std::int64_t ms =
      type.kind == Kind::Timestamp
          ? types::read_be<std::int64_t>(base)
          : (static_cast<std::int64_t>(types::read_be<std::uint32_t>(base)) - 2147483648LL) * kDayMs;
  std::int64_t day = ms >= 0 ? ms / kDayMs : -((-ms + kDayMs - 1) / kDayMs);
  const std::int64_t in_day = ms - day * kDayMs;
  if (months != 0) {
    types::CivilDate c = types::civil_from_days(day);
    std::int64_t m = c.year * 12 + (c.month - 1) + months;
    const std::int64_t year = m >= 0 ? m / 12 : -((-m + 11) / 12);
    const int month = static_cast<int>(m - year * 12) + 1;
    static constexpr int kLength[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int last = kLength[month - 1] + (month == 2 && leap ? 1 : 0);
    day = types::days_from_civil(year, month, std::min(c.day, last));
  }
  const std::int64_t out = (day + days) * kDayMs + in_day + nanos / 1'000'000;
  std::string bytes;
  if (type.kind == Kind::Timestamp) {
    types::append_be(bytes, out);
  } else {
    const std::int64_t out_day = out >= 0 ? out / kDayMs : -((-out + kDayMs - 1) / kDayMs);
    types::append_be(bytes, static_cast<std::uint32_t>(out_day + 2147483648LL));
  }
  return bytes;
}

void check_operation_markers(const ast::Term& term, const types::CqlType& type) {
  using types::Kind;
  if (term.kind != ast::TermKind::Operation || term.text == "n") return;
  if (term.items[0].kind != ast::TermKind::Bind && term.items[1].kind != ast::TermKind::Bind) return;
  // Only a tinyint (no other operation returns one), ascii or a temporal receiver leaves one
  // candidate (FunctionResolver.pickBestMatch); any other number or text has several.
  const bool numeric = type.kind == Kind::Smallint || type.kind == Kind::Int || type.kind == Kind::Bigint ||
                       type.kind == Kind::Varint || type.kind == Kind::Float || type.kind == Kind::Double ||
                       type.kind == Kind::Decimal || type.kind == Kind::Counter;
  if (numeric || (type.kind == Kind::Text && term.text == "+"))
    error::invalid("Ambiguous '{}' operation with args {} and {}: use type hint to disambiguate, example '(int) ?'",
                   term.text, term_text(term.items[0]), term_text(term.items[1]));
}

// Term arithmetic (`VALUES (1, 2 + 3)`): the operands take the receiver's type, as Cassandra
// types literal operands from the column they are assigned to. Integers wrap like Java's in
// the receiver's width; a null operand gives null.
std::optional<std::string> bind_operation(const ast::Term& term, const types::CqlType& type, std::string_view column,
                                          const FunctionContext* ctx) {
  using types::Kind;
  check_operation_markers(term, type);
  const char op = term.text[0];
  const bool floating = type.kind == Kind::Float || type.kind == Kind::Double;
  const bool integral = type.kind == Kind::Tinyint || type.kind == Kind::Smallint || type.kind == Kind::Int ||
                        type.kind == Kind::Bigint || type.kind == Kind::Counter;
  const bool temporal = type.kind == Kind::Timestamp || type.kind == Kind::Date;
  if (op == '+' && (type.kind == Kind::Text || type.kind == Kind::Ascii)) {  // concatenation
    auto left = bind_term(term.items[0], type, column, ctx), right = bind_term(term.items[1], type, column, ctx);
    if (!left || !right) return std::nullopt;
    return *left + *right;
  }
  if (temporal && (op == '+' || op == '-')) return add_duration(term, type, column, ctx);
  if (type.kind == Kind::Decimal || type.kind == Kind::Varint) {
    std::vector<std::string> v;
    for (const auto& item : term.items) {
      auto b = bind_term(item, type, column, ctx);
      if (!b) return std::nullopt;
      v.push_back(std::move(*b));
    }
    return big_number_operation(op, type, type, v[0], type, op == 'n' ? std::string_view() : std::string_view(v[1]));
  }
  if (!floating && !integral) {
    if (op == 'n') error::invalid("the '-' operation is not supported for {}", type.name);
    error::invalid("the '{}' operation is not supported between {} and {}", op, term_text(term.items[0]),
                   term_text(term.items[1]));
  }
  std::vector<std::string> v;
  for (const auto& item : term.items) {
    auto b = bind_term(item, type, column, ctx);
    if (!b) return std::nullopt;
    v.push_back(std::move(*b));
  }
  if (floating) {
    auto read = [&](const std::string& b) {
      return type.kind == Kind::Float ? static_cast<double>(util::bit_cast<float>(types::read_be<std::uint32_t>(b)))
                                      : util::bit_cast<double>(types::read_be<std::uint64_t>(b));
    };
    const double x = read(v[0]), y = op == 'n' ? 0 : read(v[1]);
    double out = op == 'n'   ? -x
                 : op == '+' ? x + y
                 : op == '-' ? x - y
                 : op == '*' ? x * y
                 : op == '/' ? x / y
                             : std::fmod(x, y);
    std::string bytes;
    if (type.kind == Kind::Float)
      types::append_be(bytes, util::bit_cast<std::uint32_t>(static_cast<float>(out)));
    else
      types::append_be(bytes, util::bit_cast<std::uint64_t>(out));
    return bytes;
  }
  auto read = [](const std::string& b) -> std::int64_t {
    switch (b.size()) {
      case 1: return types::read_be<std::int8_t>(b);
      case 2: return types::read_be<std::int16_t>(b);
      case 4: return types::read_be<std::int32_t>(b);
      default: return types::read_be<std::int64_t>(b);
    }
  };
  const auto x = static_cast<std::uint64_t>(read(v[0]));
  const auto y = op == 'n' ? std::uint64_t{0} : static_cast<std::uint64_t>(read(v[1]));
  std::uint64_t out = 0;
  switch (op) {
    case 'n': out = 0 - x; break;
    case '+': out = x + y; break;
    case '-': out = x - y; break;
    case '*': out = x * y; break;
    default: {
      const std::string name = type.kind == Kind::Counter ? "bigint" : type.name;
      if (y == 0) error::operation_failed(op, name, name, "/ by zero");
      const auto sx = static_cast<std::int64_t>(x), sy = static_cast<std::int64_t>(y);
      if (sy == -1)
        out = op == '/' ? 0 - x : 0;  // INT64_MIN / -1 wraps in Java
      else
        out = static_cast<std::uint64_t>(op == '/' ? sx / sy : sx % sy);
    }
  }
  std::string bytes;
  switch (v[0].size()) {
    case 1: types::append_be(bytes, static_cast<std::uint8_t>(out)); break;
    case 2: types::append_be(bytes, static_cast<std::uint16_t>(out)); break;
    case 4: types::append_be(bytes, static_cast<std::uint32_t>(out)); break;
    default: types::append_be(bytes, out); break;
  }
  return bytes;
}

}  // namespace cqlbox::exec
