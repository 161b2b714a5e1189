// --data DIR (engine.hpp): at start, the newest data file and then the commit log after it; each statement
// that changes data or schema logged before it runs; a flush writing a data file and
// retiring the log segments it covers (persist/commit_log.hpp has the formats and guarantees).
//
// A data file's payload (integers big-endian, strings u32 length + bytes):
//   u32 version (2) | i64 last write timestamp | u64 random state | i64 last uuid time |
//   i64 list prepend ticks | u32 n schema statements, each a string (DESCRIBE's CREATE
//   statements) | [version 2: u32 n role statements, each a string (CREATE ROLE, GRANT: every
//   role and grant)] | u32 n tables, each: keyspace | table | u64 n mutations | the mutations
//   (store/mutation_codec.hpp), partitions in token order.
#include <fmt/format.h>

#include "engine/engine.hpp"
#include "exec/executor.hpp"
#include "print/describe.hpp"
#include "print/describe_rows.hpp"
#include "store/mutation_codec.hpp"
#include "util/big_endian.hpp"

namespace cqlbox::engine {

using util::put_be;

std::string Engine::data_file_payload() {
  std::string out;
  put_be(out, 3, 4);
  put_be(out, static_cast<std::uint64_t>(db_.clock.last_timestamp()), 8);
  put_be(out, db_.random_state, 8);
  put_be(out, static_cast<std::uint64_t>(db_.last_uuid_time), 8);
  put_be(out, static_cast<std::uint64_t>(db_.prepend_ticks), 8);
  // The schema as DESCRIBE SCHEMA WITH INTERNALS gives it: statements that recreate it exactly,
  // ids and dropped columns (with their drop times) included.
  const print::DescribeResult schema = print::describe(db_.catalog, "", {"schema", "with", "internals"}, "DESCRIBE");
  std::vector<std::string> statements;
  for (const auto& r : schema.rows) {
    if (!r.table) {
      statements.push_back(print::replayable_ddl(r.create_statement));
      continue;
    }
    for (auto& statement : print::table_replay_ddl(*r.table)) statements.push_back(std::move(statement));
  }
  put_be(out, statements.size(), 4);
  for (const auto& statement : statements) util::put_be_string(out, statement);
  const std::vector<std::string> roles = exec::auth_state_statements(db_.auth);
  put_be(out, roles.size(), 4);
  for (const auto& r : roles) util::put_be_string(out, r);
  std::vector<std::pair<const schema::TableSchema*, const store::TableStore*>> tables;
  for (const auto& [name, ks] : db_.catalog.keyspaces()) {
    if (print::is_system_keyspace(name)) continue;
    for (const auto& [tname, t] : ks.tables)
      if (auto it = db_.stores.find(name + "." + tname); it != db_.stores.end())
        tables.emplace_back(&t, it->second.get());
  }
  put_be(out, tables.size(), 4);
  for (const auto& [t, st] : tables) {
    util::put_be_string(out, t->keyspace);
    util::put_be_string(out, t->name);
    const std::size_t count_at = out.size();
    put_be(out, 0, 8);
    std::uint64_t count = 0;
    for (const store::Partition& p : st->partitions())
      store::partition_mutations(p, [&](const store::Mutation& m) {
        store::encode_mutation(m, out);
        ++count;
      });
    for (int i = 0; i < 8; ++i)
      out[count_at + static_cast<std::size_t>(i)] = static_cast<char>((count >> (56 - 8 * i)) & 0xff);
    // Version 3: the cells dropped columns keep for a re-add (TableStore::shelve).
    put_be(out, st->shelf().size(), 4);
    for (const auto& [column, kept] : st->shelf()) {
      util::put_be_string(out, column);
      put_be(out, kept.is_static ? 1 : 0, 1);
      put_be(out, kept.writes.size(), 8);
      for (const store::Mutation& m : kept.writes) store::encode_mutation(m, out);
    }
  }
  return out;
}

std::string Engine::load_data_file(const std::string& payload) {
  util::BigEndianReader r{payload};
  const std::uint64_t version = r.u(4);
  if (version < 1 || version > 3) return "unknown data file version";
  const auto last = static_cast<std::int64_t>(r.u(8));
  db_.random_state = r.u(8);
  db_.last_uuid_time = static_cast<std::int64_t>(r.u(8));
  db_.prepend_ticks = static_cast<std::int64_t>(r.u(8));
  db_.clock.set_last_timestamp(std::max(db_.clock.last_timestamp(), last));
  // A list of statements (the schema's CREATEs, then in version 2 the roles' CREATE ROLE and
  // GRANT), run as cqlbox itself: "" or what failed, named by the text before `cut`.
  auto run_statements = [&](const char* what, std::string_view cut) -> std::string {
    const std::uint64_t n = r.u(4);
    for (std::uint64_t i = 0; r.ok && i < n; ++i) {
      const std::string text = r.str();
      exec::Session session;
      try {
        (void)exec::execute(db_, session, parser_.parse(text));
      } catch (const std::exception& e) {
        return fmt::format("cannot recreate the {} ({}): {}", what, text.substr(0, text.find(cut)), e.what());
      }
    }
    return "";
  };
  if (std::string problem = run_statements("schema", "\n"); !problem.empty()) return problem;
  if (version >= 2) {
    db_.auth.clear();  // the file holds every role, the default one included unless dropped
    if (std::string problem = run_statements("roles", " WITH"); !problem.empty()) return problem;
  }
  const std::uint64_t tables = r.u(4);
  for (std::uint64_t i = 0; r.ok && i < tables; ++i) {
    const std::string ks = r.str(), name = r.str();
    const std::uint64_t count = r.u(8);
    const schema::TableSchema* t = db_.catalog.table(ks, name);
    if (!t) return fmt::format("table {}.{} has data but no schema", ks, name);
    store::TableStore& st = db_.store_of(*t);
    store::Mutation m;
    for (std::uint64_t k = 0; r.ok && k < count; ++k) {
      if (!store::decode_mutation(r.data, m)) return fmt::format("damaged rows in {}.{}", ks, name);
      st.apply(m);
    }
    const std::uint64_t shelved = version >= 3 ? r.u(4) : 0;
    for (std::uint64_t c = 0; r.ok && c < shelved; ++c) {
      const std::string column = r.str();
      store::TableStore::Shelved kept;
      kept.is_static = r.u(1) != 0;
      const std::uint64_t writes = r.u(8);
      for (std::uint64_t k = 0; r.ok && k < writes; ++k) {
        if (!store::decode_mutation(r.data, m)) return fmt::format("damaged dropped-column cells in {}.{}", ks, name);
        kept.writes.push_back(m);
      }
      st.restore_shelved(column, std::move(kept));
    }
    // What was flushed is no longer in a memtable (nodetool tablestats counts from here).
    st.writes = 0;
    st.operations = 0;
  }
  return r.ok ? "" : "the data file is cut short";
}

std::string Engine::open_data(const DataOptions& options) {
  std::lock_guard lock(mutex_);
  const std::string error =
      log_.open(options.dir, options.periodic_sync ? persist::SyncMode::Periodic : persist::SyncMode::Batch);
  if (!error.empty()) return error;
  const auto clock_mode = db_.clock.fixed_at();
  std::int64_t last = db_.clock.last_timestamp();
  const std::uint64_t generation = log_.data_generation();
  if (generation > 0) {
    std::string payload, problem;
    if (!log_.read_data_file(generation, payload, problem)) return problem;
    problem = load_data_file(payload);
    if (!problem.empty()) return fmt::format("Data file {}/data-{}.db: {}", log_.dir(), generation, problem);
    last = std::max(last, db_.clock.last_timestamp());
  }
  const persist::CommitLog::ReplayReport report = log_.replay(
      generation,
      [&](const persist::Record& r) {
        // The clock and the random state the statement first ran with: now(), uuid(), write
        // timestamps and list element ids come out the same.
        db_.clock.restore(r.now_us);
        db_.clock.set_last_timestamp(r.last_timestamp);
        db_.random_state = r.random_state;
        db_.last_uuid_time = r.last_uuid_time;
        db_.prepend_ticks = r.prepend_ticks;
        std::vector<exec::BoundValue> values;
        for (const auto& v : r.values) values.push_back({static_cast<exec::BoundValue::State>(v.state), v.bytes});
        exec::Session session;
        session.user = r.user;  // internal, so unchecked; its creator grants follow it
        session.keyspace = r.keyspace;
        session.paging = false;
        session.client_timestamp = r.client_timestamp;
        session.check_replicas = false;  // a logged write was acknowledged once: replay never refuses it
        std::string failure;
        try {
          const ast::Statement& stmt = parser_.parse(r.text);
          session.markers = parser_.markers();
          session.bound = values.empty() ? nullptr : &values;
          session.prepared = true;
          (void)exec::execute(db_, session, stmt);
        } catch (const std::exception& e) {
          // A statement that failed when it first ran was taken back, so this one succeeded then
          // and fails now: different start options (--max-memory, --disable-materialized-views).
          failure = e.what();
          if (failure.empty()) failure = "an internal error";
        } catch (...) {
          failure = "an internal error";
        }
        last = std::max(last, db_.clock.last_timestamp());
        return failure;
      },
      options.salvage);
  db_.clock.restore(clock_mode);
  db_.clock.set_last_timestamp(last);
  if (!report.error.empty()) {
    log_.close();
    return report.notice.empty() ? report.error : report.notice + "\n" + report.error;
  }
  if (!report.notice.empty()) std::fprintf(stderr, "%s\n", report.notice.c_str());
  if (!log_.is_open()) return "Cannot open the commit log in " + log_.dir();
  if (report.retire_log) {
    // What was replayed past damage or a skipped record lives only in memory now: a data file
    // makes it durable and retires the segments, so the next start neither replays the skipped
    // records again nor meets the damage (the copies, *.damaged, and the quarantine stay).
    std::string problem;
    const std::uint64_t next = log_.rotate(problem);
    if (problem.empty()) problem = log_.write_data_file(next, data_file_payload());
    if (!problem.empty()) return "After salvaging the commit log: " + problem;
    log_.remove_before(next);
    std::fprintf(stderr, "Commit log %s: the statements replayed are in %s/data-%llu.db\n",
                 report.salvaged ? "salvaged" : "retired", log_.dir().c_str(), static_cast<unsigned long long>(next));
    return "";
  }
  log_.remove_before(generation);  // what a flush cut short left behind
  return "";
}

std::string Engine::flush() {
  if (!log_.is_open()) return "";  // all in memory: nothing to write
  std::lock_guard lock(mutex_);
  std::string error = log_.sync(false);
  if (!error.empty()) return error;
  const std::uint64_t generation = log_.rotate(error);
  if (error.empty()) error = log_.write_data_file(generation, data_file_payload());
  if (!error.empty()) return error;
  log_.remove_before(generation);
  for (auto& [name, st] : db_.stores) {
    st->writes = 0;
    st->operations = 0;
  }
  return "";
}

std::string Engine::snapshot(const std::string& tag) {
  if (!log_.is_open()) return "";
  if (std::string error = flush(); !error.empty()) return error;
  std::string payload, error;
  const std::string target = log_.dir() + "/snapshots/" + tag;
  if (!log_.read_data_file(log_.data_generation(), payload, error)) return error;
  return persist::copy_into(log_.dir() + "/data-" + std::to_string(log_.data_generation()) + ".db", target);
}

void Engine::clear_snapshots(const std::string& tag) {
  if (log_.is_open()) persist::remove_snapshots(log_.dir() + "/snapshots", tag);
}

}  // namespace cqlbox::engine
