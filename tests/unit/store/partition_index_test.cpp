// The ring-ordered partition index (store/partition_index.hpp) against std::set: inserts that
// split leaves in the middle and at the end, shared tokens (ordered by key bytes), erasure that
// empties leaves, and lower_bound at, between and past the partitions.
#include "store/partition_index.hpp"
#include "store/key_bytes.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace store = cqlbox::store;

namespace {

using Entry = std::pair<std::int64_t, std::string>;

void check_same(const store::PartitionIndex& index, const std::set<Entry>& model) {
  REQUIRE(index.size() == model.size());
  auto want = model.begin();
  // (These tokens are arbitrary, not the keys' hashes: the leaves' copies are what is checked.)
  for (auto it = index.begin(); it != index.end(); ++it) {
    REQUIRE(want != model.end());
    CHECK(it.token() == want->first);
    CHECK(it->key() == want->second);
    ++want;
  }
  CHECK(want == model.end());
}

}  // namespace

TEST_CASE("partition index: random inserts and erasures keep ring order") {
  store::PartitionIndex index;
  std::set<Entry> model;
  std::mt19937_64 rng(7);
  // Few distinct tokens beside many random ones, so leaves hold runs of one token.
  auto token = [&] { return rng() % 4 == 0 ? static_cast<std::int64_t>(rng() % 8) : static_cast<std::int64_t>(rng()); };
  for (int i = 0; i < 3000; ++i) {
    const Entry e{token(), "k" + std::to_string(rng() % 100000)};
    if (!model.insert(e).second) {
      // Present already: find_or_insert finds it and adds nothing.
      const std::size_t before = index.size();
      CHECK(&index.find_or_insert(e.second, e.first) == index.find(e.first, e.second));
      CHECK(index.size() == before);
      continue;
    }
    // Every other new one through find_or_insert: the same place as insert.
    store::Partition& p = i % 2 ? index.insert(e.second, e.first) : index.find_or_insert(e.second, e.first);
    CHECK(index.find(e.first, e.second) == &p);
  }
  check_same(index, model);
  for (const Entry& e : model) {
    store::Partition* p = index.find(e.first, e.second);
    REQUIRE(p != nullptr);
    CHECK(&index.find_or_insert(e.second, e.first) == p);
  }
  CHECK(index.size() == model.size());
  CHECK(index.find(3, "absent") == nullptr);

  // Erase two thirds, through erase() and erase_if().
  std::vector<Entry> all(model.begin(), model.end());
  for (std::size_t i = 0; i < all.size(); i += 3) {
    auto it = index.lower_bound(all[i].first, all[i].second);
    REQUIRE(it != index.end());
    CHECK(it->key() == all[i].second);
    auto next = index.erase(it);
    model.erase(all[i]);
    auto want = model.upper_bound(all[i]);
    if (want == model.end())
      CHECK(next == index.end());
    else
      CHECK(next->key() == want->second);
  }
  auto drop = [](std::string_view key) { return key.back() % 2 == 0; };
  for (auto it = index.begin(); it != index.end(); ++it)
    if (drop(it->key())) model.erase(Entry{it.token(), std::string(it->key())});
  index.erase_if([&](store::Partition& p) { return drop(p.key()); });
  check_same(index, model);

  // lower_bound by token alone: the first partition with that token or a later one.
  for (int i = 0; i < 500; ++i) {
    const std::int64_t t = token();
    auto want = model.lower_bound({t, ""});
    auto got = index.lower_bound(t);
    if (want == model.end()) {
      CHECK(got == index.end());
    } else {
      REQUIRE(got != index.end());
      CHECK(got.token() == want->first);
      CHECK(got->key() == want->second);
    }
  }
  index.clear();
  CHECK(index.empty());
  CHECK(index.begin() == index.end());
}

TEST_CASE("partition index: keys arriving in ring order fill each leaf") {
  store::PartitionIndex index;
  const std::size_t n = store::PartitionIndex::kLeafSize * 3 + 5;
  for (std::size_t i = 0; i < n; ++i) index.insert("k" + std::to_string(i), static_cast<std::int64_t>(i) * 10);
  std::size_t i = 0;
  for (auto it = index.begin(); it != index.end(); ++it) CHECK(it.token() == static_cast<std::int64_t>(i++) * 10);
  CHECK(i == n);
  // Then inserts between them split full leaves in two.
  for (std::size_t j = 0; j < n; j += 7) index.insert("m" + std::to_string(j), static_cast<std::int64_t>(j) * 10 + 5);
  std::int64_t last = INT64_MIN;
  std::size_t count = 0;
  for (auto it = index.begin(); it != index.end(); ++it) {
    CHECK(it.token() > last);
    last = it.token();
    ++count;
  }
  CHECK(count == index.size());
  CHECK(index.lower_bound(6).token() == 10);
  CHECK(index.lower_bound(5)->key() == "m0");
  CHECK(index.lower_bound(static_cast<std::int64_t>(n) * 10) == index.end());
}

TEST_CASE("partition index: leaves hold room for little more than their partitions") {
  // Random tokens split leaves in halves that fill at random: with leaves that doubled their
  // room, about 1.45 entries of room a partition; grown by an eighth, under 1.15.
  std::mt19937_64 rng(7);
  store::PartitionIndex index;
  for (int i = 0; i < 50000; ++i) index.insert("k" + std::to_string(i), static_cast<std::int64_t>(rng()));
  CHECK(index.size() == 50000);
  CHECK(static_cast<double>(index.capacity()) < 1.15 * static_cast<double>(index.size()));
  // Keys in ring order leave full leaves behind them.
  store::PartitionIndex ordered;
  for (std::int64_t i = 0; i < 50000; ++i) ordered.insert("k" + std::to_string(i), i);
  CHECK(static_cast<double>(ordered.capacity()) < 1.01 * 50000);
}

TEST_CASE("partition index: erasing every partition one by one") {
  store::PartitionIndex index;
  for (int i = 0; i < 600; ++i) index.insert(std::to_string(i), (i * 7919) % 600);
  auto it = index.begin();
  std::int64_t last = INT64_MIN;
  while (it != index.end()) {
    CHECK(it.token() > last);
    last = it.token();
    it = index.erase(it);
  }
  CHECK(index.empty());
  index.insert("again", 1);
  CHECK(index.size() == 1);
  CHECK(index.begin()->key() == "again");
}

TEST_CASE("key bytes: inline up to 15, on the heap beyond, moves leave the source empty") {
  for (std::size_t n : {0u, 1u, 4u, 15u, 16u, 17u, 300u}) {
    CAPTURE(n);
    std::string bytes;
    for (std::size_t i = 0; i < n; ++i) bytes.push_back(static_cast<char>(i * 37));  // zeros too
    store::KeyBytes k(bytes);
    CHECK(k.view() == bytes);
    store::KeyBytes moved(std::move(k));
    CHECK(moved.view() == bytes);
    CHECK(k.view().empty());  // NOLINT(bugprone-use-after-move): moved-from is empty by contract
    store::KeyBytes other("something longer than fifteen bytes");
    other = std::move(moved);
    CHECK(other.view() == bytes);
    CHECK(moved.view().empty());  // NOLINT(bugprone-use-after-move)
  }
}
