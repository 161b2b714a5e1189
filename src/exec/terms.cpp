#include "exec/terms.hpp"

#include <algorithm>

#include "error/cql_error.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
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

namespace {

// Whether `term` could be assigned to `type` at all (AssignmentTestable): the check Cassandra
// makes on each element of a collection literal before parsing it.
bool assignable(const ast::Term& term, const types::CqlType& type) {
  using ast::TermKind;
  using types::Kind;
  switch (term.kind) {
    case TermKind::Null: case TermKind::FunctionCall: return true;
    case TermKind::List: return type.kind == Kind::List || (type.kind == Kind::Vector && term.items.size() == static_cast<std::size_t>(type.dimension));
    case TermKind::Set: return type.kind == Kind::Set || (type.kind == Kind::Map && term.items.empty());
    case TermKind::Map: return type.kind == Kind::Map;
    case TermKind::Tuple: return type.kind == Kind::Tuple;
    case TermKind::Udt: return type.kind == Kind::Udt;
    default:
      return types::constant_accepted(type, static_cast<types::ConstantKind>(static_cast<int>(term.kind)));
  }
}

std::string bind_element(const ast::Term& item, const types::CqlType& type, std::string_view column,
                         const FunctionContext* ctx) {
  auto v = bind_term(item, type, column, ctx);
  if (!v) error::invalid("null is not supported inside collections");
  return *v;
}

// Collection and tuple literals -> serialized collections (sets sorted and deduplicated,
// maps sorted by key, the last duplicate winning).
std::string bind_collection(const ast::Term& term, const types::CqlType& type, std::string_view column,
                            const FunctionContext* ctx) {
  using types::Kind;
  const char* literal = term.kind == ast::TermKind::List ? "list" : term.kind == ast::TermKind::Map ? "map" : "set";
  if (type.kind == Kind::List) {
    std::vector<std::string> elements;
    for (const auto& item : term.items) {
      if (!assignable(item, *type.params[0]))
        error::invalid("Invalid list literal for {}: value {} is not of type {}", column, term_text(item), type.params[0]->name);
      elements.push_back(bind_element(item, *type.params[0], column, ctx));
    }
    return types::encode_elements(elements);
  }
  if (type.kind == Kind::Set) {
    std::vector<std::string> elements;
    for (const auto& item : term.items) {
      if (!assignable(item, *type.params[0]))
        error::invalid("Invalid set literal for {}: value {} is not of type {}", column, term_text(item), type.params[0]->name);
      elements.push_back(bind_element(item, *type.params[0], column, ctx));
    }
    const types::CqlType& e = *type.params[0];
    std::sort(elements.begin(), elements.end(), [&](const std::string& a, const std::string& b) {
      return types::compare_values(e, a, b) < 0;
    });
    elements.erase(std::unique(elements.begin(), elements.end(), [&](const std::string& a, const std::string& b) {
      return types::compare_values(e, a, b) == 0;
    }), elements.end());
    return types::encode_elements(elements);
  }
  // map
  std::vector<std::pair<std::string, std::string>> pairs;
  for (std::size_t i = 0; i + 1 < term.items.size(); i += 2) {
    if (!assignable(term.items[i], *type.params[0]))
      error::invalid("Invalid map literal for {}: key {} is not of type {}", column, term_text(term.items[i]), type.params[0]->name);
    if (!assignable(term.items[i + 1], *type.params[1]))
      error::invalid("Invalid map literal for {}: value {} is not of type {}", column, term_text(term.items[i + 1]), type.params[1]->name);
    std::string k = bind_element(term.items[i], *type.params[0], column, ctx);
    std::string v = bind_element(term.items[i + 1], *type.params[1], column, ctx);
    const types::CqlType& kt = *type.params[0];
    auto same = std::find_if(pairs.begin(), pairs.end(), [&](const auto& p) { return types::compare_values(kt, p.first, k) == 0; });
    if (same != pairs.end()) same->second = std::move(v);
    else pairs.emplace_back(std::move(k), std::move(v));
  }
  const types::CqlType& kt = *type.params[0];
  std::sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) { return types::compare_values(kt, a.first, b.first) < 0; });
  (void)literal;
  return types::encode_pairs(pairs);
}

// A vector literal is a list literal of exactly `dimension` non-null elements.
std::string bind_vector(const ast::Term& term, const types::CqlType& type, std::string_view column,
                        const FunctionContext* ctx) {
  if (term.items.size() != static_cast<std::size_t>(type.dimension))
    error::invalid("Invalid vector literal for {} of type {}; expected {} elements, but given {}", column, type.name,
                   type.dimension, term.items.size());
  const types::CqlType& element = *type.params[0];
  std::vector<std::string> values;
  values.reserve(term.items.size());
  for (const auto& item : term.items) {
    if (!assignable(item, element))
      error::invalid("Invalid vector literal for {}: value {} is not of type {}", column, term_text(item), element.name);
    auto v = bind_term(item, element, column, ctx);
    if (!v) error::invalid("null is not supported inside vectors");
    values.push_back(std::move(*v));
  }
  return types::encode_vector(values, element.fixed_size);
}

std::string bind_tuple(const ast::Term& term, const types::CqlType& type, std::string_view column,
                       const FunctionContext* ctx) {
  if (term.items.size() > type.params.size())
    error::invalid("Invalid tuple literal for {}: too many elements. Type {} expects {} but got {}", column,
                   type.name, type.params.size(), term.items.size());
  std::vector<std::optional<std::string>> parts;
  for (std::size_t i = 0; i < term.items.size(); ++i) {
    if (!assignable(term.items[i], *type.params[i]))
      error::invalid("Invalid tuple literal for {}: component {} is not of type {}", column, i, type.params[i]->name);
    parts.push_back(bind_term(term.items[i], *type.params[i], column, ctx));
  }
  return types::encode_tuple(parts);
}

}  // namespace

std::optional<std::string> bind_term(const ast::Term& term, const types::CqlType& type,
                                     std::string_view column, const FunctionContext* ctx) {
  using ast::TermKind;
  switch (term.kind) {
    case TermKind::Null: return std::nullopt;
    case TermKind::List: case TermKind::Set: case TermKind::Map:
      if (type.kind == types::Kind::Vector) {
        if (term.kind != TermKind::List) error::invalid("Invalid vector literal for {} of type {}", column, type.name);
        return bind_vector(term, type, column, ctx);
      }
      if (!assignable(term, type)) {
        const char* literal = term.kind == TermKind::List ? "list" : term.kind == TermKind::Map ? "map" : "set";
        error::invalid("Invalid {} literal for {} of type {}", literal, column, type.name);
      }
      return bind_collection(term, type, column, ctx);
    case TermKind::Tuple:
      if (type.kind != types::Kind::Tuple) error::invalid("Invalid tuple type literal for {} of type {}", column, type.name);
      return bind_tuple(term, type, column, ctx);
    case TermKind::Udt: {
      if (type.kind != types::Kind::Udt)
        error::invalid("Invalid user type literal for {} of type {}", column, type.name);
      // Fields in the type's order; a field not given is null.
      std::vector<std::optional<std::string>> parts(type.fields.size());
      for (std::size_t i = 0; i < term.items.size(); ++i) {
        auto at = std::find(type.fields.begin(), type.fields.end(), term.fields[i]);
        if (at == type.fields.end())
          error::invalid("Unknown field '{}' in value of user defined type {}", term.fields[i], type.type_name);
        const auto f = static_cast<std::size_t>(at - type.fields.begin());
        if (!assignable(term.items[i], *type.params[f]))
          error::invalid("Invalid user type literal for {}: field {} is not of type {}", column, term.fields[i],
                         type.params[f]->name);
        parts[f] = bind_term(term.items[i], *type.params[f], column, ctx);
      }
      return types::encode_tuple(parts);
    }
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
    case TermKind::Udt: {
      std::string s = "{";
      for (std::size_t i = 0; i < term.items.size(); ++i)
        s += (i ? ", " : "") + std::string(term.fields[i]) + ": " + term_text(term.items[i]);
      return s + "}";
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
