// --data DIR: replaying the commit log at start, and logging each statement that changes data
// or schema before it runs (persist/commit_log.hpp has the format and the guarantees).
#include <fmt/format.h>

#include "exec/executor.hpp"
#include "shell/shell.hpp"

namespace cqlbox::shell {

namespace {

// SELECT reads, USE only moves the session: neither needs replaying.
bool changes_state(const ast::Statement& s) {
  return !std::holds_alternative<ast::Select>(s) && !std::holds_alternative<ast::Use>(s);
}

}  // namespace

std::string Shell::open_data_dir() {
  const std::string error = log_.open(*options_.data, options_.commitlog_periodic ? persist::SyncMode::Periodic
                                                                                   : persist::SyncMode::Batch);
  if (!error.empty()) return error;
  const auto clock_mode = db_.clock.fixed_at();
  std::int64_t last = db_.clock.last_timestamp();
  std::string notice;
  log_.replay([&](const persist::Record& r) {
    // The clock and the random state the statement first ran with: now(), uuid(), write
    // timestamps and list element ids come out the same.
    db_.clock.restore(r.now_us);
    db_.clock.set_last_timestamp(r.last_timestamp);
    db_.random_state = r.random_state;
    db_.last_uuid_time = r.last_uuid_time;
    db_.prepend_ticks = r.prepend_ticks;
    std::vector<exec::BoundValue> values;
    for (const auto& v : r.values)
      values.push_back({static_cast<exec::BoundValue::State>(v.state), v.bytes});
    exec::Session session;
    session.keyspace = r.keyspace;
    session.paging = false;
    try {
      const ast::Statement& stmt = parser_.parse(r.text);
      session.markers = parser_.markers();
      session.bound = values.empty() ? nullptr : &values;
      session.prepared = true;
      (void)exec::execute(db_, session, stmt);
    } catch (const std::exception&) {
      // It failed the same way when it first ran (and was taken back then): nothing to redo.
    }
    last = std::max(last, db_.clock.last_timestamp());
  }, notice);
  db_.clock.restore(clock_mode);
  db_.clock.set_last_timestamp(last);
  if (!notice.empty()) std::fprintf(stderr, "%s\n", notice.c_str());
  return "";
}

bool Shell::log_statement(const ast::Statement& statement, std::string_view text, const exec::Session& session,
                          const std::vector<exec::BoundValue>* values) {
  if (!log_.is_open() || !changes_state(statement)) return true;
  persist::Record r;
  r.now_us = db_.clock.now_us();
  r.clock_fixed = db_.clock.fixed();
  r.last_timestamp = db_.clock.last_timestamp();
  r.random_state = db_.random_state;
  r.last_uuid_time = db_.last_uuid_time;
  r.prepend_ticks = db_.prepend_ticks;
  r.keyspace = session.keyspace;
  r.text = std::string(text);
  if (values)
    for (const auto& v : *values) r.values.push_back({static_cast<std::uint8_t>(v.state), std::string(v.bytes)});
  const std::string error = log_.append(r);
  if (!error.empty()) {
    last_log_error_ = error;
    return false;
  }
  // The statement runs at the instant logged, however long it takes, as its replay will.
  pinned_clock_ = db_.clock.fixed_at();
  db_.clock.restore(r.now_us);
  pinned_ = true;
  return true;
}

void Shell::sync_log() {
  if (!log_.is_open()) return;
  std::lock_guard lock(db_mutex_);
  const std::string error = log_.sync();
  if (!error.empty()) std::fprintf(err_file_, "%s\n", error.c_str());
}

void Shell::finish_statement(bool failed) {
  if (!pinned_) return;
  if (failed) log_.rollback();
  db_.clock.restore(pinned_clock_);
  pinned_ = false;
}

}  // namespace cqlbox::shell
