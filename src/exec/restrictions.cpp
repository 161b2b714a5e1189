#include "exec/restrictions.hpp"

#include <algorithm>
#include <optional>

#include "types/collection.hpp"

#include "error/cql_error.hpp"
#include "exec/terms.hpp"
#include "types/bytes.hpp"
#include "types/cql_type.hpp"
#include "util/murmur3.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using ast::Operator;
using error::invalid;

namespace {

const char* op_text(Operator op) {
  switch (op) {
    case Operator::Eq: return "=";
    case Operator::Lt: return "<";
    case Operator::Lte: return "<=";
    case Operator::Gt: return ">";
    case Operator::Gte: return ">=";
    case Operator::Neq: return "!=";
    case Operator::In: return "IN";
    case Operator::Contains: return "CONTAINS";
    case Operator::ContainsKey: return "CONTAINS KEY";
    case Operator::Like: return "LIKE";
    case Operator::IsNotNull: return "IS NOT";
  }
  return "?";
}

int column_index(const schema::TableSchema& t, std::string_view name) {
  int i = t.find(name);
  if (i < 0) invalid("Undefined column name {} in table {}", util::cql_name(name), table_text(t));
  return i;
}

// The bytes a relation's value binds to; null is refused with the key/regular message.
std::string bind_relation_value(const schema::Column& c, const ast::Term& term, const FunctionContext* ctx) {
  auto v = bind_term(term, *c.type, c.name, ctx);
  if (!v) {
    if (c.is_primary_key()) invalid("Invalid null value in condition for column {}", c.name);
    invalid("Unsupported null value for column {}", c.name);
  }
  return *v;
}

// A single-column restriction's value. A null for a regular or static column is Cassandra's
// error only when the query runs, after every check of the statement (ALLOW FILTERING first):
// it waits in `r.null_value_error`.
std::string restriction_value(const schema::Column& c, const ast::Term& term, SelectRestrictions& r,
                              const FunctionContext* ctx) {
  if (c.is_primary_key()) return bind_relation_value(c, term, ctx);
  if (is_unset(term)) {  // RowFilter.add's second check
    if (r.null_value_error.empty()) r.null_value_error = fmt::format("Unsupported unset value for column {}", c.name);
    return {};
  }
  auto v = bind_term(term, *c.type, c.name, ctx);
  if (v) return *v;
  if (r.null_value_error.empty()) r.null_value_error = fmt::format("Unsupported null value for column {}", c.name);
  return {};
}

// Two restrictions on clustering columns that share a column, one of them multi-column: merged
// as Cassandra's MultiColumnRestriction.mergeWith merges them (a single-column one converted to
// a one-column tuple), with its refusals. `existing` came first in the WHERE clause.
struct ClusteringShape {
  std::vector<int> columns;
  ast::Operator op;  // Eq, In, or a slice operator
  bool start = false, end = false;
};

ClusteringShape shape_of(const MultiRestriction& m) {
  const bool start = m.op == Operator::Gt || m.op == Operator::Gte, end = m.op == Operator::Lt || m.op == Operator::Lte;
  return {m.columns, m.op, start, end};
}

void check_clustering_merge(const schema::TableSchema& t, const ClusteringShape& existing,
                            const ClusteringShape& added) {
  std::string commons;
  for (int c : existing.columns)
    if (std::find(added.columns.begin(), added.columns.end(), c) != added.columns.end())
      commons += (commons.empty() ? "" : " ,") + t.column(c).name;
  if (commons.empty()) return;
  if (existing.op == Operator::Eq)
    invalid("{} cannot be restricted by more than one relation if it includes an Equal", commons);
  if (existing.op == Operator::In)
    invalid("{} cannot be restricted by more than one relation if it includes a IN", commons);
  if (added.op == Operator::Eq || added.op == Operator::In)
    invalid("Column \"{}\" cannot be restricted by both an equality and an inequality relation", commons);
  if (existing.columns[0] != added.columns[0]) {
    const int later = t.column(existing.columns[0]).position > t.column(added.columns[0]).position ? existing.columns[0]
                                                                                                   : added.columns[0];
    invalid("Column \"{}\" cannot be restricted by two inequalities not starting with the same column",
            t.column(later).name);
  }
  if (existing.start && added.start) invalid("More than one restriction was found for the start bound on {}", commons);
  if (existing.end && added.end) invalid("More than one restriction was found for the end bound on {}", commons);
}

void add_single(const schema::TableSchema& t, const ast::Relation& rel, SelectRestrictions& r,
                const FunctionContext* ctx) {
  int idx = column_index(t, rel.columns[0]);
  const schema::Column& c = t.column(idx);
  ColumnRestriction& cr = r.columns[static_cast<std::size_t>(idx)];
  // The column as messages name it; only an error needs it (cql_name is 3% of a point read).
  auto name = [&] { return util::cql_name(c.name); };

  if (rel.map_entry) {  // Cassandra's checks, in its order
    const types::CqlType& type = *c.type;
    if (type.kind == types::Kind::List)
      invalid("Indexes on list entries ({}[index] = value) are not currently supported.", name());
    if (type.kind != types::Kind::Map) invalid("Column {} cannot be used as a map", name());
    if (!type.multi_cell()) invalid("Map-entry equality predicates on frozen map column {} are not supported", name());
    if (rel.op != Operator::Eq) invalid("Only EQ relations are supported on map entries");
    // RowFilter's MapEqualityExpression.validate, after the filtering check: null, then unset,
    // of the key, then of the value.
    const bool unset_key = is_unset(rel.values[0]), unset_value = is_unset(rel.values[1]);
    std::optional<std::string> key, value;
    if (!unset_key) key = bind_term(rel.values[0], *type.params[0], "key(" + c.name + ")", ctx);
    if (!unset_value) value = bind_term(rel.values[1], *type.params[1], "value(" + c.name + ")", ctx);
    const char* problem = unset_key     ? "Unsupported unset map key"
                          : !key        ? "Unsupported null map key"
                          : unset_value ? "Unsupported unset map value"
                          : !value      ? "Unsupported null map value"
                                        : nullptr;
    if (problem && r.null_value_error.empty()) r.null_value_error = fmt::format("{} for column {}", problem, c.name);
    cr.entries.emplace_back(key.value_or(""), value.value_or(""));
    return;
  }
  switch (rel.op) {
    case Operator::Neq: invalid("Unsupported \"!=\" relation: {} != {}", name(), term_text(rel.values[0]));
    case Operator::Like:
      invalid("LIKE restriction is only supported on properly indexed columns. {} LIKE {} is not valid.", name(),
              term_text(rel.values[0]));
    case Operator::Contains:
    case Operator::ContainsKey: {
      const types::CqlType& type = *c.type;
      if (!type.is_collection()) invalid("Cannot use {} on non-collection column {}", op_text(rel.op), name());
      if (rel.op == Operator::ContainsKey && type.kind != types::Kind::Map)
        invalid("Cannot use CONTAINS KEY on non-map column {}", name());
      const types::CqlType* element =
          rel.op == Operator::ContainsKey || type.kind != types::Kind::Map ? type.params[0] : type.params[1];
      // The receiver Cassandra names: key(m) for CONTAINS KEY, value(c) for CONTAINS.
      const std::string receiver = (rel.op == Operator::ContainsKey ? "key(" : "value(") + c.name + ")";
      if (is_unset(rel.values[0])) {
        if (r.null_value_error.empty())
          r.null_value_error = fmt::format("Unsupported unset value for column {}", c.name);
        (rel.op == Operator::ContainsKey ? cr.contains_key : cr.contains).emplace_back();
        return;
      }
      auto v = bind_term(rel.values[0], *element, receiver, ctx);
      if (!v && r.null_value_error.empty())  // refused after the filtering check, as RowFilter does
        r.null_value_error = fmt::format("Unsupported null value for column {}", c.name);
      (rel.op == Operator::ContainsKey ? cr.contains_key : cr.contains).push_back(v.value_or(""));
      return;
    }
    case Operator::IsNotNull: invalid("Unsupported restriction: {} IS NOT NULL", name());
    default: break;
  }

  const bool slice =
      rel.op == Operator::Lt || rel.op == Operator::Lte || rel.op == Operator::Gt || rel.op == Operator::Gte;
  if (slice && c.type->references_duration()) {  // SingleColumnRelation.newSliceRestriction
    refuse_nested_durations(*c.type, "Slice restrictions");
    invalid("Slice restrictions are not supported on duration columns");
  }
  if (c.type->multi_cell())
    invalid("Collection column '{}' ({}) cannot be restricted by a '{}' relation", c.name, c.type->name,
            op_text(rel.op));
  if (c.kind == schema::ColumnKind::Clustering)
    for (const auto& m : r.multi)
      check_clustering_merge(t, shape_of(m),
                             {{idx},
                              rel.op,
                              rel.op == Operator::Gt || rel.op == Operator::Gte,
                              rel.op == Operator::Lt || rel.op == Operator::Lte});
  if (cr.eq) invalid("{} cannot be restricted by more than one relation if it includes an Equal", name());
  if (cr.in) invalid("{} cannot be restricted by more than one relation if it includes a IN", name());

  if (rel.op == Operator::Eq) {
    if (cr.slice())
      invalid("Column \"{}\" cannot be restricted by both an equality and an inequality relation", name());
    cr.eq = true;
    cr.values.push_back(restriction_value(c, rel.values[0], r, ctx));
    // QueryProcessor.validateKey: only a one-column key is empty when its value is (CASSANDRA-11487).
    if (cr.values.back().empty() && c.kind == schema::ColumnKind::PartitionKey && t.partition_key.size() == 1)
      invalid("Key may not be empty");
  } else if (rel.op == Operator::In) {
    if (cr.slice())
      invalid("Column \"{}\" cannot be restricted by both an equality and an inequality relation", name());
    cr.in = true;
    cr.in_terms = rel.in_marker ? 0 : rel.values.size();
    if (rel.in_marker) {  // the marker's value is the list
      const types::CqlType* list = types::collection_type(types::Kind::List, {c.type}, true);
      auto bytes = bind_term(rel.values[0], *list, "in(" + c.name + ")", ctx);
      if (!bytes) invalid("Invalid null value for IN restriction");
      std::vector<std::string_view> items;
      if (!types::decode_elements(*bytes, items)) invalid("Invalid list value for in({})", c.name);
      for (auto item : items) cr.values.emplace_back(item);
      return;
    }
    for (const auto& v : rel.values) {
      auto bytes = bind_term(v, *c.type, c.name, ctx);
      if (!bytes) invalid("Invalid null value in condition for column {}", c.name);
      cr.values.push_back(std::move(*bytes));
    }
  } else {
    const bool lower = rel.op == Operator::Gt || rel.op == Operator::Gte;
    const bool inclusive = rel.op == Operator::Gte || rel.op == Operator::Lte;
    auto& bound = lower ? cr.lower : cr.upper;
    if (bound) invalid("More than one restriction was found for the {} bound on {}", lower ? "start" : "end", name());
    bound = Bound{restriction_value(c, rel.values[0], r, ctx), inclusive};
  }
}

void add_multi(const schema::TableSchema& t, const ast::Relation& rel, SelectRestrictions& r,
               const FunctionContext* ctx) {
  MultiRestriction m;
  m.op = rel.op;
  if (rel.op == Operator::Neq) {  // Relation.toRestriction refuses the operator before the columns
    std::string names;
    for (auto n : rel.columns) names += (names.empty() ? "" : ", ") + util::cql_name(n);
    invalid("Unsupported \"!=\" relation: ({}) != {}", names, rel.values.empty() ? "" : term_text(rel.values[0]));
  }
  for (auto name : rel.columns) {
    int idx = column_index(t, name);
    const schema::Column& c = t.column(idx);
    if (c.kind != schema::ColumnKind::Clustering)
      invalid("Multi-column relations can only be applied to clustering columns but was applied to: {}",
              util::cql_name(c.name));
    m.columns.push_back(idx);
  }
  for (std::size_t i = 0; i < m.columns.size(); ++i) {
    const schema::Column& c = t.column(m.columns[i]);
    if (c.position != static_cast<int>(i) + t.column(m.columns[0]).position) {
      std::string names;
      for (auto n : rel.columns) names += (names.empty() ? "" : ", ") + util::cql_name(n);
      invalid("Clustering columns must appear in the PRIMARY KEY order in multi-column relations: ({})", names);
    }
  }
  if (rel.op == Operator::Neq) invalid("Unsupported \"!=\" relation");
  std::vector<const types::CqlType*> component_types;
  for (int c : m.columns) component_types.push_back(t.column(c).type);
  const types::CqlType* tuple_type = types::tuple_type(component_types);
  std::string names;
  for (int c : m.columns) names += (names.empty() ? "" : ",") + t.column(c).name;
  // A bound tuple (b, c) = ?: its components, each a column's value.
  auto components = [&](const std::string& bytes) {
    std::vector<std::optional<std::string_view>> parts;
    if (!types::decode_tuple(bytes, parts) || parts.size() > m.columns.size())
      invalid("Invalid tuple value for ({})", names);
    std::vector<std::string> values;
    for (std::size_t i = 0; i < m.columns.size(); ++i) {
      if (i >= parts.size() || !parts[i])
        invalid("Invalid null value in condition for column {}", t.column(m.columns[i]).name);
      values.emplace_back(*parts[i]);
    }
    return values;
  };
  auto bind_tuple = [&](const ast::Term& term) {
    if (term.kind == ast::TermKind::Bind) {
      const auto bytes = bind_term(term, *tuple_type, "(" + names + ")");
      if (!bytes) invalid("Invalid null value for ({})", names);
      return components(*bytes);
    }
    if (term.kind != ast::TermKind::Tuple || term.items.size() != m.columns.size())
      invalid("Expected {} elements in value tuple, but got {}: {}", m.columns.size(),
              term.kind == ast::TermKind::Tuple ? term.items.size() : 1,
              term.kind == ast::TermKind::Tuple ? term_text(term) : "(" + term_text(term) + ")");
    std::vector<std::string> values;
    for (std::size_t i = 0; i < m.columns.size(); ++i)
      values.push_back(bind_relation_value(t.column(m.columns[i]), term.items[i], ctx));
    return values;
  };
  m.in_terms = rel.in_marker ? 0 : rel.values.size();
  if (rel.in_marker && !rel.values.empty()) {  // (b, c) IN ?: a list of tuples
    const types::CqlType* list = types::collection_type(types::Kind::List, {tuple_type}, true);
    const auto bytes = bind_term(rel.values[0], *list, "in(" + names + ")");
    if (!bytes) invalid("Invalid null value for IN restriction");
    std::vector<std::string_view> items;
    if (!types::decode_elements(*bytes, items)) invalid("Invalid list value for in({})", names);
    for (auto item : items) m.tuples.push_back(components(std::string(item)));
  } else {
    for (const auto& v : rel.values) m.tuples.push_back(bind_tuple(v));
  }
  const ClusteringShape added = shape_of(m);
  for (int c : m.columns) {  // a single-column restriction first, as a one-column tuple
    const ColumnRestriction& cr = r.columns[static_cast<std::size_t>(c)];
    if (cr.eq || cr.in || cr.slice())
      check_clustering_merge(t,
                             {{c},
                              cr.eq   ? Operator::Eq
                              : cr.in ? Operator::In
                                      : Operator::Gt,
                              cr.lower.has_value(),
                              cr.upper.has_value()},
                             added);
  }
  for (const auto& e : r.multi) check_clustering_merge(t, shape_of(e), added);
  r.has_clustering = true;
  r.multi.push_back(std::move(m));
}

void add_token(const schema::TableSchema& t, const ast::Relation& rel, SelectRestrictions& r,
               const FunctionContext* ctx) {
  bool matches = rel.columns.size() == t.partition_key.size();
  for (std::size_t i = 0; matches && i < rel.columns.size(); ++i)
    matches = t.find(rel.columns[i]) == t.partition_key[i];
  if (!matches) {
    for (auto n : rel.columns) column_index(t, n);
    std::string names;
    for (int i : t.partition_key) names += (names.empty() ? "" : ", ") + util::cql_name(t.column(i).name);
    invalid("The token function arguments must be in the partition key order: {}", names);
  }
  if (rel.op == Operator::Neq) invalid("Unsupported \"!=\" relation");
  if (rel.op == Operator::In) invalid("IN is not supported by the token function");
  static const types::CqlType* bigint = types::native_type(types::Kind::Bigint);
  std::int64_t tok = 0;
  const ast::Term& value = rel.values[0];
  if (value.kind == ast::TermKind::FunctionCall && (value.text == "token" || value.text == "system.token")) {
    // token(k1, k2) = token(0, 1): the arguments bind as the partition key's columns, and the
    // result is their token (system.token resolved against the table).
    if (value.items.size() != t.partition_key.size())
      invalid("Invalid number of arguments in call to function system.token: {} required but {} provided",
              t.partition_key.size(), value.items.size());
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < value.items.size(); ++i) {
      const schema::Column& c = t.column(t.partition_key[i]);
      auto part = bind_term(value.items[i], *c.type, c.name, ctx);
      if (!part) invalid("Invalid null value for partition key part {}", c.name);
      parts.push_back(std::move(*part));
    }
    std::vector<std::string_view> views(parts.begin(), parts.end());
    tok = util::murmur3_token(serialize_partition_key(views));
  } else {
    auto v = bind_term(value, *bigint, "partition key token", ctx);
    if (!v || v->empty()) invalid("Invalid null value for partition key token");
    tok = types::read_be<std::int64_t>(*v);
  }
  TokenBounds& tb = r.token ? *r.token : r.token.emplace();
  switch (rel.op) {
    case Operator::Eq:
      if (tb.lower || tb.upper)
        invalid("Columns \"token\" cannot be restricted by both an equality and an inequality relation");
      tb.lower = tb.upper = tok;
      tb.lower_inclusive = tb.upper_inclusive = true;
      break;
    case Operator::Gt:
    case Operator::Gte:
      if (tb.lower) invalid("More than one restriction was found for the start bound on {}", "token");
      tb.lower = tok;
      tb.lower_inclusive = rel.op == Operator::Gte;
      break;
    default:
      if (tb.upper) invalid("More than one restriction was found for the end bound on {}", "token");
      tb.upper = tok;
      tb.upper_inclusive = rel.op == Operator::Lte;
      break;
  }
}

// IN lists multiply: (a, b) IN … with a IN (1000 values) AND b IN (1000 values) is a million
// partitions. Cassandra 5.0 bounds this with the in_select_cartesian_product guardrail, off by
// default; cqlbox keeps it on at kMaxInProduct, so that one statement cannot pin the process for
// days. Checked on the sizes, before anything is expanded.
constexpr std::uint64_t kMaxInProduct = 1'000'000;

// Multiplies one more IN list's size into `product`, refusing past the threshold.
void grow_in_product(std::uint64_t& product, std::uint64_t n, const char* what) {
  product = n != 0 && product > UINT64_MAX / n ? UINT64_MAX : product * n;  // no wrap-around
  if (product > kMaxInProduct)
    invalid(
        "Guardrail in_select_cartesian_product violated: Aborting query because the cartesian product of the "
        "IN restrictions on {} produces {} values, this exceeds fail threshold of {}.",
        what, product, kMaxInProduct);
}

void check_in_product(const schema::TableSchema& t, const SelectRestrictions& r) {
  std::uint64_t product = 1;
  for (int c : t.partition_key)
    if (const auto& cr = r.columns[static_cast<std::size_t>(c)]; cr.in)
      grow_in_product(product, cr.values.size(), "partition key");
  product = 1;
  for (int c : t.clustering)
    if (const auto& cr = r.columns[static_cast<std::size_t>(c)]; cr.in)
      grow_in_product(product, cr.values.size(), "clustering key");
  for (const auto& m : r.multi)
    if (m.op == ast::Operator::In) grow_in_product(product, m.tuples.size(), "clustering key");
}

// The clustering restrictions so far, in the shape ClusteringColumnRestrictions keeps them:
// one entry per restriction (merged slices become one), for the order check of the next.
class ClusteringOrder {
 public:
  explicit ClusteringOrder(const schema::TableSchema& t) : t_(t) {}

  // `columns` in clustering order; `supported`: an index serves the new restriction.
  void add(const std::vector<int>& columns, bool slice, bool supported) {
    const int start = pos(columns.front());
    if (!entries_.empty() && !supported) {
      const Entry* last = &entries_.front();
      for (const auto& e : entries_)
        if (pos(e.columns.back()) > pos(last->columns.back())) last = &e;
      const int last_start = pos(last->columns.front());
      if (last->slice && start > last_start)
        invalid(
            "Clustering column \"{}\" cannot be restricted (preceding column \"{}\" is restricted by a non-EQ "
            "relation)",
            t_.column(columns.front()).name, t_.column(last->columns.front()).name);
      if (start < last_start && slice) {
        int next = -1;  // the first restricted column after the new one's
        for (const auto& e : entries_)
          for (int c : e.columns)
            if (pos(c) > start && (next < 0 || pos(c) < pos(next))) next = c;
        invalid(
            "PRIMARY KEY column \"{}\" cannot be restricted (preceding column \"{}\" is restricted by a non-EQ "
            "relation)",
            t_.column(next).name, t_.column(columns.front()).name);
      }
    }
    for (auto& e : entries_)
      if (std::find_first_of(e.columns.begin(), e.columns.end(), columns.begin(), columns.end()) != e.columns.end()) {
        if (columns.size() > e.columns.size()) e.columns = columns;  // merged slices keep the longer tuple
        return;
      }
    entries_.push_back({columns, slice});
  }

 private:
  struct Entry {
    std::vector<int> columns;
    bool slice;
  };
  int pos(int column) const { return t_.column(column).position; }
  const schema::TableSchema& t_;
  std::vector<Entry> entries_;
};

bool is_slice(Operator op) {
  return op == Operator::Gt || op == Operator::Gte || op == Operator::Lt || op == Operator::Lte;
}

}  // namespace

SelectRestrictions build_restrictions(const schema::TableSchema& t, const ast::Vec<ast::Relation>& where,
                                      const FunctionContext* ctx, bool slice_order) {
  SelectRestrictions r;
  r.columns.resize(t.columns.size());
  // The relations ClusteringOrder checks against those before them: on clustering columns, by
  // '=', IN, a slice or CONTAINS. A single one has nothing before it (a point read's c = 1), so
  // the order is kept only when there are two or more.
  auto ordered = [&](const ast::Relation& rel) {
    if (!slice_order || rel.kind == ast::RelationKind::Token || rel.map_entry) return false;
    const bool contains = rel.op == Operator::Contains || rel.op == Operator::ContainsKey;
    if (!(rel.op == Operator::Eq || rel.op == Operator::In || is_slice(rel.op) || contains)) return false;
    const int first = t.find(rel.columns.front());
    return first >= 0 && t.column(first).kind == schema::ColumnKind::Clustering;
  };
  std::size_t to_order = 0;
  for (const auto& rel : where) to_order += ordered(rel) ? 1u : 0u;
  std::optional<ClusteringOrder> order;
  if (to_order > 1) order.emplace(t);
  std::vector<int> columns;  // reused relation to relation
  for (const auto& rel : where) {
    switch (rel.kind) {
      case ast::RelationKind::Single: add_single(t, rel, r, ctx); break;
      case ast::RelationKind::Multi: add_multi(t, rel, r, ctx); break;
      case ast::RelationKind::Token: add_token(t, rel, r, ctx); break;
    }
    if (!order || !ordered(rel)) continue;
    const bool contains = rel.op == Operator::Contains || rel.op == Operator::ContainsKey;
    columns.clear();
    for (auto name : rel.columns) columns.push_back(t.find(name));
    bool supported = false;  // an index on one of its columns serves an '=' or a CONTAINS
    if (rel.op == Operator::Eq || contains)
      for (const auto& idx : t.indexes)
        supported = supported || std::find(columns.begin(), columns.end(), idx.column) != columns.end();
    order->add(columns, is_slice(rel.op), supported);
  }
  r.partition_lookup = !t.partition_key.empty();
  for (int i : t.partition_key) {
    const auto& cr = r.columns[static_cast<std::size_t>(i)];
    r.partition_lookup = r.partition_lookup && cr.eq_or_in();
    r.partition_key_in = r.partition_key_in || cr.in;
  }
  if (!r.partition_lookup) r.partition_key_in = false;
  for (int i : t.clustering) {
    const auto& cr = r.columns[static_cast<std::size_t>(i)];
    r.has_clustering = r.has_clustering || cr.any();
  }
  for (int i : t.clustering) {
    if (!r.columns[static_cast<std::size_t>(i)].eq_or_in()) break;
    ++r.clustering_eq_prefix;
  }
  check_in_product(t, r);
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    auto k = t.columns[i].kind;
    if ((k == schema::ColumnKind::Regular || k == schema::ColumnKind::Static) && r.columns[i].any())
      r.has_regular = true;
  }
  return r;
}

std::optional<std::string> plain_key_value(const schema::Column& c, const ast::Term& term, const FunctionContext& ctx) {
  // A constant or a marker: binding one twice (here, then in the whole analysis after a
  // refusal) gives the same bytes. A function call may not (now() and uuid() move on).
  if (!term.is_constant() && term.kind != ast::TermKind::Bind) return std::nullopt;
  if (is_unset(term)) return std::nullopt;
  try {
    std::optional<std::string> v = bind_term(term, *c.type, c.name, &ctx);
    if (!v || v->empty()) return std::nullopt;
    return v;
  } catch (const error::CqlError&) {
    return std::nullopt;
  }
}

}  // namespace cqlbox::exec
