// What the simulated replicas hold when they disagree (issue #25): the cluster's data is kept
// once, as the newest of every write (the stores), and a node that missed writes while it was
// down keeps its own older copy of just the partitions it missed. A read at a consistency level
// asks the first live replicas in ring order, prompt ones before slow ones, as many as the
// level needs, and merges what they hold, newest timestamp first; when they disagreed, the ones
// asked are repaired (blocking read repair). Hints replay a node's missed writes when it
// starts, unless hinted handoff is off; NODETOOL repair brings every node up to date. While no
// node has missed a write, none of this costs anything.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "exec/database.hpp"
#include "exec/executor.hpp"
#include "store/partition.hpp"

namespace cqlbox::exec {

// Before `w` is applied (after the consistency check passed): each replica of each partition it
// writes that is down keeps the partition as it is now (and gets a hint, if handoff is on); each
// live replica that holds an older copy applies the write to it as well.
void note_replica_writes(Database& db, const PreparedWrite& w);

// The partition `newest` (the store's) as a read at the session's level sees it: the merge of
// what the replicas it asks hold. Repairs those replicas when they disagreed. `newest` itself
// when no replica of it is behind.
// `level` is the read's consistency level; `repair`: false for EXPLAIN and DRAW.
const store::Partition& read_replicas(Database& db, std::uint16_t level, bool repair, const schema::TableSchema& t,
                                      const store::Partition& newest);
inline const store::Partition& read_replicas(Database& db, const Session& session, const schema::TableSchema& t,
                                             const store::Partition& newest) {
  return read_replicas(db, session.consistency, session.repair_reads, t, newest);
}

// The replicas a read at `level` asks for the partition at `token`, the one asked for the
// data first.
std::vector<int> replicas_asked_for(const Database& db, std::uint16_t level, const schema::TableSchema& t,
                                    std::int64_t token);
inline std::vector<int> replicas_asked_for(const Database& db, const Session& session, const schema::TableSchema& t,
                                           std::int64_t token) {
  return replicas_asked_for(db, session.consistency, t, token);
}

// The partitions node `node` holds of `t` that differ from the newest (LIST … ON NODE), and
// whether any node holds any.
const store::Partition* replica_copy(const Database& db, int node, const schema::TableSchema& t, std::string_view key);
inline bool replicas_disagree(const Database& db) { return db.replicas.count > 0; }

// NODETOOL start: the node's hints are replayed (its copies that hints cover are dropped).
// Returns how many hints were replayed.
std::size_t replay_hints(Database& db, int node);
// TRUNCATE: no replica keeps a copy of `t`.
void drop_replica_copies(Database& db, const schema::TableSchema& t);
// NODETOOL repair: every replica made equal to the newest. Returns how many copies it mended.
std::size_t repair_replicas(Database& db);
// NODETOOL listpendinghints: the hints waiting for each node (0 for none).
std::vector<std::size_t> pending_hints(const Database& db);
// NODETOOL enablehandoff / disablehandoff.
void set_handoff(Database& db, bool on);

}  // namespace cqlbox::exec
