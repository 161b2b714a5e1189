#include "exec/executor.hpp"

#include "exec/auth_access.hpp"
#include "exec/availability.hpp"
#include "exec/bind_specs.hpp"
#include "exec/insert_plan.hpp"
#include "exec/prepare_checks.hpp"
#include "exec/replica_copies.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/system_tables.hpp"
#include "exec/terms.hpp"

namespace cqlbox::exec {

const schema::TableSchema& resolve_table(const Database& db, const Session& session, const ast::QualifiedName& name) {
  std::string_view ks = name.keyspace.empty() ? std::string_view(session.keyspace) : name.keyspace;
  if (ks.empty())
    error::invalid("No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename");
  Session::LastTable& last = session.last_table;
  if (last.table && last.epoch == db.catalog.epoch() && last.name == name.name && last.keyspace == ks)
    return *last.table;
  const schema::KeyspaceSchema* k = db.catalog.keyspace(ks);
  if (!k) error::invalid("keyspace {} does not exist", ks);
  auto t = k->tables.find(name.name);
  if (t == k->tables.end()) error::invalid("table {} does not exist", name.name);
  last = {db.catalog.epoch(), std::string(ks), std::string(name.name), &t->second};
  return t->second;
}

namespace {
void check_write_budget(Database& db) {
  if (db.memory.write_over_budget())
    error::fail(error::ErrorClass::ShellError,
                "Memory limit reached: cqlbox has grown by {} MiB, the limit is {} MiB (--max-memory); the write "
                "was not applied",
                db.memory.used_mib(), db.memory.limit() >> 20);
}
}  // namespace

namespace {
// A write's timestamp: the client's (the native protocol's default timestamp), else the clock's.
std::int64_t statement_timestamp(Database& db, const Session& session) {
  return session.client_timestamp ? *session.client_timestamp : db.clock.next_write_timestamp();
}
}  // namespace

namespace {
Result dispatch(Database& db, Session& session, const ast::Statement& statement);
}  // namespace

constexpr std::uint16_t kConsistencyAny = 0, kConsistencySerial = 8, kConsistencyLocalSerial = 9;

Result execute(Database& db, Session& session, const ast::Statement& statement) {
  const std::size_t bound = session.bound ? session.bound->size() : 0;
  if (session.markers != bound) {
    // A QUERY's text and an EXECUTE's prepared statement are checked with different words.
    if (session.prepared)
      error::invalid("there were {} markers(?) in CQL but {} bound variables", session.markers, bound);
    // Cassandra prepares the statement before it counts the values: a missing table or column,
    // or a refused restriction, is named first.
    (void)bind_specs(db, session, statement, session.markers);
    check_prepared_statement(db, session, statement);
    error::invalid("Invalid amount of bind variables");
  }
  BoundValuesScope values(session.bound);
  if (std::holds_alternative<ast::Insert>(statement) || std::holds_alternative<ast::Update>(statement) ||
      std::holds_alternative<ast::Delete>(statement) || std::holds_alternative<ast::Batch>(statement)) {
    // ConsistencyLevel.validateForWrite: SERIAL levels are for conditional writes only.
    if (session.consistency == kConsistencySerial || session.consistency == kConsistencyLocalSerial) {
      const bool conditional = std::visit(
          [](const auto& s) {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, ast::Insert>)
              return s.if_not_exists;
            else if constexpr (std::is_same_v<S, ast::Update> || std::is_same_v<S, ast::Delete>)
              return s.if_exists || !s.conditions.empty();
            else if constexpr (std::is_same_v<S, ast::Batch>) {
              bool any = false;
              for (const auto& inner : s.statements)
                any = any || std::visit(
                                 [](const auto& c) {
                                   using C = std::decay_t<decltype(c)>;
                                   if constexpr (std::is_same_v<C, ast::Insert>)
                                     return c.if_not_exists;
                                   else
                                     return c.if_exists || !c.conditions.empty();
                                 },
                                 inner);
              return any;
            } else
              return false;
          },
          statement);
      if (!conditional) error::invalid("You must use conditional updates for serializable writes");
    }
    check_write_budget(db);
    // Ctrl-C at the shell while a write was being read or prepared (a large BATCH): it is
    // cancelled before anything is applied. Once applying, a write runs to its end, whole.
    if (session.interrupted && *session.interrupted) error::fail(error::ErrorClass::ShellError, "Interrupted");
  }
  ensure_logged_in(db, session);
  // --auth: the statement's permissions, checked before it runs; a statement run as a role
  // (logged in, or replayed) grants that role what it creates.
  const bool as_role = db.auth.enabled || !session.user.empty();
  std::vector<auth::Resource> created;
  if (as_role) created = authorize_statement(db, session, statement);
  Result result = dispatch(db, session, statement);
  if (as_role) grant_to_creator(db, session, created);
  revoke_dropped(db, session, statement);
  return result;
}

namespace {
Result dispatch(Database& db, Session& session, const ast::Statement& statement) {
  return std::visit(
      [&](const auto& s) -> Result {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, ast::AuthStatement>)
          return execute_auth(db, session, s);
        else if constexpr (std::is_same_v<S, ast::FunctionStatement>)
          return execute_function_statement(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Select>) {
          const schema::TableSchema& t = resolve_table(db, session, s.table);
          if (session.consistency == kConsistencyAny)  // ConsistencyLevel.validateForRead
            error::invalid("ANY ConsistencyLevel is only supported for writes");
          if (is_system_table(t)) refresh_system_table(db, t);
          return s.explain ? execute_explain(db, session, s, t) : execute_select(db, session, s, t);
        } else if constexpr (std::is_same_v<S, ast::Insert>)
          return execute_insert(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Update>)
          return execute_update(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Delete>)
          return execute_delete(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Batch>)
          return execute_batch(db, session, s);
        else if constexpr (std::is_same_v<S, ast::CreateKeyspace>)
          return execute_create_keyspace(db, s);
        else if constexpr (std::is_same_v<S, ast::CreateIndex>)
          return execute_create_index(db, session, s);
        else if constexpr (std::is_same_v<S, ast::DropIndex>)
          return execute_drop_index(db, session, s);
        else if constexpr (std::is_same_v<S, ast::ViewStatement>)
          return execute_view_statement(db, session, s);
        else if constexpr (std::is_same_v<S, ast::AlterTable>)
          return execute_alter_table(db, session, s);
        else if constexpr (std::is_same_v<S, ast::AlterKeyspace>)
          return execute_alter_keyspace(db, s);
        else if constexpr (std::is_same_v<S, ast::CreateType>)
          return execute_create_type(db, session, s);
        else if constexpr (std::is_same_v<S, ast::AlterType>)
          return execute_alter_type(db, session, s);
        else if constexpr (std::is_same_v<S, ast::DropType>)
          return execute_drop_type(db, session, s);
        else if constexpr (std::is_same_v<S, ast::CreateTable>)
          return execute_create_table(db, session, s);
        else if constexpr (std::is_same_v<S, ast::DropKeyspace>)
          return execute_drop_keyspace(db, session, s);
        else if constexpr (std::is_same_v<S, ast::DropTable>)
          return execute_drop_table(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Use>)
          return execute_use(db, session, s);
        else
          return execute_truncate(db, session, s);
      },
      statement);
}
}  // namespace

namespace {
// A real node lets a superuser write the stored system tables; cqlbox keeps them read-only
// (docs/compatibility.md), refused where Cassandra checks permissions: before anything else.
void refuse_stored_system_write(const schema::TableSchema& t) {
  if (is_system_table(t) && !t.is_virtual)
    error::fail(error::ErrorClass::Unauthorized, "{} keyspace is not user-modifiable.", t.keyspace);
}

// Cassandra's virtual tables refuse a write when it is applied (AbstractVirtualTable.apply); the
// cache-key tables of system_views that accept DELETE in 5.0 refuse it too in cqlbox.
void refuse_virtual_write(const schema::TableSchema& t) {
  if (t.is_virtual) error::invalid("Modification is not supported by table {}.{}", t.keyspace, t.name);
}

// A single INSERT/UPDATE/DELETE on a virtual table, once prepared: ModificationStatement.validate()
// first, then the refusal above.
template <class Statement>
void refuse_prepared_virtual_write(const Database& db, const Session& session, const Statement& s, bool conditional) {
  const schema::TableSchema& t = resolve_table(db, session, s.table);
  if (!t.is_virtual) return;
  if (s.timestamp) error::invalid("Custom timestamp is not supported by virtual tables");
  if (s.ttl) error::invalid("Expiring columns are not supported by virtual tables");
  if (conditional) error::invalid("Conditional updates are not supported by virtual tables");
  refuse_virtual_write(t);
}

void refuse_system_write(const Database& db, const Session& session, const ast::QualifiedName& name) {
  const schema::TableSchema& t = resolve_table(db, session, name);
  refuse_stored_system_write(t);
  if (t.view) error::invalid("Cannot directly modify a materialized view");
}
// A write that is not conditional: checked against the live replicas, noted on those that are
// behind, applied, then checked against those that answer in time.
Result apply_checked(Database& db, const Session& session, const PreparedWrite& w) {
  check_write_replicas(db, session, w);
  note_replica_writes(db, w);
  std::vector<std::string> warnings;
  apply_write(db, w, &warnings);
  check_write_answers(db, session, w);
  return Void{std::move(warnings)};
}

}  // namespace

Result execute_insert(Database& db, Session& session, const ast::Insert& s) {
  // A script's INSERTs, the same shape a million times, go by a plan made once (insert_plan.hpp).
  std::int64_t timestamp = store::kNoTimestamp;
  if (const InsertPlan* plan = insert_plan(db, session, s)) {
    timestamp = statement_timestamp(db, session);
    if (const PreparedWrite* planned = planned_insert(*plan, s, timestamp)) {
      return apply_checked(db, session, *planned);
    }
  }
  refuse_system_write(db, session, s.table);
  // Kept from INSERT to INSERT: the mutation's strings and vectors keep their capacity.
  thread_local PreparedWrite w{nullptr, {}, nullptr};
  prepare_insert(db, session, s, timestamp != store::kNoTimestamp ? timestamp : statement_timestamp(db, session), w);
  refuse_prepared_virtual_write(db, session, s, s.if_not_exists);
  if (s.if_not_exists) {
    return execute_conditional(db, session, resolve_table(db, session, s.table), w, ConditionKind::NotExists, nullptr);
  }
  return apply_checked(db, session, w);
}

Result execute_update(Database& db, Session& session, const ast::Update& s) {
  refuse_system_write(db, session, s.table);
  PreparedWrite w = prepare_update(db, session, s, statement_timestamp(db, session));
  refuse_prepared_virtual_write(db, session, s, s.if_exists || !s.conditions.empty());
  if (s.if_exists || !s.conditions.empty()) {
    const schema::TableSchema& t = resolve_table(db, session, s.table);
    check_conditional_in(t, s.where, false, false);
    return execute_conditional(db, session, t, w, s.if_exists ? ConditionKind::Exists : ConditionKind::Conditions,
                               &s.conditions);
  }
  return apply_checked(db, session, w);
}

Result execute_delete(Database& db, Session& session, const ast::Delete& s) {
  refuse_system_write(db, session, s.table);
  PreparedWrite w = prepare_delete(db, session, s, statement_timestamp(db, session));
  refuse_prepared_virtual_write(db, session, s, s.if_exists || !s.conditions.empty());
  if (s.if_exists || !s.conditions.empty()) {
    const schema::TableSchema& t = resolve_table(db, session, s.table);
    check_conditional_in(t, s.where, true, false);
    return execute_conditional(db, session, t, w, s.if_exists ? ConditionKind::Exists : ConditionKind::Conditions,
                               &s.conditions, true);
  }
  return apply_checked(db, session, w);
}

namespace {

// A Java Set's toString, names sorted so the text is stable.
std::string name_set(std::set<std::string> names) {
  std::string out = "[";
  for (const auto& n : names) out += (out.size() > 1 ? ", " : "") + n;
  return out + "]";
}

// The bytes Cassandra's PartitionUpdate.dataSize() counts for one statement's mutation: per
// partition an (empty) static row of 21 and a deletion info of 8; per row its clustering
// values, an 8-byte liveness (16 when expiring), a 13-byte row deletion, and per cell 16 bytes
// of timestamp/TTL/deletion time plus value and path; per collection a 12-byte deletion.
std::int64_t mutation_data_size(const store::Mutation& m) {
  auto cell = [](const store::Cell& c, std::size_t path) {
    return static_cast<std::int64_t>(16 + (c.tombstone ? 0 : c.value.size()) + path);
  };
  auto complex = [&](const store::ComplexWrite& w) {
    std::int64_t n = 12;
    for (const auto& pc : w.cells) n += cell(pc.cell, pc.path.size());
    return n;
  };
  std::int64_t size = 21 + 8;
  for (const auto& [slot, c] : m.static_cells) size += cell(c, 0);
  for (const auto& rt : m.range_tombstones) {
    size += 4 + 16;
    for (const auto& p : rt.prefix) size += 2 * static_cast<std::int64_t>(p.size());
  }
  if (m.has_row) {
    std::int64_t clustering = 0;
    for (auto part : store::split_components(m.clustering)) clustering += static_cast<std::int64_t>(part.size());
    size += clustering + 8 + (m.marker.ttl > 0 ? 8 : 0) + 13;
    for (const auto& [slot, c] : m.cells) size += cell(c, 0);
    for (const auto& w : m.complex)
      if (!w.is_static) size += complex(w);
  }
  for (const auto& w : m.complex)
    if (w.is_static) size += complex(w);
  return size;
}

// The client warnings a batch earns in Cassandra, in the order it sends them: a logged batch on
// a table whose gc_grace_seconds is 0 (its batchlog entries could expire before replay); a
// batch over batch_size_warn_threshold (5 KiB; over batch_size_fail_threshold, 50 KiB, it
// fails); an unlogged (or counter) batch over more than 10 partitions
// (unlogged_batch_across_partitions_warn_threshold).
constexpr std::int64_t kBatchSizeWarn = 5 * 1024, kBatchSizeFail = 50 * 1024;

std::vector<std::string> batch_warnings(const ast::Batch& s, const std::vector<const schema::TableSchema*>& tables,
                                        const std::vector<PreparedWrite>& writes) {
  std::vector<std::string> warnings;
  std::set<std::string> partitions, written, zero_gc, mutations;
  std::int64_t size = 0;
  for (std::size_t i = 0; i < writes.size(); ++i) {
    const std::string name = tables[i]->keyspace + "." + tables[i]->name;
    for (const auto& m : writes[i].mutations) {
      partitions.insert(m.partition_key);  // Cassandra counts distinct keys, whatever the table
      mutations.insert(tables[i]->keyspace + '\0' + m.partition_key);  // one Mutation per keyspace and key
      written.insert(name);
      size += mutation_data_size(m);
    }
    auto gc = tables[i]->options.find("gc_grace_seconds");
    if (s.type == ast::BatchType::Logged && gc != tables[i]->options.end() && gc->second == "0") zero_gc.insert(name);
  }
  if (!zero_gc.empty())
    warnings.push_back(
        fmt::format("Executing a LOGGED BATCH on table{} {}, configured with a gc_grace_seconds of 0. "
                    "The gc_grace_seconds is used to TTL batchlog entries, so setting gc_grace_seconds "
                    "too low on tables involved in an atomic batch might cause batchlog entries to "
                    "expire before being replayed.",
                    zero_gc.size() == 1 ? "" : "s", name_set(zero_gc)));
  // Only batches spanning several mutations are measured (CASSANDRA-10876).
  if (mutations.size() > 1 && size > kBatchSizeWarn) {
    if (size > kBatchSizeFail) error::invalid("Batch too large");
    warnings.push_back(fmt::format("Batch for {} is of size {}, exceeding specified threshold of {} by {}.",
                                   name_set(written), size, kBatchSizeWarn, size - kBatchSizeWarn));
  }
  if (s.type != ast::BatchType::Logged && partitions.size() > 10)
    warnings.push_back(
        fmt::format("Unlogged batch covering {} partitions detected against table{} {}. You should use a "
                    "logged batch for atomicity, or asynchronous writes for performance.",
                    partitions.size(), written.size() == 1 ? "" : "s", name_set(written)));
  return warnings;
}

}  // namespace

namespace {

// A batch with conditions is one lightweight transaction on one partition: every statement's
// condition is checked against the data as it was before the batch, and all of the batch
// applies only if all of them hold.
Result execute_conditional_batch(Database& db, Session& session, const ast::Batch& s, const schema::TableSchema& t,
                                 std::vector<PreparedWrite>& writes) {
  const std::string* key = nullptr;
  for (std::size_t i = 0; i < writes.size(); ++i) {
    const bool is_delete = std::holds_alternative<ast::Delete>(s.statements[i]);
    std::visit(
        [&](const auto& child) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(child)>, ast::Insert>)
            check_conditional_in(t, child.where, is_delete, true);
        },
        s.statements[i]);
    const auto& ms = writes[i].mutations;
    if (ms.empty()) continue;
    for (const auto& m : ms)
      if (m.partition_key != ms.front().partition_key)
        error::invalid(
            "Batch with conditions cannot span multiple partitions (you cannot use IN on the partition key)");
    if (key && ms.front().partition_key != *key)
      error::invalid("Batch with conditions cannot span multiple partitions");
    key = &ms.front().partition_key;
    if (ms.size() > 1)
      error::invalid("IN on the clustering key columns is not supported with conditional {}",
                     is_delete ? "deletions" : "updates");
  }
  // Every statement's conditions are bound before the Paxos round, which is one for the
  // partition; each is then read.
  for (std::size_t i = 0; i < writes.size(); ++i)
    std::visit(
        [&](const auto& child) {
          using S = std::decay_t<decltype(child)>;
          if constexpr (std::is_same_v<S, ast::Insert>) {
            if (child.if_not_exists) validate_conditions(t, writes[i], nullptr, false);
          } else if (child.if_exists || !child.conditions.empty()) {
            validate_conditions(t, writes[i], child.if_exists ? nullptr : &child.conditions,
                                std::is_same_v<S, ast::Delete>);
          }
        },
        s.statements[i]);
  if (!writes.empty()) check_paxos_replicas(db, session, writes.front());  // one partition
  std::vector<ConditionCheck> checks;
  bool wildcard = false;
  for (std::size_t i = 0; i < writes.size(); ++i) {
    std::visit(
        [&](const auto& child) {
          using S = std::decay_t<decltype(child)>;
          if constexpr (std::is_same_v<S, ast::Insert>) {
            if (!child.if_not_exists) return;
            checks.push_back(
                check_conditions(db, session, t, writes[i], ConditionKind::NotExists, nullptr, false, false));
            wildcard = true;
          } else {
            const bool is_delete = std::is_same_v<S, ast::Delete>;
            if (child.if_exists) {
              checks.push_back(
                  check_conditions(db, session, t, writes[i], ConditionKind::Exists, nullptr, is_delete, false));
              wildcard = true;
            } else if (!child.conditions.empty()) {
              checks.push_back(check_conditions(db, session, t, writes[i], ConditionKind::Conditions, &child.conditions,
                                                is_delete, false));
            }
          }
        },
        s.statements[i]);
  }
  const store::TableStore& store = db.store_of(t);
  Result result = conditional_batch_result(t, store.comparator(), checks, wildcard);
  if (std::get<Rows>(result).rows[0][0] == Value(std::string(1, '\1'))) {
    for (const auto& w : writes) check_paxos_commit(db, session, w);
    for (const auto& w : writes) note_replica_writes(db, w);
    for (auto& w : writes) apply_write(db, w);
    if (!writes.empty()) paxos_commit_answers(db, session, writes.front());  // one partition
  }
  return result;
}

}  // namespace

// Every statement is prepared before any is applied, so a bad one leaves nothing behind.
// All parts share one timestamp (the batch's USING TIMESTAMP, or one from the clock).
Result execute_batch(Database& db, Session& session, const ast::Batch& s) {
  if (s.ttl) error::invalid("Global TTL on the BATCH statement is not supported.");  // validate()'s first check
  std::int64_t ts = 0;
  if (s.timestamp) {
    ts = bind_write_timestamp(*s.timestamp);
  } else {
    ts = statement_timestamp(db, session);
  }
  // Cassandra's BatchStatement.validate(), in its order.
  bool has_conditions = false;
  for (const auto& stmt : s.statements)
    std::visit(
        [&](const auto& child) {
          using S = std::decay_t<decltype(child)>;
          if constexpr (std::is_same_v<S, ast::Insert>)
            has_conditions = has_conditions || child.if_not_exists;
          else
            has_conditions = has_conditions || child.if_exists || !child.conditions.empty();
        },
        stmt);
  if (s.timestamp && has_conditions) error::invalid("Cannot provide custom timestamp for conditional BATCH");
  if (s.timestamp && s.type == ast::BatchType::Counter)
    error::invalid("Cannot provide custom timestamp for counter BATCH");
  bool has_counters = false, has_non_counters = false, has_virtual = false, has_regular = false;
  std::vector<const schema::TableSchema*> tables;
  for (const auto& stmt : s.statements) {
    std::visit(
        [&](const auto& child) {
          if (s.timestamp && child.timestamp)
            error::invalid("Timestamp must be set either on BATCH or individual statements");
          const schema::TableSchema& t = resolve_table(db, session, child.table);
          refuse_stored_system_write(t);
          if (t.view) error::invalid("Cannot directly modify a materialized view");
          const bool counter = std::any_of(t.columns.begin(), t.columns.end(), [](const schema::Column& c) {
            return c.type->kind == types::Kind::Counter;
          });
          (counter ? has_counters : has_non_counters) = true;
          (t.is_virtual ? has_virtual : has_regular) = true;
          tables.push_back(&t);
        },
        stmt);
  }
  if (s.timestamp && has_counters) error::invalid("Cannot provide custom timestamp for a BATCH containing counters");
  if (s.type == ast::BatchType::Counter && has_non_counters)
    error::invalid("Cannot include non-counter statement in a counter batch");
  if (has_counters && has_non_counters)
    error::invalid("Counter and non-counter mutations cannot exist in the same batch");
  if (s.type == ast::BatchType::Logged && has_counters)
    error::invalid("Cannot include a counter statement in a logged batch");
  if (s.type == ast::BatchType::Logged && has_virtual)
    error::invalid("Cannot include a virtual table statement in a logged batch");
  if (has_virtual && has_regular)
    error::invalid("Mutations for virtual and regular tables cannot exist in the same batch");
  if (has_conditions && has_virtual)
    error::invalid("Conditional BATCH statements cannot include mutations for virtual tables");
  if (has_conditions)
    for (const auto* t : tables)
      if (t != tables.front()) error::invalid("Batch with conditions cannot span multiple tables");

  std::vector<PreparedWrite> writes;
  for (const auto& stmt : s.statements) {
    std::visit(
        [&](const auto& child) {
          using S = std::decay_t<decltype(child)>;
          if constexpr (std::is_same_v<S, ast::Insert>)
            writes.push_back(prepare_insert(db, session, child, ts));
          else if constexpr (std::is_same_v<S, ast::Update>)
            writes.push_back(prepare_update(db, session, child, ts));
          else
            writes.push_back(prepare_delete(db, session, child, ts));
        },
        stmt);
  }
  for (const auto* t : tables) refuse_virtual_write(*t);  // when the batch would be applied
  if (has_conditions) return execute_conditional_batch(db, session, s, *tables.front(), writes);
  if (has_counters) {
    std::vector<std::string> warnings = batch_warnings(s, tables, writes);  // may refuse the batch
    for (const auto& w : writes) check_write_replicas(db, session, w);      // the same partitions as below
    // A counter update is a read-modify-write of the running total, so the parts of a batch of
    // counters (COUNTER or UNLOGGED) must see each other: now that all have validated, prepare
    // and apply them in turn.
    for (std::size_t i = 0; i < s.statements.size(); ++i) {
      const std::int64_t at = i == 0 ? ts : db.clock.next_write_timestamp();
      writes[i] = std::visit(
          [&](const auto& child) {
            using S = std::decay_t<decltype(child)>;
            if constexpr (std::is_same_v<S, ast::Insert>)
              return prepare_insert(db, session, child, at);
            else if constexpr (std::is_same_v<S, ast::Update>)
              return prepare_update(db, session, child, at);
            else
              return prepare_delete(db, session, child, at);
          },
          s.statements[i]);
      note_replica_writes(db, writes[i]);
      apply_write(db, writes[i], &warnings);
    }
    for (const auto& w : writes) check_write_answers(db, session, w);
    return Void{std::move(warnings)};
  }
  std::vector<std::string> warnings = batch_warnings(s, tables, writes);      // may refuse the batch
  if (s.type == ast::BatchType::Logged) check_batchlog(db, session, writes);  // planned first
  for (const auto& w : writes) check_write_replicas(db, session, w);          // before any is applied
  for (const auto& w : writes) note_replica_writes(db, w);
  for (auto& w : writes) apply_write(db, w, &warnings);
  if (!writes.empty()) {
    const std::string_view type = batch_write_type(writes, s.type == ast::BatchType::Logged);
    for (const auto& w : writes) check_write_answers(db, session, w, type);
  }
  return Void{std::move(warnings)};
}

}  // namespace cqlbox::exec
