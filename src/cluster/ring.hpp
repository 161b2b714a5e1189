// The simulated cluster (cqlbox.md "The simulated cluster"): nodes 127.0.0.1 … 127.0.0.N in
// datacenter1/rack1, each owning --num-tokens tokens. Tokens are spread evenly and dealt to
// nodes round-robin, so the same flags always give the same ring (3 nodes x 1 token gives
// Cassandra's classic -9223372036854775808, -3074457345618258603, 3074457345618258602).
// Data is stored once; the ring only answers "which nodes replicate this token".
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cqlbox::cluster {

struct Node {
  std::string address;               // 127.0.0.k
  std::string host_id;               // a stable uuid derived from the address
  std::vector<std::int64_t> tokens;  // ascending
};

// A keyspace's replication, from its strategy options.
struct Replication {
  bool network_topology = false;
  int replication_factor = 1;                            // SimpleStrategy's factor, or datacenter1's for NTS
  int total_replication_factor = 1;                      // every datacenter's (what QUORUM and ALL count)
  std::vector<std::pair<std::string, int>> datacenters;  // NTS: each datacenter named, by name
};

Replication replication_of(const std::map<std::string, std::string>& options);

class Ring {
 public:
  Ring(int nodes, int tokens_per_node);

  const std::vector<Node>& nodes() const { return nodes_; }
  // Every token with its node index, ascending.
  const std::vector<std::pair<std::int64_t, int>>& tokens() const { return tokens_; }

  // Node indices replicating `token`: from the first ring token >= token (wrapping), walking
  // clockwise and skipping nodes already chosen, until RF distinct nodes (SimpleStrategy; NTS
  // with one rack behaves the same).
  std::vector<int> replicas(std::int64_t token, const Replication& r) const;
  // NODETOOL stop / start (cqlbox's own): a stopped node answers no request until it starts
  // again. Every node is up at first.
  bool is_up(int node) const { return down_.empty() || !down_[static_cast<std::size_t>(node)]; }
  bool all_up() const { return down_count_ == 0; }
  void set_up(int node, bool up);
  // How many of `replicas` are up.
  int live_count(const std::vector<int>& replicas) const;
  // NODETOOL slow (cqlbox's own): a slow node stays up, and counts as alive, but answers only
  // after the request timeout, so a request that must wait for it times out. NODETOOL start
  // makes it prompt again.
  bool is_slow(int node) const { return !slow_.empty() && slow_[static_cast<std::size_t>(node)]; }
  void set_slow(int node, bool slow);
  bool answers_in_time(int node) const { return is_up(node) && !is_slow(node); }
  // Every node up and none slow: every request is answered in time by every replica.
  bool all_prompt() const { return down_count_ == 0 && slow_count_ == 0; }
  // How many of `replicas` answer in time.
  int prompt_count(const std::vector<int>& replicas) const;
  // The ring token that owns `token` (its range is (previous, owner]).
  std::size_t owner_index(std::int64_t token) const;
  // The share of the ring (0 to 1) each node holds: as the primary owner of its ranges, or
  // counting every range it replicates under `r` (nodetool status's "Owns (effective)").
  std::vector<double> primary_shares() const;
  std::vector<double> replica_shares(const Replication& r) const;
  // The size of the range (from, to] as a share of the whole ring; equal ends are all of it.
  static double range_share(std::int64_t from, std::int64_t to);
  // DESCRIBE CLUSTER's range ownership for a keyspace: each range's end token as text, with its
  // replicas' endpoints ("/127.0.0.1:7000"), sorted by that text as the server sends them.
  std::vector<std::pair<std::string, std::vector<std::string>>> range_ownership(const Replication& r) const;

 private:
  std::vector<Node> nodes_;
  std::vector<std::pair<std::int64_t, int>> tokens_;
  std::vector<bool> down_;  // by node; empty until a node stops
  int down_count_ = 0;
  std::vector<bool> slow_;  // by node; empty until a node is slowed
  int slow_count_ = 0;
};

}  // namespace cqlbox::cluster
