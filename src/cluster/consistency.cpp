#include "cluster/consistency.hpp"

#include <iterator>

namespace cqlbox::cluster {

std::string consistency_name(std::uint16_t code) {
  static constexpr std::string_view kNames[] = {"ANY",    "ONE",          "TWO",          "THREE",
                                                "QUORUM", "ALL",          "LOCAL_QUORUM", "EACH_QUORUM",
                                                "SERIAL", "LOCAL_SERIAL", "LOCAL_ONE",    "NODE_LOCAL"};
  if (code < std::size(kNames)) return std::string(kNames[code]);
  return std::to_string(code);
}

namespace {

int quorum(int replicas) { return replicas / 2 + 1; }

Unavailable unavailable(std::uint16_t code, int required, int alive, std::string_view dc = {}) {
  std::string message = "Cannot achieve consistency level " + consistency_name(code);
  if (!dc.empty()) message += " in DC " + std::string(dc);
  return {std::move(message), code, required, alive};
}

}  // namespace

int block_for(std::uint16_t code, const Replication& r) {
  // ConsistencyLevel.blockFor: QUORUM and ALL count every datacenter's replicas, the LOCAL_
  // levels this one's.
  switch (code) {
    case kTwo: return 2;
    case kThree: return 3;
    case kQuorum:
    case kSerial:
    case kEachQuorum: return quorum(r.total_replication_factor);
    case kAll: return r.total_replication_factor;
    case kLocalQuorum:
    case kLocalSerial: return quorum(r.replication_factor);
    default: return 1;  // ONE, LOCAL_ONE, ANY
  }
}

std::optional<Unavailable> check_live_replicas(std::uint16_t code, const Replication& r, int live, bool write) {
  if (code == kAny && write) return std::nullopt;  // a hint is acceptable, and the coordinator is up
  if (code == kEachQuorum && r.network_topology) {
    // Each datacenter the keyspace names needs its own quorum; only datacenter1 has nodes.
    for (const auto& [dc, factor] : r.datacenters) {
      if (factor <= 0) continue;
      const int here = dc == "datacenter1" ? live : 0;
      if (here < quorum(factor)) return unavailable(code, quorum(factor), here, dc);
    }
    return std::nullopt;
  }
  if (code > kLocalOne) return std::nullopt;
  const int need = block_for(code, r);
  return live >= need ? std::nullopt : std::optional(unavailable(code, need, live));
}

std::optional<Timeout> check_prompt_replicas(std::uint16_t code, const Replication& r, int prompt, bool hinted) {
  if (code == kAny && hinted) return std::nullopt;  // the coordinator's hint is an answer
  int need = block_for(code, r);
  if (code == kEachQuorum && r.network_topology)
    for (const auto& [dc, factor] : r.datacenters)
      if (dc == "datacenter1") need = quorum(factor);
  if (prompt >= need) return std::nullopt;
  return Timeout{"Operation timed out - received only " + std::to_string(prompt) + " responses.", code, need, prompt};
}

}  // namespace cqlbox::cluster
