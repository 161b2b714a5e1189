#include "exec/json_input.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
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

struct Json {
  enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
  std::string text;  // number literal or decoded string
  bool boolean = false;
  std::vector<Json> items;                              // array
  std::vector<std::pair<std::string, Json>> members;   // object, in order
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
    if (i_ < s_.size() && s_[i_] == c) { ++i_; return true; }
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
      if (c != '\\') { out += c; continue; }
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
          if (cp < 0x80) out += static_cast<char>(cp);
          else if (cp < 0x800) { out += static_cast<char>(0xC0 | (cp >> 6)); out += static_cast<char>(0x80 | (cp & 0x3F)); }
          else { out += static_cast<char>(0xE0 | (cp >> 12)); out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F)); out += static_cast<char>(0x80 | (cp & 0x3F)); }
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
        v.members.emplace_back(std::move(key), value(depth + 1));
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

const char* kind_name(const Json& j) {
  switch (j.kind) {
    case Json::Kind::Bool: return "Boolean";
    case Json::Kind::Number: return "Number";
    case Json::Kind::String: return "String";
    case Json::Kind::Array: return "List";
    case Json::Kind::Object: return "Map";
    default: return "null";
  }
}

std::string to_bytes(const Json& j, const types::CqlType& type, const std::string& column);

std::optional<std::string> element(const Json& j, const types::CqlType& type, const std::string& column) {
  if (j.kind == Json::Kind::Null) return std::nullopt;
  return to_bytes(j, type, column);
}

std::string to_bytes(const Json& j, const types::CqlType& type, const std::string& column) {
  using types::Kind;
  using types::ConstantKind;
  auto mismatch = [&](const char* expected) -> std::string {
    invalid("Error decoding JSON value for {}: Expected {} value, but got a {}: {}", column, expected, kind_name(j),
            j.kind == Json::Kind::Bool ? (j.boolean ? "true" : "false") : j.text);
  };
  switch (type.kind) {
    case Kind::List: case Kind::Set: {
      if (j.kind != Json::Kind::Array) return mismatch("a list");
      std::vector<std::string> items;
      for (const auto& item : j.items) {
        auto b = element(item, *type.params[0], column);
        if (!b) invalid("null is not supported inside collections");
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
      if (j.kind != Json::Kind::Object) return mismatch("a map");
      std::vector<std::pair<std::string, std::string>> pairs;
      for (const auto& [k, v] : j.members) {
        // Map keys arrive as JSON strings: parse them as the key type's JSON form.
        Json key;
        key.kind = Json::Kind::String;
        key.text = k;
        if (types::is_integral(type.params[0]->kind) || type.params[0]->kind == Kind::Float ||
            type.params[0]->kind == Kind::Double || type.params[0]->kind == Kind::Decimal)
          key.kind = Json::Kind::Number;
        auto vb = element(v, *type.params[1], column);
        if (!vb) invalid("null is not supported inside collections");
        pairs.emplace_back(to_bytes(key, *type.params[0], column), std::move(*vb));
      }
      std::sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) {
        return types::compare_values(*type.params[0], a.first, b.first) < 0;
      });
      return types::encode_pairs(pairs);
    }
    case Kind::Tuple: {
      if (j.kind != Json::Kind::Array) return mismatch("a list");
      std::vector<std::optional<std::string>> parts;
      for (std::size_t i = 0; i < j.items.size() && i < type.params.size(); ++i)
        parts.push_back(element(j.items[i], *type.params[i], column));
      return types::encode_tuple(parts);
    }
    case Kind::Udt: {
      if (j.kind != Json::Kind::Object) return mismatch("a map");
      std::vector<std::optional<std::string>> parts(type.fields.size());
      for (const auto& [k, v] : j.members) {
        auto at = std::find(type.fields.begin(), type.fields.end(), k);
        if (at == type.fields.end()) invalid("Unknown field '{}' in value of user defined type {}", k, type.type_name);
        const auto f = static_cast<std::size_t>(at - type.fields.begin());
        parts[f] = element(v, *type.params[f], column);
      }
      return types::encode_tuple(parts);
    }
    case Kind::Boolean:
      if (j.kind == Json::Kind::Bool) return std::string(1, j.boolean ? '\1' : '\0');
      if (j.kind == Json::Kind::String && (util::iequals(j.text, "true") || util::iequals(j.text, "false")))
        return std::string(1, util::iequals(j.text, "true") ? '\1' : '\0');
      return mismatch("a boolean");
    case Kind::Blob:
      if (j.kind != Json::Kind::String || j.text.rfind("0x", 0) != 0)
        invalid("Error decoding JSON value for {}: Value '{}' is not a valid blob representation: String representation of blob is missing 0x prefix: {}",
                column, j.text, j.text);
      return types::encode_constant(type, ConstantKind::Hex, j.text, column);
    case Kind::Uuid: case Kind::Timeuuid:
      if (j.kind != Json::Kind::String) return mismatch("a string representation of a uuid");
      return types::encode_constant(type, ConstantKind::Uuid, j.text, column);
    case Kind::Duration:
      if (j.kind != Json::Kind::String) return mismatch("a string");
      return types::encode_constant(type, ConstantKind::Duration, j.text, column);
    default: break;
  }
  // Numbers and strings of the scalar types.
  if (j.kind == Json::Kind::Number) {
    const bool fractional = j.text.find_first_of(".eE") != std::string::npos;
    return types::encode_constant(type, fractional ? ConstantKind::Float : ConstantKind::Integer, j.text, column);
  }
  if (j.kind == Json::Kind::String) {
    if (types::constant_accepted(type, ConstantKind::String))
      return types::encode_constant(type, ConstantKind::String, j.text, column);
    // Numeric types also take their value as a string.
    const bool fractional = j.text.find_first_of(".eE") != std::string::npos || j.text == "NaN" ||
                            j.text.find("Infinity") != std::string::npos;
    return types::encode_constant(type, fractional ? ConstantKind::Float : ConstantKind::Integer, j.text, column);
  }
  return mismatch(("a " + std::string(type.name)).c_str());
}

}  // namespace

std::map<int, Value> json_row(const schema::TableSchema& t, std::string_view json) {
  Json doc = Reader(json).document();
  if (doc.kind != Json::Kind::Object) invalid("Could not decode JSON string as a map: not a JSON object");
  std::map<int, Value> out;
  for (const auto& [key, value] : doc.members) {
    // Keys are column names as CQL writes them: case-insensitive unless "quoted".
    std::string name = key.size() >= 2 && key.front() == '"' && key.back() == '"' ? key.substr(1, key.size() - 2)
                                                                                    : util::ascii_lower(key);
    const int c = t.find(name);
    if (c < 0) invalid("JSON values map contains unrecognized column: {}", name);
    const schema::Column& col = t.column(c);
    out[c] = value.kind == Json::Kind::Null ? Value(std::nullopt) : Value(to_bytes(value, *col.type, col.name));
  }
  return out;
}

}  // namespace cqlbox::exec
