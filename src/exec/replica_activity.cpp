// Noting what the simulated replicas do for a traced request (replica_activity.hpp).
#include "exec/replica_activity_notes.hpp"

#include <algorithm>

#include "cluster/ring.hpp"
#include "exec/replica_activity.hpp"
#include "exec/replica_copies.hpp"
#include "exec/system_tables.hpp"
#include "util/murmur3.hpp"

namespace cqlbox::exec {

namespace {

// The table's keyspace replication when it keeps more than one replica; traces of a keyspace
// with one replica stay a single node's.
const cluster::Replication* replicated(const Database& db, const schema::TableSchema& t, cluster::Replication& r) {
  if (is_system_table(t)) return nullptr;
  const schema::KeyspaceSchema* ks = db.catalog.keyspace(t.keyspace);
  if (!ks) return nullptr;
  r = cluster::replication_of(ks->replication);
  return r.total_replication_factor > 1 && db.ring.nodes().size() > 1 ? &r : nullptr;
}

ReplicaActivity::Partition partition_at(const Database& db, const schema::TableSchema& t, std::string_view key,
                                        std::int64_t token, bool write) {
  ReplicaActivity::Partition p;
  p.write = write;
  p.table = t.name;
  p.key = std::string(key);
  p.token = token;
  const auto& tokens = db.ring.tokens();
  const std::size_t owner = db.ring.owner_index(token);
  p.range_end = tokens[owner].first;
  p.range_start = tokens[owner == 0 ? tokens.size() - 1 : owner - 1].first;
  return p;
}

}  // namespace

void note_traced_read(const Database& db, const Session& session, const schema::TableSchema& t,
                      const store::Partition& newest) {
  if (!session.activity || session.activity->full()) return;
  cluster::Replication r;
  if (!replicated(db, t, r)) return;
  ReplicaActivity::Partition p = partition_at(db, t, newest.key(), newest.token(), false);
  p.replicas = replicas_asked_for(db, session, t, newest.token());
  // A digest mismatch: the replicas asked do not all hold the same. Every one behind is
  // repaired (exec/replica_copies.cpp merges them), so the trace names them.
  std::vector<int> behind;
  for (int node : p.replicas)
    if (replica_copy(db, node, t, newest.key())) behind.push_back(node);
  if (!behind.empty() && (behind.size() < p.replicas.size() || behind.size() > 1) && session.repair_reads)
    p.repaired = behind;
  session.activity->partitions.push_back(std::move(p));
}

void note_traced_write(const Database& db, const Session& session, const PreparedWrite& w) {
  if (!session.activity || !w.table) return;
  cluster::Replication r;
  if (!replicated(db, *w.table, r)) return;
  for (const store::Mutation& m : w.mutations) {
    if (session.activity->full()) return;
    const std::int64_t token = util::murmur3_token(m.partition_key);
    ReplicaActivity::Partition p = partition_at(db, *w.table, m.partition_key, token, true);
    for (int node : db.ring.replicas(token, r))
      if (db.ring.is_up(node)) p.replicas.push_back(node);
    session.activity->partitions.push_back(std::move(p));
  }
}

}  // namespace cqlbox::exec
