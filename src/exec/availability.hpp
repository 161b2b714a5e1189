// Whether enough replicas are up for a request (NODETOOL stop and start; cluster/consistency
// .hpp): the partitions a statement reads or writes, each one's replicas on the ring, and the
// session's consistency level. A request that cannot reach enough is refused before anything
// is read or applied, with Cassandra's Unavailable error (0x1000). Tables of the system
// keyspaces (LocalStrategy, or answered by the coordinator itself) are always available.
#pragma once

#include "exec/database.hpp"
#include "exec/executor.hpp"
#include "exec/restrictions.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec {

// Every mutation of `w` (a BATCH calls it for each statement before applying any).
void check_write_replicas(const Database& db, const Session& session, const PreparedWrite& w);
// A conditional write: Paxos needs a quorum of the partition's replicas (SERIAL).
void check_paxos_replicas(const Database& db, const PreparedWrite& w);
// A SELECT: the partitions its restrictions name, or else every token range it scans.
void check_read_replicas(const Database& db, const Session& session, const schema::TableSchema& t,
                         const SelectRestrictions& r);

}  // namespace cqlbox::exec
