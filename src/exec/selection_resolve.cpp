// The select list resolved against a table: each selector's column, type, name and operation
// (functions, casts, WRITETIME/TTL, token, aggregates, subscripts, arithmetic), with 5.0's
// messages. selection.cpp evaluates the result per row.
#include "exec/selection.hpp"

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <algorithm>
#include <cstring>

#include "error/cql_error.hpp"
#include "exec/terms.hpp"
#include "exec/function_registry.hpp"
#include "exec/literal_types.hpp"
#include "store/clustering.hpp"
#include "types/bignum.hpp"
#include "types/bytes.hpp"
#include "types/codec.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "util/murmur3.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::invalid;
using types::Kind;

namespace {

const types::CqlType* native(Kind k) { return types::native_type(k); }

ColumnRole role_of(schema::ColumnKind k) {
  switch (k) {
    case schema::ColumnKind::PartitionKey: return ColumnRole::PartitionKey;
    case schema::ColumnKind::Clustering: return ColumnRole::Clustering;
    case schema::ColumnKind::Static: return ColumnRole::Static;
    default: return ColumnRole::Other;
  }
}

int column_of(const schema::TableSchema& t, const ast::Selector& arg) {
  if (arg.kind != ast::SelectorKind::Column) invalid("Only column names are supported as arguments here");
  int i = t.find(arg.name);
  if (i < 0) invalid("Undefined column name {} in table {}", util::cql_name(arg.name), table_text(t));
  return i;
}

ResolvedSelector resolve(const schema::TableSchema& t, const ast::Selector& sel);

// A selector argument; constants get their type from the function's parameter later.
// A constant with a type hint, (int) 1 or (bigint) ?, is typed now (Selectable.WithTypeHint);
// any other constant takes its type from where it is used.
ResolvedSelector typed_constant(const ast::Term& term);

ResolvedSelector resolve_argument(const schema::TableSchema& t, const ast::Selector& arg) {
  if (arg.kind == ast::SelectorKind::Constant) {
    if (arg.constant.kind == ast::TermKind::Cast) return typed_constant(arg.constant);
    ResolvedSelector r;
    r.op = SelectorOp::Constant;
    r.name = term_text(arg.constant);
    return r;
  }
  return resolve(t, arg);
}

// PREPARE's collection of the selection's markers (resolve_selection's `markers`).
thread_local std::vector<SelectionMarker>* t_markers = nullptr;

// A term of the selection bound as `type`; a marker while preparing is only listed, under `name`.
std::optional<std::string> bind_selection_term(const ast::Term& term, const types::CqlType& type,
                                               std::string_view receiver, std::string_view marker_name) {
  if (term.kind == ast::TermKind::Bind && t_markers) {
    t_markers->push_back({term.bind_index, std::string(marker_name), &type});
    return std::string();
  }
  return bind_term(term, type, receiver);
}

ResolvedSelector typed_constant(const ast::Term& term) {
  const types::CqlType* type = hint_type(term.text);
  if (!type) invalid("Unknown type {}", term.text);
  ResolvedSelector r;
  r.op = SelectorOp::Constant;
  r.type = type;
  r.name = term_text(term);
  r.constant = bind_selection_term(term.items[0], *type, r.name, "[selection]");
  return r;
}

void bind_constant_argument(ResolvedSelector& arg, const ast::Selector& raw, const types::CqlType* type,
                            std::string_view function) {
  if (arg.op != SelectorOp::Constant || arg.type) return;  // a type hint has bound it already
  arg.type = type;
  arg.constant = bind_selection_term(raw.constant, *type, function, "[selection]");
}

bool is_similarity(std::string_view fn) {
  return fn == "similarity_cosine" || fn == "similarity_euclidean" || fn == "similarity_dot_product";
}

// The first column a selector reads, in writing order; `fallback` when it reads none.
std::string first_column_name(const schema::TableSchema& t, const ast::Selector& sel, const std::string& fallback) {
  if (sel.kind == ast::SelectorKind::Column) {
    const int i = t.find(sel.name);
    return i < 0 ? fallback : t.column(i).name;
  }
  for (const auto& a : sel.args) {
    std::string name = first_column_name(t, a, {});
    if (!name.empty()) return name;
  }
  return fallback;
}

ResolvedSelector resolve_arithmetic(const schema::TableSchema& t, const ast::Selector& sel) {
  ResolvedSelector r;
  r.op = SelectorOp::Arithmetic;
  const bool unary = sel.name == "_-";
  r.arithmetic = unary ? 'n' : sel.name[0];
  for (const auto& a : sel.args) r.args.push_back(resolve_argument(t, a));
  auto known = [&](std::size_t i) { return r.args[i].op != SelectorOp::Constant || r.args[i].type != nullptr; };
  auto unsupported = [&]() {
    if (unary) invalid("the '-' operation is not supported for {}", r.args[0].type->name);
    invalid("the '{}' operation is not supported between {} and {}", sel.name, r.args[0].name, r.args[1].name);
  };
  // A bare marker matches every overload (FunctionResolver): 5.0 refuses the operation.
  for (std::size_t i = 0; i < r.args.size(); ++i)
    if (sel.args[i].kind == ast::SelectorKind::Constant && sel.args[i].constant.kind == ast::TermKind::Bind) {
      if (unary) invalid("Ambiguous negation: use type casts to disambiguate");
      invalid("Ambiguous '{}' operation with args {} and {}: use type hint to disambiguate, example '(int) ?'",
              sel.name, r.args[0].name, r.args[1].name);
    }
  for (std::size_t i = 0; i < r.args.size(); ++i)
    if (known(i) && !is_numeric_kind(r.args[i].type->kind) &&
        (unary || !(is_text_kind(r.args[i].type->kind) || is_temporal_kind(r.args[i].type->kind) ||
                    r.args[i].type->kind == Kind::Duration)))
      unsupported();
  // A literal is of its preferred type: the overload taking exactly that type wins
  // (FunctionResolver's EXACT_MATCH), so tinyint + 1 is an int and float + 1.5 a double. After
  // a timestamp or date, a literal is the duration added.
  for (std::size_t i = 0; i < r.args.size(); ++i) {
    if (known(i)) continue;
    const ast::Term& c = sel.args[i].constant;
    const bool after_temporal = i == 1 && known(0) && is_temporal_kind(r.args[0].type->kind);
    bind_constant_argument(r.args[i], sel.args[i], after_temporal ? native(Kind::Duration) : literal_preferred_type(c),
                           "operation");
  }
  if (unary) {
    if (!is_numeric_kind(r.args[0].type->kind)) unsupported();
    r.type = r.args[0].type;
  } else {
    const Kind a = r.args[0].type->kind, b = r.args[1].type->kind;
    if (is_numeric_kind(a) && is_numeric_kind(b))
      r.type = operation_result(r.args[0].type, r.args[1].type);
    else if (r.arithmetic == '+' && is_text_kind(a) && is_text_kind(b))  // StringOperationFunction
      r.type = native(a == Kind::Ascii && b == Kind::Ascii ? Kind::Ascii : Kind::Text);
    else if ((r.arithmetic == '+' || r.arithmetic == '-') && is_temporal_kind(a) && b == Kind::Duration)
      r.type = r.args[0].type;  // TemporalOperationFunction
    else
      unsupported();
  }
  if (r.type->kind == Kind::Counter) r.type = native(Kind::Bigint);
  // Operands of lower precedence keep their parentheses in the header: 2 * (k + 3).
  auto operand = [&](const ResolvedSelector& a) {
    const bool low = a.op == SelectorOp::Arithmetic && (a.arithmetic == '+' || a.arithmetic == '-') &&
                     (unary || r.arithmetic == '*' || r.arithmetic == '/' || r.arithmetic == '%');
    return low ? "(" + a.name + ")" : a.name;
  };
  r.name = unary ? "-" + operand(r.args[0]) : fmt::format("{} {} {}", operand(r.args[0]), sel.name, operand(r.args[1]));
  return r;
}

// How a subscript's term reads in a header: its source text, a string quoted (Cassandra's
// Term.Raw.getText), a bind marker as '?'.
std::string subscript_text(const ast::Term& term) {
  if (term.kind == ast::TermKind::String) return "'" + std::string(term.text) + "'";
  if (term.kind == ast::TermKind::Bind) return "?";
  return term_text(term);
}

// c[k] and c[from..to] on a set or map (Selectable.WithElementSelection / WithSliceSelection):
// the key binds as the map's key or the set's element type; an element of a map is its value
// type, of a set the element type; a slice is the collection's own type.
ResolvedSelector resolve_subscript(const schema::TableSchema& t, const ast::Selector& sel) {
  const bool slice = sel.kind == ast::SelectorKind::Slice;
  ResolvedSelector inner = resolve(t, sel.args[0]);
  const types::CqlType& type = *inner.type;
  if (!type.is_collection()) {
    if (slice) invalid("Invalid slice selection: {} of type {} is not a collection", inner.name, type.name);
    invalid("Invalid element selection: {} is of type {} is not a collection", inner.name, type.name);
  }
  if (type.kind == Kind::List)
    invalid("{} selection is only allowed on sets and maps, but {} is a list", slice ? "Slice" : "Element", inner.name);
  const types::CqlType& key_type = *type.params[0];
  const std::string receiver = fmt::format("{}({})", type.kind == Kind::Map ? "key" : "value", inner.name);
  ResolvedSelector r;
  if (!slice) {
    r.op = SelectorOp::Element;
    r.key = bind_selection_term(sel.constant, key_type, receiver, receiver);
    if (!r.key) invalid("Invalid null value for element selection on {}", inner.name);
    r.type = type.kind == Kind::Map ? type.params[1] : type.params[0];
    r.name = fmt::format("{}[{}]", inner.name, subscript_text(sel.constant));
  } else {
    r.op = SelectorOp::Slice;
    std::size_t next = 0;
    std::string from_text, to_text;
    if (sel.bounds & ast::Selector::kFrom) {
      const ast::Term& from = sel.constant.items[next++];
      r.key = bind_selection_term(from, key_type, receiver, receiver);
      if (!r.key) invalid("Invalid null value for slice selection on {}", inner.name);
      from_text = subscript_text(from);
    }
    if (sel.bounds & ast::Selector::kTo) {
      const ast::Term& to = sel.constant.items[next];
      r.upper = bind_selection_term(to, key_type, receiver, receiver);
      if (!r.upper) invalid("Invalid null value for slice selection on {}", inner.name);
      to_text = subscript_text(to);
    }
    r.type = inner.type;
    r.name = fmt::format("{}[{}..{}]", inner.name, from_text, to_text);
  }
  r.args.push_back(std::move(inner));
  return r;
}

// Selectable.WithTypeHint over a parenthesised expression.
ResolvedSelector resolve_type_hint(const schema::TableSchema& t, const ast::Selector& sel) {
  const auto& args = sel.args;
  ResolvedSelector r;
  ResolvedSelector inner = resolve(t, args[0]);
  const types::CqlType* to = hint_type(sel.cast_type);
  if (!to) invalid("Unknown type {}", sel.cast_type);
  const std::string name = fmt::format("({})({})", sel.cast_type, inner.name);
  // The value must already be of the hinted type (text takes ascii's bytes, blob any).
  if (inner.type != to && !(to->kind == Kind::Text && inner.type->kind == Kind::Ascii) && to->kind != Kind::Blob)
    invalid("Cannot assign value {} to {} of type {}", name, name, to->name);
  r = std::move(inner);
  r.type = to;
  r.name = name;
  return r;
}

// CAST(x AS type).
ResolvedSelector resolve_cast(const schema::TableSchema& t, const ast::Selector& sel) {
  const auto& args = sel.args;
  ResolvedSelector r;
  ResolvedSelector arg = resolve(t, args[0]);
  const types::CqlType* to = types::find_native_type(sel.cast_type);
  if (!to) invalid("Unknown type {}", sel.cast_type);
  // Selectable.WithCast: a cast to the value's own type is the value itself, name and all.
  if (arg.type == to) {
    r = std::move(arg);
    return r;
  }
  // The message names the first column the argument reads (Cassandra's defs.get(0)).
  if (!can_cast(*arg.type, *to)) invalid("{} cannot be cast to {}", first_column_name(t, args[0], arg.name), to->name);
  r.op = SelectorOp::Cast;
  r.type = to;
  r.name = fmt::format("cast({} as {})", arg.name, to->name);
  r.args.push_back(std::move(arg));
  return r;
}

// COUNT(*) and COUNT(1): the rows.
ResolvedSelector resolve_count_rows() {
  ResolvedSelector r;
  r.op = SelectorOp::CountRows;
  r.type = native(Kind::Bigint);
  r.name = "count";
  return r;
}

// WRITETIME, TTL, MAXWRITETIME of a column or (5.0) of a part of one.
ResolvedSelector resolve_write_info(const schema::TableSchema& t, const ast::Selector& sel, const std::string& fn) {
  const auto& args = sel.args;
  ResolvedSelector r;
  if (args.size() != 1) invalid("Invalid number of arguments for function {}", fn);
  // 5.0 (Selectable.WritetimeOrTTL with a selector modifier): WRITETIME(m[k]),
  // TTL(u.f), WRITETIME(m['a'..'c']): the timestamps follow the sub-selection.
  if (args[0].kind == ast::SelectorKind::Element || args[0].kind == ast::SelectorKind::Slice ||
      args[0].kind == ast::SelectorKind::Field) {
    const ast::Selector* first = &args[0];
    while (!first->args.empty() && first->args[0].kind != ast::SelectorKind::Column) {
      const auto k = first->args[0].kind;
      if (k != ast::SelectorKind::Element && k != ast::SelectorKind::Slice && k != ast::SelectorKind::Field)
        invalid("Only column names are supported as arguments here");
      first = &first->args[0];
    }
    if (first->args.empty()) invalid("Only column names are supported as arguments here");
    r.column = column_of(t, first->args[0]);
    const schema::Column& c = t.column(r.column);
    if (c.is_primary_key()) invalid("Cannot use selection function {} on PRIMARY KEY part {}", fn, c.name);
    ResolvedSelector inner = resolve(t, args[0]);
    r.of_part = true;
    r.op = fn == "writetime" ? SelectorOp::WriteTime : fn == "ttl" ? SelectorOp::Ttl : SelectorOp::MaxWriteTime;
    r.type = native(fn == "ttl" ? Kind::Int : Kind::Bigint);
    // A part that is itself multi-cell (a slice of a non-frozen collection) has one per cell.
    if (inner.type->multi_cell() && fn != "maxwritetime") r.type = types::collection_type(Kind::List, {r.type}, false);
    r.name = fmt::format("{}({})", fn, inner.name);
    r.args.push_back(std::move(inner));
    return r;
  }
  r.column = column_of(t, args[0]);
  const schema::Column& c = t.column(r.column);
  if (c.is_primary_key()) invalid("Cannot use selection function {} on PRIMARY KEY part {}", fn, c.name);
  r.op = fn == "writetime" ? SelectorOp::WriteTime : fn == "ttl" ? SelectorOp::Ttl : SelectorOp::MaxWriteTime;
  r.type = native(fn == "ttl" ? Kind::Int : Kind::Bigint);
  // 5.0: on a non-frozen collection, one value per element (list<bigint> / list<int>);
  // maxwritetime is always one bigint, the newest of them.
  if (c.type->multi_cell() && fn != "maxwritetime") r.type = types::collection_type(Kind::List, {r.type}, false);
  r.name = fmt::format("{}({})", fn, c.name);
  return r;
}

// token(partition key columns).
ResolvedSelector resolve_token(const schema::TableSchema& t, const ast::Selector& sel) {
  const auto& args = sel.args;
  ResolvedSelector r;
  // system.token resolved against the table: one argument per partition key column, each
  // of that column's type (checked by type, not by name, as 5.0 does).
  if (args.size() != t.partition_key.size())
    invalid("Invalid number of arguments in call to function system.token: {} required but {} provided",
            t.partition_key.size(), args.size());
  std::string names;
  bool in_key_order = true;
  std::vector<ResolvedSelector> resolved;
  for (std::size_t i = 0; i < args.size(); ++i) {
    // A literal takes its partition key column's type, as the token function's parameter.
    ResolvedSelector arg = resolve_argument(t, args[i]);
    const schema::Column& key = t.column(t.partition_key[i]);
    if (args[i].kind == ast::SelectorKind::Constant && !arg.type) {
      const ast::Term& c = args[i].constant;
      if (static_cast<int>(c.kind) <= static_cast<int>(ast::TermKind::Duration) &&
          !types::constant_accepted(*key.type, static_cast<types::ConstantKind>(static_cast<int>(c.kind))))
        invalid("Type error: {} cannot be passed as argument {} of function system.token of type {}", term_text(c), i,
                key.type->name);
    }
    bind_constant_argument(arg, args[i], key.type, fmt::format("arg{}(system.token)", i));
    if (arg.type != key.type)
      invalid("Type error: {} cannot be passed as argument {} of function system.token of type {}", arg.name, i,
              key.type->name);
    in_key_order = in_key_order && arg.op == SelectorOp::Column && arg.column == t.partition_key[i];
    names += (i ? ", " : "") + arg.name;
    resolved.push_back(std::move(arg));
  }
  r.op = SelectorOp::Token;
  r.type = native(Kind::Bigint);
  r.name = fmt::format("system.token({})", names);
  if (!in_key_order) r.args = std::move(resolved);  // hashed as given, not the row's own token
  return r;
}

// The native aggregates count(x), min, max, sum, avg.
ResolvedSelector resolve_aggregate(const schema::TableSchema& t, const ast::Selector& sel, const std::string& fn) {
  const auto& args = sel.args;
  ResolvedSelector r;
  if (args.size() != 1)
    invalid("Invalid number of arguments in call to function system.{}: 1 required but {} provided", fn, args.size());
  ResolvedSelector arg = resolve(t, args[0]);
  r.name = fmt::format("system.{}({})", fn, arg.name);
  if (fn == "count") {
    r.op = SelectorOp::Count;
    r.type = native(Kind::Bigint);
  } else {
    r.type = arg.type;
    if (fn == "min")
      r.op = SelectorOp::Min;
    else if (fn == "max")
      r.op = SelectorOp::Max;
    else {
      if (!is_numeric_kind(arg.type->kind)) {
        // AggregateFcts' overloads, in their declaration order.
        std::string known;
        for (const char* ty : {"tinyint", "smallint", "int", "bigint", "float", "double", "decimal", "varint"})
          known += fmt::format("{}system.{} : ({}) -> {}", known.empty() ? "" : ", ", fn, ty, ty);
        known += fmt::format(", system.{} : (counter) -> bigint", fn);
        invalid("Invalid call to function system.{}, none of its type signatures match (known type signatures: {})", fn,
                known);
      }
      r.op = fn == "sum" ? SelectorOp::Sum : SelectorOp::Avg;
    }
  }
  if (arg.aggregate()) invalid("aggregate functions cannot be used as arguments of aggregate functions");
  r.args.push_back(std::move(arg));
  return r;
}

// A native scalar function: its arguments resolved, then its overload.
ResolvedSelector resolve_scalar(const schema::TableSchema& t, const ast::Selector& sel, const std::string& fn) {
  const auto& args = sel.args;
  ResolvedSelector r;
  std::vector<const types::CqlType*> arg_types;
  std::vector<std::string> arg_names;
  for (const auto& a : args) {
    r.args.push_back(resolve_argument(t, a));
    arg_types.push_back(r.args.back().type);
    arg_names.push_back(r.args.back().name);
  }
  r.op = SelectorOp::Scalar;
  if (is_similarity(fn))  // FunctionFactory's first pass: each literal's own type
    for (std::size_t i = 0; i < args.size(); ++i)
      if (!arg_types[i] && args[i].kind == ast::SelectorKind::Constant) arg_types[i] = literal_type(args[i].constant);
  // A scalar literal weighs in with its kind and preferred type (round(1.5) is the double one).
  std::vector<std::optional<LiteralArgument>> literals(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) {
    const ast::Term& c = args[i].constant;
    if (arg_types[i] || args[i].kind != ast::SelectorKind::Constant) continue;
    if (c.kind == ast::TermKind::Null) {
      literals[i] = LiteralArgument{types::ConstantKind::String, nullptr, true};
      continue;
    }
    if (static_cast<int>(c.kind) > static_cast<int>(ast::TermKind::Duration)) continue;
    const types::CqlType* preferred = c.kind == ast::TermKind::Hex ? nullptr : literal_type(c);
    if (c.kind == ast::TermKind::Float && !float_literal_is_double(c.text)) preferred = native(Kind::Decimal);
    literals[i] = LiteralArgument{static_cast<types::ConstantKind>(static_cast<int>(c.kind)), preferred};
  }
  r.function = resolve_function(fn, arg_types, arg_names, literals);
  if (is_similarity(fn))  // FunctionResolver.validateTypes: each element must fit a float
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (args[i].kind != ast::SelectorKind::Constant || args[i].constant.kind != ast::TermKind::List) continue;
      for (const auto& item : args[i].constant.items) {
        const auto k = item.kind;
        const bool fits =
            k == ast::TermKind::Null || k == ast::TermKind::Bind || k == ast::TermKind::FunctionCall ||
            k == ast::TermKind::Operation || k == ast::TermKind::Cast ||
            (static_cast<int>(k) <= static_cast<int>(ast::TermKind::Duration) &&
             types::constant_accepted(*native(Kind::Float), static_cast<types::ConstantKind>(static_cast<int>(k))));
        if (!fits)
          invalid("Type error: {} cannot be passed as argument {} of function system.{} of type {}",
                  term_text(args[i].constant), i, fn, r.function.params[i]->name);
      }
    }
  r.type = r.function.result;
  std::string names;
  for (std::size_t i = 0; i < r.args.size(); ++i) {
    // Cassandra names a function's parameter arg<i>(system.<fn>) in literal errors.
    bind_constant_argument(r.args[i], args[i], r.function.params[i], fmt::format("arg{}(system.{})", i, fn));
    names += (i ? ", " : "") + r.args[i].name;
  }
  // A cast function called by name keeps CAST's column name (CastFunction.columnName).
  r.name = is_cast_function(fn) && r.args.size() == 1 ? fmt::format("cast({} as {})", names, r.type->name)
                                                      : fmt::format("system.{}({})", fn, names);
  return r;
}

// A function call in the select list: the forms 5.0 treats apart (a type hint, CAST, COUNT(*),
// WRITETIME/TTL/MAXWRITETIME, token, the aggregates), else a native scalar function.
ResolvedSelector resolve_call(const schema::TableSchema& t, const ast::Selector& sel) {
  const std::string fn = util::ascii_lower(sel.name);
  const auto& args = sel.args;
  if (fn == "(hint)") return resolve_type_hint(t, sel);
  if (fn == "cast" && !sel.cast_type.empty()) return resolve_cast(t, sel);
  if (fn == "count" && args.size() == 1 &&
      (args[0].kind == ast::SelectorKind::Star ||
       (args[0].kind == ast::SelectorKind::Constant && args[0].constant.text == "1")))
    return resolve_count_rows();
  if (fn == "writetime" || fn == "ttl" || fn == "maxwritetime") return resolve_write_info(t, sel, fn);
  if (fn == "token") return resolve_token(t, sel);
  if (is_aggregate_function(fn)) return resolve_aggregate(t, sel, fn);
  return resolve_scalar(t, sel, fn);
}

ResolvedSelector resolve(const schema::TableSchema& t, const ast::Selector& sel) {
  if (sel.kind == ast::SelectorKind::FunctionCall && (sel.name == "+" || sel.name == "-" || sel.name == "*" ||
                                                      sel.name == "/" || sel.name == "%" || sel.name == "_-")) {
    ResolvedSelector r = resolve_arithmetic(t, sel);
    if (!sel.alias.empty()) r.name = std::string(sel.alias);
    return r;
  }
  ResolvedSelector r;
  switch (sel.kind) {
    case ast::SelectorKind::Column: {
      r.column = column_of(t, sel);
      r.type = t.column(r.column).type;
      r.name = t.column(r.column).name;
      r.role = role_of(t.column(r.column).kind);
      break;
    }
    case ast::SelectorKind::Star: invalid("Invalid use of *");
    case ast::SelectorKind::Constant:
      if (sel.constant.kind == ast::TermKind::Cast) {
        r = typed_constant(sel.constant);
        break;
      }
      invalid("Cannot infer type for term {} in selection clause (try using a cast to force a type)",
              term_text(sel.constant));
    case ast::SelectorKind::Element:
    case ast::SelectorKind::Slice: {
      r = resolve_subscript(t, sel);
      break;
    }
    case ast::SelectorKind::Field: {
      ResolvedSelector inner = resolve(t, sel.args[0]);
      if (inner.type->kind != Kind::Udt)
        invalid("Invalid field selection: {} of type {} is not a user type", inner.name, inner.type->name);
      auto at = std::find(inner.type->fields.begin(), inner.type->fields.end(), sel.name);
      if (at == inner.type->fields.end())
        invalid("{} of type {} has no field {}", inner.name, inner.type->type_name, sel.name);
      r.op = SelectorOp::Field;
      r.field = static_cast<std::size_t>(at - inner.type->fields.begin());
      r.type = inner.type->params[r.field];
      r.name = fmt::format("{}.{}", inner.name, sel.name);
      r.args.push_back(std::move(inner));
      break;
    }
    case ast::SelectorKind::FunctionCall: r = resolve_call(t, sel); break;
  }
  if (!sel.alias.empty()) r.name = std::string(sel.alias);
  return r;
}

}  // namespace

Selection resolve_selection(const schema::TableSchema& t, const ast::Vec<ast::Selector>& selectors,
                            std::vector<SelectionMarker>* markers) {
  struct Collect {
    explicit Collect(std::vector<SelectionMarker>* m) { t_markers = m; }
    ~Collect() { t_markers = nullptr; }
  } collect(markers);
  Selection s;
  if (selectors.empty()) {
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
      ResolvedSelector r;
      r.column = static_cast<int>(i);
      r.type = t.columns[i].type;
      r.name = t.columns[i].name;
      r.role = role_of(t.columns[i].kind);
      s.selectors.push_back(std::move(r));
    }
  } else {
    for (const auto& sel : selectors) s.selectors.push_back(resolve(t, sel));
  }
  bool any_static = false, other = false;
  // Which kinds of column the selectors read, through any nesting.
  auto visit = [&](auto&& self, const ResolvedSelector& r) -> void {
    if (r.column >= 0) {
      auto kind = t.column(r.column).kind;
      if (kind == schema::ColumnKind::Static) any_static = true;
      if (kind == schema::ColumnKind::Clustering || kind == schema::ColumnKind::Regular) other = true;
    }
    for (const auto& a : r.args) self(self, a);
  };
  for (const auto& r : s.selectors) {
    s.aggregate = s.aggregate || r.aggregate();
    visit(visit, r);
  }
  s.only_static = any_static && !other;
  return s;
}

std::vector<ResultColumn> Selection::result_columns() const {
  std::vector<ResultColumn> cols;
  for (const auto& r : selectors)
    cols.push_back({r.name, r.type, r.op == SelectorOp::Column ? r.role : ColumnRole::Other});
  return cols;
}

}  // namespace cqlbox::exec
