// What the simulated replicas did for one traced request (TRACING ON, or a driver's tracing
// flag), so that its trace can list each replica contacted, as a multi-node Cassandra's does:
// which replicas a single-partition read asked (the first for the data, the others for
// digests), which of them a digest mismatch repaired, and which replicas a write reached.
// Recorded only for keyspaces with more than one replica, and only while a Session points at
// one (exec/tracing.hpp reads it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cqlbox::exec {

struct ReplicaActivity {
  struct Partition {
    bool write = false;
    std::string table;  // its name, as "Adding to <table> memtable" names it
    std::string key;    // the serialized partition key
    std::int64_t token = 0;
    std::int64_t range_start = 0;  // the token range (range_start, token's owner] it lies in
    std::int64_t range_end = 0;
    std::vector<int> replicas;  // a read: those asked, the data replica first; a write: the live ones
    std::vector<int> repaired;  // a read: the replicas asked whose copies disagreed, repaired
  };
  static constexpr std::size_t kLimit = 8;  // partitions a trace lists
  std::vector<Partition> partitions;

  void clear() { partitions.clear(); }
  bool full() const { return partitions.size() >= kLimit; }
};

}  // namespace cqlbox::exec
