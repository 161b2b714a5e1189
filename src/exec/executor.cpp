#include "exec/executor.hpp"

#include "error/cql_error.hpp"
#include "exec/system_tables.hpp"
#include "exec/terms.hpp"

namespace cqlbox::exec {

const schema::TableSchema& resolve_table(const Database& db, const Session& session,
                                         const ast::QualifiedName& name) {
  std::string_view ks = name.keyspace.empty() ? std::string_view(session.keyspace) : name.keyspace;
  if (ks.empty())
    error::invalid("No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename");
  if (!db.catalog.keyspace(ks)) error::invalid("keyspace {} does not exist", ks);
  const schema::TableSchema* t = db.catalog.table(ks, name.name);
  if (!t) error::invalid("table {} does not exist", name.name);
  return *t;
}

Result execute(Database& db, Session& session, const ast::Statement& statement) {
  return std::visit(
      [&](const auto& s) -> Result {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, ast::Select>) {
          const schema::TableSchema& t = resolve_table(db, session, s.table);
          if (is_system_table(t)) refresh_system_table(db, t);
          return execute_select(db, session, s, t);
        }
        else if constexpr (std::is_same_v<S, ast::Insert>) return execute_insert(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Update>) return execute_update(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Delete>) return execute_delete(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Batch>) return execute_batch(db, session, s);
        else if constexpr (std::is_same_v<S, ast::CreateKeyspace>) return execute_create_keyspace(db, s);
        else if constexpr (std::is_same_v<S, ast::CreateIndex>) return execute_create_index(db, session, s);
        else if constexpr (std::is_same_v<S, ast::DropIndex>) return execute_drop_index(db, session, s);
        else if constexpr (std::is_same_v<S, ast::AlterTable>) return execute_alter_table(db, session, s);
        else if constexpr (std::is_same_v<S, ast::AlterKeyspace>) return execute_alter_keyspace(db, s);
        else if constexpr (std::is_same_v<S, ast::CreateType>) return execute_create_type(db, session, s);
        else if constexpr (std::is_same_v<S, ast::AlterType>) return execute_alter_type(db, session, s);
        else if constexpr (std::is_same_v<S, ast::DropType>) return execute_drop_type(db, session, s);
        else if constexpr (std::is_same_v<S, ast::CreateTable>) return execute_create_table(db, session, s);
        else if constexpr (std::is_same_v<S, ast::DropKeyspace>) return execute_drop_keyspace(db, session, s);
        else if constexpr (std::is_same_v<S, ast::DropTable>) return execute_drop_table(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Use>) return execute_use(db, session, s);
        else return execute_truncate(db, session, s);
      },
      statement);
}

namespace {
void apply(PreparedWrite& w) {
  for (const auto& m : w.mutations) w.store->apply(m);
}
}  // namespace

namespace {
void refuse_system_write(const Database& db, const Session& session, const ast::QualifiedName& name) {
  const schema::TableSchema& t = resolve_table(db, session, name);
  if (is_system_table(t))
    error::fail(error::ErrorClass::Unauthorized, "{} keyspace is not user-modifiable.", t.keyspace);
}
}  // namespace

Result execute_insert(Database& db, Session& session, const ast::Insert& s) {
  refuse_system_write(db, session, s.table);
  PreparedWrite w = prepare_insert(db, session, s, db.clock.next_write_timestamp());
  if (s.if_not_exists)
    return execute_conditional(db, resolve_table(db, session, s.table), w, ConditionKind::NotExists, nullptr);
  apply(w);
  return Void{};
}

Result execute_update(Database& db, Session& session, const ast::Update& s) {
  refuse_system_write(db, session, s.table);
  PreparedWrite w = prepare_update(db, session, s, db.clock.next_write_timestamp());
  if (s.if_exists || !s.conditions.empty())
    return execute_conditional(db, resolve_table(db, session, s.table), w,
                               s.if_exists ? ConditionKind::Exists : ConditionKind::Conditions, &s.conditions);
  apply(w);
  return Void{};
}

Result execute_delete(Database& db, Session& session, const ast::Delete& s) {
  refuse_system_write(db, session, s.table);
  PreparedWrite w = prepare_delete(db, session, s, db.clock.next_write_timestamp());
  if (s.if_exists || !s.conditions.empty())
    return execute_conditional(db, resolve_table(db, session, s.table), w,
                               s.if_exists ? ConditionKind::Exists : ConditionKind::Conditions, &s.conditions, true);
  apply(w);
  return Void{};
}

// Every statement is prepared before any is applied, so a bad one leaves nothing behind.
// All parts share one timestamp (the batch's USING TIMESTAMP, or one from the clock).
Result execute_batch(Database& db, Session& session, const ast::Batch& s) {
  std::int64_t ts = 0;
  if (s.timestamp) {
    static const types::CqlType* bigint = types::native_type(types::Kind::Bigint);
    auto v = bind_integer(*s.timestamp, *bigint, "[timestamp]");
    if (!v) error::invalid("Invalid null value of timestamp");
    ts = *v;
  } else {
    ts = db.clock.next_write_timestamp();
  }
  std::vector<PreparedWrite> writes;
  for (const auto& stmt : s.statements) {
    std::visit([&](const auto& child) {
      using S = std::decay_t<decltype(child)>;
      if (s.timestamp && child.timestamp)
        error::invalid("Timestamp must be set either on BATCH or individual statements");
      if constexpr (std::is_same_v<S, ast::Insert>) {
        if (child.if_not_exists) error::invalid("Conditional BATCH statements are not supported by cqlbox yet");
        writes.push_back(prepare_insert(db, session, child, ts));
      } else {
        if (child.if_exists || !child.conditions.empty())
          error::invalid("Conditional BATCH statements are not supported by cqlbox yet");
        if constexpr (std::is_same_v<S, ast::Update>) writes.push_back(prepare_update(db, session, child, ts));
        else writes.push_back(prepare_delete(db, session, child, ts));
      }
    }, stmt);
  }
  for (auto& w : writes) apply(w);
  return Void{};
}

}  // namespace cqlbox::exec
