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

std::optional<Unavailable> check_live_replicas(std::uint16_t code, const Replication& r, int live, bool write) {
  // ConsistencyLevel.blockFor: QUORUM and ALL count every datacenter's replicas, the LOCAL_
  // levels this one's.
  const int all = r.total_replication_factor, local = r.replication_factor;
  switch (code) {
    case kAny:
      if (write) return std::nullopt;  // a hint is acceptable, and the coordinator is up
      [[fallthrough]];
    case kOne: return live >= 1 ? std::nullopt : std::optional(unavailable(code, 1, live));
    case kLocalOne: return live >= 1 ? std::nullopt : std::optional(unavailable(code, 1, live));
    case kTwo:
    case kThree: {
      const int need = code == kTwo ? 2 : 3;
      return live >= need ? std::nullopt : std::optional(unavailable(code, need, live));
    }
    case kQuorum:
    case kSerial: return live >= quorum(all) ? std::nullopt : std::optional(unavailable(code, quorum(all), live));
    case kAll: return live >= all ? std::nullopt : std::optional(unavailable(code, all, live));
    case kLocalQuorum:
    case kLocalSerial:
      return live >= quorum(local) ? std::nullopt : std::optional(unavailable(code, quorum(local), live));
    case kEachQuorum:
      if (!r.network_topology)
        return live >= quorum(all) ? std::nullopt : std::optional(unavailable(code, quorum(all), live));
      // Each datacenter the keyspace names needs its own quorum; only datacenter1 has nodes.
      for (const auto& [dc, factor] : r.datacenters) {
        if (factor <= 0) continue;
        const int here = dc == "datacenter1" ? live : 0;
        if (here < quorum(factor)) return unavailable(code, quorum(factor), here, dc);
      }
      return std::nullopt;
    default: return std::nullopt;
  }
}

}  // namespace cqlbox::cluster
