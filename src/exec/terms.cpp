#include "exec/terms.hpp"

#include <algorithm>

#include "error/cql_error.hpp"
#include "types/bytes.hpp"
#include "types/codec.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

namespace {

struct TypedValue {
  const types::CqlType* type;
  Value value;
};

// Evaluates a function-call term. Constant arguments take the type of the first overload
// whose parameters accept them.
TypedValue evaluate_call(const ast::Term& call, const FunctionContext* ctx) {
  static const FunctionContext kNone{};
  std::vector<std::optional<TypedValue>> nested(call.items.size());
  std::vector<const types::CqlType*> arg_types(call.items.size(), nullptr);
  for (std::size_t i = 0; i < call.items.size(); ++i)
    if (call.items[i].kind == ast::TermKind::FunctionCall) {
      nested[i] = evaluate_call(call.items[i], ctx);
      arg_types[i] = nested[i]->type;
    }
  const std::string name = util::ascii_lower(call.text);
  if (function_overloads(name).empty()) error::invalid("Unknown function {} called", name);
  std::optional<error::CqlError> first_error;
  for (const ScalarFunction& fn : function_overloads(name)) {
    if (fn.params.size() != call.items.size()) continue;
    bool typed_ok = true;
    for (std::size_t i = 0; i < call.items.size(); ++i)
      typed_ok = typed_ok && (!nested[i] || nested[i]->type == fn.params[i] ||
                              (fn.params[i]->kind == types::Kind::Uuid && nested[i]->type->kind == types::Kind::Timeuuid));
    if (!typed_ok) continue;
    try {
      std::vector<Value> values;
      for (std::size_t i = 0; i < call.items.size(); ++i)
        values.push_back(nested[i] ? nested[i]->value : bind_term(call.items[i], *fn.params[i], name, ctx));
      return {fn.result, fn.impl(values, fn, ctx ? *ctx : kNone)};
    } catch (const error::CqlError& e) {
      if (!first_error) first_error = e;
    }
  }
  resolve_function(name, arg_types);  // throws the unknown-function / arity / signature message
  if (first_error) throw *first_error;
  error::invalid("Unknown function '{}'", name);
}

}  // namespace

std::optional<std::string> bind_term(const ast::Term& term, const types::CqlType& type,
                                     std::string_view column, const FunctionContext* ctx) {
  using ast::TermKind;
  switch (term.kind) {
    case TermKind::Null: return std::nullopt;
    case TermKind::List:
      error::invalid("Invalid list literal for {} of type {}", column, type.name);
    case TermKind::Set:
      error::invalid("Invalid set literal for {} of type {}", column, type.name);
    case TermKind::Map:
      error::invalid("Invalid map literal for {} of type {}", column, type.name);
    case TermKind::Tuple:
      error::invalid("Invalid tuple type literal for {} of type {}", column, type.name);
    case TermKind::FunctionCall: {
      TypedValue v = evaluate_call(term, ctx);
      const bool ok = v.type == &type || (type.kind == types::Kind::Uuid && v.type->kind == types::Kind::Timeuuid) ||
                      (type.kind == types::Kind::Text && v.type->kind == types::Kind::Ascii);
      if (!ok)
        error::invalid("Type error: cannot assign result of function system.{} (type {}) to {} (type {})",
                       util::ascii_lower(term.text), v.type->name, column, type.name);
      return v.value;
    }
    default: break;
  }
  auto kind = static_cast<types::ConstantKind>(static_cast<int>(term.kind));
  return types::encode_constant(type, kind, term.text, column);
}

std::optional<std::int64_t> bind_integer(const ast::Term& term, const types::CqlType& type,
                                         std::string_view what) {
  auto bytes = bind_term(term, type, what);
  if (!bytes) return std::nullopt;
  if (type.kind == types::Kind::Int) return types::read_be<std::int32_t>(*bytes);
  return types::read_be<std::int64_t>(*bytes);
}

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
  if (count == 1) return {key};
  std::vector<std::string_view> out;
  while (key.size() >= 2 && out.size() < count) {
    auto len = types::read_be<std::uint16_t>(key);
    out.push_back(key.substr(2, len));
    key.remove_prefix(std::min<std::size_t>(key.size(), 2u + len + 1u));
  }
  return out;
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
      case Kind::Int: case Kind::Bigint: case Kind::Smallint: case Kind::Tinyint: case Kind::Varint:
      case Kind::Counter: kind = types::ConstantKind::Integer; break;
      case Kind::Float: case Kind::Double: case Kind::Decimal: kind = types::ConstantKind::Float; break;
      case Kind::Uuid: case Kind::Timeuuid: kind = types::ConstantKind::Uuid; break;
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
    case TermKind::List: case TermKind::Set: case TermKind::Map: case TermKind::Tuple:
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
    default: return std::string(term.text);
  }
}

std::string table_text(const schema::TableSchema& t) {
  return util::cql_name(t.keyspace) + "." + util::cql_name(t.name);
}

}  // namespace cqlbox::exec
