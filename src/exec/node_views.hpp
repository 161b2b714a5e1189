// system_views tables that describe the simulated nodes (issue #25), so that a driver, which
// knows one host, can see what NODETOOL shows at the shell.
#pragma once

#include "exec/database.hpp"
#include "schema/table_schema.hpp"
#include "store/table_store.hpp"

namespace cqlbox::exec {

// system_views.pending_hints (PendingHintsTable): one row per node this coordinator holds
// hints for, as NODETOOL listpendinghints lists them. Whether `t` is one of these tables.
bool fill_node_view(const Database& db, store::TableStore& st, const schema::TableSchema& t);

}  // namespace cqlbox::exec
