#include "exec/json_input.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "types/codec.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::invalid;

namespace {

struct JsonMember;  // a vector may hold an incomplete type; a std::pair may not (clang)
struct Json {
  enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
  std::string text;  // number literal or decoded string
  bool boolean = false;
  std::vector<Json> items;          // array
  std::vector<JsonMember> members;  // object, in order
};
struct JsonMember {
  std::string first;  // key
  Json second;        // value
};

class Reader {
 public:
  explicit Reader(std::string_view s) : s_(s) {}

  Json document() {
    Json v = value(0);
    space();
    if (i_ != s_.size()) fail("unexpected text after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void fail(const char* what) {
    invalid("Could not decode JSON string as a map: {} at character {}", what, i_);
  }
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool word(std::string_view w) {
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  std::string string() {
    if (!eat('"')) fail("expected a string");
    std::string out;
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) fail("unterminated escape");
      char e = s_[i_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (i_ + 4 > s_.size()) fail("bad \\u escape");
          const long cp = std::strtol(std::string(s_.substr(i_, 4)).c_str(), nullptr, 16);
          i_ += 4;
          if (cp < 0x80)
            out += static_cast<char>(cp);
          else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          }
          break;
        }
        default: out += e;
      }
    }
    if (i_ >= s_.size()) fail("unterminated string");
    ++i_;
    return out;
  }
  Json value(int depth) {
    if (depth > 100) fail("nesting too deep");
    space();
    Json v;
    if (i_ >= s_.size()) fail("unexpected end of input");
    const char c = s_[i_];
    if (c == '{') {
      ++i_;
      v.kind = Json::Kind::Object;
      if (eat('}')) return v;
      do {
        std::string key = string();
        if (!eat(':')) fail("expected ':'");
        v.members.push_back(JsonMember{std::move(key), value(depth + 1)});
      } while (eat(','));
      if (!eat('}')) fail("expected '}'");
    } else if (c == '[') {
      ++i_;
      v.kind = Json::Kind::Array;
      if (eat(']')) return v;
      do v.items.push_back(value(depth + 1));
      while (eat(','));
      if (!eat(']')) fail("expected ']'");
    } else if (c == '"') {
      v.kind = Json::Kind::String;
      v.text = string();
    } else if (word("true")) {
      v.kind = Json::Kind::Bool;
      v.boolean = true;
    } else if (word("false")) {
      v.kind = Json::Kind::Bool;
    } else if (word("null")) {
      v.kind = Json::Kind::Null;
    } else {
      const std::size_t start = i_;
      while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '-' || s_[i_] == '+' ||
                                s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E'))
        ++i_;
      if (i_ == start) fail("unexpected character");
      v.kind = Json::Kind::Number;
      v.text = std::string(s_.substr(start, i_ - start));
    }
    return v;
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

// What Jackson would have produced for this JSON value, named as Java names its class.
const char* java_class(const Json& j) {
  switch (j.kind) {
    case Json::Kind::Bool: return "Boolean";
    case Json::Kind::String: return "String";
    case Json::Kind::Array: return "ArrayList";
    case Json::Kind::Object: return "LinkedHashMap";
    case Json::Kind::Number: {
      if (j.text.find_first_of(".eE") != std::string::npos) return "Double";
      errno = 0;
      const long long v = std::strtoll(j.text.c_str(), nullptr, 10);
      if (errno == ERANGE) return "BigInteger";
      return v >= INT32_MIN && v <= INT32_MAX ? "Integer" : "Long";
    }
    default: return "null";
  }
}

// Java's toString of the parsed value: strings raw, lists [a, b], maps {k=v}.
std::string java_text(const Json& j) {
  switch (j.kind) {
    case Json::Kind::Bool: return j.boolean ? "true" : "false";
    case Json::Kind::Null: return "null";
    case Json::Kind::Array: {
      std::string out = "[";
      for (std::size_t i = 0; i < j.items.size(); ++i) out += (i ? ", " : "") + java_text(j.items[i]);
      return out + "]";
    }
    case Json::Kind::Object: {
      std::string out = "{";
      for (std::size_t i = 0; i < j.members.size(); ++i)
        out += (i ? ", " : "") + j.members[i].first + "=" + java_text(j.members[i].second);
      return out + "}";
    }
    case Json::Kind::Number:
      if (std::string(java_class(j)) == "Double") {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", std::strtod(j.text.c_str(), nullptr));
        std::string t = buf;
        if (t.find_first_of(".e") == std::string::npos) t += ".0";
        return t;
      }
      return j.text;
    default: return j.text;
  }
}

// A marshal error (the text after "Error decoding JSON value for <col>: ").
struct JsonError {
  std::string message;
};

[[noreturn]] void expected(const char* what, const Json& j) {
  throw JsonError{fmt::format("Expected {}, but got a {}: {}", what, java_class(j), java_text(j))};
}

std::string convert(const Json& j, const types::CqlType& type);

std::optional<std::string> convert_element(const Json& j, const types::CqlType& type) {
  if (j.kind == Json::Kind::Null) return std::nullopt;
  return convert(j, type);
}

// A marshal call whose CqlError text becomes the JSON error.
std::string marshal(const types::CqlType& type, types::ConstantKind kind, const std::string& text) {
  try {
    return types::encode_constant(type, kind, text, "");
  } catch (const error::CqlError& e) {
    throw JsonError{e.message};
  }
}

// A collection, vector, tuple or UDT from its JSON array or object.
std::string convert_composite(const Json& j, const types::CqlType& type) {
  using types::Kind;
  switch (type.kind) {
    case Kind::List:
    case Kind::Set: {
      if (j.kind != Json::Kind::Array) expected(type.kind == Kind::List ? "a list" : "a list (representing a set)", j);
      std::vector<std::string> items;
      for (const auto& item : j.items) {
        auto b = convert_element(item, *type.params[0]);
        if (!b) throw JsonError{"Invalid null element in list"};
        items.push_back(std::move(*b));
      }
      if (type.kind == Kind::Set) {
        std::sort(items.begin(), items.end(), [&](const std::string& a, const std::string& b) {
          return types::compare_values(*type.params[0], a, b) < 0;
        });
        items.erase(std::unique(items.begin(), items.end()), items.end());
      }
      return types::encode_elements(items);
    }
    case Kind::Map: {
      if (j.kind != Json::Kind::Object) expected("a map", j);
      std::vector<std::pair<std::string, std::string>> pairs;
      for (const auto& [k, v] : j.members) {
        // Keys arrive as JSON strings: numeric key types take them as numbers.
        Json key;
        key.kind = Json::Kind::String;
        key.text = k;
        auto vb = convert_element(v, *type.params[1]);
        if (!vb) throw JsonError{"Invalid null value in map"};
        pairs.emplace_back(convert(key, *type.params[0]), std::move(*vb));
      }
      std::sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) {
        return types::compare_values(*type.params[0], a.first, b.first) < 0;
      });
      return types::encode_pairs(pairs);
    }
    case Kind::Vector: {
      if (j.kind != Json::Kind::Array) expected("a list", j);
      if (j.items.size() != static_cast<std::size_t>(type.dimension))
        throw JsonError{
            fmt::format("List had incorrect size: expected {} but given {}", type.dimension, j.items.size())};
      std::vector<std::string> items;
      for (const auto& item : j.items) {
        auto b = convert_element(item, *type.params[0]);
        if (!b) throw JsonError{"Invalid null element in list"};
        items.push_back(std::move(*b));
      }
      return types::encode_vector(items, type.params[0]->fixed_size);
    }
    case Kind::Tuple: {
      if (j.kind != Json::Kind::Array) expected("a list representation of a tuple", j);
      std::vector<std::optional<std::string>> parts;
      for (std::size_t i = 0; i < j.items.size() && i < type.params.size(); ++i)
        parts.push_back(convert_element(j.items[i], *type.params[i]));
      return types::encode_tuple(parts);
    }
    case Kind::Udt: {
      if (j.kind != Json::Kind::Object) expected("a map", j);
      std::vector<std::optional<std::string>> parts(type.fields.size());
      for (const auto& [raw, v] : j.members) {
        // JsonUtils.handleCaseSensitivity: "\"Foo\"" is Foo; any other name is lower-cased.
        const std::string k = raw.size() >= 2 && raw.front() == '"' && raw.back() == '"' ? raw.substr(1, raw.size() - 2)
                                                                                         : util::unicode_lower(raw);
        auto at = std::find(type.fields.begin(), type.fields.end(), k);
        if (at == type.fields.end())
          throw JsonError{fmt::format("Unknown field '{}' in value of user defined type {}", k, type.type_name)};
        const auto f = static_cast<std::size_t>(at - type.fields.begin());
        parts[f] = convert_element(v, *type.params[f]);
      }
      return types::encode_tuple(parts);
    }
    default: break;
  }
  expected("a value", j);
}

std::string convert(const Json& in, const types::CqlType& type) {
  using types::ConstantKind;
  using types::Kind;
  const Json* jp = &in;
  Json decoded;
  if (in.kind == Json::Kind::String && (type.is_collection() || type.kind == Kind::Tuple || type.kind == Kind::Udt)) {
    decoded = Reader(in.text).document();  // a collection may arrive as a JSON string
    jp = &decoded;
  }
  const Json& j = *jp;
  const bool integer = j.kind == Json::Kind::Number && std::string(java_class(j)) != "Double";
  switch (type.kind) {
    case Kind::Text:
      if (j.kind != Json::Kind::String) expected("a UTF-8 string", j);
      return j.text;
    case Kind::Ascii:
      if (j.kind != Json::Kind::String) expected("an ascii string", j);
      return marshal(type, ConstantKind::String, j.text);
    case Kind::Int:
    case Kind::Smallint:
    case Kind::Tinyint:
    case Kind::Bigint:
    case Kind::Counter:
    case Kind::Varint: {
      const char* what = type.kind == Kind::Int        ? "an int value"
                         : type.kind == Kind::Smallint ? "a short value"
                         : type.kind == Kind::Tinyint  ? "a byte value"
                         : type.kind == Kind::Varint   ? "an integer value"
                                                       : "a bigint value";
      if (j.kind == Json::Kind::String) return marshal(type, ConstantKind::Integer, j.text);
      if (!integer) expected(what, j);
      const std::string cls = java_class(j);
      if (type.kind == Kind::Int && cls != "Integer") expected(what, j);
      if ((type.kind == Kind::Bigint || type.kind == Kind::Counter) && cls == "BigInteger") expected(what, j);
      return marshal(type, ConstantKind::Integer, j.text);
    }
    case Kind::Float:
    case Kind::Double:
    case Kind::Decimal: {
      const char* what = type.kind == Kind::Float    ? "a float value"
                         : type.kind == Kind::Double ? "a double value"
                                                     : "a decimal value";
      if (j.kind == Json::Kind::String) return marshal(type, ConstantKind::Float, j.text);
      if (j.kind != Json::Kind::Number) expected(what, j);
      return marshal(type, integer ? ConstantKind::Integer : ConstantKind::Float, j.text);
    }
    case Kind::Boolean:
      if (j.kind == Json::Kind::Bool) return std::string(1, j.boolean ? '\1' : '\0');
      if (j.kind == Json::Kind::String && (util::iequals(j.text, "true") || util::iequals(j.text, "false")))
        return std::string(1, util::iequals(j.text, "true") ? '\1' : '\0');
      expected("a boolean value", j);
    case Kind::Blob:
      if (j.kind != Json::Kind::String) expected("a string representation of a blob value", j);
      if (j.text.rfind("0x", 0) != 0)
        throw JsonError{fmt::format(
            "Value '{}' is not a valid blob representation: String representation of blob is missing 0x prefix: {}",
            j.text, j.text)};
      return marshal(type, ConstantKind::Hex, j.text);
    case Kind::Uuid:
      if (j.kind != Json::Kind::String) expected("a string representation of a uuid", j);
      return marshal(type, ConstantKind::Uuid, j.text);
    case Kind::Timeuuid:
      if (j.kind != Json::Kind::String) expected("a string representation of a timeuuid", j);
      return marshal(type, ConstantKind::Uuid, j.text);
    case Kind::Timestamp:
      if (j.kind == Json::Kind::String) return marshal(type, ConstantKind::String, j.text);
      if (!integer) expected("a long or a datestring representation of a timestamp value", j);
      return marshal(type, ConstantKind::Integer, j.text);
    case Kind::Date:
      if (j.kind == Json::Kind::String) return marshal(type, ConstantKind::String, j.text);
      if (!integer) expected("a string representation of a date value", j);
      return marshal(type, ConstantKind::Integer, j.text);
    case Kind::Time:
      if (j.kind == Json::Kind::String) return marshal(type, ConstantKind::String, j.text);
      if (!integer) expected("a string representation of a time value", j);
      return marshal(type, ConstantKind::Integer, j.text);
    case Kind::Inet:
      if (j.kind != Json::Kind::String) expected("a string representation of an inet value", j);
      return marshal(type, ConstantKind::String, j.text);
    case Kind::Duration:
      if (j.kind != Json::Kind::String) expected("a string representation of a duration value", j);
      return marshal(type, ConstantKind::Duration, j.text);
    case Kind::List:
    case Kind::Set:
    case Kind::Map:
    case Kind::Vector:
    case Kind::Tuple:
    case Kind::Udt: return convert_composite(j, type);
  }
  expected("a value", j);
}

}  // namespace

Value from_json_value(const types::CqlType& type, std::string_view json, std::string_view function) {
  // FromJsonFct.execute: a parse failure names the document; a value of the wrong shape is
  // the MarshalException the type's fromJSONObject throws.
  Json doc;
  try {
    doc = Reader(json).document();
  } catch (const error::CqlError& e) {
    const std::string_view what = std::string_view(e.message).substr(e.message.find(": ") + 2);
    error::function_failed(std::string(function), {"text"},
                           fmt::format("Could not decode JSON string '{}': {}", json, what));
  }
  if (doc.kind == Json::Kind::Null) return std::nullopt;
  try {
    return convert(doc, type);
  } catch (const JsonError& e) {
    error::function_failed(std::string(function), {"text"},
                           "org.apache.cassandra.serializers.MarshalException: " + e.message);
  }
}

std::map<int, Value> json_row(const schema::TableSchema& t, std::string_view json) {
  Json doc = Reader(json).document();
  if (doc.kind == Json::Kind::Null) invalid("Got null for INSERT JSON values");
  if (doc.kind != Json::Kind::Object) invalid("Could not decode JSON string as a map: not a JSON object");
  std::map<int, Value> out;
  for (const auto& [key, value] : doc.members) {
    // Keys are column names as CQL writes them: case-insensitive unless "quoted".
    std::string name = key.size() >= 2 && key.front() == '"' && key.back() == '"' ? key.substr(1, key.size() - 2)
                                                                                  : util::ascii_lower(key);
    const int c = t.find(name);
    if (c < 0) invalid("JSON values map contains unrecognized column: {}", name);
    const schema::Column& col = t.column(c);
    try {
      out[c] = value.kind == Json::Kind::Null ? Value(std::nullopt) : Value(convert(value, *col.type));
    } catch (const JsonError& e) {
      invalid("Error decoding JSON value for {}: {}", col.name, e.message);
    }
  }
  return out;
}

}  // namespace cqlbox::exec
