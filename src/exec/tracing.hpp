// What a traced request did, as Cassandra's tracing records it in system_traces: the shell
// prints it (TRACING ON) and the native protocol stores it for drivers and cqlsh to read, so
// both show the same events. The events describe what cqlbox's store really did: a single
// partition read or a scan of every token range, the live rows and tombstones it read, where a
// write went. With a fixed clock (--now) the events are 1 µs apart, so transcripts repeat;
// otherwise they share out the real elapsed time.
#pragma once

#include <string>
#include <string_view>

#include "ast/ast.hpp"
#include "exec/database.hpp"
#include "exec/replica_activity.hpp"
#include "exec/result.hpp"

namespace cqlbox::exec {

// cqlsh does not trace a SELECT from system_traces (do_select's stop_tracing).
bool traced(const Session& session, const ast::Statement& statement);

// The trace of one request that started at `start_us` and took `elapsed_us`: its session id (a
// time uuid of the start), "Execute CQL3 query", the events and the duration. `text` is the
// statement as sent; `statement` and `result` (nullptr for a PREPARE or a failure) say what ran;
// `activity`, the replicas it contacted in a keyspace with several (replica_trace_events.hpp).
Database::Trace trace_request(Database& db, std::string_view request, std::string_view text,
                              const ast::Statement* statement, const Result* result, std::int64_t start_us,
                              std::int64_t elapsed_us, const ReplicaActivity* activity = nullptr);
// Keeps it for system_traces (the newest Database::kTraceLimit).
void record_trace(Database& db, Database::Trace trace);
// A 16-byte uuid as text (8-4-4-4-12).
std::string uuid_text(std::string_view bytes);

}  // namespace cqlbox::exec
