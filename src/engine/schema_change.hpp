// The SCHEMA_CHANGE a schema statement makes (the protocol's RESULT and the EVENT pushed to
// connections that registered for it), read off the statement before it runs: Cassandra answers
// Void instead when IF [NOT] EXISTS made the statement a no-op, so whether the target exists is
// taken first. The engine puts it in the statement's result (exec::Void::schema_change).
#pragma once

#include <optional>
#include <string_view>

#include "ast/ast.hpp"
#include "schema/catalog.hpp"
#include "exec/result.hpp"

namespace cqlbox::engine {

struct PlannedChange {
  exec::SchemaChange change;
  bool noop_if_exists = false;  // CREATE … IF NOT EXISTS and the target exists
};

// nullopt for statements that change no schema. `keyspace` is the session's.
std::optional<PlannedChange> plan_schema_change(const ast::Statement& statement, const schema::Catalog& catalog,
                                                std::string_view keyspace);

}  // namespace cqlbox::engine
