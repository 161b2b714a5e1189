// The checks Cassandra makes when it prepares a statement, before any value is bound: a
// SELECT's restrictions (StatementRestrictions), its selection, ORDER BY and GROUP BY. PREPARE
// refuses such a statement at once, and a QUERY whose values do not match its markers is
// refused for them first, as QueryProcessor prepares before it counts the values.
#pragma once

#include "ast/ast.hpp"

namespace cqlbox::exec {

struct Database;
struct Session;

// Throws what preparing `statement` would throw (after bind_specs has named a missing table or
// column). Each marker stands for a sample value of the type its receiver gives it.
void check_prepared_statement(Database& db, Session& session, const ast::Statement& statement);

}  // namespace cqlbox::exec
