// Values as Java writes them: AbstractType.getString (CAST to text, and the text of varint and
// decimal numbers) and toJSONString (SELECT JSON, toJson()).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "exec/functions.hpp"
#include "types/bignum.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/codec.hpp"
#include "types/temporal.hpp"
#include "util/bit_cast.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using types::Kind;
using types::native_type;
using types::read_be;

namespace {

// Shortest text that reads back as the same double, in Java's Double.toString form.
std::string java_double(double v, bool is_float) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  char buf[64];
  int precision = 1;
  for (; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, v);
    if (is_float ? static_cast<float>(std::strtod(buf, nullptr)) == static_cast<float>(v)
                 : std::strtod(buf, nullptr) == v)
      break;
  }
  // buf = d.ddde±XX: split digits and exponent.
  std::string s = buf;
  const bool neg = s[0] == '-';
  if (neg) s.erase(0, 1);
  const std::size_t e = s.find('e');
  const int exp = std::atoi(s.c_str() + e + 1);
  std::string digits = s.substr(0, 1) + (e > 2 ? s.substr(2, e - 2) : "");
  std::string out;
  if (exp >= -3 && exp < 7) {
    if (exp >= 0) {
      while (digits.size() < static_cast<std::size_t>(exp) + 1) digits += '0';
      out =
          digits.substr(0, static_cast<std::size_t>(exp) + 1) + "." +
          (digits.size() > static_cast<std::size_t>(exp) + 1 ? digits.substr(static_cast<std::size_t>(exp) + 1) : "0");
    } else {
      out = "0." + std::string(static_cast<std::size_t>(-exp - 1), '0') + digits;
    }
  } else {
    out = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0") + "E" + std::to_string(exp);
  }
  return neg ? "-" + out : out;
}

}  // namespace

namespace {

std::string hex_text(std::string_view b) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * b.size());
  for (char ch : b) {
    const auto c = static_cast<unsigned char>(ch);
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

std::string uuid_text(std::string_view b) {
  const std::string hex = hex_text(b);
  if (hex.size() != 32) return hex;
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20);
}

// InetAddress.getHostAddress: dotted IPv4; IPv6 as eight hex groups without leading zeros,
// never shortened with "::".
std::string inet_text(std::string_view b) {
  std::string out;
  if (b.size() == 4) {
    for (std::size_t i = 0; i < 4; ++i) out += (i ? "." : "") + std::to_string(static_cast<unsigned char>(b[i]));
  } else if (b.size() == 16) {
    for (std::size_t i = 0; i < 8; ++i)
      out += fmt::format("{}{:x}", i ? ":" : "", read_be<std::uint16_t>(b.substr(2 * i)));
  }
  return out;
}

}  // namespace

std::string java_text(const types::CqlType& type, std::string_view b) {
  if (b.empty()) return "";
  switch (type.kind) {
    case Kind::Int: return std::to_string(read_be<std::int32_t>(b));
    case Kind::Bigint:
    case Kind::Counter: return std::to_string(read_be<std::int64_t>(b));
    case Kind::Smallint: return std::to_string(read_be<std::int16_t>(b));
    case Kind::Tinyint: return std::to_string(read_be<std::int8_t>(b));
    case Kind::Varint: return types::BigInt::from_twos_complement(b).to_decimal();
    case Kind::Float: {
      auto bits = read_be<std::uint32_t>(b);
      float f = 0;
      std::memcpy(&f, &bits, 4);
      return java_double(static_cast<double>(f), true);
    }
    case Kind::Double: {
      auto bits = read_be<std::uint64_t>(b);
      double d = 0;
      std::memcpy(&d, &bits, 8);
      return java_double(d, false);
    }
    case Kind::Decimal: return types::decimal_to_string(b);
    case Kind::Boolean: return b[0] ? "true" : "false";
    case Kind::Text:
    case Kind::Ascii: return std::string(b);
    case Kind::Timestamp: {
      const std::int64_t ms = read_be<std::int64_t>(b);
      std::string s = types::format_timestamp_ms(ms);  // 2011-02-03 04:05:00.000000+0000
      if (s.size() < 26) return s;
      return s.substr(0, 10) + "T" + s.substr(11, 12) + "Z";
    }
    case Kind::Date: return types::format_date_days(date_days(b));
    case Kind::Time: return types::format_time_ns(read_be<std::int64_t>(b));
    case Kind::Blob:
    case Kind::List:
    case Kind::Set:
    case Kind::Map:
    case Kind::Vector: return hex_text(b);  // BytesType.getString, which collections and vectors inherit
    case Kind::Uuid:
    case Kind::Timeuuid: return uuid_text(b);
    case Kind::Inet: return inet_text(b);
    case Kind::Duration: {
      std::int64_t months = 0, days = 0, nanos = 0;
      if (!types::decode_duration(b, months, days, nanos)) return "";
      return types::format_duration({static_cast<std::int32_t>(months), static_cast<std::int32_t>(days), nanos});
    }
    case Kind::Tuple:
    case Kind::Udt: {
      // TupleType.getString: components joined by ':', each escaping ':' and '@'; null is '@'.
      std::vector<std::optional<std::string_view>> parts;
      types::decode_tuple(b, parts);
      std::string out;
      for (std::size_t i = 0; i < parts.size() && i < type.params.size(); ++i) {
        if (i) out += ':';
        if (!parts[i]) {
          out += '@';
          continue;
        }
        for (char c : java_text(*type.params[i], *parts[i])) {
          if (c == ':' || c == '@') out += '\\';
          out += c;
        }
      }
      return out;
    }
    default: break;
  }
  return "";
}

namespace {

std::string json_string(std::string_view s) { return util::json_quoted(s); }

}  // namespace

// Selection.rowToJson: a name quoted only when it is not all lower case ("\"Foo\"", but
// "ttl(v)" as it is).
std::string json_key(std::string_view name) {
  if (util::unicode_lower(name) == name) return json_string(name);
  return json_string("\"" + std::string(name) + "\"");
}

std::string json_value(const types::CqlType& type, const Value& v) {
  if (!v) return "null";
  const std::string_view b = *v;
  switch (type.kind) {
    case Kind::Int:
    case Kind::Bigint:
    case Kind::Counter:
    case Kind::Smallint:
    case Kind::Tinyint:
    case Kind::Varint:
    case Kind::Float:
    case Kind::Double:
    case Kind::Decimal:
    case Kind::Boolean: {
      if (b.empty()) return "null";
      std::string text = java_text(type, b);
      // JSON has no NaN or Infinity: Float/DoubleType.toJSONString write null.
      if ((type.kind == Kind::Float || type.kind == Kind::Double) &&
          (text == "NaN" || text == "Infinity" || text == "-Infinity"))
        return "null";
      return text;
    }
    case Kind::Timestamp: {
      if (b.empty()) return "null";
      std::string s = types::format_timestamp_ms(read_be<std::int64_t>(b));
      return s.size() >= 26 ? json_string(s.substr(0, 23) + "Z") : json_string(s);
    }
    case Kind::Blob: {
      std::string hex = "0x";
      for (char c : b) hex += fmt::format("{:02x}", static_cast<unsigned char>(c));
      return json_string(hex);
    }
    case Kind::Uuid:
    case Kind::Timeuuid: return json_string(*cast_value(type, *native_type(Kind::Text), v));
    case Kind::Inet: return json_string(inet_text(b));  // Java's form: 0:0:0:0:0:0:0:1
    case Kind::Duration: {                              // Duration.toString: 1h30m, 1y2mo3d; zero is ""
      std::int64_t months = 0, days = 0, nanos = 0;
      if (!types::decode_duration(b, months, days, nanos)) return json_string("");
      return json_string(types::format_duration(
          types::Duration{static_cast<std::int32_t>(months), static_cast<std::int32_t>(days), nanos}));
    }
    case Kind::List:
    case Kind::Set:
    case Kind::Map: {
      // Lists and sets as arrays; maps as objects whose keys are the keys' JSON text, quoted
      // when that text is not already a string (CollectionType.toJSONString).
      const bool map = type.kind == Kind::Map;
      std::vector<std::string_view> items;
      types::decode_elements(b, items, map);
      std::string out = map ? "{" : "[";
      for (std::size_t i = 0; i < items.size(); i += map ? 2 : 1) {
        if (i) out += ", ";
        std::string first = json_value(*type.params[0], std::string(items[i]));
        if (map) {
          if (first.empty() || first[0] != '"') first = json_string(first);
          out += first + ": " + json_value(*type.params[1], std::string(items[i + 1]));
        } else {
          out += first;
        }
      }
      return out + (map ? "}" : "]");
    }
    case Kind::Udt: {
      std::vector<std::optional<std::string_view>> parts;
      types::decode_tuple(b, parts);
      std::string out = "{";
      for (std::size_t i = 0; i < type.fields.size(); ++i) {
        if (i) out += ", ";
        // UserType.toJSONString: the same quoting as a column's key.
        out += json_key(type.fields[i]) + ": " +
               (i < parts.size() && parts[i] ? json_value(*type.params[i], std::string(*parts[i])) : "null");
      }
      return out + "}";
    }
    case Kind::Vector: {
      std::vector<std::string_view> elements;
      types::decode_vector(b, type.params[0]->fixed_size, elements);
      std::string out = "[";
      for (std::size_t i = 0; i < elements.size(); ++i)
        out += (i ? ", " : "") + json_value(*type.params[0], std::string(elements[i]));
      return out + "]";
    }
    case Kind::Tuple: {
      std::vector<std::optional<std::string_view>> parts;
      types::decode_tuple(b, parts);
      std::string out = "[";
      for (std::size_t i = 0; i < parts.size() && i < type.params.size(); ++i) {
        if (i) out += ", ";
        out += parts[i] ? json_value(*type.params[i], std::string(*parts[i])) : "null";
      }
      return out + "]";
    }
    default: return json_string(java_text(type, b));
  }
}

}  // namespace cqlbox::exec
