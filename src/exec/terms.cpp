#include "exec/terms.hpp"

#include <algorithm>
#include <cerrno>
#include <limits>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/bound_values.hpp"
#include "exec/json_input.hpp"
#include "exec/function_registry.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "types/codec.hpp"
#include "types/type_name.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

namespace {

struct TypedValue {
  const types::CqlType* type;
  Value value;
};

// TupleType.fromString: fields split on ':' (not "\\:"), "@" for null, fewer fields than the
// type allowed; each field read from its text as the field's type.
std::string tuple_from_string(const types::CqlType& type, std::string_view text) {
  using types::Kind;
  std::vector<std::string> fields(1);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == ':') {
      fields.back() += ':';
      ++i;
    } else if (text[i] == ':') {
      fields.emplace_back();
    } else {
      fields.back() += text[i];
    }
  }
  if (fields.size() > type.params.size())
    error::invalid("Invalid tuple literal: too many elements. Type {} expects {} but got {}", type.name,
                   type.params.size(), fields.size());
  std::vector<std::optional<std::string>> parts;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (fields[i] == "@") {
      parts.emplace_back();
      continue;
    }
    const types::CqlType& field = *type.params[i];
    const Kind k = field.kind;
    types::ConstantKind as = types::ConstantKind::String;
    if (k == Kind::Tinyint || k == Kind::Smallint || k == Kind::Int || k == Kind::Bigint || k == Kind::Varint ||
        k == Kind::Counter)
      as = types::ConstantKind::Integer;
    else if (k == Kind::Float || k == Kind::Double || k == Kind::Decimal)
      as = fields[i].find_first_of(".eE") == std::string::npos ? types::ConstantKind::Integer
                                                               : types::ConstantKind::Float;
    else if (k == Kind::Boolean)
      as = types::ConstantKind::Boolean;
    else if (k == Kind::Uuid || k == Kind::Timeuuid)
      as = types::ConstantKind::Uuid;
    else if (k == Kind::Duration)
      as = types::ConstantKind::Duration;
    parts.push_back(types::encode_constant(field, as, fields[i], "tuple field"));
  }
  parts.resize(type.params.size());  // the fields not written are null
  return types::encode_tuple(parts);
}

bool has_marker(const ast::Term& term) {
  if (term.kind == ast::TermKind::Bind) return true;
  for (const auto& item : term.items)
    if (has_marker(item)) return true;
  return false;
}

}  // namespace

const types::CqlType* literal_preferred_type(const ast::Term& c) {
  using types::Kind;
  switch (c.kind) {
    case ast::TermKind::Float: return types::native_type(Kind::Double);
    case ast::TermKind::String: return types::native_type(Kind::Text);
    case ast::TermKind::Duration: return types::native_type(Kind::Duration);
    case ast::TermKind::Boolean: return types::native_type(Kind::Boolean);
    case ast::TermKind::Integer: {
      errno = 0;
      const long long v = std::strtoll(std::string(c.text).c_str(), nullptr, 10);
      if (errno == ERANGE) return types::native_type(Kind::Varint);
      return types::native_type(v >= INT32_MIN && v <= INT32_MAX ? Kind::Int : Kind::Bigint);
    }
    default: return types::native_type(Kind::Int);
  }
}

namespace {

// Calls `fn` on the call's arguments: a nested call's value, else the term bound to the
// parameter's type. PREPARE's checks run a call given a marker only once its value is known.
TypedValue call_function(const ScalarFunction& fn, const ast::Term& call, const std::string& name,
                         const std::vector<std::optional<TypedValue>>& nested, const FunctionContext* ctx) {
  static const FunctionContext kNone{};
  std::vector<Value> values;
  for (std::size_t i = 0; i < call.items.size(); ++i)
    values.push_back(nested[i] ? nested[i]->value : bind_term(call.items[i], *fn.params[i], name, ctx));
  if (sampling_values() && has_marker(call)) return {fn.result, sample_value(*fn.result)};
  return {fn.result, fn.impl(values, fn, ctx ? *ctx : kNone)};
}

// A call of a function made for its arguments' types (map_keys, collection_*, mask_*,
// to_json, similarity_*: FunctionFactory): nested calls and casts type their arguments, a
// literal takes its preferred type; a collection literal, null or marker leaves the factory
// its own "Cannot infer type" message.
TypedValue evaluate_factory_call(const ast::Term& call, const std::string& name,
                                 std::vector<std::optional<TypedValue>>& nested, const FunctionContext* ctx) {
  std::vector<const types::CqlType*> arg_types(call.items.size(), nullptr);
  std::vector<std::string> arg_names;
  for (std::size_t i = 0; i < call.items.size(); ++i) {
    const ast::Term& item = call.items[i];
    arg_names.push_back(term_text(item));
    if (nested[i])
      arg_types[i] = nested[i]->type;
    else if (item.kind == ast::TermKind::Cast)
      arg_types[i] = hint_type(item.text);
    else if (item.kind == ast::TermKind::Integer || item.kind == ast::TermKind::Float ||
             item.kind == ast::TermKind::String || item.kind == ast::TermKind::Boolean ||
             item.kind == ast::TermKind::Duration)
      arg_types[i] = literal_preferred_type(item);
  }
  ScalarFunction fn;
  try {
    fn = resolve_function(name, arg_types, arg_names);
  } catch (const error::CqlError& e) {
    if (!e.message.starts_with("Unknown function '")) throw;
    // FunctionCall.Raw.prepare: the native aggregates resolve, then are refused in a term.
    if (is_aggregate_function(name)) error::invalid("Aggregation function are not supported in the where clause");
    error::invalid("Unknown function {} called", name);
  }
  return call_function(fn, call, name, nested, ctx);
}

// Evaluates a function-call term. Constant arguments take the type of the first overload
// whose parameters accept them.
TypedValue evaluate_call(const ast::Term& call, const FunctionContext* ctx) {
  std::vector<std::optional<TypedValue>> nested(call.items.size());
  std::vector<const types::CqlType*> arg_types(call.items.size(), nullptr);
  for (std::size_t i = 0; i < call.items.size(); ++i)
    if (call.items[i].kind == ast::TermKind::FunctionCall) {
      nested[i] = evaluate_call(call.items[i], ctx);
      arg_types[i] = nested[i]->type;
    }
  const std::string name = util::ascii_lower(call.text);
  if (function_overloads(name).empty()) return evaluate_factory_call(call, name, nested, ctx);
  for (std::size_t i = 0; i < call.items.size(); ++i)
    if (call.items[i].kind == ast::TermKind::Bind) check_marker_argument(name, call.items.size(), i);
  std::optional<error::CqlError> first_error;
  for (const ScalarFunction& fn : function_overloads(name)) {
    if (fn.params.size() != call.items.size()) continue;
    bool typed_ok = true;
    for (std::size_t i = 0; i < call.items.size(); ++i)
      typed_ok =
          typed_ok && (!nested[i] || nested[i]->type == fn.params[i] ||
                       (fn.params[i]->kind == types::Kind::Uuid && nested[i]->type->kind == types::Kind::Timeuuid));
    if (!typed_ok) continue;
    try {
      return call_function(fn, call, name, nested, ctx);
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

// TypeCast.testAssignment: a receiver of type `receiver` takes a value cast to `cast` when it is
// the same type, text for ascii, varint for the other integers, uuid for timeuuid, or a blob.
bool cast_accepted(const types::CqlType& receiver, const types::CqlType& cast) {
  using types::Kind;
  const Kind r = receiver.kind, c = cast.kind;
  return &cast == &receiver || (r == Kind::Text && c == Kind::Ascii) || r == Kind::Blob ||
         (r == Kind::Varint && (c == Kind::Int || c == Kind::Bigint || c == Kind::Smallint || c == Kind::Tinyint)) ||
         (r == Kind::Uuid && c == Kind::Timeuuid);
}

// Whether `term` could be assigned to `type` at all (AssignmentTestable): the check Cassandra
// makes on each element of a collection literal before parsing it.
bool assignable(const ast::Term& term, const types::CqlType& type) {
  using ast::TermKind;
  using types::Kind;
  switch (term.kind) {
    case TermKind::Null:
    case TermKind::FunctionCall:
    case TermKind::Operation:
    case TermKind::Bind: return true;
    case TermKind::Cast: {
      const types::CqlType* cast = hint_type(term.text);
      return !cast || cast_accepted(type, *cast);  // an unknown type is refused when bound
    }
    case TermKind::List:
      return type.kind == Kind::List ||
             (type.kind == Kind::Vector && term.items.size() == static_cast<std::size_t>(type.dimension));
    case TermKind::Set: return type.kind == Kind::Set || (type.kind == Kind::Map && term.items.empty());
    case TermKind::Map: return type.kind == Kind::Map;
    case TermKind::Tuple: {  // Tuples.testTupleAssignment: no more components than the type, each assignable
      if (term.items.size() == 1 && type.kind != Kind::Tuple && type.kind != Kind::Udt)
        return assignable(term.items[0], type);  // (x): a term in parentheses
      if (type.kind != Kind::Tuple || term.items.size() > type.params.size()) return false;
      for (std::size_t i = 0; i < term.items.size(); ++i)
        if (!assignable(term.items[i], *type.params[i])) return false;
      return true;
    }
    case TermKind::Udt: return type.kind == Kind::Udt;
    default: return types::constant_accepted(type, static_cast<types::ConstantKind>(static_cast<int>(term.kind)));
  }
}

std::string bind_element(const ast::Term& item, const types::CqlType& type, std::string_view column,
                         const FunctionContext* ctx) {
  auto v = bind_term(item, type, column, ctx);
  if (!v) error::invalid("null is not supported inside collections");
  return *v;
}

// Cassandra 5.0 reads [...] as an ArrayLiteral that becomes a list or a vector once its
// receiver is known; any other receiver is refused, also when testing an element's type.
void check_array_literal(const ast::Term& term, const types::CqlType& receiver) {
  if (term.kind == ast::TermKind::List && receiver.kind != types::Kind::List && receiver.kind != types::Kind::Vector)
    error::invalid("Unexpected receiver type '{}'; only list and vector are expected", receiver.name);
}

}  // namespace

namespace {

// A bound value, checked as Cassandra's serializers check it; a frozen set or map is brought into
// its canonical order (elements sorted and unique), as deserializing and reserializing does.
std::optional<std::string> bind_marker_value(const ast::Term& term, const types::CqlType& type,
                                             std::string_view column) {
  if (sampling_values()) return sample_value(type);
  const auto& values = current_bound_values();
  if (term.bind_index >= values.size())  // the executor checked the count; a safety net
    error::invalid("there were {} markers(?) in CQL but {} bound variables", term.bind_index + 1, values.size());
  const BoundValue& v = values[term.bind_index];
  if (v.state == BoundValue::State::Null) return std::nullopt;
  if (v.state == BoundValue::State::Unset) error::invalid("Invalid unset value for column {}", column);
  check_bound_bytes(type, v.bytes, true);
  std::string bytes(v.bytes);
  using types::Kind;
  if (type.kind == Kind::Set || type.kind == Kind::Map) {
    const bool map = type.kind == Kind::Map;
    std::vector<std::string_view> parts;
    (void)types::decode_elements(bytes, parts, map);  // checked above
    const types::CqlType& key = *type.params[0];
    const std::size_t step = map ? 2 : 1;
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < parts.size(); i += step) order.push_back(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return types::compare_values(key, parts[a], parts[b]) < 0; });
    std::vector<std::string> elements;
    std::vector<std::pair<std::string, std::string>> pairs;
    for (std::size_t k = 0; k < order.size(); ++k) {
      const std::size_t i = order[k];
      // The last of equal keys wins, as a map literal's last duplicate does.
      if (k + 1 < order.size() && types::compare_values(key, parts[i], parts[order[k + 1]]) == 0) continue;
      if (map)
        pairs.emplace_back(std::string(parts[i]), std::string(parts[i + 1]));
      else
        elements.emplace_back(parts[i]);
    }
    return map ? types::encode_pairs(pairs) : types::encode_elements(elements);
  }
  return bytes;
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
      check_array_literal(item, *type.params[0]);
      if (!assignable(item, *type.params[0]))
        error::invalid("Invalid list literal for {}: value {} is not of type {}", column, term_text(item),
                       type.params[0]->name);
      elements.push_back(bind_element(item, *type.params[0], column, ctx));
    }
    return types::encode_elements(elements);
  }
  if (type.kind == Kind::Set) {
    std::vector<std::string> elements;
    for (const auto& item : term.items) {
      check_array_literal(item, *type.params[0]);
      if (!assignable(item, *type.params[0]))
        error::invalid("Invalid set literal for {}: value {} is not of type {}", column, term_text(item),
                       type.params[0]->name);
      elements.push_back(bind_element(item, *type.params[0], column, ctx));
    }
    const types::CqlType& e = *type.params[0];
    std::sort(elements.begin(), elements.end(),
              [&](const std::string& a, const std::string& b) { return types::compare_values(e, a, b) < 0; });
    elements.erase(
        std::unique(elements.begin(), elements.end(),
                    [&](const std::string& a, const std::string& b) { return types::compare_values(e, a, b) == 0; }),
        elements.end());
    return types::encode_elements(elements);
  }
  // map
  std::vector<std::pair<std::string, std::string>> pairs;
  for (std::size_t i = 0; i + 1 < term.items.size(); i += 2) {
    check_array_literal(term.items[i], *type.params[0]);
    check_array_literal(term.items[i + 1], *type.params[1]);
    if (!assignable(term.items[i], *type.params[0]))
      error::invalid("Invalid map literal for {}: key {} is not of type {}", column, term_text(term.items[i]),
                     type.params[0]->name);
    if (!assignable(term.items[i + 1], *type.params[1]))
      error::invalid("Invalid map literal for {}: value {} is not of type {}", column, term_text(term.items[i + 1]),
                     type.params[1]->name);
    std::string k = bind_element(term.items[i], *type.params[0], column, ctx);
    std::string v = bind_element(term.items[i + 1], *type.params[1], column, ctx);
    const types::CqlType& kt = *type.params[0];
    auto same = std::find_if(pairs.begin(), pairs.end(),
                             [&](const auto& p) { return types::compare_values(kt, p.first, k) == 0; });
    if (same != pairs.end())
      same->second = std::move(v);
    else
      pairs.emplace_back(std::move(k), std::move(v));
  }
  const types::CqlType& kt = *type.params[0];
  std::sort(pairs.begin(), pairs.end(),
            [&](const auto& a, const auto& b) { return types::compare_values(kt, a.first, b.first) < 0; });
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
      error::invalid("Invalid vector literal for {}: value {} is not of type {}", column, term_text(item),
                     element.name);
    auto v = bind_term(item, element, column, ctx);
    if (!v) error::invalid("null is not supported inside vectors");
    values.push_back(std::move(*v));
  }
  return types::encode_vector(values, element.fixed_size);
}

}  // namespace

namespace {

std::string bind_tuple(const ast::Term& term, const types::CqlType& type, std::string_view column,
                       const FunctionContext* ctx) {
  if (term.items.size() > type.params.size())
    error::invalid("Invalid tuple literal for {}: too many elements. Type {} expects {} but got {}", column, type.name,
                   type.params.size(), term.items.size());
  std::vector<std::optional<std::string>> parts;
  for (std::size_t i = 0; i < term.items.size(); ++i) {
    if (!assignable(term.items[i], *type.params[i]))
      error::invalid("Invalid tuple literal for {}: component {} is not of type {}", column, i, type.params[i]->name);
    parts.push_back(bind_term(term.items[i], *type.params[i], column, ctx));
  }
  return types::encode_tuple(parts);
}

}  // namespace

std::optional<std::string> bind_term(const ast::Term& term, const types::CqlType& type, std::string_view column,
                                     const FunctionContext* ctx) {
  using ast::TermKind;
  switch (term.kind) {
    case TermKind::Null:  // NullLiteral.prepare: a counter never takes a null
      if (type.kind == types::Kind::Counter) error::invalid("Invalid null value for counter increment/decrement");
      return std::nullopt;
    case TermKind::Bind: return bind_marker_value(term, type, column);
    case TermKind::List:
    case TermKind::Set:
    case TermKind::Map:
      if (type.kind == types::Kind::Vector) {
        if (term.kind != TermKind::List) error::invalid("Invalid vector literal for {} of type {}", column, type.name);
        return bind_vector(term, type, column, ctx);
      }
      check_array_literal(term, type);
      if (!assignable(term, type)) {
        const char* literal = term.kind == TermKind::List ? "list" : term.kind == TermKind::Map ? "map" : "set";
        error::invalid("Invalid {} literal for {} of type {}", literal, column, type.name);
      }
      return bind_collection(term, type, column, ctx);
    case TermKind::Tuple:
      // (x) is a term in parentheses unless a tuple is wanted (Tuples.Literal.prepare).
      if (term.items.size() == 1 && type.kind != types::Kind::Tuple && type.kind != types::Kind::Udt)
        return bind_term(term.items[0], type, column, ctx);
      // A user-defined type is a tuple type in Cassandra, so (a, b) binds to its fields in order.
      if (type.kind != types::Kind::Tuple && type.kind != types::Kind::Udt)
        error::invalid("Invalid tuple type literal for {} of type {}", column, type.name);
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
    case TermKind::Operation: return bind_operation(term, type, column, ctx);
    case TermKind::Cast: {
      // TypeCast.prepare: the term is read as the cast's type, which the receiver must accept.
      const types::CqlType* cast = hint_type(term.text);
      if (!cast) error::invalid("Unknown type {}", term.text);
      if (!cast_accepted(type, *cast))
        error::invalid("Cannot assign value {} to {} of type {}", term_text(term), column, type.name);
      return bind_term(term.items[0], *cast, column, ctx);
    }
    case TermKind::FunctionCall: {
      // fromJson(text) (from_json): the document read as the receiver's type (FromJsonFct).
      if (is_from_json_call(term)) {
        const auto text =
            bind_term(term.items[0], *types::native_type(types::Kind::Text), "arg0(system.fromjson)", ctx);
        if (!text) return std::nullopt;
        return from_json_value(type, *text, util::ascii_lower(term.text));
      }
      TypedValue v = evaluate_call(term, ctx);
      // The receiver takes a result whose bytes it can read (AbstractType.isValueCompatibleWith):
      // timestamp and bigint each other's, varint any of int, bigint and timestamp, blob anything.
      using types::Kind;
      const Kind r = type.kind, f = v.type->kind;
      const bool ok = v.type == &type || (r == Kind::Uuid && f == Kind::Timeuuid) ||
                      (r == Kind::Text && f == Kind::Ascii) || (r == Kind::Timestamp && f == Kind::Bigint) ||
                      (r == Kind::Bigint && f == Kind::Timestamp) ||
                      (r == Kind::Varint && (f == Kind::Int || f == Kind::Bigint || f == Kind::Timestamp)) ||
                      (r == Kind::Blob && v.type->kind != Kind::Udt && !v.type->is_collection());
      if (!ok)
        error::invalid("Type error: cannot assign result of function system.{} (type {}) to {} (type {})",
                       util::ascii_lower(term.text), v.type->name, column, type.name);
      if (r == Kind::Varint && f != Kind::Varint && v.value) {  // fixed width → minimal two's complement
        std::string& b = *v.value;
        std::size_t skip = 0;
        while (skip + 1 < b.size() &&
               ((b[skip] == 0 && !(b[skip + 1] & 0x80)) || (b[skip] == '\xff' && (b[skip + 1] & 0x80))))
          ++skip;
        b.erase(0, skip);
      }
      return v.value;
    }
    default: break;
  }
  auto kind = static_cast<types::ConstantKind>(static_cast<int>(term.kind));
  // A string for a tuple is read by TupleType.fromString (Constants.Literal takes any type it
  // cannot name as a string's).
  if (kind == types::ConstantKind::String && type.kind == types::Kind::Tuple) return tuple_from_string(type, term.text);
  return types::encode_constant(type, kind, term.text, column);
}

std::optional<std::vector<Value>> bind_in_list(const ast::Term& term, const types::CqlType& element,
                                               std::string_view column) {
  if (term.kind != ast::TermKind::Bind) {
    const auto bytes = bind_term(term, *types::collection_type(types::Kind::List, {&element}, true), column);
    if (!bytes) return std::nullopt;
    std::vector<std::string_view> items;
    if (!types::decode_elements(*bytes, items)) error::invalid("Invalid list value for {}", column);
    return std::vector<Value>(items.begin(), items.end());
  }
  if (sampling_values()) return std::vector<Value>{};  // IN ? as an empty list
  const auto& values = current_bound_values();
  if (term.bind_index >= values.size())
    error::invalid("there were {} markers(?) in CQL but {} bound variables", term.bind_index + 1, values.size());
  const BoundValue& v = values[term.bind_index];
  if (v.state == BoundValue::State::Null) return std::nullopt;
  if (v.state == BoundValue::State::Unset) error::invalid("Invalid unset value for column {}", column);
  // The protocol's list: a 4-byte count, then each element as a 4-byte length (-1: null) and its
  // bytes. An IN list may hold null elements, and an empty one reads as null where the type has
  // no empty value (Lists.Value.fromSerialized: "elements can be null in lists that represent a
  // set of IN values").
  const std::string_view b = v.bytes;
  auto read_int = [&](std::size_t at) {
    if (at + 4 > b.size()) error::invalid("Not enough bytes to read a list");
    return types::read_be<std::int32_t>(b.substr(at, 4));
  };
  std::vector<Value> out;
  const std::int32_t count = read_int(0);
  if (count < 0) error::invalid("Not enough bytes to read a list");
  std::size_t at = 4;
  for (std::int32_t i = 0; i < count; ++i) {
    const std::int32_t n = read_int(at);
    at += 4;
    if (n < 0) {
      out.emplace_back(std::nullopt);
      continue;
    }
    if (at + static_cast<std::size_t>(n) > b.size()) error::invalid("Not enough bytes to read a list");
    const std::string_view item = b.substr(at, static_cast<std::size_t>(n));
    at += static_cast<std::size_t>(n);
    using types::Kind;
    const bool textual = element.kind == Kind::Text || element.kind == Kind::Ascii || element.kind == Kind::Blob;
    if (item.empty() && !textual && !element.is_collection()) {
      out.emplace_back(std::nullopt);
      continue;
    }
    check_bound_bytes(element, item, false);
    out.emplace_back(std::string(item));
  }
  if (at != b.size()) error::invalid("Unexpected extraneous bytes after list value");
  return out;
}

const types::CqlType* hint_type(std::string_view text) {
  const std::string lower = util::ascii_lower(text);
  if (const types::CqlType* native = types::find_native_type(lower)) return native;
  if (lower.find('<') == std::string::npos) return nullptr;
  if (const types::CqlType* parsed = types::parse_type_name(lower)) return parsed;
  // VectorType.getInstance's refusal of a dimension below 1.
  if (lower.starts_with("vector")) {
    const auto comma = lower.rfind(',');
    if (comma != std::string::npos) {
      std::string digits;
      for (char c : lower.substr(comma + 1))
        if (c != ' ' && c != '>') digits += c;
      if (!digits.empty() && digits.find_first_not_of("-0123456789") == std::string::npos && digits.size() < 12 &&
          std::stoll(digits) <= 0)
        error::invalid("vectors may only have positive dimensions; given {}", digits);
    }
  }
  return nullptr;
}

void refuse_nested_durations(const types::CqlType& type, std::string_view subject) {
  if (!type.references_duration() || type.kind == types::Kind::Duration) return;
  const char* holder = type.is_collection()              ? "collections"
                       : type.kind == types::Kind::Tuple ? "tuples"
                       : type.kind == types::Kind::Udt   ? "UDTs"
                                                         : nullptr;
  if (holder) error::invalid("{} are not supported on {} containing durations", subject, holder);
}

bool is_from_json_call(const ast::Term& term) {
  if (term.kind != ast::TermKind::FunctionCall || term.items.size() != 1) return false;
  std::string_view name = term.text;
  if (name.size() > 7 && util::iequals(name.substr(0, 7), "system.")) name.remove_prefix(7);
  return util::iequals(name, "fromjson") || util::iequals(name, "from_json");
}

bool is_unset(const ast::Term& term) {
  if (term.kind != ast::TermKind::Bind) return false;
  const auto& values = current_bound_values();
  return term.bind_index < values.size() && values[term.bind_index].state == BoundValue::State::Unset;
}

bool is_unset(const std::optional<ast::Term>& term) { return term && is_unset(*term); }

std::optional<std::int64_t> bind_integer(const ast::Term& term, const types::CqlType& type, std::string_view what) {
  auto bytes = bind_term(term, type, what);
  if (!bytes || bytes->empty()) return std::nullopt;  // an empty bound value counts as null
  if (type.kind == types::Kind::Int) return types::read_be<std::int32_t>(*bytes);
  return types::read_be<std::int64_t>(*bytes);
}

std::int64_t bind_write_timestamp(const ast::Term& term) {
  static const types::CqlType* bigint = types::native_type(types::Kind::Bigint);
  const auto v = bind_integer(term, *bigint, "[timestamp]");
  if (!v) error::invalid("Invalid null value of timestamp");
  if (*v == std::numeric_limits<std::int64_t>::min())
    error::invalid("Out of bound timestamp, must be in [{}, {}]", std::numeric_limits<std::int64_t>::min() + 1,
                   std::numeric_limits<std::int64_t>::max());
  return *v;
}

}  // namespace cqlbox::exec
