// Data statements: INSERT (UPDATE, DELETE and BATCH arrive with the data-model issue).
#pragma once

#include "cql/ddl.hpp"

namespace cqlbox::grammar {

struct using_ttl : seq<kw_ttl, term> {};
struct using_timestamp : seq<kw_timestamp, term> {};
struct using_clause : seq<kw_using, list<sor<using_ttl, using_timestamp>, kw_and>> {};

struct insert_column : ident {};
struct insert_values_open : lparen {};
struct insert_stmt : seq<kw_insert, kw_into, qualified_name, lparen, list<insert_column, comma>,
                         rparen, kw_values, insert_values_open, list<term, comma>, rparen,
                         opt<if_not_exists>, opt<using_clause>> {};

}  // namespace cqlbox::grammar
