// The trace events of the replicas a request contacted (replica_activity.hpp), in the words of
// Cassandra 5.0's tracing: the coordinator's "reading data from /127.0.0.2:7000", the messages
// it sends and receives, each replica's own read or write, a digest mismatch and the blocking
// read repair that follows. The coordinator is 127.0.0.1 (node 0). Message sizes are cqlbox's
// estimates; the rest is what the simulated replicas did.
#pragma once

#include <string>
#include <vector>

#include "cluster/ring.hpp"
#include "exec/replica_activity.hpp"

namespace cqlbox::exec {

struct TraceLine {
  std::string activity;
  const char* thread;
  int node = 0;  // the node that records it (its source)
};

// A read of one partition: `replica_read` is what a replica's own read traces (executing the
// query, the rows read), repeated on each replica asked.
void append_read_events(const cluster::Ring& ring, const ReplicaActivity::Partition& p,
                        const std::vector<TraceLine>& replica_read, std::vector<TraceLine>& out);
// A write of one partition, after "Determining replicas for mutation".
void append_write_events(const cluster::Ring& ring, const ReplicaActivity::Partition& p, std::vector<TraceLine>& out);

}  // namespace cqlbox::exec
