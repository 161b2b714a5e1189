// The token -> partition hash (store/token_index.hpp) against std::map, through growth and
// erasure with runs that wrap around the end of the table.
#include "store/token_index.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <random>

namespace store = cqlbox::store;

TEST_CASE("token index: finds what was inserted, first value wins") {
  store::TokenIndex<int> index;
  CHECK(index.find(5) == nullptr);
  index.insert(5, 1);
  index.insert(5, 2);  // the token has a value already
  REQUIRE(index.find(5) != nullptr);
  CHECK(*index.find(5) == 1);
  CHECK(index.size() == 1);
  index.erase(7);  // absent: nothing happens
  CHECK(index.size() == 1);
  index.erase(5);
  CHECK(index.find(5) == nullptr);
  CHECK(index.size() == 0);
}

TEST_CASE("token index: the empty marker is never stored") {
  store::TokenIndex<int> index;
  index.insert(INT64_MIN, 3);
  CHECK(index.find(INT64_MIN) == nullptr);
  CHECK(index.size() == 0);
  index.insert(INT64_MAX, 4);
  CHECK(*index.find(INT64_MAX) == 4);
}

TEST_CASE("token index: random inserts and erases agree with std::map") {
  // Tokens from a narrow set of top bits crowd a few home slots, so runs are long and wrap
  // past the table's end; erasing from the middle of those runs exercises the backward shift.
  for (const unsigned spread : {64u, 4u}) {
    CAPTURE(spread);
    std::mt19937_64 rng(spread);
    store::TokenIndex<std::int64_t> index;
    std::map<std::int64_t, std::int64_t> model;
    for (int step = 0; step < 20000; ++step) {
      std::int64_t token = static_cast<std::int64_t>(rng());
      if (spread < 64) token = static_cast<std::int64_t>(((rng() % spread + 14) % 16) << 60 | (rng() % 512));
      if (token == INT64_MIN) continue;
      if (rng() % 3 == 0 && !model.empty()) {
        auto it = model.lower_bound(token);
        if (it == model.end()) it = model.begin();
        index.erase(it->first);
        model.erase(it);
      } else {
        index.insert(token, step);
        model.emplace(token, step);
      }
      if (step % 997 == 0) {
        CHECK(index.size() == model.size());
        for (const auto& [t, v] : model) {
          const std::int64_t* found = index.find(t);
          REQUIRE(found != nullptr);
          CHECK(*found == v);
        }
      }
    }
    for (const auto& [t, v] : model) CHECK(*index.find(t) == v);
    index.clear();
    CHECK(index.find(model.begin()->first) == nullptr);
  }
}
