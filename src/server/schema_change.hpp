// The SCHEMA_CHANGE a schema statement makes (its RESULT and the EVENT pushed to connections
// that registered for it), read off the statement. Cassandra answers Void instead when IF [NOT]
// EXISTS made the statement a no-op, so the existence of the target is taken before running it.
#pragma once

#include <optional>
#include <string_view>

#include "ast/ast.hpp"
#include "schema/catalog.hpp"
#include "server/results.hpp"

namespace cqlbox::server {

struct PlannedChange {
  SchemaChange change;
  bool noop_if_exists = false;  // CREATE … IF NOT EXISTS and the target exists
};

// nullopt for statements that change no schema. `keyspace` is the session's.
std::optional<PlannedChange> plan_schema_change(const ast::Statement& statement, const schema::Catalog& catalog,
                                                std::string_view keyspace);

}  // namespace cqlbox::server
