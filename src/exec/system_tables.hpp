// The tables of Cassandra 5.0's system keyspaces (system, system_auth, system_distributed,
// system_schema, system_traces and the virtual system_views, system_virtual_schema): their
// schemas (system_schema_defs) are registered with the catalog at start. A few have rows,
// regenerated from the catalog and the ring just before each read so that they always
// describe the current schema and cluster: system.local, peers, peers_v2, system_schema.*
// (keyspaces, tables, columns, types, views, indexes) and system_virtual_schema.*. The others
// read as empty.
#pragma once

#include "exec/database.hpp"

namespace cqlbox::exec {

// Adds the system tables' schemas to the (already created) system keyspaces and marks the
// virtual keyspaces.
void register_system_tables(Database& db);

// True when `t` is in a system keyspace (writes to it are refused); refresh() rewrites its
// store: the rows above, or none.
bool is_system_table(const schema::TableSchema& t);
void refresh_system_table(Database& db, const schema::TableSchema& t);

}  // namespace cqlbox::exec
