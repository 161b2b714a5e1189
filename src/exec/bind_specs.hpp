// What each bind marker of a statement stands for, as PREPARE reports it: the column (or
// "[limit]", "value(m)", …) and its type, so a driver can serialize the values. Cassandra
// derives these while preparing; cqlbox reads them off the AST and the schema.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <optional>

#include "ast/ast.hpp"
#include "exec/result.hpp"
#include "types/cql_type.hpp"

namespace cqlbox::exec {

struct Database;
struct Session;

struct BindSpec {
  std::string keyspace, table;
  std::string name;  // the column, "[limit]", "key(m)", "value(m)", "partition key token", …
  const types::CqlType* type = nullptr;
};

struct BindSpecs {
  std::vector<BindSpec> markers;        // in marker order
  std::vector<std::uint16_t> pk_index;  // the marker of each partition key column, if all have one
  // A SELECT's result columns (PREPARED's result metadata); unset for other statements.
  std::optional<std::vector<ResultColumn>> result;
  std::string result_keyspace, result_table;
};

// REQUIRES: `markers` is the parser's count for `statement`. Throws what resolving the table
// throws (unknown keyspace or table). A marker whose role is not recognised is typed blob.
BindSpecs bind_specs(const Database& db, const Session& session, const ast::Statement& statement, std::size_t markers);

}  // namespace cqlbox::exec
