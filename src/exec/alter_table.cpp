// ALTER TABLE: ADD, DROP, RENAME and WITH, with the checks and messages of Cassandra's
// AlterTableStatement.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cluster/ring.hpp"
#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/replica_copies.hpp"
#include "exec/ddl_support.hpp"
#include "exec/sai.hpp"
#include "exec/terms.hpp"
#include "exec/views.hpp"
#include "types/codec.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::ErrorClass;
using error::invalid;

namespace {

// The columns ADD brings, checked, into `statics` and `regulars`; false when none (IF NOT EXISTS).
bool add_columns(Database& db, std::string_view ks, const schema::TableSchema& t, const ast::AlterTable& s,
                 bool counter_table, std::vector<schema::Column>& statics, std::vector<schema::Column>& regulars) {
  bool changed = false;
  for (const auto& def : s.add) {
    if (t.find(def.name) >= 0) {
      if (s.action_if) continue;
      invalid("Column with name '{}' already exists", def.name);
    }
    const types::CqlType* type = resolve_type(def.type, ks, false, false, db.catalog.keyspace(ks));
    if (t.is_compact()) invalid("Cannot add new column to a COMPACT STORAGE table");
    if (has_nested_multi_cell(*type))
      invalid("Non-frozen UDTs with nested non-frozen collections are not supported for column {}", def.name);
    // The dropped type holds no UDT (expand_user_types), so a UDT is never re-added
    // (UserType.isValueCompatibleWith wants a UserType before).
    if (auto was = t.dropped.find(std::string(def.name)); was != t.dropped.end() && was->second != type)
      invalid("Cannot re-add previously dropped column '{}' of type {}, incompatible with previous type {}", def.name,
              type->name, was->second->name);
    if (t.dropped.contains(std::string(def.name))) {
      const bool was_static = t.dropped_static.contains(std::string(def.name));
      if (was_static != def.is_static)
        invalid("Cannot re-add previously dropped column '{}' of kind {}, incompatible with previous kind {}", def.name,
                def.is_static ? "STATIC" : "REGULAR", was_static ? "STATIC" : "REGULAR");
      if (counter_table) invalid("Cannot re-add previously dropped counter column {}", def.name);
    }
    if (def.is_static && t.clustering.empty())
      invalid("Static columns are only useful (and thus allowed) if the table has at least one clustering column");
    if (type->kind == types::Kind::Counter && !counter_table && !regulars.empty())
      error::fail(ErrorClass::ConfigurationException,
                  "{}.{}: Cannot have a counter column (\"{}\") in a non counter table", ks, t.name, def.name);
    if (type->kind != types::Kind::Counter && counter_table)
      error::fail(ErrorClass::ConfigurationException,
                  "{}.{}: Cannot have a non counter column (\"{}\") in a counter table", ks, t.name, def.name);
    schema::Column col{std::string(def.name), type,
                       def.is_static ? schema::ColumnKind::Static : schema::ColumnKind::Regular, 0};
    (def.is_static ? statics : regulars).push_back(std::move(col));
    changed = true;
  }
  return changed;
}

// DROP: every column is checked before any is dropped; each is then shelved in the store and
// leaves `statics` or `regulars`. False when none is dropped (IF EXISTS).
bool drop_columns(Database& db, std::string_view ks, schema::TableSchema& t, const ast::AlterTable& s,
                  std::vector<schema::Column>& statics, std::vector<schema::Column>& regulars) {
  // Every column is checked before any is dropped: a refusal leaves the table as it was.
  std::vector<int> dropping;
  for (auto name : s.drop) {
    const int c = t.find(name);
    if (c < 0) {
      if (s.action_if) continue;
      invalid("Column {} was not found in table '{}.{}'", name, ks, t.name);
    }
    if (t.column(c).is_primary_key()) invalid("Cannot drop PRIMARY KEY column {}", name);
    // A non-frozen UDT has no frozen tuple to be recorded as (expand_user_types).
    if (const types::CqlType* type = t.column(c).type; type->kind == types::Kind::Udt && !type->frozen)
      invalid("Cannot drop non-frozen column {} of user type {}", name, type->name);
    std::string dependents;
    for (const auto& idx : t.indexes)
      if (idx.column == c) dependents += (dependents.empty() ? "" : ", ") + idx.name;
    if (!dependents.empty())
      invalid("Cannot drop column {} because it has dependent secondary indexes ({})", name, dependents);
    if (!t.views.empty()) invalid("Cannot drop column {} on base table {} with materialized views", name, t.name);
    if (std::find(dropping.begin(), dropping.end(), c) == dropping.end()) dropping.push_back(c);
  }
  if (dropping.empty()) return false;
  // AlterTableStatement.DropColumns: USING TIMESTAMP, else the server's clock.
  const std::int64_t dropped_at = s.drop_timestamp ? *s.drop_timestamp : db.clock.next_write_timestamp();
  for (int c : dropping) {
    const schema::Column& column = t.column(c);
    const bool is_static = column.kind == schema::ColumnKind::Static;
    t.dropped[column.name] = types::expand_user_types(column.type);
    t.dropped_time[column.name] = dropped_at;
    if (is_static)
      t.dropped_static.insert(column.name);
    else
      t.dropped_static.erase(column.name);
    db.store_of(t).shelve(column.name, column.position, is_static, dropped_at);
    const std::string name = column.name;
    auto& group = is_static ? statics : regulars;
    group.erase(std::remove_if(group.begin(), group.end(), [&](const schema::Column& x) { return x.name == name; }),
                group.end());
  }
  return true;
}

// RENAME of primary key columns: the indexes and views that name them follow.
void rename_columns(Database& db, std::string_view ks, schema::TableSchema& t, const ast::AlterTable& s) {
  for (const auto& [from, to] : s.rename) {
    const int c = t.find(from);
    if (c < 0) {
      if (s.action_if) continue;
      invalid("Undefined column name {} in table {}", util::cql_name(from), table_text(t));
    }
    if (!t.column(c).is_primary_key()) invalid("Cannot rename non PRIMARY KEY column {}", from);
    const std::string_view new_name = to;  // clang does not capture structured bindings
    const bool hidden_name = std::any_of(t.hidden.begin(), t.hidden.end(),
                                         [&](const schema::HiddenColumn& h) { return h.name == new_name; });
    if (t.find(to) >= 0 || hidden_name)
      invalid("Cannot rename column {} to {} in table '{}.{}'; another column with that name already exists", from, to,
              ks, t.name);
    const std::string old_name = t.column(c).name;
    t.columns[static_cast<std::size_t>(c)].name = std::string(to);
    for (auto& idx : t.indexes)
      if (idx.column == c) {
        const std::string fn(idx.target_function());
        idx.target = fn.empty() ? util::cql_name(to) : fn + "(" + util::cql_name(to) + ")";
      }
    views_follow_rename(db, t, old_name, to);
  }
}

// WITH: the table's options.
void alter_options(schema::TableSchema& t, const ast::AlterTable& s) {
  if (!s.clustering_order.empty()) invalid("Cannot change the clustering order of an existing table");
  if (!t.views.empty())
    for (const auto& p : s.properties)
      if (p.name == "gc_grace_seconds" && property_text(p.value) == "0")
        invalid(
            "Cannot alter gc_grace_seconds of the base table of a materialized view to 0, since this value is "
            "used to TTL undelivered updates. Setting gc_grace_seconds too low might cause undelivered "
            "updates to expire before being replayed.");
  apply_table_properties(t, s.properties, false);
}

// After ADD or DROP: the new column slots, the stored rows moved to them, and for a re-added
// column the cells kept from its drop back, with nothing at or before the drop's timestamp
// showing (Cassandra's read filter for dropped columns).
void relayout(Database& db, schema::TableSchema& t, bool adding, std::vector<schema::Column> statics,
              std::vector<schema::Column> regulars) {
  std::vector<std::string> old_regular, old_static;
  for (int i : t.regulars) old_regular.push_back(t.column(i).name);
  for (int i : t.statics) old_static.push_back(t.column(i).name);
  t.relayout(std::move(statics), std::move(regulars));
  auto slot_map = [&](const std::vector<std::string>& old_names, const std::vector<int>& now) {
    std::vector<int> map;
    for (const auto& name : old_names) {
      int to = -1;
      for (std::size_t k = 0; k < now.size(); ++k)
        if (t.column(now[k]).name == name) to = static_cast<int>(k);
      map.push_back(to);
    }
    return map;
  };
  store::TableStore& store = db.store_of(t);
  store.remap(slot_map(old_regular, t.regulars), slot_map(old_static, t.statics), slot_types(t));
  drop_replica_copies(db, t);  // their slots would be the old ones: every replica is brought up to date
  // A re-added column: the cells kept from its drop come back, and nothing at or before the
  // drop's timestamp shows (Cassandra's read filter for dropped columns).
  std::vector<std::int64_t> floor_regular, floor_static;
  auto floors = [&](const std::vector<int>& columns, std::vector<std::int64_t>& out) {
    for (std::size_t k = 0; k < columns.size(); ++k) {
      const std::string& name = t.column(columns[k]).name;
      auto was = t.dropped_time.find(name);
      out.push_back(was == t.dropped_time.end() ? store::kNoTimestamp : was->second);
      if (adding && was != t.dropped_time.end()) store.unshelve(name, static_cast<int>(k));
    }
  };
  floors(t.regulars, floor_regular);
  floors(t.statics, floor_static);
  store.set_floors(std::move(floor_regular), std::move(floor_static));
  views_follow_add(db, t);
}

}  // namespace

Result execute_alter_table(Database& db, const Session& session, const ast::AlterTable& s) {
  const std::string_view ks = keyspace_for(session, s.table);
  check_replicated_system(ks, "ALTER", fmt::format("<table {}.{}>", ks, s.table.name));
  if (!db.catalog.keyspace(ks)) invalid("Keyspace '{}' doesn't exist", ks);
  schema::TableSchema* t = db.catalog.mutable_table(ks, s.table.name);
  if (t && t->view) invalid("Cannot use ALTER TABLE on a materialized view; use ALTER MATERIALIZED VIEW instead");
  if (!t) {
    if (s.if_exists) return Void{};
    invalid("Table '{}.{}' doesn't exist", ks, s.table.name);
  }
  using Action = ast::AlterTable::Action;
  std::vector<schema::Column> statics, regulars;
  for (int i : t->statics) statics.push_back(t->column(i));
  for (int i : t->regulars) regulars.push_back(t->column(i));
  const bool counter_table = std::any_of(regulars.begin(), regulars.end(),
                                         [](const schema::Column& c) { return c.type->kind == types::Kind::Counter; });

  switch (s.action) {
    case Action::Add:
      if (!add_columns(db, ks, *t, s, counter_table, statics, regulars)) return Void{};
      break;
    case Action::Drop:
      if (!drop_columns(db, ks, *t, s, statics, regulars)) return Void{};
      break;
    case Action::Rename: rename_columns(db, ks, *t, s); return Void{};
    case Action::AlterType: invalid("Altering column types is no longer supported");
    case Action::DropCompactStorage:  // drop_compact_storage_enabled is false by default
      invalid("DROP COMPACT STORAGE is disabled. Enable in cassandra.yaml to use.");
    case Action::With: alter_options(*t, s); return Void{};
  }
  relayout(db, *t, s.action == Action::Add, std::move(statics), std::move(regulars));
  return Void{};
}

}  // namespace cqlbox::exec
