// Whether enough replicas are up for a request (NODETOOL stop and start; cluster/consistency
// .hpp): the partitions a statement reads or writes, each one's replicas on the ring, and the
// session's consistency level. A request that cannot reach enough is refused before anything
// is read or applied, with Cassandra's Unavailable error (0x1000). Then the replicas that answer
// in time (NODETOOL slow) are counted: too few is a ReadTimeout (0x1200), or after the write is
// applied a WriteTimeout (0x1100). Tables of the system keyspaces (LocalStrategy, or answered
// by the coordinator itself) are always available.
#pragma once

#include <cstdint>
#include <string_view>

#include "cluster/consistency.hpp"
#include "exec/database.hpp"
#include "exec/executor.hpp"
#include "exec/restrictions.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec {

// Every mutation of `w` (a BATCH calls it for each statement before applying any).
void check_write_replicas(const Database& db, const Session& session, const PreparedWrite& w);
// After `w` is applied: fewer replicas than the level waits for answered in time (a node made
// slow by NODETOOL slow) gives Cassandra's WriteTimeout (0x1100), `write_type` SIMPLE, BATCH or
// UNLOGGED_BATCH (COUNTER for a counter table). The write stays applied: in Cassandra it
// reaches the slow replica late, and a timeout undoes nothing.
// (Inline: a script's millions of writes, every node prompt and no trace, only test two flags.)
void write_answers(const Database& db, const Session& session, const PreparedWrite& w, std::string_view write_type);
inline void check_write_answers(const Database& db, const Session& session, const PreparedWrite& w,
                                std::string_view write_type = "SIMPLE") {
  if (session.activity || (session.check_replicas && !db.ring.all_prompt())) write_answers(db, session, w, write_type);
}
// The write type a BATCH of `writes` times out with.
std::string_view batch_write_type(const std::vector<PreparedWrite>& writes, bool logged);
// A LOGGED batch, before its writes' checks: its batchlog needs a live node besides the
// coordinator (Unavailable at TWO, 2 required, 0 alive).
void check_batchlog(const Database& db, const Session& session, const std::vector<PreparedWrite>& writes);
// A conditional write, before its condition is read: the session's serial and commit levels
// are valid for one, and Paxos reaches a majority of the partition's replicas (Unavailable or
// a CAS WriteTimeout naming the serial level).
void check_paxos_replicas(const Database& db, const Session& session, const PreparedWrite& w);
// A conditional write whose condition holds, before it is applied: its commit reaches the
// replicas the session's level needs (Unavailable naming that level).
void check_paxos_commit(const Database& db, const Session& session, const PreparedWrite& w);
// After it is applied: too few prompt replicas for the commit's level (NODETOOL slow) is a
// WriteTimeout "CAS operation timed out", write type SIMPLE; the write stays applied.
void paxos_commit_answers(const Database& db, const Session& session, const PreparedWrite& w);
// The level a lightweight transaction reads its partition at: QUORUM, or LOCAL_QUORUM under
// LOCAL_SERIAL (StorageProxy.cas).
inline std::uint16_t paxos_read_level(std::uint16_t serial) {
  return serial == cluster::kLocalSerial ? cluster::kLocalQuorum : cluster::kQuorum;
}
// A SELECT: the partitions its restrictions name, or else every token range it scans.
void check_read_replicas(const Database& db, const Session& session, const schema::TableSchema& t,
                         const SelectRestrictions& r);

}  // namespace cqlbox::exec
