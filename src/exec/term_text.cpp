// Terms, relations, tables and partition keys written back as CQL text (messages, EXPLAIN,
// DESCRIBE), and partition keys serialized as Cassandra composes them.
#include "exec/terms.hpp"

#include <algorithm>
#include <limits>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/bound_values.hpp"
#include "exec/json_input.hpp"
#include "types/bignum.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "types/codec.hpp"
#include "types/temporal.hpp"
#include "types/type_name.hpp"
#include "util/text.hpp"
#include "util/bit_cast.hpp"

namespace cqlbox::exec {

std::string serialize_partition_key(const std::vector<std::string_view>& components) {
  if (components.size() == 1) return std::string(components[0]);
  std::string key;
  for (auto c : components) {
    types::append_be(key, static_cast<std::uint16_t>(c.size()));
    key.append(c);
    key += '\0';
  }
  return key;
}

std::vector<std::string_view> split_partition_key(std::string_view key, std::size_t count) {
  std::vector<std::string_view> out;
  split_partition_key(key, count, out);
  return out;
}

void split_partition_key(std::string_view key, std::size_t count, std::vector<std::string_view>& out) {
  out.clear();
  if (count == 1) {
    out.push_back(key);
    return;
  }
  while (key.size() >= 2 && out.size() < count) {
    auto len = types::read_be<std::uint16_t>(key);
    out.push_back(key.substr(2, len));
    key.remove_prefix(std::min<std::size_t>(key.size(), 2u + len + 1u));
  }
}

std::string partition_key_from_text(const schema::TableSchema& t, std::string_view text) {
  std::vector<std::string> parts(1);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == ':' && t.partition_key.size() > 1) {
      parts.back() += ':';
      ++i;
    } else if (text[i] == ':' && t.partition_key.size() > 1) {
      parts.emplace_back();
    } else {
      parts.back() += text[i];
    }
  }
  if (parts.size() != t.partition_key.size())
    error::invalid("Invalid key '{}': the partition key of {} has {} components", text, table_text(t),
                   t.partition_key.size());
  std::vector<std::string> bytes;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const schema::Column& c = t.column(t.partition_key[i]);
    using types::Kind;
    types::ConstantKind kind = types::ConstantKind::String;
    std::string value = parts[i];
    switch (c.type->kind) {
      case Kind::Int:
      case Kind::Bigint:
      case Kind::Smallint:
      case Kind::Tinyint:
      case Kind::Varint:
      case Kind::Counter: kind = types::ConstantKind::Integer; break;
      case Kind::Float:
      case Kind::Double:
      case Kind::Decimal: kind = types::ConstantKind::Float; break;
      case Kind::Uuid:
      case Kind::Timeuuid: kind = types::ConstantKind::Uuid; break;
      case Kind::Boolean: kind = types::ConstantKind::Boolean; break;
      case Kind::Blob:
        kind = types::ConstantKind::Hex;
        if (value.rfind("0x", 0) != 0) value = "0x" + value;
        break;
      default: break;
    }
    bytes.push_back(types::encode_constant(*c.type, kind, value, c.name));
  }
  std::vector<std::string_view> views(bytes.begin(), bytes.end());
  return serialize_partition_key(views);
}

std::string term_text(const ast::Term& term) {
  using ast::TermKind;
  switch (term.kind) {
    case TermKind::Null: return "null";
    case TermKind::String: {
      std::string s = "'";
      for (char c : term.text) {
        if (c == '\'') s += '\'';
        s += c;
      }
      return s + "'";
    }
    case TermKind::Udt: {
      std::string s = "{";
      for (std::size_t i = 0; i < term.items.size(); ++i)
        s += (i ? ", " : "") + std::string(term.fields[i]) + ": " + term_text(term.items[i]);
      return s + "}";
    }
    case TermKind::List:
    case TermKind::Set:
    case TermKind::Map:
    case TermKind::Tuple:
    case TermKind::FunctionCall: {
      const char* open = term.kind == TermKind::List ? "[" : term.kind == TermKind::Tuple ? "(" : "{";
      const char* close = term.kind == TermKind::List ? "]" : term.kind == TermKind::Tuple ? ")" : "}";
      std::string s = term.kind == TermKind::FunctionCall ? std::string(term.text) + "(" : open;
      for (std::size_t i = 0; i < term.items.size(); ++i) {
        if (i) s += (term.kind == TermKind::Map && i % 2) ? ": " : ", ";
        s += term_text(term.items[i]);
      }
      return s + (term.kind == TermKind::FunctionCall ? ")" : close);
    }
    case TermKind::Cast: return "(" + std::string(term.text) + ")" + term_text(term.items[0]);
    case TermKind::Bind: return "?";  // AbstractMarker.Raw.getText, named or not
    case TermKind::Operation:
      if (term.text == "n") return "-" + term_text(term.items[0]);
      return term_text(term.items[0]) + " " + std::string(term.text) + " " + term_text(term.items[1]);
    default: return std::string(term.text);
  }
}

std::string table_text(const schema::TableSchema& t) {
  return util::cql_name(t.keyspace) + "." + util::cql_name(t.name);
}

namespace {

std::string operator_text(ast::Operator op) {
  switch (op) {
    case ast::Operator::Eq: return "=";
    case ast::Operator::Lt: return "<";
    case ast::Operator::Lte: return "<=";
    case ast::Operator::Gt: return ">";
    case ast::Operator::Gte: return ">=";
    case ast::Operator::Neq: return "!=";
    case ast::Operator::In: return "IN";
    case ast::Operator::Contains: return "CONTAINS";
    case ast::Operator::ContainsKey: return "CONTAINS KEY";
    case ast::Operator::Like: return "LIKE";
    case ast::Operator::IsNotNull: return "IS NOT";
  }
  return "=";
}

}  // namespace

std::string relation_rest(const ast::Relation& r) {
  if (r.op == ast::Operator::IsNotNull) return " IS NOT NULL";
  std::string rest = " " + operator_text(r.op) + " ";
  if (r.op == ast::Operator::In) {
    rest += "(";
    for (std::size_t i = 0; i < r.values.size(); ++i) rest += (i ? ", " : "") + term_text(r.values[i]);
    return rest + ")";
  }
  return rest + (r.values.empty() ? std::string() : term_text(r.values[0]));
}

}  // namespace cqlbox::exec
