// nodetool status and ring's "Owns" column: each node's share of the data. Named for one
// keyspace, it is that keyspace's replica share. With no keyspace named, it is only meaningful
// when every user keyspace replicates alike ("Owns (effective)"); with no user keyspace at all
// Cassandra falls back to system_traces (SimpleStrategy, replication factor 2).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cluster/ring.hpp"

namespace cqlbox::cluster {

struct Ownership {
  bool effective = true;         // false: the user keyspaces disagree, and nodetool prints "?"
  std::vector<double> fraction;  // by node, 0 to 1
};

// `user_keyspaces`: the replication options of every non-system keyspace, in name order.
Ownership effective_ownership(const Ring& ring, const std::optional<Replication>& named,
                              const std::vector<std::map<std::string, std::string>>& user_keyspaces);

}  // namespace cqlbox::cluster
