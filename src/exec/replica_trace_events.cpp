// Trace events of the replicas a request contacted (replica_trace_events.hpp). Strings are
// Cassandra 5.0's: service/reads/AbstractReadExecutor ("reading {} from {}", "Digest mismatch:
// Mismatch for key {}"), tracing/Tracing ("Sending %s message to %s message size %d bytes"),
// net/InboundMessageHandler ("{} message received from {}"), net/ResponseVerbHandler
// ("Processing response from {}"), db/ReadCommandVerbHandler and MutationVerbHandler
// ("Enqueuing response to {}"), service/reads/repair/AbstractReadRepair ("Enqueuing {} data read
// to {}") and BlockingPartitionRepair ("Sending read-repair-mutation to {}").
#include "exec/replica_trace_events.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace cqlbox::exec {

namespace {

constexpr const char* kNative = "Native-Transport-Requests-1";
constexpr const char* kOut = "Messaging-EventLoop-3-1";  // the coordinator's connections
constexpr const char* kIn = "Messaging-EventLoop-3-2";   // a replica's
constexpr const char* kRead = "ReadStage-2";
constexpr const char* kMutation = "MutationStage-2";
constexpr const char* kResponse = "RequestResponseStage-3";
constexpr int kCoordinator = 0;

std::string endpoint(const cluster::Ring& ring, int node) {
  return "/" + ring.nodes()[static_cast<std::size_t>(node)].address + ":7000";
}

// A replica as Replica.toString prints it: its endpoint and the token range it holds.
std::string full_replica(const cluster::Ring& ring, int node, const ReplicaActivity::Partition& p) {
  return fmt::format("Full({},({},{}])", endpoint(ring, node), p.range_start, p.range_end);
}

std::string hex(const std::string& bytes) {
  std::string out;
  for (char c : bytes) out += fmt::format("{:02x}", static_cast<unsigned char>(c));
  return out;
}

// One message from the coordinator to `node`, what the replica does with it (`work`), and the
// answer back (`verb`_REQ out, `verb`_RSP back, as Verb names them).
void round_trip(const cluster::Ring& ring, int node, const std::string& verb, std::size_t request_size,
                std::size_t response_size, const std::vector<TraceLine>& work, bool enqueue,
                std::vector<TraceLine>& out) {
  const std::string coordinator = endpoint(ring, kCoordinator), replica = endpoint(ring, node);
  out.push_back(
      {fmt::format("Sending {}_REQ message to {} message size {} bytes", verb, replica, request_size), kOut, 0});
  out.push_back({fmt::format("{}_REQ message received from {}", verb, coordinator), kIn, node});
  for (TraceLine line : work) {
    line.node = node;
    out.push_back(std::move(line));
  }
  if (enqueue) out.push_back({"Enqueuing response to " + coordinator, work.empty() ? kRead : work.back().thread, node});
  out.push_back(
      {fmt::format("Sending {}_RSP message to {} message size {} bytes", verb, coordinator, response_size), kIn, node});
  out.push_back({fmt::format("{}_RSP message received from {}", verb, replica), kOut, 0});
  out.push_back({"Processing response from " + replica, kResponse, 0});
}

std::vector<TraceLine> applying(const ReplicaActivity::Partition& p) {
  return {{"Appending to commitlog", kMutation, 0}, {fmt::format("Adding to {} memtable", p.table), kMutation, 0}};
}

}  // namespace

void append_read_events(const cluster::Ring& ring, const ReplicaActivity::Partition& p,
                        const std::vector<TraceLine>& replica_read, std::vector<TraceLine>& out) {
  const std::size_t request = 71 + p.key.size();
  for (std::size_t i = 0; i < p.replicas.size(); ++i)
    if (p.replicas[i] != kCoordinator)
      out.push_back(
          {fmt::format("reading {} from {}", i == 0 ? "data" : "digest", endpoint(ring, p.replicas[i])), kNative, 0});
  if (std::find(p.replicas.begin(), p.replicas.end(), kCoordinator) != p.replicas.end())
    out.insert(out.end(), replica_read.begin(), replica_read.end());  // the coordinator's own read
  for (std::size_t i = 0; i < p.replicas.size(); ++i)
    if (p.replicas[i] != kCoordinator)
      round_trip(ring, p.replicas[i], "READ", request + (i == 0 ? 0 : 1), i == 0 ? 64 : 50, replica_read, true, out);
  if (p.repaired.empty()) return;
  // The digests disagreed: full data from every replica asked, merged, and the merge written
  // back to those that were behind before the answer goes out (blocking read repair).
  out.push_back(
      {fmt::format("Digest mismatch: Mismatch for key DecoratedKey({}, {})", p.token, hex(p.key)), kNative, 0});
  for (int node : p.replicas) out.push_back({"Enqueuing full data read to " + full_replica(ring, node, p), kNative, 0});
  for (int node : p.repaired) {
    out.push_back({"Sending read-repair-mutation to " + full_replica(ring, node, p), kNative, 0});
    if (node == kCoordinator) {
      const auto lines = applying(p);
      out.insert(out.end(), lines.begin(), lines.end());
    } else {
      round_trip(ring, node, "READ_REPAIR", 100 + p.key.size(), 34, applying(p), false, out);
    }
  }
}

void append_write_events(const cluster::Ring& ring, const ReplicaActivity::Partition& p, std::vector<TraceLine>& out) {
  if (std::find(p.replicas.begin(), p.replicas.end(), kCoordinator) != p.replicas.end()) {
    const auto lines = applying(p);
    out.insert(out.end(), lines.begin(), lines.end());
  }
  for (int node : p.replicas)
    if (node != kCoordinator) round_trip(ring, node, "MUTATION", 100 + p.key.size(), 34, applying(p), true, out);
}

}  // namespace cqlbox::exec
