// nodetool's arithmetic below the shell: Java's hashCode and HashMap order (java_order.hpp),
// effective ownership (ownership.hpp) and EstimatedHistogram (estimated_histogram.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cluster/estimated_histogram.hpp"
#include "cluster/java_order.hpp"
#include "cluster/ownership.hpp"
#include "cluster/ring.hpp"

namespace cluster = cqlbox::cluster;

TEST_CASE("Java hashCode of strings and longs") {
  CHECK(cluster::java_string_hash("") == 0);
  CHECK(cluster::java_string_hash("a") == 97);
  CHECK(cluster::java_string_hash("hello") == 99162322);            // "hello".hashCode()
  CHECK(cluster::java_string_hash("127.0.0.1:7000") == -35766666);  // wraps past 2^31
  CHECK(cluster::java_long_hash(0) == 0);
  CHECK(cluster::java_long_hash(-1) == 0);                 // Long.hashCode(-1L)
  CHECK(cluster::java_long_hash(INT64_MIN) == INT32_MIN);  // (int)(v ^ v >>> 32)
  CHECK(cluster::java_long_hash(5) == 5);
}

TEST_CASE("HashMap iterates by spread bucket, then insertion order") {
  // Capacity 16: 17 and 1 share bucket 1, 3 is bucket 3, 16 is bucket 0.
  CHECK(cluster::hashmap_order({17, 3, 1, 16}, 16) == std::vector<std::size_t>{3, 0, 2, 1});
  // The spread folds the high half in: 0x10000 lands in bucket 1.
  CHECK(cluster::hashmap_order({2, 0x10000}, 16) == std::vector<std::size_t>{1, 0});
  // A 13th entry passes 16 * 3/4 and the table doubles to 32 buckets: 16 no longer shares 0.
  std::vector<std::int32_t> hashes{0, 16};
  for (int i = 0; i < 11; ++i) hashes.push_back(1);
  const auto order = cluster::hashmap_order(hashes, 16);
  CHECK(order.front() == 0);
  CHECK(order.back() == 1);
}

TEST_CASE("status and describering orders cover every node and range once") {
  const cluster::Ring ring(3, 1);
  auto nodes = cluster::status_node_order(ring);
  CHECK(nodes.size() == 3);
  std::sort(nodes.begin(), nodes.end());
  CHECK(nodes == std::vector<std::size_t>{0, 1, 2});
  const auto ranges = cluster::describering_ranges(ring);
  REQUIRE(ranges.size() == 3);
  // Every range's end is some range's start: together they close the ring.
  std::map<std::int64_t, std::int64_t> next;
  for (const auto& [l, r] : ranges) next[l] = r;
  CHECK(next.size() == 3);
  for (const auto& [l, r] : ranges) CHECK(next.count(r) == 1);
}

TEST_CASE("effective ownership") {
  const cluster::Ring ring(3, 1);
  const std::map<std::string, std::string> rf1{{"class", "org.apache.cassandra.locator.SimpleStrategy"},
                                               {"replication_factor", "1"}};
  const std::map<std::string, std::string> rf3{{"class", "org.apache.cassandra.locator.SimpleStrategy"},
                                               {"replication_factor", "3"}};
  SUBCASE("no user keyspace: system_traces' RF 2") {
    const auto o = cluster::effective_ownership(ring, std::nullopt, {});
    CHECK(o.effective);
    double sum = 0;
    for (double f : o.fraction) sum += f;
    CHECK(sum == doctest::Approx(2.0));
  }
  SUBCASE("keyspaces that agree") {
    const auto o = cluster::effective_ownership(ring, std::nullopt, {rf3, rf3});
    CHECK(o.effective);
    for (double f : o.fraction) CHECK(f == doctest::Approx(1.0));
  }
  SUBCASE("keyspaces that disagree") {
    CHECK_FALSE(cluster::effective_ownership(ring, std::nullopt, {rf1, rf3}).effective);
  }
  SUBCASE("a named keyspace wins over the rest") {
    const auto o = cluster::effective_ownership(ring, cluster::replication_of(rf1), {rf1, rf3});
    CHECK(o.effective);
    for (double f : o.fraction) CHECK(f == doctest::Approx(1.0 / 3));
  }
}

TEST_CASE("EstimatedHistogram") {
  const auto& offsets = cluster::EstimatedHistogram::offsets();
  REQUIRE(offsets.size() == 165);
  // 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, … (each round(prev * 1.2), at least +1).
  CHECK(std::vector<std::int64_t>(offsets.begin(), offsets.begin() + 13) ==
        std::vector<std::int64_t>{1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20});
  cluster::EstimatedHistogram h;
  CHECK(h.count() == 0);
  CHECK(h.min() == 0);
  CHECK(h.max() == 0);
  CHECK(h.mean() == 0);
  for (std::int64_t v : {9, 9, 11, 100}) h.add(v);
  CHECK(h.count() == 4);
  CHECK(h.min() == 9);             // bucket (8, 10] starts at 9
  CHECK(h.percentile(0.5) == 10);  // the 2nd value's bucket bound
  CHECK(h.percentile(0.75) == 12);
  CHECK(h.max() ==
        offsets[static_cast<std::size_t>(std::lower_bound(offsets.begin(), offsets.end(), 100) - offsets.begin())]);
  CHECK(h.mean() == doctest::Approx(std::ceil((10.0 + 10 + 12 + h.max()) / 4)));
}
