// The whole in-process database: the schema catalog, one store per table, and the clock.
// Only exec writes to it, and only through store::Mutation (see executor.hpp).
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "auth/auth_state.hpp"
#include "cluster/ring.hpp"
#include "exec/bound_values.hpp"
#include "exec/functions.hpp"
#include "schema/catalog.hpp"
#include "store/table_store.hpp"
#include "util/clock.hpp"
#include "util/memory.hpp"

namespace cqlbox::exec {

// What a table's store keeps of its slots' types: collection path types, and which regular
// slots hold 8-byte values (packed without a length).
store::PathTypes slot_types(const schema::TableSchema& t);

struct Database {
  Database();

  schema::Catalog catalog;
  std::map<std::string, std::unique_ptr<store::TableStore>, std::less<>> stores;  // "ks.table"
  util::Clock clock;
  cluster::Ring ring{3, 16};
  // cassandra.yaml's materialized_views_enabled. cqlbox turns it on (a stock 5.0 node has it off)
  // so the data-modelling course can use views; --disable-materialized-views restores the default.
  bool materialized_views_enabled = true;
  // Roles and grants (system_auth); `auth.enabled` is --auth.
  auth::AuthState auth;
  // --max-memory: writes and SELECT results are refused once the process has grown this much.
  util::MemoryBudget memory;
  std::uint64_t random_state = 0x5eedc0ffee;  // uuid(): seeded, so runs are repeatable
  std::int64_t last_uuid_time = 0;            // now(): strictly increasing timeuuids
  // List prepends: 2010-01-01 in timeuuid ticks, counting down.
  std::int64_t prepend_ticks = 12623040000000000LL + 0x01B21DD213814000LL;
  // Simulated replicas that missed writes while down (exec/replica_copies.hpp): by node, the
  // partitions each holds differently from the stores ("ks.table", partition key), and the
  // hints waiting for it. A dropped or altered table's copies go.
  struct ReplicaCopy {
    store::Partition partition;
    bool hinted = false;  // a hint covers it: replayed when the node starts
  };
  struct Replicas {
    bool handoff = true;  // NODETOOL enablehandoff / disablehandoff
    std::vector<std::map<std::pair<std::string, std::string>, ReplicaCopy>> copies;
    std::vector<std::size_t> hints;
    std::vector<std::int64_t> oldest_hint_ms, newest_hint_ms;  // by node, the session clock's
    std::size_t count = 0;                                     // copies held, on every node
  } replicas;

  // Traced requests, the shell's and native protocol clients', as system_traces.sessions and
  // events keep them (the newest kTraceLimit); exec/tracing.hpp builds them.
  struct TraceEvent {
    std::string event_id;  // 16 bytes: a time uuid of the event's time
    std::string activity, thread;
    std::string source;               // the node that recorded it; empty: the coordinator
    std::int32_t source_elapsed = 0;  // µs since the request started
  };
  struct Trace {
    std::string session_id;           // 16 bytes, a time uuid of the request's start
    std::string client, coordinator;  // addresses as text
    std::string request, query;
    std::int64_t started_at_ms = 0;
    std::int32_t duration_us = 0;
    std::vector<TraceEvent> events;
  };
  static constexpr std::size_t kTraceLimit = 1000;
  std::vector<Trace> traces;
  std::uint64_t traced_requests = 0;  // keeps session ids of one instant apart

  FunctionContext functions() { return {&clock, &random_state, &last_uuid_time, &prepend_ticks}; }

  store::TableStore& store_of(const schema::TableSchema& t);
  // Every replica's copy of the table "ks.table" goes (exec/replica_copies.hpp).
  void forget_replica_copies(const std::string& name);
  void drop_store(std::string_view keyspace, std::string_view table);

 private:
  // The store store_of() found last and its name in `stores`: a script writes one table
  // statement after statement, and this spares building the name and searching the map.
  const std::string* last_store_name_ = nullptr;
  store::TableStore* last_store_ = nullptr;
};

struct ReplicaActivity;  // exec/replica_activity.hpp

// Session state the statements read or change.
struct Session {
  std::string keyspace;  // USE; empty when none
  // Who runs the statements (Cassandra's ClientState user). `internal`: cqlbox itself (replaying
  // the commit log, loading a data file, a lesson's set-up), checked for nothing; `user` is then
  // the role a replayed statement ran as, so that its creator grants follow it. Otherwise `user`
  // is the logged-in role, or empty for the anonymous user of AllowAllAuthenticator.
  bool internal = true;
  std::string user;
  // Set by the interactive shell: Ctrl-C at the terminal. A read checks it as it goes and stops
  // with ErrorClass::ShellError "Interrupted" (reads change nothing, so nothing is half done).
  const volatile int* interrupted = nullptr;
  bool paging = true;            // cqlsh pages by default; ORDER BY + IN needs it off
  std::int64_t page_size = 100;  // rows per page when paging (cqlsh's default; a driver's fetch size)
  bool record_reads = false;     // STORAGE ON: SELECT results list the partitions/rows read
  // When set, a plain SELECT (no aggregate, GROUP BY, DISTINCT, ORDER BY or JSON) hands each
  // result row to it instead of holding them all: COPY TO streams a table this way.
  std::function<void(const std::vector<std::optional<std::string>>&)>* row_sink = nullptr;
  // Set by that SELECT before its first row goes to row_sink: the result's columns.
  const std::vector<ResultColumn>* sink_columns = nullptr;
  // The statement's bind markers (Parser::markers) and the values bound to them (the native
  // protocol's; the shell has none): their counts must agree.
  std::size_t markers = 0;
  const std::vector<BoundValue>* bound = nullptr;
  bool prepared = false;  // an EXECUTE of a prepared statement, not a QUERY
  // The consistency level (the protocol's code: ANY 0, ONE 1, …, SERIAL 8, LOCAL_SERIAL 9):
  // checked against the replicas that are up (exec/availability.hpp), and it decides which
  // replicas a read asks (exec/replica_copies.hpp).
  std::uint16_t consistency = 1;
  // The level of a lightweight transaction's Paxos round and of its read (the shell's SERIAL
  // CONSISTENCY, the protocol's serial_consistency): SERIAL 8 or LOCAL_SERIAL 9; any other is
  // refused when a conditional write runs (exec/paxos.hpp).
  std::uint16_t serial_consistency = 8;
  bool check_replicas = true;  // false: the commit log's replay (exec/availability.hpp)
  bool repair_reads = true;    // false: EXPLAIN and DRAW read without repairing (exec/replica_copies.hpp)
  // Set while a traced request runs: the replicas it contacts are noted there.
  ReplicaActivity* activity = nullptr;
  std::optional<std::int64_t> client_timestamp;  // the protocol's default timestamp for writes
  // The table resolve_table found last (a script names one table a million times), valid
  // while the catalog's epoch is the one it was found at.
  struct LastTable {
    std::uint64_t epoch = 0;
    std::string keyspace, name;
    const schema::TableSchema* table = nullptr;
  };
  mutable LastTable last_table;
};

}  // namespace cqlbox::exec
