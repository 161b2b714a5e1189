#include "exec/functions.hpp"

#include "exec/function_factories.hpp"
#include "exec/function_registry.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "types/bignum.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/codec.hpp"
#include "types/temporal.hpp"
#include "util/text.hpp"
#include "util/bit_cast.hpp"

namespace cqlbox::exec {

using types::Kind;
using types::native_type;
using types::read_be;

namespace {

constexpr std::int64_t kUuidEpochOffset = 0x01B21DD213814000LL;  // 100 ns from 1582-10-15 to 1970

const types::CqlType* T(Kind k) { return native_type(k); }

std::string timeuuid_bytes(std::int64_t ticks, std::uint64_t lsb) {
  const auto t = static_cast<std::uint64_t>(ticks);
  const std::uint64_t msb =
      ((t & 0xffffffffULL) << 32) | (((t >> 32) & 0xffffULL) << 16) | 0x1000ULL | ((t >> 48) & 0x0fffULL);
  return types::be_bytes(msb) + types::be_bytes(lsb);
}

std::int64_t timeuuid_ticks(std::string_view u) {
  const auto msb = read_be<std::uint64_t>(u);
  return static_cast<std::int64_t>(((msb & 0x0fffULL) << 48) | (((msb >> 16) & 0xffffULL) << 32) | (msb >> 32));
}

std::int64_t timeuuid_ms(std::string_view u) { return (timeuuid_ticks(u) - kUuidEpochOffset) / 10000; }

void require_context(const ScalarFunction& fn, const FunctionContext& ctx) {
  if (!ctx.clock) error::invalid("Function system.{} cannot be used here", fn.name);
}

std::uint64_t next_random(const FunctionContext& ctx) {
  std::uint64_t& s = *ctx.random_state;
  s += 0x9e3779b97f4a7c15ULL;  // splitmix64
  std::uint64_t z = s;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

std::string date_bytes(std::int64_t days) { return types::be_bytes(static_cast<std::uint32_t>(days + 2147483648LL)); }

Value fn_now(std::span<const Value>, const ScalarFunction& fn, const FunctionContext& ctx) {
  require_context(fn, ctx);
  std::int64_t ticks = ctx.clock->now_us() * 10 + kUuidEpochOffset;
  if (ticks <= *ctx.last_uuid_time) ticks = *ctx.last_uuid_time + 1;
  *ctx.last_uuid_time = ticks;
  // A fixed clock sequence and node: cqlbox is one "host".
  return timeuuid_bytes(ticks, 0x9c8a6d5e4f3b2a19ULL);
}
Value fn_uuid(std::span<const Value>, const ScalarFunction& fn, const FunctionContext& ctx) {
  require_context(fn, ctx);
  std::uint64_t a = next_random(ctx), b = next_random(ctx);
  a = (a & 0xffffffffffff0fffULL) | 0x4000ULL;
  b = (b & 0x3fffffffffffffffULL) | 0x8000000000000000ULL;
  return types::be_bytes(a) + types::be_bytes(b);
}
Value fn_current_timestamp(std::span<const Value>, const ScalarFunction& fn, const FunctionContext& ctx) {
  require_context(fn, ctx);
  return types::be_bytes(floor_div(ctx.clock->now_us(), 1000));
}
Value fn_current_date(std::span<const Value>, const ScalarFunction& fn, const FunctionContext& ctx) {
  require_context(fn, ctx);
  return date_bytes(floor_div(ctx.clock->now_us(), 86400000000LL));
}
Value fn_current_time(std::span<const Value>, const ScalarFunction& fn, const FunctionContext& ctx) {
  require_context(fn, ctx);
  const std::int64_t us = ctx.clock->now_us();
  return types::be_bytes((us - floor_div(us, 86400000000LL) * 86400000000LL) * 1000);
}

Value fn_to_timestamp(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0]) return std::nullopt;
  if (fn.params[0]->kind == Kind::Date) return types::be_bytes(date_days(*a[0]) * 86400000);
  return types::be_bytes(timeuuid_ms(*a[0]));
}
Value fn_to_date(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0]) return std::nullopt;
  const std::int64_t ms = fn.params[0]->kind == Kind::Timestamp ? read_be<std::int64_t>(*a[0]) : timeuuid_ms(*a[0]);
  return date_bytes(floor_div(ms, 86400000));
}
Value fn_to_unix(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0]) return std::nullopt;
  switch (fn.params[0]->kind) {
    case Kind::Timestamp: return types::be_bytes(read_be<std::int64_t>(*a[0]));
    case Kind::Date: return types::be_bytes(date_days(*a[0]) * 86400000);
    default: return types::be_bytes(timeuuid_ms(*a[0]));
  }
}
// floor(time, duration [, start]): Duration.floorTimestamp in UTC. A duration of months steps
// through a calendar as GregorianCalendar.add does: the day is clamped to the month's length
// and stays clamped when the steps are taken back.
std::int64_t floor_timestamp(std::int64_t time, const types::Duration& d, std::int64_t start) {
  if (start > time) error::invalid("The floor function starting time is greater than the provided time");
  if (d.months < 0 || d.days < 0 || d.nanos < 0)
    error::invalid("Negative durations are not supported by the floor function");
  // Java's long arithmetic wraps: so does this, in unsigned (no undefined overflow).
  const auto wrap = [](std::uint64_t v) { return static_cast<std::int64_t>(v); };
  const auto u = [](std::int64_t v) { return static_cast<std::uint64_t>(v); };
  const std::int64_t step = wrap(u(d.days) * 86400000ULL + u(d.nanos / 1000000));
  if (d.months == 0)
    return step == 0 ? time : wrap(u(time) - u(wrap(u(time) - u(start)) % step));  // % signed, as Java's
  struct Calendar {
    std::int64_t month;  // year * 12 + month - 1
    int day;
    std::int64_t time_of_day;
    explicit Calendar(std::int64_t ms) {
      const std::int64_t days = floor_div(ms, 86400000);
      time_of_day = ms - days * 86400000;
      const types::CivilDate c = types::civil_from_days(days);
      month = c.year * 12 + c.month - 1;
      day = c.day;
    }
    void add_months(std::int64_t n) {
      month += n;
      const std::int64_t y = floor_div(month, 12);
      const int m = static_cast<int>(month - y * 12) + 1;
      const int length = static_cast<int>(types::days_from_civil(m == 12 ? y + 1 : y, m == 12 ? 1 : m + 1, 1) -
                                          types::days_from_civil(y, m, 1));
      day = std::min(day, length);
    }
    std::int64_t ms() const {
      const std::int64_t y = floor_div(month, 12);
      return types::days_from_civil(y, static_cast<int>(month - y * 12) + 1, day) * 86400000 + time_of_day;
    }
  };
  const Calendar at(time);
  Calendar cal(start);
  std::int64_t multiplier = (at.month - cal.month) / d.months;
  cal.add_months(multiplier * d.months);
  if (d.days == 0 && d.nanos == 0) return cal.ms();
  std::int64_t floor = wrap(u(cal.ms()) + u(multiplier) * u(step));
  while (floor > time) {
    --multiplier;
    cal.add_months(-d.months);
    floor = wrap(u(cal.ms()) + u(multiplier) * u(step));
  }
  return std::max(start, floor);
}

Value fn_floor(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  for (const auto& v : a)
    if (!v || v->empty()) return std::nullopt;  // an empty value reads as null
  std::int64_t months = 0, days = 0, nanos = 0;
  types::decode_duration(*a[1], months, days, nanos);
  const types::Duration d{static_cast<std::int32_t>(months), static_cast<std::int32_t>(days), nanos};
  const Kind k = fn.params[0]->kind;
  if (k == Kind::Time) {  // Duration.floorTime
    if (d.months < 0 || d.days < 0 || d.nanos < 0)
      error::invalid("Negative durations are not supported by the floor function");
    if (d.months != 0 || d.days != 0 || d.nanos > 86400000000000LL)
      error::invalid("For time values, the floor can only be computed for durations smaller that a day");
    const std::int64_t t = read_be<std::int64_t>(*a[0]);
    return types::be_bytes(d.nanos == 0 ? t : t - t % d.nanos);
  }
  if (k == Kind::Date && d.nanos != 0)
    error::invalid("The floor on date values cannot be computed for the {} duration as precision is below 1 day",
                   types::format_duration(d));
  if (k != Kind::Date && d.nanos % 1000000 != 0)
    error::invalid("The floor cannot be computed for the {} duration as precision is below 1 millisecond",
                   types::format_duration(d));
  const auto millis = [&](const types::CqlType& t, std::string_view b) {
    return t.kind == Kind::Date       ? date_days(b) * 86400000
           : t.kind == Kind::Timeuuid ? timeuuid_ms(b)
                                      : read_be<std::int64_t>(b);
  };
  const std::int64_t start = a.size() > 2 ? millis(*fn.params[2], *a[2]) : 0;
  const std::int64_t floor = floor_timestamp(millis(*fn.params[0], *a[0]), d, start);
  return k == Kind::Date ? date_bytes(floor_div(floor, 86400000)) : types::be_bytes(floor);
}

Value fn_min_timeuuid(std::span<const Value> a, const ScalarFunction&, const FunctionContext&) {
  if (!a[0]) return std::nullopt;
  return timeuuid_bytes(read_be<std::int64_t>(*a[0]) * 10000 + kUuidEpochOffset, 0x8080808080808080ULL);
}
Value fn_max_timeuuid(std::span<const Value> a, const ScalarFunction&, const FunctionContext&) {
  if (!a[0]) return std::nullopt;
  return timeuuid_bytes(read_be<std::int64_t>(*a[0]) * 10000 + 9999 + kUuidEpochOffset, 0x7f7f7f7f7f7f7f7fULL);
}
Value fn_as_blob(std::span<const Value> a, const ScalarFunction&, const FunctionContext&) { return a[0]; }
Value fn_blob_as(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0]) return std::nullopt;
  const int size = fn.result->fixed_size;
  const bool ok = a[0]->empty() || size < 0 || static_cast<int>(a[0]->size()) == size;
  if (!ok || (fn.result->kind == Kind::Text && !util::valid_utf8(*a[0]))) {
    std::string hex = "0x";
    for (char c : *a[0]) hex += fmt::format("{:02x}", static_cast<unsigned char>(c));
    error::invalid("In call to function system.{}, value {} is not a valid binary representation for type {}", fn.name,
                   hex, fn.result->name);
  }
  return a[0];
}

constexpr Kind kAllNative[] = {Kind::Ascii,     Kind::Bigint,   Kind::Blob,     Kind::Boolean,  Kind::Counter,
                               Kind::Date,      Kind::Decimal,  Kind::Double,   Kind::Duration, Kind::Float,
                               Kind::Inet,      Kind::Int,      Kind::Smallint, Kind::Text,     Kind::Time,
                               Kind::Timestamp, Kind::Timeuuid, Kind::Tinyint,  Kind::Uuid,     Kind::Varint};

// A value of type `from` can be passed where `to` is expected (timeuuid -> uuid, ascii -> text).
bool assignable(const types::CqlType* from, const types::CqlType* to) {
  if (from == to) return true;
  if (to->kind == Kind::Uuid && from->kind == Kind::Timeuuid) return true;
  if (to->kind == Kind::Text && from->kind == Kind::Ascii) return true;
  if (to->kind == Kind::Blob) return false;
  return false;
}

}  // namespace

std::int64_t date_days(std::string_view b) {
  return static_cast<std::int64_t>(read_be<std::uint32_t>(b)) - 2147483648LL;
}

std::string next_list_path(const FunctionContext& ctx) {
  std::int64_t ticks = ctx.clock->now_us() * 10 + kUuidEpochOffset;
  if (ticks <= *ctx.last_uuid_time) ticks = *ctx.last_uuid_time + 1;
  *ctx.last_uuid_time = ticks;
  return timeuuid_bytes(ticks, 0x9c8a6d5e4f3b2a19ULL);
}

std::vector<std::string> prepend_list_paths(const FunctionContext& ctx, std::size_t count) {
  // Cassandra counts prepend times down from 2010-01-01 so they sort before any append.
  *ctx.prepend_ticks -= static_cast<std::int64_t>(count);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < count; ++i)
    out.push_back(timeuuid_bytes(*ctx.prepend_ticks + static_cast<std::int64_t>(i), 0x9c8a6d5e4f3b2a19ULL));
  return out;
}

namespace {

// CastFcts: the input types of cast_as_<to> (castAs<To>), in 5.0's registration order. A cast
// to a number takes every other number; to text or ascii, numbers and the types CastAsText
// names; to date and timestamp, the time types. Nothing else casts (a type to itself is no
// function: the selection drops it).
std::vector<Kind> cast_inputs(Kind to) {
  static constexpr Kind kNumbers[] = {Kind::Tinyint, Kind::Smallint, Kind::Int,     Kind::Bigint, Kind::Float,
                                      Kind::Double,  Kind::Decimal,  Kind::Counter, Kind::Varint};
  std::vector<Kind> out;
  switch (to) {
    case Kind::Tinyint:
    case Kind::Smallint:
    case Kind::Int:
    case Kind::Bigint:
    case Kind::Float:
    case Kind::Double:
    case Kind::Decimal:
    case Kind::Varint:
      for (Kind k : kNumbers)
        if (k != to) out.push_back(k);
      break;
    case Kind::Ascii:
    case Kind::Text:
      out.assign(std::begin(kNumbers), std::end(kNumbers));
      if (to == Kind::Text) out.push_back(Kind::Ascii);
      for (Kind k : {Kind::Inet, Kind::Boolean, Kind::Timeuuid, Kind::Timestamp, Kind::Date, Kind::Time, Kind::Uuid})
        out.push_back(k);
      break;
    case Kind::Date: out = {Kind::Timeuuid, Kind::Timestamp}; break;
    case Kind::Timestamp: out = {Kind::Timeuuid, Kind::Date}; break;
    default: break;
  }
  return out;
}

// cast_as_int, castasint (4.x's castAsInt): the type cast to, or nullptr for any other name.
const types::CqlType* cast_target(const std::string& name) {
  std::string_view rest;
  if (name.starts_with("cast_as_"))
    rest = std::string_view(name).substr(8);
  else if (name.starts_with("castas"))
    rest = std::string_view(name).substr(6);
  else
    return nullptr;
  const types::CqlType* to = types::find_native_type(rest);
  return to && to->name == rest ? to : nullptr;
}

}  // namespace

bool is_cast_function(std::string_view name) { return cast_target(util::ascii_lower(name)) != nullptr; }

namespace {

Value fn_cast(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  return cast_value(*fn.params[0], *fn.result, a[0]);
}

}  // namespace

std::vector<ScalarFunction> function_overloads(std::string_view raw) {
  const std::string called = util::ascii_lower(raw.substr(0, 7) == "system." ? raw.substr(7) : raw);
  const std::string name = legacy_spelling(called);  // the spelling the overloads are built by
  std::vector<ScalarFunction> out;
  auto add = [&](std::vector<const types::CqlType*> params, const types::CqlType* result, auto impl) {
    out.push_back({called, std::move(params), result, impl});
  };
  add_math_overloads(name, out);
  if (name == "now" || name == "currenttimeuuid")
    add({}, T(Kind::Timeuuid), fn_now);
  else if (name == "uuid")
    add({}, T(Kind::Uuid), fn_uuid);
  else if (name == "currenttimestamp")
    add({}, T(Kind::Timestamp), fn_current_timestamp);
  else if (name == "currentdate")
    add({}, T(Kind::Date), fn_current_date);
  else if (name == "currenttime")
    add({}, T(Kind::Time), fn_current_time);
  else if (name == "totimestamp") {
    add({T(Kind::Timeuuid)}, T(Kind::Timestamp), fn_to_timestamp);
    add({T(Kind::Date)}, T(Kind::Timestamp), fn_to_timestamp);
  } else if (name == "todate") {
    add({T(Kind::Timeuuid)}, T(Kind::Date), fn_to_date);
    add({T(Kind::Timestamp)}, T(Kind::Date), fn_to_date);
  } else if (name == "tounixtimestamp") {
    add({T(Kind::Timeuuid)}, T(Kind::Bigint), fn_to_unix);
    add({T(Kind::Timestamp)}, T(Kind::Bigint), fn_to_unix);
    add({T(Kind::Date)}, T(Kind::Bigint), fn_to_unix);
  } else if (name == "floor") {
    // TimeFcts: timestamp, timeuuid (to a timestamp) and date, each with an optional start;
    // time without one.
    const types::CqlType* duration = T(Kind::Duration);
    add({T(Kind::Timestamp), duration}, T(Kind::Timestamp), fn_floor);
    add({T(Kind::Timestamp), duration, T(Kind::Timestamp)}, T(Kind::Timestamp), fn_floor);
    add({T(Kind::Timeuuid), duration}, T(Kind::Timestamp), fn_floor);
    add({T(Kind::Timeuuid), duration, T(Kind::Timestamp)}, T(Kind::Timestamp), fn_floor);
    add({T(Kind::Date), duration}, T(Kind::Date), fn_floor);
    add({T(Kind::Date), duration, T(Kind::Date)}, T(Kind::Date), fn_floor);
    add({T(Kind::Time), duration}, T(Kind::Time), fn_floor);
  } else if (name == "mintimeuuid")
    add({T(Kind::Timestamp)}, T(Kind::Timeuuid), fn_min_timeuuid);
  else if (name == "maxtimeuuid")
    add({T(Kind::Timestamp)}, T(Kind::Timeuuid), fn_max_timeuuid);
  else if (auto to = cast_target(name)) {
    for (Kind k : cast_inputs(to->kind)) add({T(k)}, to, fn_cast);
  } else {
    for (Kind k : kAllNative) {
      const types::CqlType* t = T(k);
      const std::string type_name(t->name);
      if (k != Kind::Blob && name == type_name + "asblob") add({t}, T(Kind::Blob), fn_as_blob);
      if (k != Kind::Blob && name == "blobas" + type_name) add({T(Kind::Blob)}, t, fn_blob_as);
      if (k == Kind::Text && (name == "varcharasblob")) add({t}, T(Kind::Blob), fn_as_blob);
      if (k == Kind::Text && (name == "blobasvarchar")) add({T(Kind::Blob)}, t, fn_blob_as);
    }
  }
  return out;
}

const types::CqlType* parameter_type(std::string_view name, std::size_t arity, std::size_t i) {
  const types::CqlType* agreed = nullptr;
  for (const ScalarFunction& f : function_overloads(name)) {
    if (f.params.size() != arity) continue;
    if (agreed && agreed != f.params[i]) return nullptr;
    agreed = f.params[i];
  }
  return agreed;
}

void check_marker_argument(std::string_view raw, std::size_t arity, std::size_t i) {
  const std::string name = util::ascii_lower(raw);
  std::vector<ScalarFunction> overloads = function_overloads(name);
  std::erase_if(overloads, [&](const ScalarFunction& f) { return f.params.size() != arity; });
  if (overloads.size() < 2 || parameter_type(name, arity, i)) return;
  std::string sigs;
  for (const auto& f : overloads) {
    std::string p;
    for (const auto* t : f.params) p += (p.empty() ? "" : ", ") + std::string(t->name);
    sigs += (sigs.empty() ? "" : ", ") + fmt::format("system.{} : ({}) -> {}", name, p, f.result->name);
  }
  // The name as the call wrote it; CAST's own call is to the native system.cast_as_<type>.
  error::invalid(
      "Ambiguous call to function {}{} (can be matched by following signatures: {}): use type casts to disambiguate",
      name.starts_with("cast_as_") ? "system." : "", name, sigs);
}

ScalarFunction resolve_function(std::string_view raw, const std::vector<const types::CqlType*>& args,
                                const std::vector<std::string>& arg_names,
                                const std::vector<std::optional<LiteralArgument>>& literals) {
  const std::string name = util::ascii_lower(raw);
  if (auto similarity = similarity_function(name, args, arg_names)) return *similarity;
  if (auto made = factory_function(name, args, arg_names)) return *made;
  std::vector<ScalarFunction> overloads = function_overloads(name);
  if (overloads.empty()) error::invalid("Unknown function '{}'", name);
  const auto literal = [&](std::size_t i) -> const LiteralArgument* {
    return i < literals.size() && literals[i] ? &*literals[i] : nullptr;
  };
  std::vector<const ScalarFunction*> assignable_to;
  bool all_literals = true;  // every untyped argument a scalar literal (no marker, no null)
  for (std::size_t i = 0; i < args.size(); ++i) all_literals = all_literals && (args[i] || literal(i));
  for (const auto& f : overloads) {
    if (f.params.size() != args.size()) continue;
    bool ok = true, exact = true;
    for (std::size_t i = 0; i < args.size() && ok; ++i) {
      if (args[i]) {
        ok = assignable(args[i], f.params[i]);
        exact = exact && args[i] == f.params[i];
      } else if (const LiteralArgument* lit = literal(i)) {
        ok = lit->null || types::constant_accepted(*f.params[i], lit->kind);
        exact = exact && !lit->null && lit->preferred == f.params[i];
      } else {
        exact = false;
      }
    }
    if (!ok) continue;
    if (exact && !literals.empty()) return f;
    assignable_to.push_back(&f);
  }
  if (assignable_to.size() > 1 && !literals.empty() && all_literals) {
    std::string sigs;
    for (const ScalarFunction* f : assignable_to) {
      std::string p;
      for (const auto* t : f->params) p += (p.empty() ? "" : ", ") + std::string(t->name);
      sigs += (sigs.empty() ? "" : ", ") + fmt::format("system.{} : ({}) -> {}", name, p, f->result->name);
    }
    error::invalid(
        "Ambiguous call to function system.{} (can be matched by following signatures: {}): use type casts "
        "to disambiguate",
        name, sigs);
  }
  if (!assignable_to.empty()) return *assignable_to.front();
  if (overloads[0].params.size() != args.size())
    error::invalid("Invalid number of arguments in call to function system.{}: {} required but {} provided", name,
                   overloads[0].params.size(), args.size());
  std::string sigs;
  for (const auto& f : overloads) {
    std::string p;
    for (const auto* t : f.params) p += (p.empty() ? "" : ", ") + std::string(t->name);
    sigs += (sigs.empty() ? "" : ", ") + fmt::format("system.{} : ({}) -> {}", name, p, f.result->name);
  }
  // Each signature as Function.toString writes it, joined (FunctionResolver.format).
  error::invalid("Invalid call to function system.{}, none of its type signatures match (known type signatures: {})",
                 name, sigs);
}

namespace {

long double number_of(Kind k, std::string_view b) {
  switch (k) {
    case Kind::Int: return read_be<std::int32_t>(b);
    case Kind::Bigint:
    case Kind::Counter: return static_cast<long double>(read_be<std::int64_t>(b));
    case Kind::Smallint: return read_be<std::int16_t>(b);
    case Kind::Tinyint: return read_be<std::int8_t>(b);
    // Java's Number.doubleValue: a float widens exactly (5.2f is 5.199999809265137).
    case Kind::Float: return util::bit_cast<float>(read_be<std::uint32_t>(b));
    case Kind::Double: return util::bit_cast<double>(read_be<std::uint64_t>(b));
    case Kind::Varint:
    case Kind::Decimal: return std::strtold(java_text(*native_type(k), b).c_str(), nullptr);
    default: return 0;
  }
}

}  // namespace

bool can_cast(const types::CqlType& from, const types::CqlType& to) {
  if (&from == &to) return true;
  const auto inputs = cast_inputs(to.kind);
  return !from.is_collection() && std::find(inputs.begin(), inputs.end(), from.kind) != inputs.end();
}

Value cast_value(const types::CqlType& from, const types::CqlType& to, const Value& v) {
  if (!v) return std::nullopt;
  if (from.kind == to.kind) return v;
  // An empty value of a type where emptiness means nothing reads as null (isEmptyValueMeaningless).
  if (v->empty() && from.kind != Kind::Text && from.kind != Kind::Ascii && from.kind != Kind::Blob) return std::nullopt;
  const std::string_view b = *v;
  if (to.kind == Kind::Text || to.kind == Kind::Ascii) {
    if (from.kind == Kind::Uuid || from.kind == Kind::Timeuuid) {
      std::string hex;
      for (char c : b) hex += fmt::format("{:02x}", static_cast<unsigned char>(c));
      return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
             hex.substr(20);
    }
    return java_text(from, b);
  }
  if (to.kind == Kind::Timestamp) {
    if (from.kind == Kind::Date) return types::be_bytes(date_days(b) * 86400000);
    return types::be_bytes(timeuuid_ms(b));
  }
  if (to.kind == Kind::Date) {
    const std::int64_t ms = from.kind == Kind::Timestamp ? read_be<std::int64_t>(b) : timeuuid_ms(b);
    return date_bytes(floor_div(ms, 86400000));
  }
  // Numbers: Java's narrowing conversions (truncation toward zero, then wrap).
  const long double x = number_of(from.kind, b);
  const auto whole = static_cast<std::int64_t>(std::isfinite(x) ? std::trunc(x) : 0);
  switch (to.kind) {
    case Kind::Int: return types::be_bytes(static_cast<std::int32_t>(static_cast<std::uint32_t>(whole)));
    case Kind::Bigint: return types::be_bytes(whole);
    case Kind::Smallint: return types::be_bytes(static_cast<std::int16_t>(static_cast<std::uint16_t>(whole)));
    case Kind::Tinyint: return types::be_bytes(static_cast<std::int8_t>(static_cast<std::uint8_t>(whole)));
    case Kind::Float: {
      float f = static_cast<float>(x);
      std::uint32_t bits = 0;
      std::memcpy(&bits, &f, 4);
      return types::be_bytes(bits);
    }
    case Kind::Double: {
      double d = static_cast<double>(x);
      std::uint64_t bits = 0;
      std::memcpy(&bits, &d, 8);
      return types::be_bytes(bits);
    }
    case Kind::Varint: {
      auto big = types::BigInt::from_decimal(std::to_string(whole));
      return big->to_twos_complement();
    }
    case Kind::Decimal: {
      std::string text = java_text(from, b);
      std::int32_t scale = 0;
      std::string digits;
      bool dot = false;
      for (char c : text) {
        if (c == '.') {
          dot = true;
          continue;
        }
        if (c == 'E') break;
        digits += c;
        if (dot) ++scale;
      }
      auto big = types::BigInt::from_decimal(digits);
      if (!big) return std::nullopt;
      return types::be_bytes(scale) + big->to_twos_complement();
    }
    default: return std::nullopt;
  }
}

}  // namespace cqlbox::exec
