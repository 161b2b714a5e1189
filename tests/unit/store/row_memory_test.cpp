// row_memory: blocks of every size keep their bytes while others come and go, and the sizes
// that say where a page's block comes from (pool or malloc) hold what they are asked.
#include "store/row_memory.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "util/sanitizers.hpp"

namespace row_memory = cqlbox::store::row_memory;

namespace {

// 20,000 seeded allocations and releases through `allocate` and `release`, of sizes from `size`:
// every live block keeps the bytes written to it.
template <class Size, class Allocate, class Release>
void keeps_bytes(std::uint64_t seed, Size size, Allocate allocate, Release release) {
  std::mt19937_64 rng(seed);
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
      release(b.p, b.size);
      live[i] = live.back();
      live.pop_back();
    } else {
      const std::size_t n = size(rng);
      const char fill = static_cast<char>(rng());
      char* p = allocate(n);
      std::memset(p, fill, n);
      live.push_back({p, n, fill});
    }
  }
  for (const Block& b : live) {
    CHECK(std::all_of(b.p, b.p + b.size, [&](char c) { return c == b.fill; }));
    release(b.p, b.size);
  }
}

}  // namespace

TEST_CASE("row memory keeps every block's bytes through allocations and releases (seeded)") {
  keeps_bytes(
      7, [](std::mt19937_64& rng) { return 1 + rng() % (rng() % 8 == 0 ? 1000 : 120); }, row_memory::allocate,
      row_memory::release);
}

TEST_CASE("fitted sizes hold what was asked, use all the memory their block takes, and say where it comes from") {
  using row_memory::heap_fit;
  using row_memory::kLargestPooled;
  using row_memory::pooled_fit;
  for (std::size_t size = 1; size < 3000; ++size) {
    const std::size_t h = heap_fit(size), p = pooled_fit(size);
    CHECK(h >= size);
    CHECK((h - size < 16 || h == 24));
    CHECK(heap_fit(h) == h);   // nothing more fits in the same malloc chunk
    CHECK((h + 8) % 16 == 0);  // the chunk's end, past its 8-byte header: never a multiple of 16
    CHECK(p >= size);
    if (size <= kLargestPooled) {
      CHECK(p % 16 == 0);  // a pool class, which allocate_sized tells from a heap size
      CHECK(p - size < 16);
    } else {
      CHECK(p == h);
    }
  }
  CHECK(heap_fit(1) == 24);  // glibc's smallest chunk, 32 bytes
  CHECK(heap_fit(100) == 104);
  CHECK(heap_fit(105) == 120);
  CHECK(pooled_fit(10) == 16);
  CHECK(pooled_fit(kLargestPooled + 1) == 72);
}

TEST_CASE("blocks of fitted sizes keep their bytes through allocations and releases (seeded)") {
  keeps_bytes(
      11,
      [](std::mt19937_64& rng) {
        const std::size_t want = 1 + rng() % 300;
        return rng() % 2 ? row_memory::heap_fit(want) : row_memory::pooled_fit(want);
      },
      row_memory::allocate_sized, row_memory::release_sized);
}

TEST_CASE("a chunk whose blocks are all released goes back to malloc, and one block in and out keeps its chunk") {
  if (cqlbox::util::kAddressSanitizer) return;  // no pool there: every block is malloc's
  const std::size_t before = row_memory::chunks_held();
  std::vector<char*> blocks;
  for (int i = 0; i < 20000; ++i) blocks.push_back(row_memory::allocate(40));
  const std::size_t full = row_memory::chunks_held();
  CHECK(full >= before + 20000 * 40 / (32 * 1024));
  // Released in an order that empties no chunk until the last pass (every other block first).
  for (std::size_t i = 0; i < blocks.size(); i += 2) row_memory::release(blocks[i], 40);
  CHECK(row_memory::chunks_held() == full);
  for (std::size_t i = 1; i < blocks.size(); i += 2) row_memory::release(blocks[i], 40);
  CHECK(row_memory::chunks_held() <= before + 1);  // the class's last chunk with room may stay
  const std::size_t settled = row_memory::chunks_held();
  for (int i = 0; i < 1000; ++i) row_memory::release(row_memory::allocate(40), 40);
  CHECK(row_memory::chunks_held() == settled);
}

TEST_CASE("a block released on another thread than the one that took it is taken again, its bytes intact") {
  std::vector<char*> blocks;
  for (int i = 0; i < 5000; ++i) {
    blocks.push_back(row_memory::allocate(24));
    std::memset(blocks.back(), i % 128, 24);
  }
  std::thread other([&] {
    for (std::size_t i = 0; i < blocks.size(); i += 2) row_memory::release(blocks[i], 24);
    for (std::size_t i = 0; i < blocks.size(); i += 2) blocks[i] = row_memory::allocate(24);
  });
  other.join();
  for (std::size_t i = 1; i < blocks.size(); i += 2)
    CHECK(std::all_of(blocks[i], blocks[i] + 24, [&](char c) { return c == static_cast<char>(i % 128); }));
  for (char* b : blocks) row_memory::release(b, 24);
}

TEST_CASE("a chunk emptied at the edge of a full one is kept as its size's spare, not freed and made again") {
  if (cqlbox::util::kAddressSanitizer) return;
  const std::size_t start = row_memory::chunks_held();
  // Fill every chunk of the 56-byte size with room (a spare included), then one more chunk's
  // first block: `edge` is the last block of a full chunk, `lone` the only block of the next.
  std::vector<char*> blocks;
  std::size_t made = 0;
  for (std::size_t held = start; made < 2; held = row_memory::chunks_held()) {
    blocks.push_back(row_memory::allocate(56));
    if (row_memory::chunks_held() > held) ++made;
  }
  char* lone = blocks.back();
  blocks.pop_back();
  char* edge = blocks.back();
  blocks.pop_back();
  const std::size_t held = row_memory::chunks_held();
  for (int i = 0; i < 100; ++i) {
    row_memory::release(edge, 56);
    row_memory::release(lone, 56);  // its chunk is empty while the full one has room again
    CHECK(row_memory::chunks_held() == held);
    edge = row_memory::allocate(56);
    lone = row_memory::allocate(56);
  }
  blocks.push_back(edge);
  blocks.push_back(lone);
  for (char* b : blocks) row_memory::release(b, 56);
  CHECK(row_memory::chunks_held() <= start + 1);
}
