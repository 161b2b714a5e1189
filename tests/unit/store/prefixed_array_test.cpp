// store/prefixed_array.hpp against a vector of (item, prefix) pairs: entries opened at the front,
// in the middle and at the end (growing the block, which moves the prefixes to their new place
// after the items), erased, and the block freed and reused.
#include "store/prefixed_array.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace store = cqlbox::store;

namespace {

struct Item {
  std::int64_t a = 0;
  std::uint32_t b = 0;
};

void check_same(const store::PrefixedArray<Item>& array, const std::vector<std::pair<Item, std::uint64_t>>& model) {
  REQUIRE(array.size() == model.size());
  CHECK(array.empty() == model.empty());
  for (std::size_t i = 0; i < model.size(); ++i) {
    CHECK(array[i].a == model[i].first.a);
    CHECK(array[i].b == model[i].first.b);
    CHECK(array.prefix(i) == model[i].second);
  }
}

}  // namespace

TEST_CASE("opening and erasing entries keeps each item with its prefix") {
  store::PrefixedArray<Item> array;
  std::vector<std::pair<Item, std::uint64_t>> model;
  std::mt19937_64 rng(7);
  for (int step = 0; step < 2000; ++step) {
    const bool grow = model.size() < 3 || rng() % 3 != 0;
    if (grow) {
      const std::size_t at = rng() % (model.size() + 1), n = 1 + rng() % 3;
      array.open(at, n);
      std::vector<std::pair<Item, std::uint64_t>> opened;
      for (std::size_t j = 0; j < n; ++j) {
        CHECK(array[at + j].a == 0);
        CHECK(array.prefix(at + j) == 0);
        const Item item{static_cast<std::int64_t>(rng()), static_cast<std::uint32_t>(step)};
        const std::uint64_t prefix = rng();
        array[at + j] = item;
        array.prefix(at + j) = prefix;
        opened.emplace_back(item, prefix);
      }
      model.insert(model.begin() + static_cast<std::ptrdiff_t>(at), opened.begin(), opened.end());
    } else {
      const std::size_t at = rng() % model.size();
      array.erase(at);
      model.erase(model.begin() + static_cast<std::ptrdiff_t>(at));
    }
    check_same(array, model);
  }
  CHECK(array.back().b == model.back().first.b);
}

TEST_CASE("a moved array takes the block; clear frees it and the array is usable again") {
  store::PrefixedArray<Item> array;
  array.open(0, 1);
  array[0] = Item{5, 6};
  array.prefix(0) = 7;
  array.open(1, 0);  // nothing
  store::PrefixedArray<Item> moved(std::move(array));
  CHECK(array.empty());  // NOLINT(bugprone-use-after-move): a move leaves it empty
  REQUIRE(moved.size() == 1);
  CHECK(moved[0].a == 5);
  CHECK(moved.prefix(0) == 7);
  moved.clear();
  CHECK(moved.empty());
  moved.open(0, 2);
  CHECK(moved.size() == 2);
  array = std::move(moved);
  CHECK(array.size() == 2);
}

TEST_CASE("4-byte items before 8-byte prefixes: the prefixes stay aligned at odd capacities") {
  // The browser's wasm32 index leaves: 4-byte pointers, then 8-byte tokens.
  store::PrefixedArray<std::uint32_t, std::int64_t> array;
  for (std::uint32_t i = 0; i < 37; ++i) {
    array.open(i, 1);
    array[i] = i;
    array.prefix(i) = -static_cast<std::int64_t>(i) * 1'000'000'007;
    CHECK(reinterpret_cast<std::uintptr_t>(array.prefixes()) % alignof(std::int64_t) == 0);
  }
  array.reserve(41);  // an odd capacity
  CHECK(reinterpret_cast<std::uintptr_t>(array.prefixes()) % alignof(std::int64_t) == 0);
  for (std::uint32_t i = 0; i < 37; ++i) {
    CHECK(array[i] == i);
    CHECK(array.prefix(i) == -static_cast<std::int64_t>(i) * 1'000'000'007);
  }
  array.truncate(5);
  CHECK(array.size() == 5);
  CHECK(array.back() == 4);
}
