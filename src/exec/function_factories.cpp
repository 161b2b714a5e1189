#include "exec/function_factories.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "types/decimal_math.hpp"
#include "util/digest.hpp"
#include "util/bit_cast.hpp"

namespace cqlbox::exec {

using types::Kind;

namespace {

__extension__ typedef __int128 Int128;  // sums of 64-bit elements without overflow

const types::CqlType* T(Kind k) { return types::native_type(k); }

// --- math (MathFcts): the result has the argument's type; Java's conversions -------------

double as_double(Kind k, std::string_view b) {
  switch (k) {
    case Kind::Tinyint: return types::read_be<std::int8_t>(b);
    case Kind::Smallint: return types::read_be<std::int16_t>(b);
    case Kind::Int: return types::read_be<std::int32_t>(b);
    case Kind::Float: return util::bit_cast<float>(types::read_be<std::uint32_t>(b));
    case Kind::Double: return util::bit_cast<double>(types::read_be<std::uint64_t>(b));
    default: return static_cast<double>(types::read_be<std::int64_t>(b));  // bigint, counter
  }
}

// Java's (long) / (int) casts of a double: saturating, NaN is 0.
std::int64_t java_long(double d) {
  if (std::isnan(d)) return 0;
  if (d >= 9.2233720368547758e18) return std::numeric_limits<std::int64_t>::max();
  if (d <= -9.2233720368547758e18) return std::numeric_limits<std::int64_t>::min();
  return static_cast<std::int64_t>(d);
}
std::int32_t java_int(double d) {
  if (std::isnan(d)) return 0;
  if (d >= 2147483647.0) return std::numeric_limits<std::int32_t>::max();
  if (d <= -2147483648.0) return std::numeric_limits<std::int32_t>::min();
  return static_cast<std::int32_t>(d);
}

// A double result in type `k`: floats narrow, integers convert as Java's casts do (byte and
// short through int, so they wrap).
std::string from_double(Kind k, double d) {
  switch (k) {
    case Kind::Tinyint: return types::be_bytes(static_cast<std::int8_t>(java_int(d)));
    case Kind::Smallint: return types::be_bytes(static_cast<std::int16_t>(java_int(d)));
    case Kind::Int: return types::be_bytes(java_int(d));
    case Kind::Float: return types::be_bytes(util::bit_cast<std::uint32_t>(static_cast<float>(d)));
    case Kind::Double: return types::be_bytes(util::bit_cast<std::uint64_t>(d));
    default: return types::be_bytes(java_long(d));
  }
}

template <double (*F)(double)>
Value fn_math(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0] || a[0]->empty()) return std::nullopt;
  const Kind k = fn.result->kind;
  return from_double(k, F(as_double(k, *a[0])));
}

Value fn_abs(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0] || a[0]->empty()) return std::nullopt;
  const Kind k = fn.result->kind;
  if (k == Kind::Float || k == Kind::Double) return from_double(k, std::fabs(as_double(k, *a[0])));
  // Math.abs of the type's minimum is itself (two's complement), as in Java.
  const std::string& b = *a[0];
  switch (k) {
    case Kind::Tinyint: {
      auto v = types::read_be<std::int8_t>(b);
      return types::be_bytes(static_cast<std::int8_t>(v < 0 ? -static_cast<int>(v) : v));
    }
    case Kind::Smallint: {
      auto v = types::read_be<std::int16_t>(b);
      return types::be_bytes(static_cast<std::int16_t>(v < 0 ? -static_cast<int>(v) : v));
    }
    case Kind::Int: {
      auto v = types::read_be<std::uint32_t>(b);
      return types::be_bytes(static_cast<std::int32_t>(static_cast<std::int32_t>(v) < 0 ? 0u - v : v));
    }
    default: {
      auto v = types::read_be<std::uint64_t>(b);
      return types::be_bytes(static_cast<std::int64_t>(static_cast<std::int64_t>(v) < 0 ? 0ull - v : v));
    }
  }
}

// round: integers are themselves; float -> (float) Math.round(float) (an int); double ->
// (double) Math.round(double) (a long): floor(x + 0.5), saturating.
Value fn_round(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0] || a[0]->empty()) return std::nullopt;
  const Kind k = fn.result->kind;
  const double d = as_double(k, *a[0]);
  if (k == Kind::Float) return from_double(k, static_cast<double>(java_int(std::floor(static_cast<float>(d) + 0.5f))));
  if (k == Kind::Double) return from_double(k, static_cast<double>(java_long(std::floor(d + 0.5))));
  return a[0];
}

// varint and decimal: DecimalType's and IntegerType's own arithmetic (types/decimal_math).
// Java's ArithmeticException (log of zero, exp past an int) reaches the client as 5.0's
// ServerError does.
template <char Op>
Value fn_big_math(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0] || a[0]->empty()) return std::nullopt;
  try {
    if (fn.result->kind == Kind::Varint) {
      const types::BigInt x = types::BigInt::from_twos_complement(*a[0]);
      types::BigInt r = x;
      switch (Op) {
        case 'a':
          if (r.negative()) r.negate();
          break;
        case 'e': r = types::varint_exp(x); break;
        case 'l': r = types::varint_log(x); break;
        case 'L': r = types::varint_log10(x); break;
        default: break;  // round: an integer is itself
      }
      return r.to_twos_complement();
    }
    const types::Decimal x = types::Decimal::from_bytes(*a[0]);
    switch (Op) {
      case 'a': return types::decimal_abs(x).to_bytes();
      case 'e': return types::decimal_exp(x).to_bytes();
      case 'l': return types::decimal_log(x).to_bytes();
      case 'L': return types::decimal_log10(x).to_bytes();
      default: return types::decimal_round(x).to_bytes();
    }
  } catch (const types::ArithmeticError& e) {
    error::java_arithmetic(e.what());
  } catch (const std::length_error& e) {
    error::invalid("{}", e.what());
  }
}

double exp_(double x) { return std::exp(x); }
double log_(double x) { return std::log(x); }
double log10_(double x) { return std::log10(x); }

// --- collections (CollectionFcts) ----------------------------------------------------------

std::vector<std::string_view> elements_of(const types::CqlType& type, std::string_view bytes) {
  std::vector<std::string_view> out;
  types::decode_elements(bytes, out, type.kind == Kind::Map);
  return out;
}

// map_keys (Half = 0) and map_values (Half = 1): every other element of the serialized map.
template <std::size_t Half>
Value fn_map_half(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0]) return std::nullopt;
  const auto parts = elements_of(*fn.params[0], *a[0]);
  std::vector<std::string> out;
  for (std::size_t i = Half; i < parts.size(); i += 2) out.emplace_back(parts[i]);
  return types::encode_elements(out);
}

Value fn_collection_count(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0]) return std::nullopt;
  const auto parts = elements_of(*fn.params[0], *a[0]);
  const std::size_t n = fn.params[0]->kind == Kind::Map ? parts.size() / 2 : parts.size();
  return types::be_bytes(static_cast<std::int32_t>(n));
}

template <bool Max>
Value fn_collection_extreme(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0]) return std::nullopt;
  const auto parts = elements_of(*fn.params[0], *a[0]);
  if (parts.empty()) return std::nullopt;
  std::string_view best = parts[0];
  for (auto p : parts) {
    const int c = types::compare_values(*fn.result, p, best);
    if (Max ? c > 0 : c < 0) best = p;
  }
  return std::string(best);
}

// The element type's sum (wrapping in its width, as sum() does) or average (integers
// truncated); floats and doubles in double. An empty collection gives 0.
template <bool Average>
Value fn_collection_sum(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0]) return std::nullopt;
  const Kind k = fn.result->kind;
  // An empty element is no number: the aggregate reads it as null and skips it.
  auto parts = elements_of(*fn.params[0], *a[0]);
  std::erase_if(parts, [](std::string_view p) { return p.empty(); });
  if (k == Kind::Varint) {  // exact; the average truncated
    types::BigInt sum, q, r;
    for (auto p : parts) sum = types::BigInt::add(sum, types::BigInt::from_twos_complement(p));
    if (!Average || parts.empty()) return sum.to_twos_complement();
    types::BigInt::divide(sum, types::BigInt::from_int64(static_cast<std::int64_t>(parts.size())), q, r);
    return q.to_twos_complement();
  }
  if (k == Kind::Decimal) {  // avg() and sum() over decimals, one element at a time
    types::Decimal acc;
    std::int64_t n = 0;
    try {
      for (auto p : parts) {
        const types::Decimal x = types::Decimal::from_bytes(p);
        acc = Average ? types::decimal_running_average(acc, x, ++n) : types::decimal_add(acc, x);
      }
    } catch (const types::ArithmeticError& e) {
      error::java_arithmetic(e.what());
    }
    return acc.to_bytes();
  }
  if (k == Kind::Float || k == Kind::Double) {
    double sum = 0;
    for (auto p : parts) sum += as_double(k, p);
    return from_double(k, Average && !parts.empty() ? sum / static_cast<double>(parts.size()) : sum);
  }
  Int128 sum = 0;
  for (auto p : parts)
    sum += k == Kind::Tinyint    ? types::read_be<std::int8_t>(p)
           : k == Kind::Smallint ? types::read_be<std::int16_t>(p)
           : k == Kind::Int      ? types::read_be<std::int32_t>(p)
                                 : types::read_be<std::int64_t>(p);
  if (Average && !parts.empty()) sum /= static_cast<Int128>(parts.size());
  const auto wrapped = static_cast<std::int64_t>(static_cast<std::uint64_t>(sum));
  switch (k) {
    case Kind::Tinyint: return types::be_bytes(static_cast<std::int8_t>(wrapped));
    case Kind::Smallint: return types::be_bytes(static_cast<std::int16_t>(wrapped));
    case Kind::Int: return types::be_bytes(static_cast<std::int32_t>(wrapped));
    default: return types::be_bytes(wrapped);
  }
}

// --- masking (masking/*) ------------------------------------------------------------------

Value fn_mask_null(std::span<const Value>, const ScalarFunction&, const FunctionContext&) { return std::nullopt; }

// The type's masked value (mask_default), also for a null argument; nullopt for a type with
// none here.
std::optional<std::string> masked_value(const types::CqlType& t) {
  switch (t.kind) {
    case Kind::Text:
    case Kind::Ascii: return std::string("****");
    case Kind::Tinyint: return types::be_bytes(std::int8_t{0});
    case Kind::Smallint: return types::be_bytes(std::int16_t{0});
    case Kind::Int: return types::be_bytes(std::int32_t{0});
    case Kind::Bigint:
    case Kind::Counter:
    case Kind::Timestamp:
    case Kind::Time: return types::be_bytes(std::int64_t{0});
    case Kind::Float: return types::be_bytes(util::bit_cast<std::uint32_t>(0.0f));
    case Kind::Double: return types::be_bytes(util::bit_cast<std::uint64_t>(0.0));
    case Kind::Varint: return std::string(1, '\0');
    case Kind::Decimal: return std::string("\0\0\0\0\0", 5);
    case Kind::Boolean: return std::string(1, '\0');
    case Kind::Blob: return std::string();
    case Kind::Date: return types::be_bytes(std::uint32_t{1u << 31});  // 1970-01-01
    case Kind::Duration: return std::string("\0\0\0", 3);              // three zero vints
    case Kind::Uuid: return std::string(16, '\0');
    case Kind::Timeuuid: {  // minAtUnixMillis(0): the epoch's smallest time uuid
      const std::uint64_t ticks = 0x01B21DD213814000ULL;
      const std::uint64_t msb =
          ((ticks & 0xffffffffULL) << 32) | (((ticks >> 32) & 0xffffULL) << 16) | 0x1000 | ((ticks >> 48) & 0x0fffULL);
      return types::be_bytes(msb) + types::be_bytes(std::uint64_t{0x8080808080808080ULL});
    }
    case Kind::Inet: return std::string(4, '\0');
    case Kind::List:
    case Kind::Set:
    case Kind::Map: return types::encode_elements({});
    default: return std::nullopt;
  }
}

Value fn_mask_default(std::span<const Value>, const ScalarFunction& fn, const FunctionContext&) {
  return masked_value(*fn.result);
}

// mask_hash: the digest of the value's serialized bytes, SHA-256 unless named.
// The algorithm is looked up before the value is read, so an unknown one fails for a null too.
Value fn_mask_hash(std::span<const Value> a, const ScalarFunction&, const FunctionContext&) {
  const std::string algorithm = a.size() > 1 && a[1] ? *a[1] : std::string("SHA-256");
  auto digest = util::java_digest(algorithm, a[0] ? std::string_view(*a[0]) : std::string_view());
  if (!digest) error::invalid("Hash algorithm not found: {}", algorithm);
  if (!a[0]) return std::nullopt;
  return digest;
}

Value fn_mask_replace(std::span<const Value> a, const ScalarFunction&, const FunctionContext&) { return a[1]; }

// mask_inner / mask_outer: positions counted in UTF-16 units, as Java's String does.
template <bool Inner>
Value fn_mask_partial(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0] || a[0]->empty()) return a[0];
  const auto arg_int = [&](std::size_t i) {
    return a.size() > i && a[i] && a[i]->size() == 4 ? types::read_be<std::int32_t>(*a[i]) : 0;
  };
  const std::int32_t begin = std::max(0, arg_int(1)), end = std::max(0, arg_int(2));
  std::string pad = "*";
  if (a.size() > 3 && a[3]) {
    pad = *a[3];
    std::size_t units = 0;
    for (char ch : pad) {
      const auto c = static_cast<unsigned char>(ch);
      units += (c & 0xC0) != 0x80 ? (c >= 0xF0 ? 2 : 1) : 0;
    }
    if (units != 1)
      error::invalid(
          "The padding argument for function system.{} should be single-character, but '{}' has {} characters.",
          fn.name, pad, units);
  }
  // Split into code points, each with its UTF-16 length.
  std::vector<std::pair<std::string, int>> chars;
  for (std::size_t i = 0; i < a[0]->size();) {
    const unsigned char c = static_cast<unsigned char>((*a[0])[i]);
    const std::size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    chars.emplace_back(a[0]->substr(i, len), len == 4 ? 2 : 1);
    i += len;
  }
  std::int64_t length = 0;
  for (const auto& ch : chars) length += ch.second;
  std::string out;
  std::int64_t pos = 0;
  for (const auto& [ch, units] : chars) {
    const bool inner = pos >= begin && pos <= length - 1 - end;
    const bool mask = Inner ? inner : !inner;
    for (int u = 0; u < units; ++u) out += mask ? pad : (u == 0 ? ch : std::string());
    pos += units;
  }
  return out;
}

// --- to_json -------------------------------------------------------------------------------

Value fn_to_json(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  const types::CqlType& t = *fn.params[0];
  const bool meaningless_empty = a[0] && a[0]->empty() && t.kind != Kind::Text && t.kind != Kind::Ascii &&
                                 t.kind != Kind::Blob && !t.is_collection();
  return json_value(t, meaningless_empty ? Value() : a[0]);
}

bool numeric_kind(Kind k) {
  return k == Kind::Tinyint || k == Kind::Smallint || k == Kind::Int || k == Kind::Bigint || k == Kind::Float ||
         k == Kind::Double || k == Kind::Varint || k == Kind::Decimal || k == Kind::Counter;
}

}  // namespace

void add_math_overloads(const std::string& name, std::vector<ScalarFunction>& out) {
  decltype(ScalarFunction::impl) impl = name == "abs"     ? fn_abs
                                        : name == "exp"   ? fn_math<exp_>
                                        : name == "log"   ? fn_math<log_>
                                        : name == "log10" ? fn_math<log10_>
                                        : name == "round" ? fn_round
                                                          : nullptr;
  if (!impl) return;
  decltype(ScalarFunction::impl) big = name == "abs"     ? fn_big_math<'a'>
                                       : name == "exp"   ? fn_big_math<'e'>
                                       : name == "log"   ? fn_big_math<'l'>
                                       : name == "log10" ? fn_big_math<'L'>
                                                         : fn_big_math<'r'>;
  // MathFcts' order of types.
  for (Kind k : {Kind::Tinyint, Kind::Smallint, Kind::Int, Kind::Float, Kind::Bigint, Kind::Double, Kind::Varint,
                 Kind::Decimal, Kind::Counter})
    out.push_back({name, {T(k)}, T(k), k == Kind::Varint || k == Kind::Decimal ? big : impl});
}

std::optional<ScalarFunction> factory_function(const std::string& name, const std::vector<const types::CqlType*>& args,
                                               const std::vector<std::string>& arg_names) {
  auto arg_text = [&](std::size_t i) { return i < arg_names.size() ? arg_names[i] : std::string("?"); };
  auto require = [&](std::size_t n, std::string_view signature) {
    if (args.size() != n) error::invalid("Invalid number of arguments for function system.{}({})", name, signature);
  };
  auto typed = [&](std::string_view signature) -> const types::CqlType& {
    if (!args[0])
      error::invalid(
          "Cannot infer type of argument {} in call to function system.{}({}): use type casts to disambiguate",
          arg_text(0), name, signature);
    return *args[0];
  };
  auto refuse = [&](std::string_view what, const types::CqlType& t) {
    error::invalid("Function system.{} requires {} argument, but found argument {} of type {}", name, what, arg_text(0),
                   t.name);
  };
  if (name == "map_keys" || name == "map_values") {
    require(1, "map");
    const types::CqlType& t = typed("map");
    if (t.kind != Kind::Map) refuse("a map", t);
    const types::CqlType* result = name == "map_keys" ? types::collection_type(Kind::Set, {t.params[0]}, true)
                                                      : types::collection_type(Kind::List, {t.params[1]}, true);
    return ScalarFunction{name, {&t}, result, name == "map_keys" ? fn_map_half<0> : fn_map_half<1>};
  }
  if (name == "collection_count") {
    require(1, "collection");
    const types::CqlType& t = typed("collection");
    if (!t.is_collection()) refuse("a collection", t);
    return ScalarFunction{name, {&t}, T(Kind::Int), fn_collection_count};
  }
  if (name == "collection_min" || name == "collection_max") {
    require(1, "numeric_set_or_list");  // sic: 5.0 prints this for min and max too
    const types::CqlType& t = typed("numeric_set_or_list");
    if (t.kind != Kind::Set && t.kind != Kind::List) refuse("a set or list", t);
    return ScalarFunction{
        name, {&t}, t.params[0], name == "collection_max" ? fn_collection_extreme<true> : fn_collection_extreme<false>};
  }
  if (name == "collection_sum" || name == "collection_avg") {
    require(1, "numeric_set_or_list");
    const types::CqlType& t = typed("numeric_set_or_list");
    if ((t.kind != Kind::Set && t.kind != Kind::List) || !numeric_kind(t.params[0]->kind) ||
        t.params[0]->kind == Kind::Counter)
      refuse("a numeric set/list", t);
    return ScalarFunction{
        name, {&t}, t.params[0], name == "collection_avg" ? fn_collection_sum<true> : fn_collection_sum<false>};
  }
  if (name == "mask_null" || name == "mask_default") {
    require(1, "any");
    const types::CqlType& t = typed("any");
    if (name == "mask_default" && !masked_value(t))
      error::invalid("There isn't a defined masked value for type {}", t.name);
    return ScalarFunction{name, {&t}, &t, name == "mask_null" ? fn_mask_null : fn_mask_default};
  }
  if (name == "mask_hash") {
    if (args.size() != 1 && args.size() != 2)
      error::invalid("Invalid number of arguments for function system.{}(any, [text])", name);
    const types::CqlType& t = typed("any, [text]");
    std::vector<const types::CqlType*> params{&t};
    if (args.size() == 2) params.push_back(T(Kind::Text));
    return ScalarFunction{name, params, T(Kind::Blob), fn_mask_hash};
  }
  if (name == "mask_replace") {
    require(2, "any, any");
    const types::CqlType* t = args[0] ? args[0] : args[1];
    if (!t)
      error::invalid(
          "Cannot infer type of argument {} in call to function system.{}(any, any): use type casts to disambiguate",
          arg_text(0), name);
    return ScalarFunction{name, {t, t}, t, fn_mask_replace};
  }
  if (name == "mask_inner" || name == "mask_outer") {
    const std::string signature = "[text|varchar|ascii], int, int, [text]";
    if (args.size() != 3 && args.size() != 4)
      error::invalid("Invalid number of arguments for function system.{}({})", name, signature);
    const types::CqlType* t = args[0] ? args[0] : T(Kind::Text);
    if (t->kind != Kind::Text && t->kind != Kind::Ascii) refuse("a string", *t);
    std::vector<const types::CqlType*> params{t, T(Kind::Int), T(Kind::Int)};
    if (args.size() == 4) params.push_back(T(Kind::Text));
    return ScalarFunction{name, params, t, name == "mask_inner" ? fn_mask_partial<true> : fn_mask_partial<false>};
  }
  if (name == "to_json" || name == "tojson") {
    if (args.size() != 1) error::invalid("{}() only accepts one argument (got {})", name, args.size());
    const types::CqlType& t = typed("any");
    return ScalarFunction{name, {&t}, T(Kind::Text), fn_to_json};
  }
  if (name == "from_json" || name == "fromjson")
    error::invalid("{}() cannot be used in the selection clause of a SELECT statement", name);
  return std::nullopt;
}

}  // namespace cqlbox::exec
