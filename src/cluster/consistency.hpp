// Consistency levels as Cassandra counts them (db/ConsistencyLevel.java, locator/ReplicaPlans
// .java): how many live replicas each needs, and the UnavailableException a coordinator raises
// when fewer are up. The simulated cluster is one datacenter, datacenter1, so the LOCAL_ levels
// count its replicas and EACH_QUORUM asks a quorum of every datacenter the keyspace names.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cluster/ring.hpp"

namespace cqlbox::cluster {

// The native protocol's codes.
enum Consistency : std::uint16_t {
  kAny = 0,
  kOne = 1,
  kTwo = 2,
  kThree = 3,
  kQuorum = 4,
  kAll = 5,
  kLocalQuorum = 6,
  kEachQuorum = 7,
  kSerial = 8,
  kLocalSerial = 9,
  kLocalOne = 10,
};

// "QUORUM" for 4; the code as a number for one Cassandra does not name.
std::string consistency_name(std::uint16_t code);

// What a coordinator refuses a request with when too few replicas are up: UNAVAILABLE (0x1000),
// "Cannot achieve consistency level QUORUM", with the level, the replicas it needs and those
// alive.
struct Unavailable {
  std::string message;
  std::uint16_t consistency = 0;
  int required = 0, alive = 0;
};

// How many replicas a request at `code` waits for, in a keyspace replicated as `r`
// (ConsistencyLevel.blockFor): what a read asks, and what a request needs alive.
int block_for(std::uint16_t code, const Replication& r);

// Whether `live` of the replicas of one token (those in datacenter1) satisfy `code` for a
// keyspace replicated as `r` (ReplicaPlans.assureSufficientLiveReplicas). `write`: ANY is
// accepted with none (the coordinator keeps a hint). nullopt when they do.
std::optional<Unavailable> check_live_replicas(std::uint16_t code, const Replication& r, int live, bool write);

// What a coordinator answers when too few replicas respond before the request timeout
// (WriteTimeoutException, ReadTimeoutException): "Operation timed out - received only 1
// responses.", with the level, the responses it waited for and those received.
struct Timeout {
  std::string message;
  std::uint16_t consistency = 0;
  int block_for = 0, received = 0;
};

// Whether `prompt` replicas answering in time meet `code` (after check_live_replicas passed:
// a slow replica is alive). nullopt when they do. A write at ANY waits for one answer, unless a
// replica is down (`hinted`): the hint the coordinator writes for it counts as one.
std::optional<Timeout> check_prompt_replicas(std::uint16_t code, const Replication& r, int prompt, bool hinted);

}  // namespace cqlbox::cluster
