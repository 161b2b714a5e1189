#include "engine/engine.hpp"

#include <type_traits>
#include <variant>

#include "engine/schema_change.hpp"
#include "error/cql_error.hpp"
#include "exec/executor.hpp"

namespace cqlbox::engine {

namespace {

// execute() tells DML and SELECT from schema statements by the variant's index.
static_assert(std::is_same_v<std::variant_alternative_t<4, ast::Statement>, ast::Batch> &&
              std::is_same_v<std::variant_alternative_t<5, ast::Statement>, ast::CreateKeyspace>);

// The text a commit log keeps: an auth statement's without its password.
std::string loggable_text(const ast::Statement& statement, std::string_view text) {
  if (const auto* a = std::get_if<ast::AuthStatement>(&statement))
    if (auto safe = exec::password_free_text(*a)) return *std::move(safe);
  return std::string(text);
}

}  // namespace

// SELECT reads, USE only moves the session: neither needs replaying.
bool Engine::changes_state(const ast::Statement& s) const {
  return !std::holds_alternative<ast::Select>(s) && !std::holds_alternative<ast::Use>(s);
}

exec::Result Engine::execute(const ast::Statement& statement, std::string_view text, exec::Session& session,
                             const std::vector<exec::BoundValue>* values) {
  const std::uint64_t epoch = db_.catalog.epoch();
  struct SchemaWatch {  // however the statement ends: a schema it changed drops stale prepared statements
    Engine& e;
    std::uint64_t epoch;
    ~SchemaWatch() {
      if (e.db_.catalog.epoch() != epoch && e.prepared_.size() > 0) e.prepared_.schema_changed(e.db_);
    }
  } watch{*this, epoch};
  // DML and SELECT, the statements a script repeats, change no schema: without --data they
  // only run (the result is built in place, not moved through here).
  const bool dml = statement.index() <= 4;  // Select, Insert, Update, Delete, Batch (ast.hpp's order)
  if (dml && !log_.is_open()) return exec::execute(db_, session, statement);
  // What a schema statement changes is read before it runs (whether IF [NOT] EXISTS makes it a
  // no-op depends on what exists now).
  std::optional<PlannedChange> change;
  if (!dml) change = plan_schema_change(statement, db_.catalog, session.keyspace);
  exec::Result result;
  if (!log_.is_open() || !changes_state(statement)) {
    result = exec::execute(db_, session, statement);
  } else {
    log(statement, text, session, values);
    try {
      result = exec::execute(db_, session, statement);
    } catch (const error::CqlError& e) {
      // A write that timed out waiting for a slow replica was applied (a CAS's timeout comes
      // before anything is): it stays in the log, as it stays in memory.
      finish(!e.write_applied);
      throw;
    } catch (...) {
      finish(true);
      throw;
    }
    finish(false);
  }
  if (change && !change->noop_if_exists)
    if (auto* done = std::get_if<exec::Void>(&result)) done->schema_change = std::move(change->change);
  return result;
}

void Engine::log(const ast::Statement& statement, std::string_view text, const exec::Session& session,
                 const std::vector<exec::BoundValue>* values) {
  persist::Record r;
  r.now_us = db_.clock.now_us();
  r.clock_fixed = db_.clock.fixed();
  r.last_timestamp = db_.clock.last_timestamp();
  r.random_state = db_.random_state;
  r.last_uuid_time = db_.last_uuid_time;
  r.prepend_ticks = db_.prepend_ticks;
  r.client_timestamp = session.client_timestamp;
  r.keyspace = session.keyspace;
  r.user = session.user;
  r.text = loggable_text(statement, text);
  if (values)
    for (const auto& v : *values) r.values.push_back({static_cast<std::uint8_t>(v.state), std::string(v.bytes)});
  if (const std::string error = log_.append(r); !error.empty()) throw DurabilityError(error);
  // The statement runs at the instant logged, however long it takes, as its replay will.
  pinned_clock_ = db_.clock.fixed_at();
  db_.clock.restore(r.now_us);
  pinned_ = true;
}

void Engine::finish(bool failed) {
  if (!pinned_) return;
  if (failed) log_.rollback();
  db_.clock.restore(pinned_clock_);
  pinned_ = false;
}

std::string Engine::sync(bool idle) {
  if (!log_.is_open()) return "";
  std::lock_guard lock(mutex_);
  return log_.sync(idle);
}

}  // namespace cqlbox::engine
