// Lightweight transactions: INSERT … IF NOT EXISTS, UPDATE/DELETE … IF EXISTS | IF conditions.
// The write is prepared (validated) first; the current row decides whether it applies. The
// result is cqlsh's [applied] row: True alone, or False with the current values (all columns
// for IF NOT EXISTS, the conditions' columns in IF order otherwise, nothing more when the row
// does not exist) — ModificationStatement.buildCasResultSet.
#include <algorithm>

#include "error/cql_error.hpp"
#include "exec/availability.hpp"
#include "exec/executor.hpp"
#include "exec/replica_copies.hpp"
#include "exec/terms.hpp"
#include "store/clustering.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::invalid;

namespace {

// The value a condition looks at: the column, or one element of a collection.
Value condition_subject(const schema::Column& c, const Value& current, const std::optional<std::string>& element) {
  if (!element || !current) return element ? std::nullopt : current;
  const types::CqlType& type = *c.type;
  std::vector<std::string_view> items;
  types::decode_elements(*current, items, type.kind == types::Kind::Map);
  if (type.kind == types::Kind::List) {
    const auto index = static_cast<std::size_t>(types::read_be<std::int32_t>(*element));
    return index < items.size() ? Value(std::string(items[index])) : std::nullopt;
  }
  for (std::size_t i = 0; i + 1 < items.size(); i += 2)
    if (types::compare_values(*type.params[0], items[i], *element) == 0) return std::string(items[i + 1]);
  return std::nullopt;
}

// Field `index` of a serialized UDT value (null when the value or the field is null).
Value field_value(const Value& udt, int index) {
  if (!udt) return std::nullopt;
  std::vector<std::optional<std::string_view>> parts;
  if (!types::decode_tuple(*udt, parts) || static_cast<std::size_t>(index) >= parts.size() ||
      !parts[static_cast<std::size_t>(index)])
    return std::nullopt;
  return std::string(*parts[static_cast<std::size_t>(index)]);
}

// c CONTAINS v / c CONTAINS KEY v on the current collection value (false when it is null).
bool contains(const types::CqlType& type, bool key, const Value& collection, const Value& wanted) {
  if (!collection || !wanted) return false;
  const bool map = type.kind == types::Kind::Map;
  std::vector<std::string_view> items;
  types::decode_elements(*collection, items, map);
  const types::CqlType& element = key || !map ? *type.params[0] : *type.params[1];
  const std::size_t step = map ? 2 : 1, first = map && !key ? 1 : 0;
  for (std::size_t i = first; i < items.size(); i += step)
    if (types::compare_values(element, items[i], *wanted) == 0) return true;
  return false;
}

bool holds(const types::CqlType& type, ast::Operator op, const Value& subject, const std::vector<Value>& values) {
  auto equal = [&](const Value& a, const Value& b) {
    if (!a || !b) return !a && !b;
    return types::compare_values(type, *a, *b) == 0;
  };
  switch (op) {
    case ast::Operator::Eq: return equal(subject, values[0]);
    case ast::Operator::Neq: return !equal(subject, values[0]);
    case ast::Operator::In:
      return std::any_of(values.begin(), values.end(), [&](const Value& v) { return equal(subject, v); });
    default: {
      if (!subject) return false;
      const int c = types::compare_values(type, *subject, *values[0]);
      return op == ast::Operator::Lt    ? c < 0
             : op == ast::Operator::Lte ? c <= 0
             : op == ast::Operator::Gt  ? c > 0
                                        : c >= 0;
    }
  }
}

const char* op_symbol(ast::Operator op) {
  switch (op) {
    case ast::Operator::Lt: return "<";
    case ast::Operator::Lte: return "<=";
    case ast::Operator::Gt: return ">";
    case ast::Operator::Gte: return ">=";
    default: return "=";
  }
}

Rows applied_result(const schema::TableSchema& t, bool applied) {
  Rows rows;
  rows.lwt = true;
  rows.keyspace = t.keyspace;
  rows.table = t.name;
  rows.columns.push_back({"[applied]", types::native_type(types::Kind::Boolean)});
  rows.rows.push_back({Value(std::string(1, applied ? '\1' : '\0'))});
  return rows;
}

// An IF condition, bound before anything is read.
struct ConditionBound {
  const schema::Column* column;
  const ast::Condition* condition;
  std::optional<std::string> element;
  std::vector<Value> values;
  int field = -1;                        // c.field: the UDT field's index
  const types::CqlType* type = nullptr;  // what the values compare as
};

// One IF condition bound against its column: what it compares, as what type, with what.
ConditionBound bind_condition(const schema::TableSchema& t, const ast::Condition& cond) {
  const int c = t.find(cond.column);
  if (c < 0) invalid("Undefined column name {} in table {}", util::cql_name(cond.column), table_text(t));
  const schema::Column& col = t.column(c);
  if (col.is_primary_key()) invalid("PRIMARY KEY column '{}' cannot have IF conditions", col.name);
  ConditionBound b{&col, &cond, std::nullopt, {}};
  const types::CqlType* vt = col.type;
  std::string receiver = col.name;
  if (!cond.field.empty()) {
    if (col.type->kind != types::Kind::Udt)
      invalid("Invalid field selection: {} of type {} is not a user type", col.name, col.type->name);
    auto f = std::find(col.type->fields.begin(), col.type->fields.end(), cond.field);
    if (f == col.type->fields.end()) invalid("Unknown field {} for column {}", util::cql_name(cond.field), col.name);
    b.field = static_cast<int>(f - col.type->fields.begin());
    vt = col.type->params[static_cast<std::size_t>(b.field)];
    receiver = col.name + "." + std::string(cond.field);
  }
  if (cond.op == ast::Operator::Contains || cond.op == ast::Operator::ContainsKey) {
    const bool key = cond.op == ast::Operator::ContainsKey;
    if (!col.type->is_collection() || (key && col.type->kind != types::Kind::Map))
      invalid("Cannot use {} on non-{} column {}", key ? "CONTAINS KEY" : "CONTAINS", key ? "map" : "collection",
              col.name);
    vt = key || col.type->kind != types::Kind::Map ? col.type->params[0] : col.type->params[1];
    receiver = (key ? "key(" : "value(") + col.name + ")";
  }
  if (cond.element) {
    if (col.type->kind == types::Kind::List) {
      b.element = bind_term(*cond.element, *types::native_type(types::Kind::Int), "idx(" + col.name + ")");
      vt = col.type->params[0];
    } else if (col.type->kind == types::Kind::Map) {
      b.element = bind_term(*cond.element, *col.type->params[0], "key(" + col.name + ")");
      vt = col.type->params[1];
    } else {
      invalid("Invalid element access syntax for {} column {}",
              col.type->kind == types::Kind::Set ? "set" : "non-collection", col.name);
    }
  }
  if (cond.element) receiver = "value(" + col.name + ")";
  const bool slice = cond.op == ast::Operator::Lt || cond.op == ast::Operator::Lte || cond.op == ast::Operator::Gt ||
                     cond.op == ast::Operator::Gte;
  if (slice && vt->references_duration()) {  // ColumnCondition.validateOperationOnDurations
    refuse_nested_durations(*vt, "Slice conditions");
    invalid("Slice conditions ( {} ) are not supported on durations", op_symbol(cond.op));
  }
  b.type = vt;
  if (cond.in_marker) {  // IF c IN ?: the marker is the list of candidates
    if (is_unset(cond.values[0])) invalid("Invalid 'unset' value in condition");
    const auto items = bind_in_list(cond.values[0], *vt, "in(" + col.name + ")");
    if (!items) invalid("Invalid null list in IN condition");
    b.values = *items;
  } else {
    // An unset candidate is left out (CASSANDRA-12981); the others bind as the column's.
    for (const auto& v : cond.values)
      if (cond.op != ast::Operator::In || !is_unset(v)) b.values.push_back(bind_term(v, *vt, receiver));
  }
  // A non-frozen collection has no empty value: [] / {} compare as null (IF l = [] holds on
  // a null l), as Cassandra's collection conditions read them.
  if (vt == col.type && col.type->multi_cell() && cond.op != ast::Operator::Contains &&
      cond.op != ast::Operator::ContainsKey)
    for (auto& v : b.values)
      if (v && v->size() == 4 && *v == std::string(4, '\0')) v.reset();
  if (cond.op != ast::Operator::Eq && cond.op != ast::Operator::Neq && cond.op != ast::Operator::In && !b.values[0])
    invalid("Invalid comparison with null for operator \"{}\"", op_symbol(cond.op));
  return b;
}

// The partition as the Paxos round's read sees it: at QUORUM (LOCAL_QUORUM), from the replicas
// that level asks, repaired where they disagree (exec/replica_copies.hpp). The newest data when
// no replica is behind.
const store::Partition* paxos_read(Database& db, const Session& session, const schema::TableSchema& t,
                                   const std::string& key) {
  const store::Partition* p = db.store_of(t).find(key);
  if (!p || !replicas_disagree(db)) return p;
  return &read_replicas(db, paxos_read_level(session.serial_consistency), session.repair_reads, t, *p);
}

// The row the conditions are judged against (with the statics' special cases), or none.
void read_condition_row(Database& db, const Session& session, const schema::TableSchema& t, const store::Mutation& m,
                        ConditionKind kind, bool statics_only, ConditionCheck& check) {
  const store::Partition* p = paxos_read(db, session, t, m.partition_key);
  check.clustering = m.clustering;
  check.current = current_row(db, t, p, m.clustering, statics_only && !t.clustering.empty());
  // Conditions on statics alone read the partition's first live row with them: a refused batch
  // shows that row's key and values.
  if (kind == ConditionKind::Conditions && statics_only && !t.clustering.empty())
    if (auto first = first_live_row(db, t, p)) {
      check.current = current_row(db, t, p, *first, false);
      check.clustering = *first;
    }
  // Conditions on statics alone read the partition: with rows but no static data it still reads
  // as one row, its statics null (and a refusal shows them).
  if (!check.current && kind == ConditionKind::Conditions && statics_only && !t.clustering.empty() &&
      partition_has_live_row(db, t, p))
    check.current = std::vector<Value>(t.columns.size());
  // The row is missing but the partition's static columns live: conditions read them (and the
  // row's columns as null), and a refusal shows them, as Cassandra's CAS read does.
  if (!check.current && kind == ConditionKind::Conditions && !t.statics.empty() && !t.clustering.empty()) {
    check.current = current_row(db, t, p, m.clustering, true);
    check.from_statics = check.current.has_value();
  }
}

}  // namespace

namespace {

// The conditions bound and checked, before anything is read (ModificationStatement's prepare and
// makeCasRequest, which come before StorageProxy.cas looks at any replica).
struct BoundConditions {
  std::vector<ConditionBound> bound;
  bool statics_only = false;
};

BoundConditions bind_conditions(const schema::TableSchema& t, const PreparedWrite& w,
                                const ast::Vec<ast::Condition>* conditions, bool is_delete) {
  for (int c : t.regulars)
    if (t.column(c).type->kind == types::Kind::Counter)
      invalid("Conditional updates are not supported on counter tables");
  if (w.mutations.size() != 1)
    invalid("IN on the partition key is not supported with conditional {}", is_delete ? "deletions" : "updates");
  const store::Mutation& m = w.mutations.front();

  BoundConditions out;
  // A write naming a row (DELETE v … WHERE k = … AND c = …) concerns that row even when it
  // writes no row marker; only a write without clustering concerns the statics alone.
  out.statics_only = !m.has_row && m.clustering.empty();
  if (conditions && !conditions->empty()) {  // IF EXISTS comes with an empty list
    out.statics_only = true;
    for (const auto& cond : *conditions) {
      out.bound.push_back(bind_condition(t, cond));
      out.statics_only = out.statics_only && out.bound.back().column->kind == schema::ColumnKind::Static;
    }
  }
  if (!out.statics_only && !t.clustering.empty() && !m.has_row && m.range_tombstones.size())
    invalid(
        "DELETE statements must restrict all PRIMARY KEY columns with equality relations in order to use IF "
        "condition on non static columns");
  return out;
}

}  // namespace

void validate_conditions(const schema::TableSchema& t, const PreparedWrite& w,
                         const ast::Vec<ast::Condition>* conditions, bool is_delete) {
  (void)bind_conditions(t, w, conditions, is_delete);
}

ConditionCheck check_conditions(Database& db, const Session& session, const schema::TableSchema& t,
                                const PreparedWrite& w, ConditionKind kind, const ast::Vec<ast::Condition>* conditions,
                                bool is_delete, bool paxos) {
  const BoundConditions bc = bind_conditions(t, w, conditions, is_delete);
  const std::vector<ConditionBound>& bound = bc.bound;
  if (paxos) check_paxos_replicas(db, session, w);  // a single statement's round, once it is valid
  const store::Mutation& m = w.mutations.front();
  ConditionCheck check;
  read_condition_row(db, session, t, m, kind, bc.statics_only, check);
  const auto& current = check.current;
  switch (kind) {
    case ConditionKind::NotExists: check.applied = !current; break;
    case ConditionKind::Exists: check.applied = current.has_value(); break;
    case ConditionKind::Conditions:
      check.applied = true;
      for (const auto& b : bound) {
        const Value value = current ? (*current)[static_cast<std::size_t>(t.find(b.column->name))] : std::nullopt;
        const ast::Operator op = b.condition->op;
        if (op == ast::Operator::Contains || op == ast::Operator::ContainsKey) {
          check.applied =
              check.applied && contains(*b.column->type, op == ast::Operator::ContainsKey, value, b.values[0]);
          continue;
        }
        const Value subject =
            b.field >= 0 ? field_value(value, b.field) : condition_subject(*b.column, value, b.element);
        check.applied = check.applied && holds(*b.type, op, subject, b.values);
      }
      break;
  }
  for (const auto& b : bound)
    if (std::find(check.columns.begin(), check.columns.end(), b.column) == check.columns.end())
      check.columns.push_back(b.column);
  return check;
}

void check_conditional_in(const schema::TableSchema& t, const ast::Vec<ast::Relation>& where, bool is_delete,
                          bool in_batch) {
  bool partition_in = false, clustering_in = false;
  for (const auto& r : where) {
    if (r.op != ast::Operator::In || r.columns.empty()) continue;
    const int c = t.find(r.columns[0]);
    if (c < 0) continue;
    if (t.column(c).kind == schema::ColumnKind::PartitionKey) partition_in = true;
    if (t.column(c).kind == schema::ColumnKind::Clustering) clustering_in = true;
  }
  if (partition_in && in_batch)
    invalid("Batch with conditions cannot span multiple partitions (you cannot use IN on the partition key)");
  if (partition_in)
    invalid("IN on the partition key is not supported with conditional {}", is_delete ? "deletions" : "updates");
  if (clustering_in)
    invalid("IN on the clustering key columns is not supported with conditional {}",
            is_delete ? "deletions" : "updates");
}

Result execute_conditional(Database& db, const Session& session, const schema::TableSchema& t, PreparedWrite& w,
                           ConditionKind kind, const ast::Vec<ast::Condition>* conditions, bool is_delete) {
  const ConditionCheck check = check_conditions(db, session, t, w, kind, conditions, is_delete, true);
  if (check.applied) {
    check_paxos_commit(db, session, w);
    note_replica_writes(db, w);
    apply_write(db, w);
    paxos_commit_answers(db, session, w);
    return applied_result(t, true);
  }
  Rows rows = applied_result(t, false);
  if (!check.current) return rows;
  // The row is missing and only the partition's statics were read: the refusal shows a row only
  // when the conditions name a static column (a row of regular columns alone has nothing).
  if (check.from_statics && kind == ConditionKind::Conditions &&
      std::none_of(check.columns.begin(), check.columns.end(),
                   [](const schema::Column* c) { return c->kind == schema::ColumnKind::Static; }))
    return rows;
  if (kind == ConditionKind::NotExists) {
    for (const auto& c : t.columns) rows.columns.push_back({c.name, c.type});
    for (const auto& v : *check.current) rows.rows[0].push_back(v);
  } else if (kind == ConditionKind::Conditions) {
    for (const auto* c : check.columns) {
      rows.columns.push_back({c->name, c->type});
      rows.rows[0].push_back((*check.current)[static_cast<std::size_t>(t.find(c->name))]);
    }
  }
  return rows;
}

Result conditional_batch_result(const schema::TableSchema& t, const store::ClusteringComparator& cmp,
                                const std::vector<ConditionCheck>& checks, bool wildcard) {
  bool applied = true;
  for (const auto& c : checks) applied = applied && c.applied;
  Rows rows = applied_result(t, applied);
  if (applied) return rows;
  // One row per existing row the conditions read, in clustering order: the primary key (to tell
  // the rows apart) and the conditions' columns — or every column after IF [NOT] EXISTS.
  std::vector<const schema::Column*> shown;
  if (wildcard) {
    for (const auto& c : t.columns) shown.push_back(&c);
  } else {
    for (int c : t.partition_key) shown.push_back(&t.column(c));
    for (int c : t.clustering) shown.push_back(&t.column(c));
    for (const auto& check : checks)
      for (const auto* c : check.columns)
        if (std::find(shown.begin(), shown.end(), c) == shown.end()) shown.push_back(c);
  }
  std::vector<const ConditionCheck*> existing;
  for (const auto& c : checks)
    if (c.current && !c.from_statics && std::none_of(existing.begin(), existing.end(), [&](const ConditionCheck* e) {
          return cmp.compare(e->clustering, c.clustering) == 0;
        }))
      existing.push_back(&c);
  if (existing.empty()) return rows;
  std::sort(existing.begin(), existing.end(), [&](const ConditionCheck* a, const ConditionCheck* b) {
    return cmp.compare(a->clustering, b->clustering) < 0;
  });
  for (const auto* c : shown) rows.columns.push_back({c->name, c->type});
  const std::vector<Value> flag = rows.rows[0];
  rows.rows.clear();
  for (const auto* e : existing) {
    std::vector<Value> row = flag;
    for (const auto* c : shown) row.push_back((*e->current)[static_cast<std::size_t>(t.find(c->name))]);
    rows.rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace cqlbox::exec
