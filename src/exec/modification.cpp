// UPDATE and DELETE: the WHERE clause must name whole partition keys (= / IN) and, for UPDATE,
// whole clustering keys; DELETE may name a clustering prefix plus a slice (a range deletion).
// Every combination of IN values becomes one Mutation; all are built before any is applied.
// UPDATE never writes the row marker (only INSERT does), so an UPDATE-created row disappears
// with its last live cell (cassandra.md §8).
#include <algorithm>

#include "error/cql_error.hpp"
#include "exec/collections.hpp"
#include "exec/executor.hpp"
#include "exec/modification_keys.hpp"
#include "exec/restrictions.hpp"
#include "exec/write_limits.hpp"
#include "exec/terms.hpp"
#include "store/clustering.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::invalid;
using schema::ColumnKind;
using where_keys::check_compact_clustering;
using where_keys::Keys;
using where_keys::planned_keys;
using where_keys::slice_tombstones;

namespace {

constexpr std::int64_t kMaxTtl = 630720000;

// Whether every IF condition reads a static column (none does: true). The clustering key may be
// left out only when the operations and the conditions all concern statics (StatementRestrictions).
bool conditions_on_statics(const schema::TableSchema& t, const ast::Vec<ast::Condition>& conditions) {
  return std::all_of(conditions.begin(), conditions.end(), [&](const ast::Condition& cond) {
    const int c = t.find(cond.column);
    return c < 0 || t.column(c).kind == ColumnKind::Static;
  });
}

// A non-frozen UDT's fields before this statement's next field write: the cell an earlier
// assignment of the same statement wrote, else the stored value (all null when there is none).
std::vector<std::optional<std::string>> udt_parts_so_far(Database& db, const schema::TableSchema& t,
                                                         const std::string& pk, const store::Mutation& m,
                                                         const schema::Column& col, std::int64_t now_s) {
  std::vector<std::optional<std::string>> parts(col.type->fields.size());
  auto fill = [&](std::string_view value) {
    std::vector<std::optional<std::string_view>> old;
    types::decode_tuple(value, old);
    for (std::size_t i = 0; i < old.size() && i < parts.size(); ++i)
      if (old[i]) parts[i] = std::string(*old[i]);
  };
  const bool is_static = col.kind == ColumnKind::Static;
  for (const auto& [slot, cell] : is_static ? m.static_cells : m.cells)
    if (slot == col.position) {
      if (!cell.tombstone) fill(cell.value);
      return parts;
    }
  const StoredRow stored = find_stored(db, t, pk, m.clustering, is_static);
  if (!stored.row.empty())
    if (const store::CellRef current = stored.row.cell(col.position); current && current->live(now_s))
      fill(current->value);
  return parts;
}

// Writes `cell` at `slot`, replacing what this mutation already writes there.
template <class Cells>
void put_cell(Cells& cells, int slot, store::Cell cell) {
  for (auto& [s, c] : cells)
    if (s == slot) {
      c = std::move(cell);
      return;
    }
  cells.emplace_back(slot, std::move(cell));
}

std::int64_t now_seconds(const Database& db) { return db.clock.now_us() / 1000000; }

std::int64_t write_timestamp(const std::optional<ast::Term>& term, std::int64_t default_timestamp) {
  if (!term || is_unset(term)) return default_timestamp;
  return bind_write_timestamp(*term);
}

std::string encode_clustering(const std::vector<std::string>& parts) {
  std::string k;
  for (const auto& p : parts) store::append_component(k, p);
  return k;
}

}  // namespace

namespace {

// One SET assignment of an UPDATE: its column, and its value (and element: a list index, map
// key or UDT field) bound with the type the operation expects.
struct UpdateSet {
  const schema::Column* column;
  const ast::Assignment* assignment;
  std::optional<std::string> value, element;
};

// SET: known, non-key columns; values bound now. `only_static`: every column set is static;
// `counter`: one is a counter. An assignment of an unset value is left out.
std::vector<UpdateSet> bind_sets(const schema::TableSchema& t, const ast::Update& s, const FunctionContext& ctx,
                                 bool& only_static, bool& counter) {
  std::vector<UpdateSet> sets;
  for (const auto& a : s.assignments) {
    int c = t.find(a.column);
    if (c < 0) invalid("Undefined column name {} in table {}", util::cql_name(a.column), table_text(t));
    const schema::Column& col = t.column(c);
    if (col.is_primary_key()) invalid("PRIMARY KEY part {} found in SET part", col.name);
    only_static = only_static && col.kind == ColumnKind::Static;
    const types::CqlType& type = *col.type;
    counter = counter || type.kind == types::Kind::Counter;
    check_operation_kind(col, a);
    UpdateSet set{&col, &a, std::nullopt, std::nullopt};
    const types::CqlType* value_type = &type;
    if (!a.field.empty()) {
      if (type.kind != types::Kind::Udt)
        invalid("Invalid operation ({}.{} = {}) for non-UDT column {}", util::cql_name(col.name), a.field,
                term_text(a.value), util::cql_name(col.name));
      if (type.frozen)
        invalid("Invalid operation ({}.{} = {}) for frozen UDT column {}", util::cql_name(col.name), a.field,
                term_text(a.value), util::cql_name(col.name));
      auto at = std::find(type.fields.begin(), type.fields.end(), a.field);
      if (at == type.fields.end()) invalid("UDT column {} does not have a field named {}", col.name, a.field);
      value_type = type.params[static_cast<std::size_t>(at - type.fields.begin())];
      set.element = std::string(a.field);
    } else if (a.kind == ast::AssignmentKind::SetElement) {
      // Cassandra names the parts of c[k] = v: idx(l) / key(m) and value(l) / value(m).
      if (type.kind == types::Kind::List) {
        set.element = bind_term(*a.element, *types::native_type(types::Kind::Int), "idx(" + col.name + ")", &ctx);
        value_type = type.params[0];
      } else if (type.kind == types::Kind::Map) {
        set.element = bind_term(*a.element, *type.params[0], "key(" + col.name + ")", &ctx);
        value_type = type.params[1];
      } else {
        invalid("Invalid operation ({}[{}] = {}) for {} column {}", util::cql_name(col.name), term_text(*a.element),
                term_text(a.value), type.kind == types::Kind::Set ? "set" : "non list/map", util::cql_name(col.name));
      }
    } else if (a.kind == ast::AssignmentKind::Subtract && type.kind == types::Kind::Map) {
      if (a.value.kind == ast::TermKind::Map)
        invalid("Value for a map substraction has to be a set, but was: '{}'", term_text(a.value));
      value_type = types::collection_type(types::Kind::Set, {type.params[0]}, false);  // keys to remove
    }  // a counter's increment binds as the counter type (bigint bytes; messages say "counter")
    // Receivers as Cassandra names them: value(c) for c[k] = v, c.field for a UDT field.
    const std::string receiver = a.kind == ast::AssignmentKind::SetElement ? "value(" + col.name + ")"
                                 : !a.field.empty()                        ? col.name + "." + std::string(a.field)
                                                                           : col.name;
    if (is_unset(a.value) || (a.element && is_unset(*a.element))) continue;  // left as it is
    set.value = bind_term(a.value, *value_type, receiver, &ctx);
    sets.push_back(std::move(set));
  }
  return sets;
}

// USING TTL (the table's default without one) and the refusals of USING TIMESTAMP.
std::int64_t update_ttl(const schema::TableSchema& t, const ast::Update& s, bool counter) {
  std::int64_t ttl = t.default_time_to_live;
  if (s.ttl && !is_unset(s.ttl)) {
    if (counter) invalid("Cannot provide custom TTL for counter updates");
    static const types::CqlType* int_type = types::native_type(types::Kind::Int);
    // A null TTL is no TTL, not the table's default (Attributes.getTimeToLive); unset is the default.
    const auto v = bind_integer(*s.ttl, *int_type, "[ttl]").value_or(0);
    if (v < 0) invalid("A TTL must be greater or equal to 0, but was {}", v);
    if (v > kMaxTtl) invalid("ttl is too large. requested ({}) maximum ({})", v, kMaxTtl);
    ttl = v;
  }
  if (counter && s.timestamp) invalid("Cannot provide custom timestamp for counter updates");
  if ((s.if_exists || !s.conditions.empty()) && s.timestamp)
    invalid("Cannot provide custom timestamp for conditional updates");
  return ttl;
}

// One SET applied to the mutation of one row.
void apply_set(Database& db, const schema::TableSchema& t, const std::string& pk, const UpdateSet& set,
               const WriteStamp& stamp, std::int64_t now_s, const FunctionContext& ctx, store::Mutation& m) {
  const schema::Column& col = *set.column;
  const bool is_static = col.kind == ColumnKind::Static;
  if (!set.assignment->field.empty()) {
    // A field of a UDT: the stored value (or what this statement already set of it, as
    // Cassandra's field cells add up) with that field replaced, written whole.
    std::vector<std::optional<std::string>> parts = udt_parts_so_far(db, t, pk, m, col, now_s);
    const auto f = static_cast<std::size_t>(std::find(col.type->fields.begin(), col.type->fields.end(), *set.element) -
                                            col.type->fields.begin());
    parts[f] = set.value;
    store::Cell cell;
    cell.timestamp = stamp.timestamp;
    // A non-frozen UDT with no field left set reads as null.
    if (std::all_of(parts.begin(), parts.end(), [](const auto& part) { return !part; })) {
      cell.tombstone = true;
      cell.local_time = now_s;
    } else {
      cell.value = types::encode_tuple(parts);
      cell.ttl = stamp.ttl;
      cell.local_time = stamp.expiry;
    }
    put_cell(is_static ? m.static_cells : m.cells, col.position, std::move(cell));
    return;
  }
  if (set.assignment->kind == ast::AssignmentKind::Set && col.type->kind != types::Kind::Counter) {
    if (col.type->multi_cell()) {
      m.complex.push_back(overwrite_collection(col, set.value, stamp, ctx));
      return;
    }
    store::Cell cell;
    cell.timestamp = stamp.timestamp;
    if (set.value) {
      cell.value = *set.value;
      cell.ttl = stamp.ttl;
      cell.local_time = stamp.expiry;
    } else {
      cell.tombstone = true;
      cell.local_time = now_s;
    }
    (is_static ? m.static_cells : m.cells).emplace_back(col.position, std::move(cell));
    return;
  }
  const StoredRow stored = find_stored(db, t, pk, m.clustering, is_static);
  apply_assignment(col, *set.assignment, set.value, set.element, stored, stamp, ctx, m);
}

}  // namespace

PreparedWrite prepare_update(Database& db, Session& session, const ast::Update& s, std::int64_t default_timestamp) {
  const schema::TableSchema& t = resolve_table(db, session, s.table);
  const FunctionContext ctx = db.functions();
  bool only_static = true, counter = false;
  const std::vector<UpdateSet> sets = bind_sets(t, s, ctx, only_static, counter);
  Keys keys = planned_keys(db, t, s.shape.value, s.where, true, ctx);
  // StatementRestrictions: the clustering key may be left out only when the operations and the
  // conditions all concern static columns.
  const bool static_key = only_static && conditions_on_statics(t, s.conditions);
  if (static_key && keys.prefix_length > 0)
    invalid("Invalid restrictions on clustering columns since the UPDATE statement modifies only static columns");
  // A COMPACT STORAGE table's row may be keyed by a clustering prefix, the rest null
  // (CASSANDRA-7990): StatementRestrictions skips the check once any clustering column is given.
  const bool compact_prefix =
      t.compact == schema::CompactKind::Dense && keys.prefix_length > 0 && keys.prefix_length < t.clustering.size();
  if (!static_key && !compact_prefix && keys.prefix_length < t.clustering.size()) {
    std::string missing;
    for (std::size_t i = keys.prefix_length; i < t.clustering.size(); ++i)
      missing += (missing.empty() ? "" : ", ") + t.column(t.clustering[i]).name;
    invalid("Some clustering keys are missing: {}", missing);
  }
  check_compact_clustering(t, keys);
  const std::int64_t ttl = update_ttl(t, s, counter);
  const std::int64_t now_s = now_seconds(db);
  const WriteStamp stamp{write_timestamp(s.timestamp, default_timestamp), static_cast<std::int32_t>(ttl),
                         ttl > 0 ? now_s + ttl : store::kNoExpiry, now_s};
  std::vector<store::Mutation> mutations;
  for (const auto& pk : keys.partitions) {
    for (const auto& prefix : keys.prefixes) {
      store::Mutation m;
      m.partition_key = pk;
      m.has_row = !only_static;
      m.clustering = encode_clustering(prefix);
      if (compact_prefix)
        for (std::size_t i = prefix.size(); i < t.clustering.size(); ++i) store::append_null_component(m.clustering);
      for (const auto& set : sets) apply_set(db, t, pk, set, stamp, now_s, ctx, m);
      mutations.push_back(std::move(m));
    }
  }
  PreparedWrite w{&db.store_of(t), std::move(mutations), &t};
  check_write_limits(t, w);
  return w;
}

namespace {

// What a DELETE names before its WHERE: the columns, each one's element (a list index or map or
// set key, bound; ".field" for a UDT field), and whether that element was bound to unset (then
// that column is left alone).
struct DeleteTargets {
  std::vector<const schema::Column*> columns;
  std::vector<std::optional<std::string>> elements;
  std::vector<bool> unset;
  bool only_static = false;
};

DeleteTargets bind_delete_targets(const schema::TableSchema& t, const ast::Delete& s, const FunctionContext& fctx) {
  DeleteTargets out;
  out.only_static = !s.columns.empty();
  for (const auto& target : s.columns) {
    int c = t.find(target.column);
    if (c < 0) invalid("Undefined column name {} in table {}", util::cql_name(target.column), table_text(t));
    const schema::Column& col = t.column(c);
    if (col.is_primary_key())
      invalid("Invalid identifier {} for deletion (should not be a PRIMARY KEY part)", col.name);
    out.only_static = out.only_static && col.kind == ColumnKind::Static;
    out.columns.push_back(&col);
    std::optional<std::string> element;
    if (!target.field.empty()) {
      const types::CqlType& type = *col.type;
      if (type.kind != types::Kind::Udt)
        invalid("Invalid field deletion operation for non-UDT column {}", util::cql_name(col.name));
      if (type.frozen) invalid("Frozen UDT column {} does not support field deletion", util::cql_name(col.name));
      if (std::find(type.fields.begin(), type.fields.end(), target.field) == type.fields.end())
        invalid("UDT column {} does not have a field named {}", col.name, target.field);
      element = "." + std::string(target.field);  // marks a field deletion
    }
    if (target.element) {
      const types::CqlType& type = *col.type;
      if (!type.is_collection())
        invalid("Invalid deletion operation for non collection column {}", util::cql_name(col.name));
      const types::CqlType* et = type.kind == types::Kind::List ? types::native_type(types::Kind::Int) : type.params[0];
      // Lists.DiscarderByIndex skips an unset index; Maps.DiscarderByKey refuses an unset key;
      // Sets.ElementDiscarder skips a null or unset element.
      if (is_unset(*target.element)) {
        if (type.kind == types::Kind::Map) invalid("Invalid unset map key");
        out.elements.emplace_back();
        out.unset.push_back(true);
        continue;
      }
      element =
          bind_term(*target.element, *et, (type.kind == types::Kind::List ? "idx(" : "key(") + col.name + ")", &fctx);
      if (!element && type.kind == types::Kind::Set) {
        out.elements.emplace_back();
        out.unset.push_back(true);
        continue;
      }
      if (!element && type.kind == types::Kind::List) invalid("Invalid null value for list index");
      if (!element) invalid("Invalid null map key");
    }
    out.elements.push_back(std::move(element));
    out.unset.push_back(false);
  }
  return out;
}

// One named column (or its element or field) deleted in the mutation of one row.
void delete_column(Database& db, const schema::TableSchema& t, const std::string& pk,
                   const std::vector<std::string>& prefix, const schema::Column* col,
                   const std::optional<std::string>& element, std::int64_t ts, const store::Deletion& deletion,
                   store::Mutation& m) {
  const bool is_static = col->kind == ColumnKind::Static;
  if (!is_static) m.clustering = encode_clustering(prefix);
  const WriteStamp stamp{ts, 0, store::kNoExpiry, deletion.local_time};
  if (element && (*element)[0] == '.' && col->type->kind == types::Kind::Udt) {
    // DELETE u.f: the stored value (or what this statement left of it) with that field
    // nulled (null when no field is left).
    std::vector<std::optional<std::string>> parts = udt_parts_so_far(db, t, pk, m, *col, stamp.now_s);
    const auto f = static_cast<std::size_t>(
        std::find(col->type->fields.begin(), col->type->fields.end(), element->substr(1)) - col->type->fields.begin());
    parts[f].reset();
    store::Cell cell;
    cell.timestamp = ts;
    if (std::all_of(parts.begin(), parts.end(), [](const auto& part) { return !part; })) {
      cell.tombstone = true;
      cell.local_time = stamp.now_s;
    } else {
      cell.value = types::encode_tuple(parts);
    }
    if (!is_static) m.has_row = true;
    put_cell(is_static ? m.static_cells : m.cells, col->position, std::move(cell));
    return;
  }
  if (element) {
    delete_element(db, *col, *element, find_stored(db, t, pk, m.clustering, is_static), stamp, m);
    return;
  }
  if (col->type->multi_cell()) {
    store::ComplexWrite cw;
    cw.slot = col->position;
    cw.is_static = is_static;
    cw.deletion = deletion;
    if (!is_static) m.has_row = true;
    m.complex.push_back(std::move(cw));
    return;
  }
  store::Cell cell;
  cell.timestamp = ts;
  cell.tombstone = true;
  cell.local_time = deletion.local_time;
  if (col->kind == ColumnKind::Static) {
    m.static_cells.emplace_back(col->position, std::move(cell));
  } else {
    m.has_row = true;
    m.clustering = encode_clustering(prefix);
    m.cells.emplace_back(col->position, std::move(cell));
  }
}

}  // namespace

PreparedWrite prepare_delete(Database& db, Session& session, const ast::Delete& s, std::int64_t default_timestamp) {
  const schema::TableSchema& t = resolve_table(db, session, s.table);
  const FunctionContext fctx = db.functions();
  const DeleteTargets targets = bind_delete_targets(t, s, fctx);
  const std::vector<const schema::Column*>& columns = targets.columns;
  const bool only_static = targets.only_static;
  if (s.ttl) invalid("A TTL cannot be given in a DELETE statement");
  const FunctionContext ctx = db.functions();
  Keys keys = planned_keys(db, t, s.shape.value, s.where, false, ctx);
  const bool full_row = keys.prefix_length == t.clustering.size() && !keys.lower && !keys.upper;
  // DeleteStatement.prepare: a conditional DELETE short of the whole primary key may delete, and
  // test, static columns only (no columns listed deletes the row: regular ones too).
  if ((s.if_exists || !s.conditions.empty()) && !full_row) {
    if (!only_static)
      invalid(
          "DELETE statements must restrict all PRIMARY KEY columns with equality relations in order to delete non "
          "static columns");
    for (const auto& cond : s.conditions) {
      const int c = t.find(cond.column);
      if (c >= 0 && t.column(c).kind != ColumnKind::Static)
        invalid(
            "DELETE statements must restrict all PRIMARY KEY columns with equality relations in order to use IF "
            "condition on non static columns");
    }
  }
  const bool static_key = only_static && conditions_on_statics(t, s.conditions);  // as for UPDATE
  if (!columns.empty()) {
    if (static_key && (keys.prefix_length > 0 || keys.lower || keys.upper))
      invalid("Invalid restrictions on clustering columns since the DELETE statement modifies only static columns");
    if (!only_static && !full_row) invalid("Range deletions are not supported for specific columns");
  }
  if ((s.if_exists || !s.conditions.empty()) && s.timestamp)
    invalid("Cannot provide custom timestamp for conditional updates");

  const std::int64_t ts = write_timestamp(s.timestamp, default_timestamp);
  const bool conditional = s.if_exists || !s.conditions.empty();
  const store::Deletion deletion{ts, now_seconds(db)};
  std::vector<store::Mutation> mutations;
  for (const auto& pk : keys.partitions) {
    for (const auto& prefix : keys.prefixes) {
      store::Mutation m;
      m.partition_key = pk;
      if (!columns.empty()) {
        for (std::size_t ci = 0; ci < columns.size(); ++ci) {
          if (!targets.unset[ci]) delete_column(db, t, pk, prefix, columns[ci], targets.elements[ci], ts, deletion, m);
        }
        // A conditional DELETE of statics naming a whole row reads that row's conditions
        // (has_row stays false: nothing is written to it).
        if (conditional && full_row && !t.clustering.empty() && m.clustering.empty())
          m.clustering = encode_clustering(prefix);
      } else if (prefix.empty() && !keys.lower && !keys.upper) {
        m.partition_deletion = deletion;  // no clustering restriction: the whole partition
      } else if (full_row) {
        m.has_row = true;
        m.clustering = encode_clustering(prefix);
        m.row_deletion = deletion;
      } else if (!keys.lower && !keys.upper) {
        store::RangeTombstone rt;  // a clustering prefix: every row under it
        rt.prefix = prefix;
        rt.deletion = deletion;
        m.range_tombstones.push_back(std::move(rt));
      } else {
        slice_tombstones(t, prefix, keys.lower, keys.upper, deletion, m.range_tombstones);
        if (m.range_tombstones.empty()) continue;  // an empty slice deletes nothing
      }
      mutations.push_back(std::move(m));
    }
  }
  PreparedWrite w{&db.store_of(t), std::move(mutations), &t};
  check_write_limits(t, w);
  return w;
}

}  // namespace cqlbox::exec
