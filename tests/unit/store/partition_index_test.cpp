// The ring-ordered partition index (store/partition_index.hpp) against std::set: inserts that
// split leaves in the middle and at the end, tokens whose high halves tie (what the leaves keep,
// so the keys' whole tokens decide), erasure that empties leaves, and lower_bound at, between
// and past the partitions. Tokens are the keys' Murmur3 tokens, as the index requires.
#include "store/partition_index.hpp"
#include "store/key_bytes.hpp"
#include "util/murmur3.hpp"

#include <doctest/doctest.h>

#include <algorithm>
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

std::int64_t token_of(std::string_view key) { return cqlbox::util::murmur3_token(key); }
Entry entry(std::string key) { return {token_of(key), std::move(key)}; }

// Keys in groups whose tokens share their high 32 bits: a birthday search over 300,000 keys
// finds about ten pairs.
std::vector<std::string> tied_keys() {
  std::vector<Entry> all;
  for (int i = 0; i < 300000; ++i) all.push_back(entry("t" + std::to_string(i)));
  std::sort(all.begin(), all.end());
  std::vector<std::string> tied;
  for (std::size_t i = 1; i < all.size(); ++i)
    if ((all[i].first >> 32) == (all[i - 1].first >> 32)) {
      tied.push_back(all[i - 1].second);
      tied.push_back(all[i].second);
    }
  return tied;
}

void check_same(const store::PartitionIndex& index, const std::set<Entry>& model) {
  REQUIRE(index.size() == model.size());
  auto want = model.begin();
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
  // Keys whose token halves tie, beside random ones, so leaves hold runs of one half.
  const std::vector<std::string> tied = tied_keys();
  REQUIRE(tied.size() >= 8);
  auto key = [&] { return rng() % 4 == 0 ? tied[rng() % tied.size()] : "k" + std::to_string(rng() % 100000); };
  auto token = [&] { return static_cast<std::int64_t>(rng()); };
  for (int i = 0; i < 3000; ++i) {
    const Entry e = entry(key());
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
  CHECK(index.find(token_of("absent"), "absent") == nullptr);
  // A key whose token's high half ties with a present one's, itself absent.
  for (const std::string& k : tied)
    if (!model.count(entry(k))) CHECK(index.find(token_of(k), k) == nullptr);

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
  auto drop = [](std::string_view k) { return k.back() % 2 == 0; };
  for (auto it = index.begin(); it != index.end(); ++it)
    if (drop(it->key())) model.erase(Entry{it.token(), std::string(it->key())});
  index.erase_if([&](store::Partition& p) { return drop(p.key()); });
  check_same(index, model);

  // lower_bound by token alone: the first partition with that token or a later one; also at
  // the tied keys' tokens and just past them.
  std::vector<std::int64_t> probes;
  for (int i = 0; i < 500; ++i) probes.push_back(token());
  for (const std::string& k : tied) {
    probes.push_back(token_of(k));
    probes.push_back(token_of(k) + 1);
  }
  for (const std::int64_t t : probes) {
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

TEST_CASE("partition index: the empty key, and lower_bound at any token beside it") {
  store::PartitionIndex index;
  const std::int64_t empty = token_of("");
  index.insert("", empty);
  index.insert("x", token_of("x"));
  CHECK(index.find(empty, "") != nullptr);
  CHECK(index.lower_bound(empty)->key().empty());
  // A token just past the empty key's, sharing its high half: not the empty key.
  auto it = index.lower_bound(empty + 1);
  CHECK((it == index.end() || !it->key().empty()));
}

TEST_CASE("partition index: keys arriving in ring order fill each leaf") {
  store::PartitionIndex index;
  const std::size_t n = store::PartitionIndex::kLeafSize * 3 + 5;
  std::vector<Entry> ring;
  for (std::size_t i = 0; i < n; ++i) ring.push_back(entry("k" + std::to_string(i)));
  std::sort(ring.begin(), ring.end());
  for (const Entry& e : ring) index.insert(e.second, e.first);
  std::size_t i = 0;
  for (auto it = index.begin(); it != index.end(); ++it) CHECK(it.token() == ring[i++].first);
  CHECK(i == n);
  CHECK(static_cast<double>(index.capacity()) < 1.05 * static_cast<double>(n));
  // Then inserts between them split full leaves in two.
  std::set<Entry> model(ring.begin(), ring.end());
  for (std::size_t j = 0; j < n; j += 7) {
    const Entry e = entry("m" + std::to_string(j));
    index.insert(e.second, e.first);
    model.insert(e);
  }
  check_same(index, model);
  CHECK(index.lower_bound(ring[0].first + 1).token() > ring[0].first);
  CHECK(index.lower_bound(ring[0].first)->key() == model.begin()->second);
  CHECK(index.lower_bound(INT64_MAX) == index.end());
}

TEST_CASE("partition index: leaves hold room for little more than their partitions") {
  // Random tokens split leaves in halves that fill at random: with leaves that doubled their
  // room, about 1.45 entries of room a partition; grown by an eighth, under 1.15.
  std::mt19937_64 rng(7);
  store::PartitionIndex index;
  std::vector<Entry> all;
  for (int i = 0; i < 50000; ++i) all.push_back(entry("k" + std::to_string(i)));
  std::shuffle(all.begin(), all.end(), rng);
  for (const Entry& e : all) index.insert(e.second, e.first);
  CHECK(index.size() == 50000);
  CHECK(static_cast<double>(index.capacity()) < 1.15 * static_cast<double>(index.size()));
  // Keys in ring order leave full leaves behind them.
  std::sort(all.begin(), all.end());
  store::PartitionIndex ordered;
  for (const Entry& e : all) ordered.insert(e.second, e.first);
  CHECK(static_cast<double>(ordered.capacity()) < 1.01 * 50000);
}

TEST_CASE("partition index: erasing every partition one by one") {
  store::PartitionIndex index;
  for (int i = 0; i < 600; ++i) index.insert(std::to_string(i), token_of(std::to_string(i)));
  auto it = index.begin();
  std::int64_t last = INT64_MIN;
  while (it != index.end()) {
    CHECK(it.token() > last);
    last = it.token();
    it = index.erase(it);
  }
  CHECK(index.empty());
  index.insert("again", token_of("again"));
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
