// The simulated ring (cassandra.md §6 token ranges, §7 SimpleStrategy / NetworkTopologyStrategy;
// docs/storage-and-cluster.md "The simulated cluster"): even token allocation dealt round-robin,
// replica walks, and a keyspace's replication options.
#include "cluster/consistency.hpp"
#include "cluster/ring.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cluster = cqlbox::cluster;

namespace {

constexpr std::int64_t kMin = INT64_MIN;
constexpr std::int64_t kMax = INT64_MAX;

// The classic 3-node ring of cassandra.md §7 ("Real 3-node example").
constexpr std::int64_t kT0 = kMin;
constexpr std::int64_t kT1 = -3074457345618258603LL;
constexpr std::int64_t kT2 = 3074457345618258602LL;

cluster::Replication simple(int rf) {
  cluster::Replication r;
  r.replication_factor = rf;
  return r;
}

std::uint64_t test_seed() {
  if (const char* s = std::getenv("CQLBOX_TEST_SEED")) return std::strtoull(s, nullptr, 10);
  return 20240101;
}

// SimpleStrategy written straight from cassandra.md §7, by linear scans: start at the first ring
// token >= the key's token (the first token if none), walk clockwise collecting each token's node
// unless already chosen, until RF distinct nodes or every token was visited.
std::size_t reference_owner(const cluster::Ring& ring, std::int64_t token) {
  const auto& tokens = ring.tokens();
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].first >= token) return i;
  return 0;
}

std::vector<int> reference_replicas(const cluster::Ring& ring, std::int64_t token, int rf) {
  std::vector<int> out;
  const auto& tokens = ring.tokens();
  const std::size_t start = reference_owner(ring, token);
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    if (static_cast<int>(out.size()) >= rf) break;
    const int node = tokens[(start + k) % tokens.size()].second;
    bool seen = false;
    for (int n : out) seen = seen || n == node;
    if (!seen) out.push_back(node);
  }
  return out;
}

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

}  // namespace

TEST_CASE("3 nodes x 1 token give Cassandra's classic ring") {
  const cluster::Ring ring(3, 1);
  REQUIRE(ring.nodes().size() == 3);
  REQUIRE(ring.tokens().size() == 3);
  CHECK(ring.tokens()[0] == std::pair<std::int64_t, int>{kT0, 0});
  CHECK(ring.tokens()[1] == std::pair<std::int64_t, int>{kT1, 1});
  CHECK(ring.tokens()[2] == std::pair<std::int64_t, int>{kT2, 2});
  CHECK(ring.nodes()[0].address == "127.0.0.1");
  CHECK(ring.nodes()[1].address == "127.0.0.2");
  CHECK(ring.nodes()[2].address == "127.0.0.3");
  CHECK(ring.nodes()[0].tokens == std::vector<std::int64_t>{kT0});
  CHECK(ring.nodes()[1].tokens == std::vector<std::int64_t>{kT1});
  CHECK(ring.nodes()[2].tokens == std::vector<std::int64_t>{kT2});
}

TEST_CASE(
    "N nodes x T tokens: N*T ascending, evenly spread tokens dealt "
    "round-robin") {
  const std::pair<int, int> shapes[] = {{1, 1},  {1, 16}, {2, 1}, {2, 3},  {3, 1},
                                        {3, 16}, {4, 4},  {5, 7}, {7, 13}, {10, 256}};
  for (const auto& shape : shapes) {
    const int n = shape.first;  // not a structured binding: clang 14's CAPTURE cannot take one
    const int t = shape.second;
    CAPTURE(n);
    CAPTURE(t);
    const cluster::Ring ring(n, t);
    const auto total = static_cast<std::size_t>(n * t);
    REQUIRE(ring.nodes().size() == static_cast<std::size_t>(n));
    REQUIRE(ring.tokens().size() == total);
    // The ring starts at the minimum token (cassandra.md §7's real ring does too).
    CHECK(ring.tokens().front().first == kMin);

    // Every gap, including the wrap-around one, is floor or ceil of 2^64 / (N*T).
    const std::uint64_t gap = UINT64_MAX / total + (UINT64_MAX % total + 1 == total ? 1 : 0);
    for (std::size_t i = 0; i < total; ++i) {
      CAPTURE(i);
      const std::int64_t a = ring.tokens()[i].first;
      const std::int64_t b = ring.tokens()[(i + 1) % total].first;
      if (i + 1 < total) CHECK(a < b);  // strictly ascending, so distinct
      const std::uint64_t d = static_cast<std::uint64_t>(b) - static_cast<std::uint64_t>(a);
      if (total > 1) CHECK((d == gap || d == gap + 1));
      CHECK(ring.tokens()[i].second == static_cast<int>(i % static_cast<std::size_t>(n)));
    }

    // Node i holds exactly T tokens, ascending: those dealt to it.
    for (int node = 0; node < n; ++node) {
      CAPTURE(node);
      const cluster::Node& nd = ring.nodes()[static_cast<std::size_t>(node)];
      CHECK(nd.address == "127.0.0." + std::to_string(node + 1));
      std::vector<std::int64_t> dealt;
      for (const auto& [token, owner] : ring.tokens())
        if (owner == node) dealt.push_back(token);
      CHECK(nd.tokens.size() == static_cast<std::size_t>(t));
      CHECK(nd.tokens == dealt);
      CHECK(std::is_sorted(nd.tokens.begin(), nd.tokens.end()));
    }
  }
}

TEST_CASE("the same flags always give the same ring") {
  for (const auto& shape : {std::pair{3, 16}, {5, 1}, {2, 256}}) {
    const int n = shape.first;
    const int t = shape.second;
    CAPTURE(n);
    CAPTURE(t);
    const cluster::Ring a(n, t), b(n, t);
    CHECK(a.tokens() == b.tokens());
    REQUIRE(a.nodes().size() == b.nodes().size());
    for (std::size_t i = 0; i < a.nodes().size(); ++i) {
      CHECK(a.nodes()[i].address == b.nodes()[i].address);
      CHECK(a.nodes()[i].host_id == b.nodes()[i].host_id);
      CHECK(a.nodes()[i].tokens == b.nodes()[i].tokens);
    }
  }
  SUBCASE("a node's host id depends on its address only") {
    const cluster::Ring small(2, 1), big(9, 16);
    CHECK(small.nodes()[0].host_id == big.nodes()[0].host_id);
    CHECK(small.nodes()[1].host_id == big.nodes()[1].host_id);
  }
}

TEST_CASE("host ids are distinct, well-formed version-4 uuids") {
  const cluster::Ring ring(50, 1);
  std::set<std::string> seen;
  for (const cluster::Node& node : ring.nodes()) {
    const std::string& id = node.host_id;
    CAPTURE(id);
    REQUIRE(id.size() == 36);
    for (std::size_t i = 0; i < id.size(); ++i) {
      CAPTURE(i);
      if (i == 8 || i == 13 || i == 18 || i == 23)
        CHECK(id[i] == '-');
      else
        CHECK(is_hex(id[i]));
    }
    CHECK(id[14] == '4');                                          // version 4, like UUID.randomUUID()
    CHECK(std::string("89ab").find(id[19]) != std::string::npos);  // RFC 4122 variant
    seen.insert(id);
  }
  CHECK(seen.size() == ring.nodes().size());
}

TEST_CASE("owner_index: a ring token T owns the range (previous token, T]") {
  const cluster::Ring ring(3, 1);
  CHECK(ring.owner_index(kT0) == 0);
  CHECK(ring.owner_index(kMin + 1) == 1);  // just above the first token
  CHECK(ring.owner_index(kT1 - 1) == 1);
  CHECK(ring.owner_index(kT1) == 1);  // equal belongs to that token
  CHECK(ring.owner_index(kT1 + 1) == 2);
  CHECK(ring.owner_index(0) == 2);
  CHECK(ring.owner_index(kT2) == 2);
  CHECK(ring.owner_index(kT2 + 1) == 0);  // above the last token: wraps to the first
  CHECK(ring.owner_index(kMax) == 0);
  SUBCASE("vnodes") {
    const cluster::Ring vn(3, 4);
    for (std::size_t i = 0; i < vn.tokens().size(); ++i) {
      CAPTURE(i);
      const std::int64_t t = vn.tokens()[i].first;
      CHECK(vn.owner_index(t) == i);
      if (t != kMax) CHECK(vn.owner_index(t + 1) == (i + 1) % vn.tokens().size());
      if (t != kMin) CHECK(vn.owner_index(t - 1) == i);
    }
  }
}

TEST_CASE("SimpleStrategy replicas walk clockwise from the owning token") {
  const cluster::Ring ring(3, 1);
  using V = std::vector<int>;

  SUBCASE("a key token equal to a ring token belongs to it") {
    CHECK(ring.replicas(kT1, simple(1)) == V{1});
    CHECK(ring.replicas(kT1, simple(2)) == V{1, 2});
    CHECK(ring.replicas(kT1, simple(3)) == V{1, 2, 0});
    CHECK(ring.replicas(kT2, simple(3)) == V{2, 0, 1});
    CHECK(ring.replicas(kT0, simple(3)) == V{0, 1, 2});
  }
  SUBCASE("just above a ring token: the next token owns it") {
    CHECK(ring.replicas(kT1 + 1, simple(1)) == V{2});
    CHECK(ring.replicas(kT1 + 1, simple(2)) == V{2, 0});
    CHECK(ring.replicas(kT1 + 1, simple(3)) == V{2, 0, 1});
    CHECK(ring.replicas(kMin + 1, simple(2)) == V{1, 2});
  }
  SUBCASE("below the ring's minimum token") {
    // The first token is Long.MIN_VALUE itself, so no key token lies below it; the lowest one (the
    // empty key's, §6.1) belongs to it.
    CHECK(ring.replicas(kMin, simple(2)) == V{0, 1});
  }
  SUBCASE("above the last token: wraps to the first") {
    CHECK(ring.replicas(kT2 + 1, simple(1)) == V{0});
    CHECK(ring.replicas(kMax, simple(2)) == V{0, 1});
    CHECK(ring.replicas(kMax, simple(3)) == V{0, 1, 2});
  }
  SUBCASE("RF above the node count is capped at every node once") {
    CHECK(ring.replicas(0, simple(4)) == V{2, 0, 1});
    CHECK(ring.replicas(0, simple(100)) == V{2, 0, 1});
  }
  SUBCASE("RF 0 gives no replicas") {
    CHECK(ring.replicas(0, simple(0)).empty());
    CHECK(ring.replicas(kMax, simple(0)).empty());
  }
  SUBCASE("spec §6.3 token for int 1 (-4069959284402364209) lies in (T0, T1]") {
    CHECK(ring.replicas(-4069959284402364209LL, simple(3)) == V{1, 2, 0});
  }
}

TEST_CASE("SimpleStrategy with vnodes skips nodes already chosen") {
  using V = std::vector<int>;
  SUBCASE("one node with several tokens is one replica") {
    const cluster::Ring ring(1, 4);
    CHECK(ring.replicas(0, simple(3)) == V{0});
    CHECK(ring.replicas(kMax, simple(1)) == V{0});
  }
  SUBCASE("3 nodes x 4 tokens") {
    const cluster::Ring ring(3, 4);
    const auto& tokens = ring.tokens();
    // The last token belongs to node 2 (11 mod 3); above it wraps to token 0 of node 0.
    REQUIRE(tokens.back().second == 2);
    CHECK(ring.replicas(tokens.back().first, simple(3)) == V{2, 0, 1});
    CHECK(ring.replicas(tokens.back().first + 1, simple(3)) == V{0, 1, 2});
    CHECK(ring.replicas(tokens[4].first, simple(2)) == V{1, 2});
    CHECK(ring.replicas(tokens[4].first + 1, simple(5)) == V{2, 0, 1});
  }
}

TEST_CASE(
    "replicas agree with a linear-scan SimpleStrategy on random tokens "
    "(seeded)") {
  const std::uint64_t seed = test_seed();
  CAPTURE(seed);  // rerun with CQLBOX_TEST_SEED=<seed>
  std::mt19937_64 rng(seed);
  for (const auto& shape : {std::pair{1, 1}, {2, 2}, {3, 1}, {3, 16}, {5, 3}, {6, 8}}) {
    const int n = shape.first;
    const int t = shape.second;
    CAPTURE(n);
    CAPTURE(t);
    const cluster::Ring ring(n, t);
    std::vector<std::int64_t> keys = {kMin, kMin + 1, kMax, -1, 0, 1};
    for (const auto& [token, owner] : ring.tokens()) {
      keys.push_back(token);
      if (token != kMin) keys.push_back(token - 1);
      if (token != kMax) keys.push_back(token + 1);
    }
    for (int i = 0; i < 200; ++i) keys.push_back(static_cast<std::int64_t>(rng()));
    for (std::int64_t key : keys) {
      CAPTURE(key);
      CHECK(ring.owner_index(key) == reference_owner(ring, key));
      for (int rf = 0; rf <= n + 2; ++rf) {
        CAPTURE(rf);
        const std::vector<int> got = ring.replicas(key, simple(rf));
        CHECK(got == reference_replicas(ring, key, rf));
        CHECK(got.size() == static_cast<std::size_t>(std::min(rf, n)));
        // The primary replica is the owner of the first token >= the key's.
        if (!got.empty()) CHECK(got.front() == ring.tokens()[ring.owner_index(key)].second);
      }
    }
  }
}

TEST_CASE("replication_of reads a keyspace's strategy options") {
  SUBCASE("SimpleStrategy: replication_factor") {
    const auto r = cluster::replication_of(
        {{"class", "org.apache.cassandra.locator.SimpleStrategy"}, {"replication_factor", "2"}});
    CHECK_FALSE(r.network_topology);
    CHECK(r.replication_factor == 2);
    const cluster::Ring ring(3, 1);
    CHECK(ring.replicas(kT1, r) == std::vector<int>{1, 2});
  }
  SUBCASE("SimpleStrategy by its short name") {
    const auto r = cluster::replication_of({{"class", "SimpleStrategy"}, {"replication_factor", "1"}});
    CHECK_FALSE(r.network_topology);
    CHECK(r.replication_factor == 1);
  }
  SUBCASE("NetworkTopologyStrategy: datacenter1's factor") {
    const auto r = cluster::replication_of(
        {{"class", "org.apache.cassandra.locator.NetworkTopologyStrategy"}, {"datacenter1", "3"}});
    CHECK(r.network_topology);
    CHECK(r.replication_factor == 3);
    const cluster::Ring ring(3, 16);
    CHECK(ring.replicas(0, r).size() == 3);
  }
  SUBCASE("NetworkTopologyStrategy: other datacenters do not count") {
    const auto r = cluster::replication_of(
        {{"class", "org.apache.cassandra.locator.NetworkTopologyStrategy"}, {"datacenter1", "2"}, {"dc2", "5"}});
    CHECK(r.network_topology);
    CHECK(r.replication_factor == 2);
  }
  SUBCASE(
      "NetworkTopologyStrategy with only another datacenter: no replicas "
      "here") {
    const auto r =
        cluster::replication_of({{"class", "org.apache.cassandra.locator.NetworkTopologyStrategy"}, {"dc2", "3"}});
    CHECK(r.network_topology);
    CHECK(r.replication_factor == 0);
    const cluster::Ring ring(3, 1);
    CHECK(ring.replicas(0, r).empty());
  }
  SUBCASE("NetworkTopologyStrategy with datacenter1 at 0") {
    const auto r = cluster::replication_of(
        {{"class", "org.apache.cassandra.locator.NetworkTopologyStrategy"}, {"datacenter1", "0"}});
    CHECK(r.replication_factor == 0);
    CHECK(cluster::Ring(3, 1).replicas(kT2, r).empty());
  }
}

TEST_CASE("each node's share of the ring: as primary owner, and with its replicas") {
  const cqlbox::cluster::Ring ring(3, 16);
  double primary = 0, replicated = 0;
  for (double s : ring.primary_shares()) primary += s;
  CHECK(primary == doctest::Approx(1.0));
  const auto shares = ring.replica_shares(cqlbox::cluster::Replication{false, 2, 2, {}});
  for (double s : shares) replicated += s;
  CHECK(replicated == doctest::Approx(2.0));  // every range on two nodes
  // RF = nodes: each node holds everything.
  for (double s : ring.replica_shares(cqlbox::cluster::Replication{false, 3, 3, {}})) CHECK(s == doctest::Approx(1.0));
  const cqlbox::cluster::Ring one(1, 1);
  CHECK(one.primary_shares()[0] == 1.0);
  CHECK(cqlbox::cluster::Ring::range_share(5, 5) == 1.0);
  CHECK(cqlbox::cluster::Ring::range_share(0, std::int64_t{1} << 62) == doctest::Approx(0.25));
}

TEST_CASE("consistency levels against live replicas (ReplicaPlans.assureSufficientLiveReplicas)") {
  using namespace cqlbox::cluster;
  const Replication rf3 = replication_of({{"class", "SimpleStrategy"}, {"replication_factor", "3"}});
  CHECK_FALSE(check_live_replicas(kQuorum, rf3, 2, false));
  auto u = check_live_replicas(kQuorum, rf3, 1, false);
  REQUIRE(u);
  CHECK(u->message == "Cannot achieve consistency level QUORUM");
  CHECK(u->required == 2);
  CHECK(u->alive == 1);
  u = check_live_replicas(kAll, rf3, 2, true);
  REQUIRE(u);
  CHECK(u->required == 3);
  CHECK_FALSE(check_live_replicas(kAny, rf3, 0, true));  // a hint is enough
  REQUIRE(check_live_replicas(kAny, rf3, 0, false));     // not for a read
  CHECK(check_live_replicas(kTwo, replication_of({{"class", "SimpleStrategy"}, {"replication_factor", "1"}}), 1, false)
            ->required == 2);
  // NetworkTopologyStrategy: QUORUM counts every datacenter, LOCAL_QUORUM this one, and
  // EACH_QUORUM wants a quorum of each (only datacenter1 has nodes).
  const Replication two_dcs =
      replication_of({{"class", "NetworkTopologyStrategy"}, {"datacenter1", "3"}, {"dc2", "3"}});
  CHECK(two_dcs.total_replication_factor == 6);
  CHECK(check_live_replicas(kQuorum, two_dcs, 3, false)->required == 4);
  CHECK_FALSE(check_live_replicas(kLocalQuorum, two_dcs, 2, false));
  u = check_live_replicas(kEachQuorum, two_dcs, 3, true);
  REQUIRE(u);
  CHECK(u->message == "Cannot achieve consistency level EACH_QUORUM in DC dc2");
  CHECK(u->alive == 0);
  // A keyspace whose datacenter has no node: even ONE is unavailable.
  CHECK(check_live_replicas(kOne, replication_of({{"class", "NetworkTopologyStrategy"}, {"dc_east", "1"}}), 0, true));
}

TEST_CASE("nodes stop and start") {
  cqlbox::cluster::Ring ring(3, 4);
  CHECK(ring.all_up());
  ring.set_up(1, false);
  ring.set_up(1, false);  // twice: still one down
  CHECK_FALSE(ring.all_up());
  CHECK_FALSE(ring.is_up(1));
  CHECK(ring.live_count({0, 1, 2}) == 2);
  ring.set_up(1, true);
  CHECK(ring.all_up());
  CHECK(ring.live_count({0, 1, 2}) == 3);
}

TEST_CASE("slow nodes: alive for Unavailable, but a request waits only for the prompt ones") {
  cluster::Ring ring(3, 1);
  CHECK(ring.all_prompt());
  ring.set_slow(1, true);
  CHECK(ring.is_up(1));
  CHECK(ring.is_slow(1));
  CHECK_FALSE(ring.answers_in_time(1));
  CHECK_FALSE(ring.all_prompt());
  CHECK(ring.all_up());
  const std::vector<int> all{0, 1, 2};
  CHECK(ring.live_count(all) == 3);
  CHECK(ring.prompt_count(all) == 2);
  ring.set_up(2, false);
  CHECK(ring.prompt_count(all) == 1);
  ring.set_slow(1, false);
  ring.set_up(2, true);
  CHECK(ring.all_prompt());

  const cluster::Replication rf3{false, 3, 3, {}};
  CHECK_FALSE(cluster::check_prompt_replicas(cluster::kQuorum, rf3, 2, false));
  const auto t = cluster::check_prompt_replicas(cluster::kAll, rf3, 2, false);
  REQUIRE(t);
  CHECK(t->message == "Operation timed out - received only 2 responses.");
  CHECK(t->block_for == 3);
  CHECK(t->received == 2);
  CHECK(t->consistency == cluster::kAll);
  CHECK(cluster::check_prompt_replicas(cluster::kOne, rf3, 0, true));
  // ANY with a replica down is answered by the hint written for it; with every replica up but
  // slow, it waits for one of them.
  CHECK_FALSE(cluster::check_prompt_replicas(cluster::kAny, rf3, 0, true));
  CHECK(cluster::check_prompt_replicas(cluster::kAny, rf3, 0, false));
}
