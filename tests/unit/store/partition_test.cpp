// The store: reconciliation (cassandra.md §8), clustering order within a partition, token order
// across partitions (§1.2, §6.3, cqlbox.md storage view), and a seeded model test (STYLE.md §3).
#include "store/partition.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "store/cell.hpp"
#include "store/clustering.hpp"
#include "store/mutation.hpp"
#include "store/table_store.hpp"
#include "types/bytes.hpp"
#include "util/murmur3.hpp"

namespace store = cqlbox::store;
using cqlbox::types::be_bytes;
using cqlbox::types::Kind;
using store::Cell;
using store::Liveness;
using store::supersedes;

namespace {

Cell live(std::int64_t ts, std::string value) {
  Cell c;
  c.timestamp = ts;
  c.value = std::move(value);
  return c;
}
Cell expiring(std::int64_t ts, std::string value, std::int32_t ttl, std::int32_t expiry) {
  Cell c = live(ts, std::move(value));
  c.ttl = ttl;
  c.local_time = expiry;
  return c;
}
Cell tombstone(std::int64_t ts, std::int32_t deletion_time) {
  Cell c;
  c.timestamp = ts;
  c.tombstone = true;
  c.local_time = deletion_time;
  return c;
}

// A clustering key of int components.
std::string ck(std::initializer_list<std::int32_t> parts) {
  std::string key;
  for (auto p : parts) store::append_component(key, be_bytes(p));
  return key;
}

std::int32_t int_at(std::string_view clustering, std::size_t i) {
  return cqlbox::types::read_be<std::int32_t>(store::split_components(clustering)[i]);
}

store::Mutation row_write(std::string pk, std::string clustering, int slot, Cell cell) {
  store::Mutation m;
  m.partition_key = std::move(pk);
  m.has_row = true;
  m.clustering = std::move(clustering);
  m.cells.emplace_back(slot, std::move(cell));
  return m;
}

std::uint64_t test_seed() {
  if (const char* s = std::getenv("CQLBOX_TEST_SEED")) return std::strtoull(s, nullptr, 10);
  return 20240101;
}

}  // namespace

TEST_CASE("the higher timestamp wins whatever the cells are") {
  CHECK(supersedes(live(2, "a"), tombstone(1, 100)));
  CHECK_FALSE(supersedes(tombstone(1, 100), live(2, "a")));
  CHECK(supersedes(tombstone(3, 0), expiring(2, "z", 10, 999)));
  CHECK(supersedes(live(5, "a"), live(4, "z")));
  CHECK_FALSE(supersedes(live(4, "z"), live(5, "a")));
}

TEST_CASE("on equal timestamps a tombstone or an expiring cell beats a live cell") {
  SUBCASE("tombstone beats live") {
    CHECK(supersedes(tombstone(7, 100), live(7, "\xff")));
    CHECK_FALSE(supersedes(live(7, "\xff"), tombstone(7, 100)));
  }
  SUBCASE("expiring beats live (CASSANDRA-14592)") {
    CHECK(supersedes(expiring(7, "a", 10, 100), live(7, "z")));
    CHECK_FALSE(supersedes(live(7, "z"), expiring(7, "a", 10, 100)));
  }
}

TEST_CASE("on equal timestamps a tombstone beats an expiring cell") {
  CHECK(supersedes(tombstone(7, 1), expiring(7, "a", 10, 1000)));
  CHECK_FALSE(supersedes(expiring(7, "a", 10, 1000), tombstone(7, 1)));
}

TEST_CASE("two expiring cells or two tombstones: the later local time wins") {
  SUBCASE("expiring") {
    CHECK(supersedes(expiring(7, "a", 10, 200), expiring(7, "z", 10, 100)));
    CHECK_FALSE(supersedes(expiring(7, "z", 10, 100), expiring(7, "a", 10, 200)));
  }
  SUBCASE("tombstones") {
    CHECK(supersedes(tombstone(7, 200), tombstone(7, 100)));
    CHECK_FALSE(supersedes(tombstone(7, 100), tombstone(7, 200)));
  }
  SUBCASE("equal expiring cells fall back to the value") {
    CHECK(supersedes(expiring(7, "b", 10, 100), expiring(7, "a", 10, 100)));
    CHECK_FALSE(supersedes(expiring(7, "a", 10, 100), expiring(7, "b", 10, 100)));
  }
}

TEST_CASE("two live cells with equal timestamps: the greater value as unsigned bytes wins") {
  CHECK(supersedes(live(7, "b"), live(7, "a")));
  CHECK_FALSE(supersedes(live(7, "a"), live(7, "b")));
  CHECK(supersedes(live(7, "\x80"), live(7, "\x7f")));  // unsigned: 0x80 > 0x7f
  CHECK_FALSE(supersedes(live(7, "\x7f"), live(7, "\x80")));
  CHECK(supersedes(live(7, "ab"), live(7, "a")));
  CHECK_FALSE(supersedes(live(7, "a"), live(7, "a")));  // equal: neither is "greater"
}

TEST_CASE("row liveness: higher timestamp, then expiring, then later expiry") {
  const Liveness plain{10, 0, store::kNoExpiry};
  const Liveness older{9, 5, 100};
  const Liveness exp_early{10, 5, 100};
  const Liveness exp_late{10, 5, 200};
  CHECK(supersedes(plain, older));
  CHECK_FALSE(supersedes(older, plain));
  CHECK(supersedes(exp_early, plain));
  CHECK_FALSE(supersedes(plain, exp_early));
  CHECK(supersedes(exp_late, exp_early));
  CHECK_FALSE(supersedes(exp_early, exp_late));
  CHECK_FALSE(supersedes(plain, plain));
}

TEST_CASE("a deletion at T shadows everything written at or before T") {
  const store::Deletion d{100, 5};
  CHECK(d.deletes(99));
  CHECK(d.deletes(100));
  CHECK_FALSE(d.deletes(101));
  CHECK_FALSE(store::Deletion{}.deletes(0));
  CHECK_FALSE(store::Deletion{}.deletes(INT64_MIN + 1));
  SUBCASE("merge keeps the later deletion") {
    store::Deletion m{50, 1};
    m.merge(d);
    CHECK(m.timestamp == 100);
    m.merge(store::Deletion{70, 9});
    CHECK(m.timestamp == 100);
  }
}

TEST_CASE("a partition keeps its rows in clustering order") {
  SUBCASE("ascending int") {
    store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
    store::Partition p("k");
    for (std::int32_t c : {3, -1, 2, 10, 0}) p.apply(row_write("k", ck({c}), 0, live(1, "v")), cmp);
    REQUIRE(p.rows().size() == 5);
    const std::int32_t expected[] = {-1, 0, 2, 3, 10};
    for (std::size_t i = 0; i < 5; ++i) CHECK(int_at(p.rows()[i].clustering().str(), 0) == expected[i]);
  }
  SUBCASE("a DESC column reverses its order") {
    store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), true}});
    store::Partition p("k");
    for (std::int32_t c : {1, 3, 2, -5}) p.apply(row_write("k", ck({c}), 0, live(1, "v")), cmp);
    REQUIRE(p.rows().size() == 4);
    const std::int32_t expected[] = {3, 2, 1, -5};
    for (std::size_t i = 0; i < 4; ++i) CHECK(int_at(p.rows()[i].clustering().str(), 0) == expected[i]);
  }
  SUBCASE("ASC then DESC columns") {
    store::ClusteringComparator cmp(
        {{cqlbox::types::native_type(Kind::Int), false}, {cqlbox::types::native_type(Kind::Int), true}});
    store::Partition p("k");
    for (auto [a, b] : {std::pair{1, 1}, {0, 5}, {1, 2}, {0, 7}, {1, 0}})
      p.apply(row_write("k", ck({a, b}), 0, live(1, "v")), cmp);
    REQUIRE(p.rows().size() == 5);
    const std::pair<std::int32_t, std::int32_t> expected[] = {{0, 7}, {0, 5}, {1, 2}, {1, 1}, {1, 0}};
    for (std::size_t i = 0; i < 5; ++i) {
      CAPTURE(i);
      CHECK(int_at(p.rows()[i].clustering().str(), 0) == expected[i].first);
      CHECK(int_at(p.rows()[i].clustering().str(), 1) == expected[i].second);
    }
  }
}

TEST_CASE("a null clustering component (COMPACT STORAGE prefix row) is first in storage order and equals no value") {
  for (const bool desc : {false, true}) {
    CAPTURE(desc);
    const store::ClusteringColumn first{cqlbox::types::native_type(Kind::Int), false};
    const store::ClusteringColumn second{cqlbox::types::native_type(Kind::Int), desc};
    store::ClusteringComparator cmp({first, second});
    std::string prefix_row = ck({1});
    store::append_null_component(prefix_row);
    // Storage order: before (1, v) for every v, whatever the direction; after (0, v).
    CHECK(cmp.compare(prefix_row, ck({1, -100})) < 0);
    CHECK(cmp.compare(prefix_row, ck({1, 100})) < 0);
    CHECK(cmp.compare(prefix_row, ck({0, 5})) > 0);
    CHECK(cmp.compare(prefix_row, prefix_row) == 0);
    CHECK(cmp.compare_head(prefix_row, ck({1})) == 0);
    // Natural order, as bounds are stated: below every value ASC, above every value DESC.
    const std::string_view null_part = store::split_components(prefix_row)[1];
    CHECK(store::is_null_component(null_part));
    CHECK(store::compare_natural(second, null_part, be_bytes<std::int32_t>(0)) == (desc ? 1 : -1));
    // Range deletions: an equality never covers it; a slice covers it only when open on its side.
    store::RangeTombstone eq;
    eq.prefix = {be_bytes<std::int32_t>(1), be_bytes<std::int32_t>(0)};
    CHECK_FALSE(store::covers(eq, prefix_row, cmp));
    store::RangeTombstone whole;
    whole.prefix = {be_bytes<std::int32_t>(1)};
    CHECK(store::covers(whole, prefix_row, cmp));
    store::RangeTombstone at_least;  // c2 >= 0
    at_least.prefix = whole.prefix;
    at_least.lower = be_bytes<std::int32_t>(0);
    CHECK(store::covers(at_least, prefix_row, cmp) == desc);
    store::RangeTombstone at_most;  // c2 <= 0
    at_most.prefix = whole.prefix;
    at_most.upper = be_bytes<std::int32_t>(0);
    CHECK(store::covers(at_most, prefix_row, cmp) == !desc);
  }
}

TEST_CASE("writing an existing row merges its cells by reconciliation") {
  store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  store::Partition p("k");
  p.apply(row_write("k", ck({1}), 0, live(10, "new")), cmp);
  p.apply(row_write("k", ck({1}), 0, live(5, "old")), cmp);    // older: ignored
  p.apply(row_write("k", ck({1}), 1, live(5, "other")), cmp);  // another slot: added
  REQUIRE(p.rows().size() == 1);
  const store::Row& row = p.rows()[0];
  REQUIRE(row.cell(0).exists());
  CHECK(row.cell(0)->value == "new");
  CHECK(row.cell(0)->timestamp == 10);
  REQUIRE(row.cell(1).exists());
  CHECK(row.cell(1)->value == "other");
  CHECK(!row.cell(2).exists());
  SUBCASE("a tombstone at the same timestamp wins") {
    p.apply(row_write("k", ck({1}), 0, tombstone(10, 0)), cmp);
    REQUIRE(p.rows()[0].cell(0).exists());
    CHECK(p.rows()[0].cell(0)->tombstone);
  }
}

TEST_CASE("static cells and partition deletions are kept apart from the rows") {
  store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  store::Partition p("k");
  store::Mutation m;
  m.partition_key = "k";
  m.static_cells.emplace_back(0, live(3, "s"));
  p.apply(m, cmp);
  CHECK(p.rows().empty());
  REQUIRE(p.static_row().cell(0).exists());
  CHECK(p.static_row().cell(0)->value == "s");

  store::Mutation del;
  del.partition_key = "k";
  del.partition_deletion = {9, 1};
  p.apply(del, cmp);
  CHECK(p.deletion().timestamp == 9);
  CHECK(p.rows().empty());
}

TEST_CASE("a table store iterates its partitions in token order") {
  store::TableStore st(store::ClusteringComparator{});
  // int keys written out of order; tokens from spec §6.3 and cqlbox.md.
  for (std::int32_t k : {7, 1, 4, 3, 0, 2}) {
    store::Mutation m;
    m.partition_key = be_bytes(k);
    m.has_row = true;
    m.marker = {1, 0, store::kNoExpiry};
    st.apply(m);
  }
  struct Expected {
    std::int32_t key;
    std::int64_t token;
  };
  const Expected expected[] = {
      {1, -4069959284402364209LL}, {0, -3485513579396041028LL}, {2, -3248873570005575792LL},
      {4, -2729420104000364805LL}, {7, 1634052884888577606LL},  {3, 9010454139840013625LL},
  };
  REQUIRE(st.partitions().size() == 6);
  std::size_t i = 0;
  for (const store::Partition& partition : st.partitions()) {
    CAPTURE(i);
    CHECK(cqlbox::types::read_be<std::int32_t>(partition.key()) == expected[i].key);
    CHECK(partition.token() == expected[i].token);
    ++i;
  }
  SUBCASE("find and lower_bound") {
    const store::Partition* p = st.find(be_bytes(std::int32_t{4}));
    REQUIRE(p != nullptr);
    CHECK(p->token() == -2729420104000364805LL);
    CHECK(st.find(be_bytes(std::int32_t{5})) == nullptr);
    auto it = st.lower_bound(-3300000000000000000LL);
    REQUIRE(it != st.partitions().end());
    CHECK(it->token() == -3248873570005575792LL);
    CHECK(st.lower_bound(9010454139840013626LL) == st.partitions().end());
  }
  SUBCASE("clear empties the store") {
    st.clear();
    CHECK(st.partitions().empty());
  }
}

TEST_CASE("random upserts give the same contents as a std::map model (seeded)") {
  const std::uint64_t seed = test_seed();
  CAPTURE(seed);  // rerun with CQLBOX_TEST_SEED=<seed>
  std::mt19937_64 rng(seed);

  constexpr int kSlots = 3;
  struct ModelRow {
    std::optional<Liveness> marker;
    std::array<std::optional<Cell>, kSlots> cells;
  };
  // partition key -> clustering (DESC) -> row; statics separately.
  std::map<std::int32_t, std::map<std::int32_t, ModelRow, std::greater<>>> model;
  std::map<std::int32_t, std::array<std::optional<Cell>, kSlots>> model_statics;

  store::TableStore st(store::ClusteringComparator({{cqlbox::types::native_type(Kind::Int), true}}));
  auto pick = [&](int n) { return static_cast<std::int32_t>(rng() % static_cast<unsigned>(n)); };
  auto random_cell = [&]() {
    const std::int64_t ts = pick(20);  // few timestamps: many ties
    switch (pick(4)) {
      case 0: return tombstone(ts, pick(3));
      case 1: return expiring(ts, std::string(1, static_cast<char>(pick(256))), 5, pick(3));
      default: return live(ts, std::string(static_cast<std::size_t>(pick(3)), static_cast<char>(pick(256))));
    }
  };
  auto merge = [](std::optional<Cell>& slot, const Cell& c) {
    if (!slot || supersedes(c, *slot)) slot = c;
  };

  for (int op = 0; op < 3000; ++op) {
    const std::int32_t pk = pick(12) - 3;
    store::Mutation m;
    m.partition_key = be_bytes(pk);
    if (pick(8) == 0) {  // static write
      const int slot = pick(kSlots);
      Cell c = random_cell();
      m.static_cells.emplace_back(slot, c);
      merge(model_statics[pk][static_cast<std::size_t>(slot)], c);
    } else {
      const std::int32_t c = pick(15) - 5;
      m.has_row = true;
      m.clustering = ck({c});
      ModelRow& row = model[pk][c];
      if (pick(2) == 0) {
        m.marker = {pick(20), 0, store::kNoExpiry};
        if (!row.marker || supersedes(m.marker, *row.marker)) row.marker = m.marker;
      }
      for (int s = 0; s < kSlots; ++s) {
        if (pick(2) != 0) continue;
        Cell cell = random_cell();
        m.cells.emplace_back(s, cell);
        merge(row.cells[static_cast<std::size_t>(s)], cell);
      }
    }
    st.apply(m);
  }

  // Expected partition order: by token, then key bytes.
  std::map<std::pair<std::int64_t, std::string>, std::int32_t> order;
  for (const auto& [pk, rows] : model) order[{cqlbox::util::murmur3_token(be_bytes(pk)), be_bytes(pk)}] = pk;
  for (const auto& [pk, cells] : model_statics) order[{cqlbox::util::murmur3_token(be_bytes(pk)), be_bytes(pk)}] = pk;

  auto same_cell = [](const store::CellRef& got, const std::optional<Cell>& want) {
    if (!want) return !got.exists();
    return got.exists() && got->timestamp == want->timestamp && got->value == want->value &&
           got->tombstone == want->tombstone && got->ttl == want->ttl && got->local_time == want->local_time;
  };

  REQUIRE(st.partitions().size() == order.size());
  auto want = order.begin();
  for (const store::Partition& partition : st.partitions()) {
    const std::int32_t pk = want->second;
    CAPTURE(pk);
    REQUIRE(partition.key() == be_bytes(pk));
    CHECK(partition.token() == want->first.first);
    for (int s = 0; s < kSlots; ++s) {
      CAPTURE(s);
      auto st_it = model_statics.find(pk);
      const std::optional<Cell> none;
      CHECK(same_cell(partition.static_row().cell(s),
                      st_it == model_statics.end() ? none : st_it->second[static_cast<std::size_t>(s)]));
    }
    const auto& rows = model[pk];
    REQUIRE(partition.rows().size() == rows.size());
    auto row_it = rows.begin();
    for (const store::Row& row : partition.rows()) {
      CAPTURE(row_it->first);
      CHECK(int_at(row.clustering().str(), 0) == row_it->first);
      CHECK(row.marker().exists() == row_it->second.marker.has_value());
      if (row_it->second.marker) CHECK(row.marker().timestamp == row_it->second.marker->timestamp);
      for (int s = 0; s < kSlots; ++s) {
        CAPTURE(s);
        CHECK(same_cell(row.cell(s), row_it->second.cells[static_cast<std::size_t>(s)]));
      }
      ++row_it;
    }
    ++want;
  }
}

TEST_CASE("a key prefix never contradicts the clustering order (seeded)") {
  // Partitions search the prefixes first (ClusteringComparator::prefix): prefix(a) < prefix(b)
  // must imply a sorts before b for every type, direction, width and empty value.
  std::mt19937_64 rng(test_seed());
  auto random_value = [&](Kind k) -> std::string {
    if (rng() % 10 == 0) return {};  // an empty value sorts first
    switch (k) {
      case Kind::Tinyint: return be_bytes(static_cast<std::int8_t>(rng()));
      case Kind::Int: {  // around zero, or just above INT32_MIN
        const std::int64_t base = rng() % 2 ? std::int64_t{INT32_MIN} + 3 : 0;
        return be_bytes(static_cast<std::int32_t>(base + static_cast<std::int64_t>(rng() % 7) - 3));
      }
      case Kind::Bigint: return be_bytes(static_cast<std::int64_t>(rng()));
      case Kind::Boolean: return std::string(1, static_cast<char>(rng() % 2));
      case Kind::Uuid:
      case Kind::Timeuuid: {
        // Versions 1 and 4 (and a few others), timestamps close together, equal high bytes.
        const std::uint64_t msb = rng() % 2 ? rng() : rng() % 5;
        std::string u = be_bytes(msb) + be_bytes(static_cast<std::uint64_t>(rng() % 3 ? rng() : rng() % 4));
        const int version = k == Kind::Timeuuid || rng() % 2 ? 1 : static_cast<int>(rng() % 16);
        u[6] = static_cast<char>((version << 4) | static_cast<int>(rng() % 2));
        if (rng() % 2) u[0] = static_cast<char>(rng() % 3);
        return u;
      }
      default: {  // text/blob: a shared 8-byte start, then short tails with zero bytes
        std::string s = rng() % 2 ? "abcdefgh" : "abcdefg";
        s.resize(rng() % 12, '\0');
        for (std::size_t i = 6; i < s.size(); ++i) s[i] = static_cast<char>(rng() % 3);
        return s;
      }
    }
  };
  for (Kind k : {Kind::Tinyint, Kind::Int, Kind::Bigint, Kind::Boolean, Kind::Text, Kind::Blob, Kind::Uuid,
                 Kind::Timeuuid, Kind::Varint}) {
    for (bool reversed : {false, true}) {
      CAPTURE(static_cast<int>(k));
      CAPTURE(reversed);
      store::ClusteringComparator cmp({{cqlbox::types::native_type(k), reversed}});
      for (int i = 0; i < 2000; ++i) {
        std::string a, b;
        if (k != Kind::Varint) {  // varint: no prefix map, and a key with no component
          store::append_component(a, random_value(k));
          store::append_component(b, random_value(k));
        }
        const int c = cmp.compare(a, b);
        if (cmp.prefix(a) < cmp.prefix(b)) CHECK(c < 0);
        if (cmp.prefix(a) > cmp.prefix(b)) CHECK(c > 0);
      }
    }
  }
}

TEST_CASE("rows whose keys share their first 8 bytes are kept, found and erased in order (seeded)") {
  std::mt19937_64 rng(test_seed());
  store::ClusteringComparator cmp(
      {{cqlbox::types::native_type(Kind::Text), true}, {cqlbox::types::native_type(Kind::Int), false}});
  store::Partition p("k");
  std::map<std::string, int, std::function<bool(const std::string&, const std::string&)>> model(
      [&](const std::string& a, const std::string& b) { return cmp.compare(a, b) < 0; });
  for (int op = 0; op < 3000; ++op) {
    std::string key;
    store::append_component(key, "sensor-0" + std::to_string(rng() % 20));
    store::append_component(key, be_bytes(static_cast<std::int32_t>(rng() % 5)));
    if (rng() % 4 == 0) {
      p.erase_row(key, cmp);
      model.erase(key);
    } else {
      p.apply(row_write("k", key, 0, live(op, "v")), cmp);
      model[key] = op;
    }
  }
  REQUIRE(p.rows().size() == model.size());
  std::size_t i = 0;
  for (const auto& [key, ts] : model) {
    CHECK(p.rows()[i++].clustering().str() == key);
    const store::Row found = p.find_row(key, cmp);
    REQUIRE(!found.empty());
    CHECK(found.cell(0)->timestamp == ts);
  }
}

TEST_CASE("a table store finds every partition it holds after adds, erasures, purges and clears (seeded)") {
  // TableStore keeps a token index beside its ordered map: both must agree on every change.
  std::mt19937_64 rng(test_seed());
  store::TableStore st(store::ClusteringComparator({{cqlbox::types::native_type(Kind::Int), false}}));
  std::map<std::int32_t, std::map<std::int32_t, bool>> model;  // key -> rows
  for (int op = 0; op < 5000; ++op) {
    const auto k = static_cast<std::int32_t>(rng() % 50);
    const auto c = static_cast<std::int32_t>(rng() % 4);
    const std::uint64_t what = rng() % 100;
    if (what < 60) {
      store::RowData row;
      row.clustering = ck({c});
      row.marker = {1, 0, store::kNoExpiry};
      st.put_row(be_bytes(k), std::move(row));
      model[k][c] = true;
    } else if (what < 95) {
      st.erase_row(be_bytes(k), ck({c}));
      if (auto it = model.find(k); it != model.end()) {
        it->second.erase(c);
        if (it->second.empty()) model.erase(it);
      }
    } else if (what < 98) {
      st.purge(0);  // nothing is old enough to go: every partition stays
    } else {
      st.clear();
      model.clear();
    }
    for (std::int32_t key = 0; key < 50; ++key) {
      const store::Partition* p = st.find(be_bytes(key));
      const auto it = model.find(key);
      REQUIRE((p != nullptr) == (it != model.end()));
      if (p) CHECK(p->rows().size() == it->second.size());
    }
  }
}

TEST_CASE("a dropped column keeps the cells newer than its drop, and a re-add shows only those") {
  // ALTER TABLE DROP … USING TIMESTAMP 20: slot 1 is dropped, then added back in slot 1.
  store::TableStore st(store::ClusteringComparator({{cqlbox::types::native_type(Kind::Int), false}}));
  for (std::int32_t c = 0; c < 4; ++c) {
    store::Mutation m;
    m.partition_key = be_bytes(std::int32_t{1});
    m.has_row = true;
    m.clustering = ck({c});
    m.cells = {{0, live(c * 10, "v")}, {1, live(c * 10, std::string(1, static_cast<char>('a' + c)))}};
    m.static_cells = {{0, live(c * 10, std::string(1, static_cast<char>('0' + c)))}};
    st.apply(m);
  }
  st.shelve("d", 1, false, 20);
  st.shelve("s", 0, true, 20);
  st.remap({0, -1}, {-1}, {});
  const store::Partition& p = *st.partitions().begin();
  for (const store::Row row : p.rows()) CHECK(!row.cell(1));
  CHECK(!p.static_row().cell(0));

  st.remap({0}, {}, {});  // the re-add: slot 1 (regular) and slot 0 (static) again
  st.unshelve("d", 1);
  st.unshelve("s", 0);
  st.set_floors({store::kNoTimestamp, 20}, {20});
  std::vector<std::string> kept;
  for (const store::Row row : p.rows()) kept.push_back(row.cell(1) ? std::string(row.cell(1).value) : "-");
  CHECK(kept == std::vector<std::string>{"-", "-", "-", "d"});
  REQUIRE(p.static_row().cell(0));
  CHECK(p.static_row().cell(0).value == "3");

  // A later write at or below the floor is left out; above it, applied.
  store::Mutation old_write;
  old_write.partition_key = be_bytes(std::int32_t{1});
  old_write.has_row = true;
  old_write.clustering = ck({0});
  old_write.cells = {{0, live(5, "w")}, {1, live(20, "x")}};
  st.apply(old_write);
  const store::Row first = p.rows().front();
  CHECK(first.cell(0).value == "w");  // slot 0 has no floor
  CHECK(!first.cell(1));
  old_write.cells = {{1, live(21, "y")}};
  st.apply(old_write);
  CHECK(p.rows().front().cell(1).value == "y");
}
