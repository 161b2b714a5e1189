// Noting, while a traced request runs, which simulated replicas it contacts
// (replica_activity.hpp): nothing unless the Session points at a ReplicaActivity.
#pragma once

#include "exec/database.hpp"
#include "exec/executor.hpp"
#include "schema/table_schema.hpp"
#include "store/partition.hpp"

namespace cqlbox::exec {

// A single-partition read of `newest` (the store's partition), before its replicas are read
// and repaired: the replicas it asks, and those a digest mismatch will repair.
void note_traced_read(const Database& db, const Session& session, const schema::TableSchema& t,
                      const store::Partition& newest);
// A write: the live replicas of each partition it changes.
void note_traced_write(const Database& db, const Session& session, const PreparedWrite& w);

}  // namespace cqlbox::exec
