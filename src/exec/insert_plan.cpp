#include "exec/insert_plan.hpp"

#include "exec/write_limits.hpp"

#include <array>
#include <string>
#include <vector>

#include "error/cql_error.hpp"
#include "exec/bound_values.hpp"
#include "exec/system_tables.hpp"
#include "exec/terms.hpp"
#include "store/clustering.hpp"
#include "types/codec.hpp"

namespace cqlbox::exec {

// Where each of the statement's values goes, and a write kept from statement to statement
// (its strings keep their capacity; its cells' slots and count are the plan's).
struct InsertPlan {
  enum class Role : std::uint8_t { PartitionKey, Clustering, Cell };
  struct Value {
    const types::CqlType* type;
    std::string_view column;  // the schema's name, for encode_constant
    ast::TermKind kind;
    Role role;
    std::uint32_t index;  // key component, or cell in `write`
  };

  const Database* db = nullptr;
  std::uint64_t shape = 0;
  bool usable = false;  // false: the shape is not the plain case (remembered so as not to look again)
  std::uint64_t epoch = 0;
  const schema::TableSchema* table = nullptr;
  bool qualified = false;  // else the session's keyspace must still be the table's
  std::vector<Value> values;
  mutable std::vector<std::string> key_parts;  // partition key components (several), then clustering
  std::size_t partition_parts = 0;
  mutable PreparedWrite write{nullptr, {}, nullptr};
};

namespace {

// The plan for `s` on `t`, or false when the statement is not the plain case.
bool make_plan(Database& db, const ast::Insert& s, const schema::TableSchema& t, InsertPlan& plan) {
  if (s.json || s.json_marker || s.if_not_exists || s.ttl || s.timestamp || s.columns.size() != s.values.size())
    return false;
  if (t.is_virtual || t.view || !t.views.empty() || is_system_table(t) || t.default_time_to_live != 0 || t.is_compact())
    return false;
  std::vector<int> value_of(t.columns.size(), -1);  // the statement's value for each column
  for (std::size_t i = 0; i < s.columns.size(); ++i) {
    const int c = t.find(s.columns[i]);
    if (c < 0 || value_of[static_cast<std::size_t>(c)] >= 0 ||
        !(s.values[i].is_constant() || s.values[i].kind == ast::TermKind::Bind))
      return false;
    value_of[static_cast<std::size_t>(c)] = static_cast<int>(i);
  }
  for (int c : t.partition_key)
    if (value_of[static_cast<std::size_t>(c)] < 0) return false;
  for (int c : t.clustering)
    if (value_of[static_cast<std::size_t>(c)] < 0) return false;

  plan.values.assign(s.values.size(), {});
  for (std::size_t i = 0; i < t.partition_key.size(); ++i) {
    const auto v = static_cast<std::size_t>(value_of[static_cast<std::size_t>(t.partition_key[i])]);
    plan.values[v].role = InsertPlan::Role::PartitionKey;
    plan.values[v].index = static_cast<std::uint32_t>(i);
  }
  for (std::size_t i = 0; i < t.clustering.size(); ++i) {
    const auto v = static_cast<std::size_t>(value_of[static_cast<std::size_t>(t.clustering[i])]);
    plan.values[v].role = InsertPlan::Role::Clustering;
    plan.values[v].index = static_cast<std::uint32_t>(t.partition_key.size() + i);
  }
  // Cells in schema order, as the general way writes them.
  std::vector<std::pair<int, store::Cell>> cells;
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    const schema::Column& col = t.columns[c];
    if (value_of[c] < 0 || col.is_primary_key()) continue;
    if (col.kind != schema::ColumnKind::Regular || col.type->multi_cell() || col.type->kind == types::Kind::Counter)
      return false;
    auto& v = plan.values[static_cast<std::size_t>(value_of[c])];
    v.role = InsertPlan::Role::Cell;
    v.index = static_cast<std::uint32_t>(cells.size());
    cells.emplace_back(col.position, store::Cell{});
  }
  for (int c : t.regulars)
    if (t.column(c).type->kind == types::Kind::Counter) return false;  // (refused the general way)
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    if (value_of[c] < 0) continue;
    auto& v = plan.values[static_cast<std::size_t>(value_of[c])];
    v.type = t.columns[c].type;
    v.column = t.columns[c].name;
    v.kind = s.values[static_cast<std::size_t>(value_of[c])].kind;
  }

  plan.usable = true;
  plan.key_parts.assign(t.partition_key.size() + t.clustering.size(), {});
  plan.partition_parts = t.partition_key.size();
  plan.write.store = &db.store_of(t);
  plan.write.table = &t;
  plan.write.mutations.assign(1, {});
  plan.write.mutations[0].cells = std::move(cells);
  return true;
}

// A marker's bound value, appended to `out` when it is set and valid for `type` (as
// check_bound_bytes judges it). False for everything the general way must see: null (a
// tombstone), unset, empty bytes, invalid bytes (its error), a set or map (whose elements it
// sorts), a marker with no value.
bool bound_value(const types::CqlType& type, std::uint32_t index, std::string& out) {
  const std::vector<BoundValue>& values = current_bound_values();
  if (index >= values.size() || sampling_values()) return false;
  const BoundValue& v = values[index];
  if (v.state != BoundValue::State::Set || v.bytes.empty()) return false;
  if (type.kind == types::Kind::Set || type.kind == types::Kind::Map) return false;
  try {
    check_bound_bytes(type, v.bytes, true);
  } catch (const error::CqlError&) {
    return false;
  }
  out.assign(v.bytes);
  return true;
}

}  // namespace

const InsertPlan* insert_plan(Database& db, const Session& session, const ast::Insert& s) {
  if (s.shape == 0) return nullptr;
  // A few plans, for scripts that alternate between tables; the newest replaces the oldest.
  // A shape found not to be the plain case keeps its slot too, so that it is not looked at
  // again statement after statement.
  thread_local std::array<InsertPlan, 8> plans;
  thread_local std::size_t last = 0, next = 0;
  auto valid = [&](const InsertPlan& p) {
    return p.shape == s.shape && p.db == &db && p.epoch == db.catalog.epoch() &&
           (p.qualified || session.keyspace == p.table->keyspace);
  };
  auto found = [](const InsertPlan& p) { return p.usable ? &p : nullptr; };
  if (valid(plans[last])) return found(plans[last]);
  for (std::size_t i = 0; i < plans.size(); ++i)
    if (valid(plans[i])) return found(plans[last = i]);

  const schema::TableSchema* t = nullptr;
  try {
    t = &resolve_table(db, session, s.table);
  } catch (const error::CqlError&) {
    return nullptr;  // the general way says why
  }
  InsertPlan& plan = plans[next];
  plan = InsertPlan{};
  plan.db = &db;
  plan.shape = s.shape;
  plan.epoch = db.catalog.epoch();
  plan.table = t;
  plan.qualified = !s.table.keyspace.empty();
  if (!make_plan(db, s, *t, plan)) {
    // Kept as "not plannable"; what make_plan had filled in is dropped.
    const InsertPlan declined = std::move(plan);
    plan = InsertPlan{};
    plan.db = declined.db;
    plan.shape = declined.shape;
    plan.epoch = declined.epoch;
    plan.table = declined.table;
    plan.qualified = declined.qualified;
  }
  last = next;
  next = (next + 1) % plans.size();
  return found(plan);
}

const PreparedWrite* planned_insert(const InsertPlan& plan, const ast::Insert& s, std::int64_t timestamp) {
  store::Mutation& m = plan.write.mutations[0];
  m.partition_key.clear();
  m.clustering.clear();
  const bool single_key = plan.partition_parts == 1;
  for (std::size_t i = 0; i < plan.values.size(); ++i) {
    const InsertPlan::Value& v = plan.values[i];
    const ast::Term& term = s.values[i];
    if (term.kind != v.kind) return nullptr;
    std::string& out = v.role == InsertPlan::Role::Cell ? m.cells[v.index].second.value
                       : single_key && v.index == 0     ? m.partition_key
                                                        : plan.key_parts[v.index];
    out.clear();
    if (term.kind == ast::TermKind::Bind) {
      if (!bound_value(*v.type, term.bind_index, out)) return nullptr;
      continue;
    }
    const auto kind = static_cast<types::ConstantKind>(static_cast<int>(term.kind));
    if (!types::append_constant(*v.type, kind, term.text, out)) {
      try {
        out = types::encode_constant(*v.type, kind, term.text, v.column);
      } catch (const error::CqlError&) {
        return nullptr;
      }
    }
  }
  if (single_key) {
    if (m.partition_key.empty()) return nullptr;  // "Key may not be empty"
  } else {
    std::vector<std::string_view> parts(plan.key_parts.begin(),
                                        plan.key_parts.begin() + static_cast<std::ptrdiff_t>(plan.partition_parts));
    m.partition_key = serialize_partition_key(parts);
  }
  for (std::size_t i = plan.partition_parts; i < plan.key_parts.size(); ++i)
    store::append_component(m.clustering, plan.key_parts[i]);
  m.has_row = true;
  m.marker = {timestamp, 0, store::kNoExpiry};
  for (auto& [slot, cell] : m.cells) {
    cell.timestamp = timestamp;
    cell.ttl = 0;
    cell.local_time = store::kNoExpiry;
    cell.tombstone = false;
  }
  // Near the key and index size limits the general path decides (write_limits.hpp); the
  // encoded clustering is a little longer than its values, so this only ever sends more there.
  if (m.partition_key.size() > kMaxKeyBytes || m.clustering.size() > kMaxKeyBytes) return nullptr;
  if (plan.write.table && !plan.write.table->indexes.empty())
    for (const auto& [slot, cell] : m.cells)
      if (cell.value.size() >= kMaxKeyBytes) return nullptr;
  return &plan.write;
}

}  // namespace cqlbox::exec
