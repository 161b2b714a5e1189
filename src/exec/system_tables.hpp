// The system tables a client reads (system.local, system.peers, system_schema.keyspaces,
// tables, columns, types, indexes): their schemas are registered with the catalog at start,
// and their rows are regenerated from the catalog and the ring just before each read, so they
// always describe the current schema and cluster.
#pragma once

#include "exec/database.hpp"

namespace cqlbox::exec {

// Adds the system tables' schemas to the (already created) system keyspaces.
void register_system_tables(Database& db);

// True when `t` is one of them; refresh() rewrites its store from the catalog and ring.
bool is_system_table(const schema::TableSchema& t);
void refresh_system_table(Database& db, const schema::TableSchema& t);

}  // namespace cqlbox::exec
