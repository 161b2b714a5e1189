#include "print/value_text.hpp"

#include <arpa/inet.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "types/bignum.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/codec.hpp"
#include "types/temporal.hpp"
#include "util/text.hpp"

namespace cqlbox::print {

using types::Kind;
using types::read_be;

std::string format_floating(double x, int p) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  int precision = p;
  if (std::fabs(x) > 2.220446049250313e-16) {
    int e = static_cast<int>(std::trunc(std::log10(std::fabs(x))));
    if (e >= -4 && e < p) precision = p + e + 1;
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", precision, x);
  return buf;
}

std::string format_decimal(std::string_view bytes) { return types::decimal_to_string(bytes); }

namespace {

void append_hex(std::string& out, std::string_view b) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (char ch : b) {
    const auto c = static_cast<unsigned char>(ch);
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
}

void append_uuid(std::string& out, std::string_view b) {
  std::string hex;
  append_hex(hex, b);
  out += fmt::format("{}-{}-{}-{}-{}", hex.substr(0, 8), hex.substr(8, 4), hex.substr(12, 4), hex.substr(16, 4),
                     hex.substr(20));
}

// A list, set or map ([…] / {…}, a map's entries k: v) and a vector (printed like a list),
// each element nested-formatted.
void append_collection_text(std::string& out, const types::CqlType& type, std::string_view b,
                            const DisplayOptions& display) {
  std::vector<std::string_view> elements;
  const bool map = type.kind == Kind::Map, vector = type.kind == Kind::Vector;
  if (vector)
    types::decode_vector(b, type.params[0]->fixed_size, elements);
  else
    types::decode_elements(b, elements, map);
  const bool brackets = type.kind == Kind::List || vector;
  out += brackets ? '[' : '{';
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (i) out += map && i % 2 ? ": " : ", ";
    if (!vector && elements[i].data() == nullptr)
      out += "null";
    else
      append_value_text(out, map ? *type.params[i % 2] : *type.params[0], elements[i], true, display);
  }
  out += brackets ? ']' : '}';
}

// A tuple: (…), cqlsh printing Python's None for a null component.
void append_tuple_text(std::string& out, const types::CqlType& type, std::string_view b,
                       const DisplayOptions& display) {
  std::vector<std::optional<std::string_view>> parts;
  types::decode_tuple(b, parts);
  out += '(';
  for (std::size_t i = 0; i < parts.size() && i < type.params.size(); ++i) {
    if (i) out += ", ";
    if (parts[i])
      append_value_text(out, *type.params[i], *parts[i], true, display);
    else
      out += "None";
  }
  out += ')';
}

// A UDT: {field: value, …}: names unquoted, values nested-formatted, null fields "null".
void append_udt_text(std::string& out, const types::CqlType& type, std::string_view b, const DisplayOptions& display) {
  std::vector<std::optional<std::string_view>> parts;
  types::decode_tuple(b, parts);
  out += '{';
  for (std::size_t i = 0; i < type.fields.size(); ++i) {
    if (i) out += ", ";
    out += type.fields[i];
    out += ": ";
    if (i < parts.size() && parts[i])
      append_value_text(out, *type.params[i], *parts[i], true, display);
    else
      out += "null";
  }
  out += '}';
}

}  // namespace

void append_value_text(std::string& out, const types::CqlType& type, std::string_view b, bool nested,
                       const DisplayOptions& display) {
  const Kind k = type.kind;
  if (b.empty() && k != Kind::Blob && k != Kind::Text && k != Kind::Ascii) return;
  switch (k) {
    case Kind::Int: out += fmt::format("{}", read_be<std::int32_t>(b)); return;
    case Kind::Bigint:
    case Kind::Counter: out += fmt::format("{}", read_be<std::int64_t>(b)); return;
    case Kind::Smallint: out += fmt::format("{}", read_be<std::int16_t>(b)); return;
    case Kind::Tinyint: out += fmt::format("{}", read_be<std::int8_t>(b)); return;
    case Kind::Varint: out += types::BigInt::from_twos_complement(b).to_decimal(); return;
    case Kind::Float: {
      auto bits = read_be<std::uint32_t>(b);
      float f = 0;
      std::memcpy(&f, &bits, 4);
      out += format_floating(static_cast<double>(f), display.float_precision);
      return;
    }
    case Kind::Double: {
      auto bits = read_be<std::uint64_t>(b);
      double d = 0;
      std::memcpy(&d, &bits, 8);
      out += format_floating(
          d, nested ? display.float_precision : display.double_precision);  // cqlsh: by the column's type
      return;
    }
    case Kind::Decimal: out += format_decimal(b); return;
    case Kind::Boolean: out += b[0] ? "True" : "False"; return;
    case Kind::Text:
    case Kind::Ascii:
      if (nested) {
        out += '\'';
        std::string esc;
        util::append_cqlsh_escaped(esc, b);
        for (char c : esc) {
          if (c == '\'') out += '\'';
          out += c;
        }
        out += '\'';
      } else {
        util::append_cqlsh_escaped(out, b);
      }
      return;
    case Kind::Blob:
      out += "0x";
      append_hex(out, b);
      return;
    case Kind::Uuid:
    case Kind::Timeuuid: append_uuid(out, b); return;
    case Kind::Timestamp: {
      const auto ms = read_be<std::int64_t>(b);
      std::string s =
          display.time_format.empty() ? types::format_timestamp_ms(ms) : types::strftime_utc(ms, display.time_format);
      out += nested ? "'" + s + "'" : s;
      return;
    }
    case Kind::Date:
      out += types::format_date_days(static_cast<std::int64_t>(read_be<std::uint32_t>(b)) - 2147483648LL);
      return;
    case Kind::Time: out += types::format_time_ns(read_be<std::int64_t>(b)); return;
    case Kind::Duration: {
      std::int64_t months = 0, days = 0, nanos = 0;
      if (types::decode_duration(b, months, days, nanos))
        out += types::format_duration({static_cast<std::int32_t>(months), static_cast<std::int32_t>(days), nanos});
      return;
    }
    case Kind::List:
    case Kind::Set:
    case Kind::Map:
    case Kind::Vector: append_collection_text(out, type, b, display); return;
    case Kind::Tuple: append_tuple_text(out, type, b, display); return;
    case Kind::Udt: append_udt_text(out, type, b, display); return;
    case Kind::Inet: {
      char buf[INET6_ADDRSTRLEN] = {};
      const int family = b.size() == 4 ? AF_INET : AF_INET6;
      inet_ntop(family, b.data(), buf, sizeof buf);
      out += nested ? fmt::format("'{}'", buf) : std::string(buf);
      return;
    }
  }
}

std::string value_text(const types::CqlType& type, std::string_view bytes, bool nested, const DisplayOptions& display) {
  std::string out;
  append_value_text(out, type, bytes, nested, display);
  return out;
}

}  // namespace cqlbox::print
