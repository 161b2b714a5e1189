// row_memory: blocks of every size keep their bytes while others come and go, and a freed
// block is handed out again for its size class.
#include "store/row_memory.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace row_memory = cqlbox::store::row_memory;

TEST_CASE("row memory keeps every block's bytes through allocations and releases (seeded)") {
  std::mt19937_64 rng(7);
  struct Block {
    char* p;
    std::size_t size;
    char fill;
  };
  std::vector<Block> live;
  for (int op = 0; op < 20000; ++op) {
    if (!live.empty() && rng() % 3 == 0) {
      const std::size_t i = rng() % live.size();
      const Block b = live[i];
      REQUIRE(std::all_of(b.p, b.p + b.size, [&](char c) { return c == b.fill; }));
      row_memory::release(b.p, b.size);
      live[i] = live.back();
      live.pop_back();
    } else {
      const std::size_t size = 1 + rng() % (rng() % 8 == 0 ? 1000 : 120);
      const char fill = static_cast<char>(rng());
      char* p = row_memory::allocate(size);
      std::memset(p, fill, size);
      live.push_back({p, size, fill});
    }
  }
  for (const Block& b : live) {
    CHECK(std::all_of(b.p, b.p + b.size, [&](char c) { return c == b.fill; }));
    row_memory::release(b.p, b.size);
  }
}

TEST_CASE("a fitted size holds what was asked and uses all the memory its block takes") {
  using row_memory::fitted;
  using row_memory::kLargestPooled;
  for (std::size_t size = 1; size < 3000; ++size) {
    const std::size_t f = fitted(size);
    CHECK(f >= size);
    CHECK(fitted(f) == f);  // nothing more fits in the same memory
    if (size <= kLargestPooled) {
      CHECK(f % 8 == 0);  // the pool's class
      CHECK(f - size < 8);
    } else {
      CHECK((f + 8) % 16 == 0);  // a malloc chunk's end, past its 8-byte header
      CHECK(f - size < 16);
    }
  }
  CHECK(fitted(kLargestPooled) == kLargestPooled);
  CHECK(fitted(kLargestPooled + 1) == 72);
  CHECK(fitted(100) == 104);
  CHECK(fitted(105) == 120);
}
