// The INSERT a script repeats, worked out once per statement shape. A script of a million
// INSERTs is one shape (parse/statement_cache.hpp): the table, which column each value goes
// to, its type, and the checks that cannot fail for that shape are the same every time. The
// plan keeps them, and each statement only encodes its literals into a kept mutation.
//
// Only the plain case has a plan: literal values for every column given, the whole primary
// key, no TTL, TIMESTAMP, JSON, IF NOT EXISTS, collections, counters or statics, a table that
// is neither a view, virtual, a system table nor one with a default TTL. Anything else, and any
// value the plan cannot encode (out of range, an empty partition key), goes the general way
// (insert.cpp), which gives Cassandra's errors.
#pragma once

#include <cstdint>

#include "ast/ast.hpp"
#include "exec/database.hpp"
#include "exec/executor.hpp"

namespace cqlbox::exec {

struct InsertPlan;

// The plan for `s`'s shape, made on first use, or nullptr when `s` has none. Reads nothing but
// the schema, changes nothing.
const InsertPlan* insert_plan(Database& db, const Session& session, const ast::Insert& s);

// `s` as one write at `timestamp` by `plan`, or nullptr when a value does not encode (the
// general way then says why). Valid until the next call.
const PreparedWrite* planned_insert(const InsertPlan& plan, const ast::Insert& s, std::int64_t timestamp);

}  // namespace cqlbox::exec
