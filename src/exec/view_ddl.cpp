// CREATE / ALTER / DROP MATERIALIZED VIEW with Cassandra 5.0's checks, in its order
// (CreateViewStatement, AlterViewStatement, DropViewStatement). cqlbox runs with
// materialized_views_enabled: true by default (see docs/compatibility.md), so CREATE answers
// with the experimental-feature warning a 5.0 node sends.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/ddl_support.hpp"
#include "exec/executor.hpp"
#include "exec/terms.hpp"
#include "exec/views.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::ErrorClass;
using error::invalid;

namespace {

constexpr const char* kUsageWarning = "Materialized views are experimental and are not recommended for production use.";

const schema::TableSchema* find_view(const Database& db, std::string_view ks, std::string_view name) {
  const schema::TableSchema* t = db.catalog.table(ks, name);
  return t && t->view ? t : nullptr;
}

schema::ViewFilter::Op filter_op(ast::Operator op) {
  using Op = schema::ViewFilter::Op;
  switch (op) {
    case ast::Operator::Lt: return Op::Lt;
    case ast::Operator::Lte: return Op::Lte;
    case ast::Operator::Gt: return Op::Gt;
    case ast::Operator::Gte: return Op::Gte;
    case ast::Operator::In: return Op::In;
    default: return Op::Eq;
  }
}

std::string joined(const std::vector<std::string>& names, const char* sep = ", ") {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : sep) + n;
  return out;
}

namespace {

// The base columns a view selects (all of them for SELECT *), checked.
std::vector<int> view_selection(const schema::TableSchema& base, const ast::ViewStatement& s, const std::string& name) {
  std::vector<int> selected;
  if (s.columns.empty()) {
    for (std::size_t i = 0; i < base.columns.size(); ++i) selected.push_back(static_cast<int>(i));
  } else {
    for (auto c : s.columns) {
      const int i = base.find(c);
      if (i < 0) invalid("Undefined column name {} in table {}", util::cql_name(c), table_text(base));
      if (std::find(selected.begin(), selected.end(), i) == selected.end()) selected.push_back(i);
    }
  }
  for (int i : selected)
    if (base.column(i).kind == schema::ColumnKind::Static)
      invalid("Cannot include static column '{}' in materialized view '{}'", base.column(i).name, name);
  return selected;
}

// The view's primary key, checked against the base's and the selection: its columns, and those
// of them that are not in the base's primary key (at most one).
struct ViewKey {
  std::vector<std::string_view> columns;
  std::set<std::string_view> names;
  std::vector<std::string> non_key;
};
ViewKey view_key(const schema::TableSchema& base, const ast::ViewStatement& s, const std::string& name,
                 const std::vector<int>& selected) {
  ViewKey out;
  std::vector<std::string_view>& key = out.columns;
  std::set<std::string_view>& in_key = out.names;
  key.assign(s.partition_key.begin(), s.partition_key.end());
  key.insert(key.end(), s.clustering.begin(), s.clustering.end());
  if (s.partition_key.empty())
    invalid("Must provide at least one partition key column for materialized view '{}'", name);
  for (auto c : key) {
    const int i = base.find(c);
    if (i < 0 || std::find(selected.begin(), selected.end(), i) == selected.end())
      invalid("Unknown column '{}' referenced in PRIMARY KEY for materialized view '{}'", c, name);
    if (!in_key.insert(c).second)
      invalid("Duplicate column '{}' in PRIMARY KEY clause for materialized view '{}'", c, name);
    const types::CqlType* type = base.column(i).type;
    if (type->multi_cell())
      invalid("Invalid non-frozen {} type '{}' for PRIMARY KEY column '{}'",
              type->kind == types::Kind::Udt ? "user-defined" : "collection", type->name, c);
    if (type->kind == types::Kind::Counter) invalid("counter type is not supported for PRIMARY KEY column '{}'", c);
    if (type->references_duration()) invalid("duration type is not supported for PRIMARY KEY column '{}'", c);
  }
  if (!s.clustering_order.empty()) {
    bool match = s.clustering_order.size() == s.clustering.size();
    for (std::size_t i = 0; match && i < s.clustering.size(); ++i)
      match = s.clustering_order[i].column == s.clustering[i];
    if (!match) invalid("Clustering key columns must exactly match columns in CLUSTERING ORDER BY directive");
  }
  std::vector<std::string> missing;
  std::vector<std::string>& non_key = out.non_key;
  for (int i : base.partition_key)
    if (!in_key.count(base.column(i).name)) missing.push_back(base.column(i).name);
  for (int i : base.clustering)
    if (!in_key.count(base.column(i).name)) missing.push_back(base.column(i).name);
  if (!missing.empty())
    invalid("Cannot create materialized view '{}' without primary key columns {} from base table '{}'", name,
            joined(missing), base.name);
  for (auto c : key)
    if (!base.column(base.find(c)).is_primary_key()) non_key.emplace_back(c);
  if (non_key.size() > 1)
    invalid("Cannot include more than one non-primary key column in materialized view primary key (got {})",
            joined(non_key));
  return out;
}

// WHERE: IS NOT NULL on any column; other restrictions only on base key columns, kept as the
// view's filters.
schema::ViewDef view_definition(const schema::TableSchema& base, const ast::ViewStatement& s, const ViewKey& view_key) {
  const std::vector<std::string_view>& key = view_key.columns;
  schema::ViewDef def;
  def.base = base.name;
  def.include_all_columns = s.columns.empty();
  def.strict_liveness = !view_key.non_key.empty();
  for (const auto& r : s.where)
    if (r.kind == ast::RelationKind::Token) invalid("Cannot use token relation when defining a materialized view");
  std::set<std::string> restricted;
  std::vector<std::string> illegal;
  for (const auto& r : s.where) {
    schema::ViewRelation text;
    for (auto c : r.columns) {
      const int i = base.find(c);
      if (i < 0) invalid("Undefined column name {} in table {}", util::cql_name(c), table_text(base));
      text.columns.emplace_back(c);
    }
    if (r.op == ast::Operator::Neq)
      invalid("Unsupported \"!=\" relation: {}{}", util::cql_name(r.columns[0]), relation_rest(r));
    if (r.op == ast::Operator::Like)
      invalid("LIKE restriction is only supported on properly indexed columns. {}{} is not valid.",
              util::cql_name(r.columns[0]), relation_rest(r));
    if (r.map_entry || r.op == ast::Operator::Contains || r.op == ast::Operator::ContainsKey ||
        (r.kind == ast::RelationKind::Multi && r.op != ast::Operator::Eq))
      invalid("Unsupported restriction in a materialized view's WHERE clause: {}", relation_rest(r).substr(1));
    text.rest = relation_rest(r);
    def.where.push_back(std::move(text));
    for (std::size_t k = 0; k < r.columns.size(); ++k) {
      const schema::Column& col = base.column(base.find(r.columns[k]));
      restricted.insert(col.name);
      if (r.op == ast::Operator::IsNotNull) continue;
      if (!col.is_primary_key()) {
        illegal.push_back(col.name);
        continue;
      }
      schema::ViewFilter f;
      f.column = col.name;
      f.op = filter_op(r.op);
      // A multi-column (a, b) = (x, y) is one equality per column.
      const bool multi = r.kind == ast::RelationKind::Multi;
      std::vector<const ast::Term*> terms;
      if (r.op == ast::Operator::In && !multi)
        for (const auto& v : r.values) terms.push_back(&v);
      else if (multi && !r.values.empty() && k < r.values[0].items.size())
        terms.push_back(&r.values[0].items[k]);
      else if (!multi && !r.values.empty())
        terms.push_back(&r.values[0]);
      for (const ast::Term* term : terms) {
        auto v = bind_term(*term, *col.type, col.name);
        if (!v) invalid("Invalid null value in condition for column {}", col.name);
        f.values.push_back(std::move(*v));
      }
      def.filters.push_back(std::move(f));
    }
  }
  std::vector<std::string> unrestricted;
  for (auto c : key)
    if (!restricted.count(std::string(c))) unrestricted.emplace_back(c);
  if (!unrestricted.empty())
    invalid("Primary key columns {} must be restricted with 'IS NOT NULL' or otherwise", joined(unrestricted));
  if (!illegal.empty())
    invalid("Non-primary key columns can only be restricted with 'IS NOT NULL' (got: {} restricted illegally)",
            joined(illegal, ","));
  return def;
}

// The view's own table: key columns in view order, the other selected columns as regulars.
schema::TableSchema view_table(std::string_view ks, const std::string& name, const schema::TableSchema& base,
                               const ast::ViewStatement& s, const std::vector<int>& selected,
                               const std::set<std::string_view>& in_key) {
  schema::TableSchema view;
  view.keyspace = std::string(ks);
  view.name = name;
  apply_table_properties(view, s.properties, true);
  if (view.default_time_to_live != 0)
    invalid(
        "Cannot set default_time_to_live for a materialized view. Data in a materialized view always expire at "
        "the same time than the corresponding data in the parent table.");
  view.options.erase("default_time_to_live");
  check_table_name(ks, name);
  for (auto c : s.partition_key) {
    const schema::Column& b = base.column(base.find(c));
    view.columns.push_back(
        {b.name, b.type, schema::ColumnKind::PartitionKey, static_cast<int>(view.partition_key.size())});
    view.partition_key.push_back(static_cast<int>(view.columns.size() - 1));
  }
  for (std::size_t i = 0; i < s.clustering.size(); ++i) {
    const schema::Column& b = base.column(base.find(s.clustering[i]));
    // Without CLUSTERING ORDER BY a base clustering column keeps its order; others are ASC.
    const bool reversed = !s.clustering_order.empty() ? s.clustering_order[i].descending
                                                      : b.kind == schema::ColumnKind::Clustering && b.reversed;
    view.columns.push_back({b.name, b.type, schema::ColumnKind::Clustering, static_cast<int>(i), reversed});
    view.clustering.push_back(static_cast<int>(view.columns.size() - 1));
  }
  std::vector<schema::Column> regulars;
  for (int i : selected) {
    const schema::Column& b = base.column(i);
    if (!in_key.count(b.name)) regulars.push_back({b.name, b.type, schema::ColumnKind::Regular, 0});
  }
  view.relayout({}, std::move(regulars));
  return view;
}

}  // namespace

Result create_view(Database& db, const Session& session, const ast::ViewStatement& s) {
  const std::string_view ks = keyspace_for(session, s.name);
  check_replicated_system(ks, "ALTER", fmt::format("<table {}.{}>", ks, s.base.name));
  const std::string name(s.name.name);
  if (!s.base.keyspace.empty() && s.base.keyspace != ks)
    invalid("Cannot create a materialized view on a table in a different keyspace");
  if (s.compact_storage)
    error::fail(ErrorClass::SyntaxException, "COMPACT STORAGE tables are not allowed starting with version 4.0");
  {
    std::set<std::string_view> seen;
    for (const auto& o : s.clustering_order)
      if (!seen.insert(o.column).second)
        invalid("Duplicate column '{}' in CLUSTERING ORDER BY clause for view '{}'", o.column,
                s.name.keyspace.empty() ? name : fmt::format("{}.{}", ks, name));
  }
  if (!db.materialized_views_enabled) invalid("Materialized views are disabled. Enable in cassandra.yaml to use.");
  if (!db.catalog.keyspace(ks)) invalid("Keyspace '{}' doesn't exist", ks);
  const schema::TableSchema* base = db.catalog.table(ks, s.base.name);
  if (!base || base->view) invalid("Base table '{}' doesn't exist", s.base.name);
  if (const schema::TableSchema* existing = db.catalog.table(ks, name)) {
    if (!existing->view)
      invalid("Cannot create materialized view '{}' - a table with the same name already exists", name);
    if (s.if_not_exists) return Void{{kUsageWarning}};
    error::already_exists(std::string(ks), name);
  }
  for (int r : base->regulars)
    if (base->column(r).type->kind == types::Kind::Counter)
      invalid("Materialized views are not supported on counter tables");
  if (auto gc = base->options.find("gc_grace_seconds"); gc != base->options.end() && gc->second == "0")
    invalid(
        "Cannot create materialized view '{}' for base table '{}' with gc_grace_seconds of 0, since this value "
        "is used to TTL undelivered updates. Setting gc_grace_seconds too low might cause undelivered updates "
        "to expire before being replayed.",
        name, base->name);

  const std::vector<int> selected = view_selection(*base, s, name);
  const ViewKey key = view_key(*base, s, name, selected);
  schema::ViewDef def = view_definition(*base, s, key);
  schema::TableSchema view = view_table(ks, name, *base, s, selected, key.names);
  view.view = std::move(def);
  db.catalog.add_table(std::move(view));
  db.catalog.mutable_table(ks, base->name)->views.push_back(name);
  build_view(db, *db.catalog.table(ks, name));
  return Void{{kUsageWarning}};
}

Result alter_view(Database& db, const Session& session, const ast::ViewStatement& s) {
  const std::string_view ks = keyspace_for(session, s.name);
  schema::TableSchema* view = db.catalog.mutable_table(ks, s.name.name);
  if (!view || !view->view) {
    if (s.if_exists) return Void{};
    invalid("Materialized view '{}.{}' doesn't exist", ks, s.name.name);
  }
  if (!s.clustering_order.empty()) invalid("Cannot change the clustering order of an existing table");
  for (const auto& p : s.properties) {
    if (p.name == "gc_grace_seconds" && property_text(p.value) == "0")
      invalid(
          "Cannot alter gc_grace_seconds of a materialized view to 0, since this value is used to TTL undelivered "
          "updates. Setting gc_grace_seconds too low might cause undelivered updates to expire before being replayed.");
  }
  schema::TableSchema checked = *view;
  apply_table_properties(checked, s.properties, false);
  if (checked.default_time_to_live != 0)
    invalid(
        "Forbidden default_time_to_live detected for a materialized view. Data in a materialized view always "
        "expire at the same time than the corresponding data in the parent table. default_time_to_live must be "
        "set to zero, see CASSANDRA-12868 for more information");
  checked.options.erase("default_time_to_live");
  view->options = std::move(checked.options);
  return Void{};
}

Result drop_view(Database& db, const Session& session, const ast::ViewStatement& s) {
  const std::string_view ks = keyspace_for(session, s.name);
  const schema::TableSchema* view = find_view(db, ks, s.name.name);
  if (!view) {
    if (s.if_exists) return Void{};
    invalid("Materialized view '{}.{}' doesn't exist", ks, s.name.name);
  }
  if (schema::TableSchema* base = db.catalog.mutable_table(ks, view->view->base)) std::erase(base->views, view->name);
  const std::string name = view->name;
  db.drop_store(ks, name);
  db.catalog.drop_table(ks, name);
  return Void{};
}

}  // namespace

Result execute_view_statement(Database& db, const Session& session, const ast::ViewStatement& s) {
  switch (s.kind) {
    case ast::ViewStatement::Kind::Create: return create_view(db, session, s);
    case ast::ViewStatement::Kind::Alter: return alter_view(db, session, s);
    case ast::ViewStatement::Kind::Drop: return drop_view(db, session, s);
  }
  return Void{};
}

void views_follow_add(Database& db, const schema::TableSchema& base) {
  for (const auto& name : base.views) {
    schema::TableSchema* view = db.catalog.mutable_table(base.keyspace, name);
    if (!view || !view->view) continue;
    if (view->view->include_all_columns) {
      std::vector<schema::Column> regulars;
      for (int i : view->regulars) regulars.push_back(view->column(i));
      for (int i : base.regulars) {
        const schema::Column& b = base.column(i);
        if (view->find(b.name) < 0) regulars.push_back({b.name, b.type, schema::ColumnKind::Regular, 0});
      }
      view->relayout({}, std::move(regulars));
      db.drop_store(view->keyspace, view->name);  // new slots and path types: start afresh
    }
    build_view(db, *view);
  }
}

void views_follow_rename(Database& db, const schema::TableSchema& base, std::string_view from, std::string_view to) {
  for (const auto& name : base.views) {
    schema::TableSchema* view = db.catalog.mutable_table(base.keyspace, name);
    if (!view || !view->view) continue;
    for (auto& c : view->columns)
      if (c.name == from) c.name = std::string(to);
    for (auto& r : view->view->where)
      for (auto& c : r.columns)
        if (c == from) c = std::string(to);
    for (auto& f : view->view->filters)
      if (f.column == from) f.column = std::string(to);
  }
}

}  // namespace cqlbox::exec
