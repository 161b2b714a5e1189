// The top rule: one CQL statement, an optional ';', end of input.
#pragma once

#include "cql/auth.hpp"
#include "cql/ddl.hpp"
#include "cql/dml.hpp"
#include "cql/select.hpp"

namespace cqlbox::grammar {

struct end_of_input : eof {
  static constexpr const char* expected = "EOF";
};
// EXPLAIN <select>: cqlbox's own, how the query would be served (exec/explain.cpp).
struct explain_stmt : seq<kw_explain, select_stmt> {};
struct cql_statement : sor<explain_stmt, select_stmt, insert_stmt, update_stmt, delete_stmt, batch_stmt, create_stmt,
                           drop_stmt, alter_stmt, use_stmt, truncate_stmt, grant_stmt, revoke_stmt, list_stmt> {};
struct statement : seq<sp, cql_statement, opt<semicolon>, end_of_input> {};

}  // namespace cqlbox::grammar
