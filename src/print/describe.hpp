// DESCRIBE output in Cassandra 5.0's text (the server-side DescribeStatement, printed by cqlsh):
// CREATE statements that replay into cqlbox or a real cluster, and cqlsh's columnized lists.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "schema/catalog.hpp"

namespace cqlbox::print {

std::string keyspace_ddl(const schema::KeyspaceSchema& ks);
// "p, c1" or "(p1, p2), c1": the inside of a table's PRIMARY KEY (…).
std::string primary_key_text(const schema::TableSchema& t);
// `internals`: DESCRIBE … WITH INTERNALS, with the table's ID and its dropped columns.
std::string table_ddl(const schema::TableSchema& t, bool internals = false);
// The statements that rebuild the table, dropped columns and all (a data file replays them):
// its CREATE WITH INTERNALS out of any comment, then each ALTER on its own.
std::vector<std::string> table_replay_ddl(const schema::TableSchema& t);
// The statement itself, out of the comment 5.0 wraps a COMPACT STORAGE table's DESCRIBE in (a
// data file replays it); any other statement unchanged.
std::string replayable_ddl(std::string_view statement);
// CREATE MATERIALIZED VIEW for a view (TableSchema::view set).
std::string view_ddl(const schema::TableSchema& view, bool internals = false);
std::string type_ddl(const types::CqlType& udt);
std::string index_ddl(const schema::TableSchema& t, const schema::IndexDef& index);

// Python cmd.Cmd.columnize: column-major, two-space gaps, the fewest rows that fit `width`.
std::string columnize(const std::vector<std::string>& items, std::size_t width = 80);

// Keyspaces with a "system" name, which DESCRIBE SCHEMA leaves out (FULL SCHEMA keeps them).
bool is_system_keyspace(const std::string& name);

}  // namespace cqlbox::print
