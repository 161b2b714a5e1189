// The paged row layout (store/row_pages.hpp) against a model: random inserts, overwrites, older
// timestamps (which re-base a page), rows larger than a page, and erasures, in partitions big
// enough to split pages many times; then order, lookups, indexing, both directions of iteration
// and prefix ranges are checked (STYLE.md §3: seeded, the seed overridable).
#include "store/row_pages.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "store/clustering.hpp"
#include "store/mutation.hpp"
#include "store/mutation_codec.hpp"
#include "store/partition.hpp"
#include "types/bytes.hpp"
#include "types/cql_type.hpp"

namespace store = cqlbox::store;
using cqlbox::types::be_bytes;
using cqlbox::types::Kind;

namespace {

std::uint64_t seed() {
  if (const char* s = std::getenv("CQLBOX_TEST_SEED")) return std::strtoull(s, nullptr, 10);
  return 20261122;
}

std::string key_of(std::pair<std::int32_t, std::int32_t> k) {
  std::string key;
  store::append_component(key, be_bytes(k.first));
  store::append_component(key, be_bytes(k.second));
  return key;
}

struct Expected {
  std::int64_t marker = store::kNoTimestamp;  // newest INSERT
  std::int64_t ts = store::kNoTimestamp;      // newest write of slot 0
  std::string value;
};

// One write: an INSERT (marker and a cell at one timestamp) or an UPDATE (the cell alone).
store::Mutation write(std::string key, bool insert, std::int64_t ts, std::string value) {
  store::Mutation m;
  m.partition_key = std::string(1, 'p');
  m.has_row = true;
  m.clustering = std::move(key);
  if (insert) m.marker = {ts, 0, store::kNoExpiry};
  store::Cell c;
  c.timestamp = ts;
  c.value = std::move(value);
  m.cells.emplace_back(0, std::move(c));
  return m;
}

void check(const store::Partition& p, const std::map<std::pair<std::int32_t, std::int32_t>, Expected>& model,
           const store::ClusteringComparator& cmp) {
  REQUIRE(p.rows().size() == model.size());
  // Forward, by index, and every key found.
  std::size_t i = 0;
  auto it = p.rows().begin();
  for (const auto& [k, e] : model) {
    const std::string key = key_of(k);
    REQUIRE(it != p.rows().end());
    CHECK((*it).clustering().str() == key);
    CHECK(p.rows()[i].clustering().str() == key);
    const store::Row row = p.find_row(key, cmp);
    REQUIRE(!row.empty());
    CHECK(row.marker().timestamp == e.marker);
    CHECK(row.cell(0).timestamp == e.ts);
    CHECK(row.cell(0).value == e.value);
    ++it;
    ++i;
  }
  CHECK(it == p.rows().end());
  // Backward.
  for (auto m = model.rbegin(); m != model.rend(); ++m) {
    --it;
    CHECK((*it).clustering().str() == key_of(m->first));
  }
  // A prefix (the first component) selects exactly its rows.
  for (std::int32_t a : {0, 3, 7, 40}) {
    std::string head;
    store::append_component(head, be_bytes(a));
    const auto [first, last] = p.head_range(head, cmp);
    auto lo = model.lower_bound({a, INT32_MIN}), hi = model.lower_bound({a + 1, INT32_MIN});
    CHECK(first == static_cast<std::size_t>(std::distance(model.begin(), lo)));
    CHECK(last == static_cast<std::size_t>(std::distance(model.begin(), hi)));
  }
  // A whole key selects its row, or none where it would be (present, absent, past the end).
  for (const std::pair<std::int32_t, std::int32_t>& k : {std::pair{0, 0}, {3, 150}, {7, 299}, {39, 1}, {41, 0}}) {
    const auto [first, last] = p.head_range(key_of(k), cmp);
    const auto at = model.lower_bound(k);
    CHECK(first == static_cast<std::size_t>(std::distance(model.begin(), at)));
    CHECK(last == first + (at != model.end() && at->first == k ? 1 : 0));
  }
  CHECK(p.find_row(key_of({41, 0}), cmp).empty());
}

// A clustering key of one int component.
std::string key(std::int32_t c) {
  std::string k;
  store::append_component(k, be_bytes(c));
  return k;
}

}  // namespace

TEST_CASE("paged rows keep order, values and timestamps through splits, re-bases, large rows and erasures (seeded)") {
  const std::uint64_t s = seed();
  INFO("CQLBOX_TEST_SEED=" << s);
  std::mt19937_64 rng(s);
  const store::ClusteringComparator cmp(
      {{cqlbox::types::native_type(Kind::Int), false}, {cqlbox::types::native_type(Kind::Int), false}});
  store::Partition p("p");
  std::map<std::pair<std::int32_t, std::int32_t>, Expected> model;
  std::int64_t clock = 1'000'000'000;
  for (int op = 0; op < 12000; ++op) {
    const std::pair<std::int32_t, std::int32_t> k{static_cast<std::int32_t>(rng() % 40),
                                                  static_cast<std::int32_t>(rng() % 300)};
    const std::uint64_t what = rng() % 100;
    if (what < 8) {
      p.erase_row(key_of(k), cmp);
      model.erase(k);
      continue;
    }
    // Mostly the clock moving on; sometimes a timestamp older than every page's base.
    const std::int64_t ts =
        what < 12 ? clock - 1'000'000'000 + op : (clock += 1 + static_cast<std::int64_t>(rng() % 5000));
    std::size_t size = rng() % 12;
    if (what >= 96) size = 300 + rng() % 3000;        // a page's worth or more
    if (what == 99 && rng() % 8 == 0) size = 70'000;  // past 16-bit offsets
    const std::string value(size, static_cast<char>('a' + rng() % 26));
    const bool insert = what % 2 == 0;
    p.apply(write(key_of(k), insert, ts, value), cmp);
    Expected& e = model[k];
    if (insert && ts > e.marker) e.marker = ts;
    if (ts > e.ts) {
      e.ts = ts;
      e.value = value;
    }
    if (op % 1500 == 1499) check(p, model, cmp);
  }
  check(p, model, cmp);
  while (!model.empty()) {
    const auto k = model.begin()->first;
    CHECK_FALSE(p.rows().empty());
    p.erase_row(key_of(k), cmp);
    model.erase(model.begin());
    if (model.size() % 997 == 0) check(p, model, cmp);
  }
  CHECK(p.rows().empty());
}

TEST_CASE("a time series appending in clustering order fills its pages") {
  const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Bigint), false}});
  store::Partition p("p");
  for (std::int64_t t = 0; t < 20000; ++t) {
    std::string key;
    store::append_component(key, be_bytes(t));
    p.apply(write(key, true, 1'000'000 + t, "v"), cmp);
  }
  REQUIRE(p.rows().size() == 20000);
  // Every page but the last is full: appends start a new page rather than split the last.
  const auto& pages = p.row_pages().pages();
  REQUIRE(pages.size() > 10);
  for (std::size_t i = 0; i + 1 < pages.size(); ++i) {
    const bool rows_full = pages[i].count == store::RowPages::kPageRows;
    CHECK((rows_full || store::RowPages::used(pages[i]) + 2 * pages[i].count + 16 > store::RowPages::kPageBytes));
  }
  std::size_t i = 0;
  for (const store::Row row : p.rows()) {
    std::string key;
    store::append_component(key, be_bytes(static_cast<std::int64_t>(i++)));
    CHECK(row.clustering().str() == key);
  }
}

TEST_CASE("writes at, past and before the last row of a partition (the append shortcut)") {
  for (const bool desc : {false, true}) {
    INFO("descending: " << desc);
    const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), desc}});
    auto key = [](std::int32_t v) {
      std::string k;
      store::append_component(k, be_bytes(v));
      return k;
    };
    store::Partition p("p");
    std::map<std::int32_t, std::string> model;
    // In clustering order (descending tables count down), then the last row again, then rows
    // that sort before it and between others.
    for (std::int32_t i = 0; i < 600; ++i) {
      const std::int32_t v = desc ? 1000 - 2 * i : 2 * i;
      p.apply(write(key(v), true, 10 + i, "a"), cmp);
      model[v] = "a";
    }
    const std::int32_t last = desc ? 1000 - 2 * 599 : 2 * 599;
    p.apply(write(key(last), true, 5000, "b"), cmp);
    model[last] = "b";
    for (std::int32_t v : {-1, 1, 501, 1199, 2000}) {
      p.apply(write(key(v), true, 6000, "c"), cmp);
      model[v] = "c";
    }
    REQUIRE(p.rows().size() == model.size());
    std::vector<std::int32_t> order;
    for (const auto& [v, value] : model) order.push_back(v);
    if (desc) std::reverse(order.begin(), order.end());
    std::size_t i = 0;
    for (const store::Row row : p.rows()) {
      CHECK(row.clustering().str() == key(order[i]));
      CHECK(row.cell(0).value == model[order[i]]);
      ++i;
    }
  }
}

TEST_CASE("clustering keys use varint lengths in memory and Cassandra's 4-byte lengths in data files") {
  std::string key;
  store::append_component(key, be_bytes(std::int64_t{42}));
  store::append_component(key, std::string(200, 'x'));  // a length past one varint byte
  CHECK(key.size() == 1 + 8 + 2 + 200);
  const std::string wire = store::key_to_wire(key);
  CHECK(wire.size() == 4 + 8 + 4 + 200);
  CHECK(wire.substr(0, 4) == std::string("\0\0\0\x08", 4));
  REQUIRE(store::key_from_wire(wire).has_value());
  CHECK(*store::key_from_wire(wire) == key);
  CHECK_FALSE(store::key_from_wire(wire.substr(0, 10)).has_value());  // cut short
  CHECK(store::wire_size(key) == wire.size());
  // A mutation written to a data file and read back keeps its key.
  store::Mutation m = write(key, true, 7, "v");
  std::string file;
  store::encode_mutation(m, file);
  CHECK(file.find(wire) != std::string::npos);
  std::string_view in = file;
  store::Mutation back;
  REQUIRE(store::decode_mutation(in, back));
  CHECK(back.clustering == key);
}

TEST_CASE("a page that held a row larger than a page shrinks back before taking small rows") {
  // Review finding: the big row's block was kept and every later insert went into it in
  // place, past kPageRows, moving up to 64 KB a write.
  const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  store::Partition p("p");
  std::string first;
  store::append_component(first, be_bytes(std::int32_t{0}));
  p.apply(write(first, true, 10, std::string(70'000, 'x')), cmp);
  p.apply(write(first, true, 11, "small"), cmp);
  for (std::int32_t c = 1; c < 1000; ++c) {
    std::string key;
    store::append_component(key, be_bytes(c * 7919 % 1000));  // every key in 1..999, out of order
    p.apply(write(key, true, 12 + c, "v"), cmp);
  }
  REQUIRE(p.rows().size() == 1000);
  for (const auto& page : p.row_pages().pages()) {
    CHECK(page.count <= store::RowPages::kPageRows);
    CHECK(store::RowPages::capacity(page) <= store::RowPages::kPageBytes);
  }
  CHECK(p.find_row(first, cmp).cell(0).value == "small");
}

TEST_CASE("a page's entry keeps its block size in 16 bits: exact below 2048, a 1024th at most above") {
  using store::RowPages;
  for (std::size_t size : {std::size_t{0}, std::size_t{24}, std::size_t{2047}})
    CHECK(RowPages::block_size(size) == size);
  for (std::size_t size = 2048; size < (std::size_t{1} << 29); size = size * 3 / 2 + 1) {
    const std::size_t block = RowPages::block_size(size);
    INFO(size);
    CHECK(block >= size);
    CHECK(block - size <= size / 1024);
    CHECK(RowPages::block_size(block) == block);
    RowPages::Page page;
    RowPages::set_capacity(page, block);
    CHECK(RowPages::capacity(page) == block);
  }
}

TEST_CASE("a row over 64 KiB has a page whose entry does not hold its size: its bytes tell it") {
  const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  store::Partition p("p");
  for (const std::size_t size : {std::size_t{65'000}, std::size_t{66'000}, std::size_t{300'000}}) {
    INFO(size);
    p.apply(write(key(1), true, 10, std::string(size, 'b')), cmp);
    REQUIRE(p.row_pages().pages().size() == 1);
    const store::RowPages::Page& page = p.row_pages().pages()[0];
    CHECK(store::RowPages::used(page) == store::RowPages::row(page, 0).packed_size());
    CHECK(store::RowPages::used(page) > size);
    CHECK(store::RowPages::capacity(page) >= store::RowPages::used(page) + 2);
    CHECK(p.find_row(key(1), cmp).cell(0).value.size() == size);
  }
  p.apply(write(key(2), true, 11, "after"), cmp);  // a page of its own
  p.apply(write(key(1), true, 12, "small again"), cmp);
  CHECK(p.find_row(key(1), cmp).cell(0).value == "small again");
  CHECK(p.find_row(key(2), cmp).cell(0).value == "after");
  CHECK(p.rows().size() == 2);
}

TEST_CASE("the position past the last row is the end iterator") {
  const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  store::Partition p("p");
  for (std::int32_t c = 0; c < 300; ++c) {
    std::string key;
    store::append_component(key, be_bytes(c));
    p.apply(write(key, true, 1 + c, "v"), cmp);
  }
  const store::RowPages& rows = p.row_pages();
  CHECK(rows.at_iter(rows.end_pos()) == rows.end());
  CHECK(rows.at_iter(rows.locate(299)) != rows.end());
  std::size_t n = 0;
  p.rows().for_each(290, 300, [&](store::Row) { ++n; });
  CHECK(n == 10);
}

TEST_CASE("a one-page partition holds its page without a list, and grows one at its second page") {
  const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  store::Partition p("p");
  for (int round = 0; round < 2; ++round) {
    INFO("round " << round);
    p.apply(write(key(5), true, 10, "five"), cmp);
    REQUIRE(p.row_pages().pages().size() == 1);
    // A row larger than a page makes the page split: the second page needs the list.
    p.apply(write(key(1), true, 11, std::string(3000, 'x')), cmp);
    p.apply(write(key(9), true, 12, "nine"), cmp);
    REQUIRE(p.row_pages().pages().size() >= 2);
    CHECK(p.rows().size() == 3);
    CHECK(p.find_row(key(9), cmp).cell(0).value == "nine");
    CHECK(p.find_row(key(1), cmp).cell(0).value.size() == 3000);
    // An older marker re-bases the single page, which stays one.
    store::Partition q("q");
    q.apply(write(key(2), true, 50, "two"), cmp);
    q.apply(write(key(3), true, 40, "three"), cmp);
    CHECK(q.row_pages().pages().size() == 1);
    CHECK(q.find_row(key(2), cmp).cell(0).value == "two");
    CHECK(q.find_row(key(3), cmp).cell(0).value == "three");
    // Compaction rebuilds the rows and moves them in (the single form, then the list form).
    CHECK_FALSE(q.purge(0, cmp));
    CHECK(q.row_pages().pages().size() == 1);
    CHECK(q.rows()[1].clustering().str() == key(3));
    CHECK_FALSE(p.purge(0, cmp));
    CHECK(p.rows().size() == 3);
    CHECK(p.find_row(key(5), cmp).cell(0).value == "five");
    // Erasing every row empties the partition; the next write starts a single page again.
    for (const std::int32_t c : {1, 5, 9}) p.erase_row(key(c), cmp);
    CHECK(p.rows().empty());
  }
}

TEST_CASE("a partition's growth counters live in the pages' spare bits and survive every change of form") {
  const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  using Growth = store::Partition::Growth;
  store::Partition p("p");
  Growth g;
  g.written = 123456;
  g.size_warned = true;
  p.set_growth(g);  // no rows yet (a static row may grow alone): a byte, as the first row's single form keeps
  REQUIRE(p.row_pages().spare_is_byte());
  auto kept = [&](const char* when, std::uint32_t at_least) {
    INFO(when);
    const Growth h = p.growth();
    CHECK(h.written >= at_least);  // one page keeps a byte: rounded up to 63rds of kCheckEvery
    CHECK(h.written < at_least + Growth::kCheckEvery / 63 + 1);
    CHECK(h.size_warned);
    CHECK_FALSE(h.rows_warned);
  };
  kept("no rows", 123456);
  p.apply(write(key(5), true, 10, "five"), cmp);  // the single form
  kept("first row", 123456);
  REQUIRE(p.row_pages().pages().size() == 1);
  CHECK(p.row_pages().locate(0).index == 0);
  p.apply(write(key(7), true, 11, "seven"), cmp);  // the page moves to a block with room
  kept("second row", 123456);
  CHECK(p.rows()[1].clustering().str() == key(7));
  CHECK_FALSE(p.purge(0, cmp));  // rebuilt and moved in
  kept("compaction", 123456);
  p.apply(write(key(1), true, 12, std::string(3000, 'x')), cmp);  // split: the list form keeps the byte
  REQUIRE(p.row_pages().pages().size() >= 2);
  kept("second page", 123456);
  CHECK(p.rows().size() == 3);
  CHECK(p.rows()[2].clustering().str() == key(7));
  CHECK(p.row_pages().locate(0).index == 0);
  CHECK(p.row_pages().locate(2).index == 2);
  g.written = 654321;
  g.rows_warned = true;
  p.set_growth(g);  // the list form: exact again
  CHECK(p.growth().written == 654321u);
  for (const std::int32_t c : {1, 5, 7}) p.erase_row(key(c), cmp);
  CHECK(p.rows().empty());
  store::Partition q = std::move(p);
  Growth h = q.growth();
  CHECK(h.written == 654321u);  // emptied: kept as the list held it
  CHECK(h.rows_warned);
  CHECK(h.size_warned);
  q.set_growth(h);  // a byte again, which the next first row keeps (review: it was dropped)
  q.apply(write(key(3), true, 13, "three"), cmp);
  h = q.growth();
  CHECK(h.written >= 654321u);
  CHECK(h.rows_warned);
  CHECK(h.size_warned);
}

TEST_CASE("in a partition of one page every write moves the growth counter, and the 64th is checked") {
  const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  using Growth = store::Partition::Growth;
  store::Partition p("p");
  p.apply(write(key(1), true, 10, "one"), cmp);
  REQUIRE(p.row_pages().spare_is_byte());
  int writes = 0;
  for (Growth g = p.growth(); g.written < Growth::kCheckEvery; g = p.growth()) {
    g.written += 20;  // a small write, as note_growth counts it
    if (g.written >= Growth::kCheckEvery) break;
    p.set_growth(g);
    REQUIRE(++writes < 100);
  }
  CHECK(writes == 63);  // 63 writes fill the byte: the 64th reaches kCheckEvery
}

TEST_CASE("a page keeps its rows' common flags byte once, and each row's again when one differs") {
  const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  auto shape = [](const store::Partition& p, std::size_t page) {
    return store::shape_of(p.row_pages().pages()[page].shape);
  };
  store::Partition p("p");
  // INSERTs alike: one flags byte for the page, none in its rows.
  for (std::int32_t c = 0; c < 10; ++c) p.apply(write(key(c), true, 100 + c, "v"), cmp);
  REQUIRE(p.row_pages().pages().size() == 1);
  CHECK(shape(p, 0).implied == 1);
  const std::size_t used = store::RowPages::used(p.row_pages().pages()[0]);
  // An older marker re-bases the page, which still implies them.
  p.apply(write(key(20), true, 50, "old"), cmp);
  CHECK(shape(p, 0).implied == 1);
  // An UPDATE's row has no marker: other flags, and every row keeps its own again.
  p.apply(write(key(30), false, 200, "updated"), cmp);
  REQUIRE(p.row_pages().pages().size() == 1);
  CHECK(shape(p, 0).implied == 0);
  CHECK(store::RowPages::used(p.row_pages().pages()[0]) > used + 12);  // a byte a row, and the two rows' own bytes
  for (std::int32_t c = 0; c < 10; ++c) {
    const store::Row r = p.find_row(key(c), cmp);
    CHECK(r.marker().timestamp == 100 + c);
    CHECK(r.cell(0).value == "v");
  }
  CHECK(p.find_row(key(20), cmp).marker().timestamp == 50);
  CHECK(p.find_row(key(30), cmp).marker().timestamp == store::kNoTimestamp);
  CHECK(p.find_row(key(30), cmp).cell(0).value == "updated");
  // Collections never share a page's flags: the page keeps each row's.
  store::Partition q("q");
  store::Mutation m = write(key(1), true, 10, "x");
  store::ComplexWrite w{1, false, {}, {}};
  store::PathCell element;
  element.path = "k";
  element.cell.timestamp = 10;
  element.cell.value = "e";
  w.cells.push_back(std::move(element));
  m.complex.push_back(std::move(w));
  const store::PathTypes paths{{nullptr, cqlbox::types::native_type(Kind::Text)}, {}};
  q.apply(m, cmp, paths);
  CHECK(shape(q, 0).implied == 0);
  q.apply(write(key(2), true, 11, "y"), cmp, paths);
  CHECK(q.find_row(key(1), cmp).complex_column(1) != nullptr);
  CHECK(q.find_row(key(2), cmp).cell(0).value == "y");
}

TEST_CASE("small pages keep one-byte offsets, and two once their block passes 256 bytes (seeded)") {
  const std::uint64_t s = seed();
  INFO("CQLBOX_TEST_SEED=" << s);
  std::mt19937_64 rng(s);
  const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  bool narrow = false, wide = false;
  for (int round = 0; round < 40; ++round) {
    store::Partition p("p");
    std::map<std::int32_t, std::string> model;
    for (int op = 0; op < 120; ++op) {
      const auto c = static_cast<std::int32_t>(rng() % 40);
      if (rng() % 6 == 0) {
        p.erase_row(key(c), cmp);
        model.erase(c);
      } else {
        const std::string value(rng() % (round % 2 ? 30 : 6), static_cast<char>('a' + rng() % 26));
        p.apply(write(key(c), true, 1000 + op, value), cmp);
        model[c] = value;
      }
      for (const store::RowPages::Page& pg : p.row_pages().pages())
        (store::RowPages::offset_width(store::RowPages::capacity(pg)) == 1 ? narrow : wide) = true;
      REQUIRE(p.rows().size() == model.size());
      std::size_t i = 0;
      for (const auto& [k, v] : model) {
        CHECK(p.rows()[i++].clustering().str() == key(k));
        CHECK(p.find_row(key(k), cmp).cell(0).value == v);
      }
    }
  }
  CHECK(narrow);
  CHECK(wide);
}

TEST_CASE("a row's key prefix reads the same from its page as from the row, and find tells keys apart by it") {
  // Tables whose first clustering column is a packed integer (int, bigint, either direction)
  // and ones whose is not (text, and an int after a text): the page reads the prefix itself in
  // the first kind when the page implies its rows' flags, and asks the row otherwise.
  struct Table {
    std::vector<store::ClusteringColumn> columns;
    std::string (*key)(std::int64_t);
  };
  auto int_key = [](std::int64_t v) { return key(static_cast<std::int32_t>(v)); };
  auto bigint_key = [](std::int64_t v) {
    std::string k;
    store::append_component(k, be_bytes(v));
    return k;
  };
  // Eight equal leading bytes: every key has the same prefix, and find compares in full.
  auto text_key = [](std::int64_t v) {
    std::string k;
    store::append_component(k, "abcdefgh" + std::to_string(v + 1000000));
    return k;
  };
  auto text_int_key = [](std::int64_t v) {
    std::string k;
    store::append_component(k, std::to_string(v % 7));
    store::append_component(k, be_bytes(static_cast<std::int32_t>(v)));
    return k;
  };
  const auto* int_type = cqlbox::types::native_type(Kind::Int);
  const auto* bigint_type = cqlbox::types::native_type(Kind::Bigint);
  const auto* text_type = cqlbox::types::native_type(Kind::Text);
  const std::vector<Table> tables = {
      {{{int_type, false}}, +int_key},       {{{int_type, true}}, +int_key},
      {{{bigint_type, false}}, +bigint_key}, {{{bigint_type, true}}, +bigint_key},
      {{{text_type, false}}, +text_key},     {{{text_type, false}, {int_type, false}}, +text_int_key},
  };
  for (std::size_t t = 0; t < tables.size(); ++t) {
    CAPTURE(t);
    const store::ClusteringComparator cmp(tables[t].columns);
    for (const bool updates : {false, true}) {  // UPDATEs' rows keep their own flags byte
      CAPTURE(updates);
      store::Partition p("p");
      // Every third value from -3000 up, spread over pages; an empty value too where the type has one.
      std::vector<std::int64_t> present;
      for (std::int64_t v = -3000; v < 3000; v += 3) present.push_back(v);
      std::shuffle(present.begin(), present.end(), std::mt19937_64(seed()));
      for (const std::int64_t v : present) p.apply(write(tables[t].key(v), !updates || v % 2 == 0, 10, "v"), cmp);
      if (t <= 3) p.apply(write(std::string("\x00", 1), true, 10, "empty"), cmp);  // the empty value: length 0
      const store::RowPages& rows = p.row_pages();
      REQUIRE(rows.pages().size() > 1);
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const store::RowPages::Pos pos = rows.locate(i);
        const store::Row row = rows.at(pos);
        CHECK(rows.key_prefix(pos, cmp) == row.key_prefix(cmp));
        CHECK(rows.key_prefix(pos, cmp) == cmp.prefix(row.clustering().str()));
      }
      // Present keys are found; the absent ones between them (a prefix of their own, or, in
      // text, one shared with their neighbours) are not.
      for (const std::int64_t v : {-3000, -2999, -1, 0, 1, 2, 3, 2997, 2998, 2999, 3000}) {
        CAPTURE(v);
        const bool is_present = v >= -3000 && v < 3000 && (v + 3000) % 3 == 0;
        CHECK(p.find_row(tables[t].key(v), cmp).empty() == !is_present);
      }
    }
  }
}

TEST_CASE("a page of INSERTs of every column is all live to a count; a TTL, a deletion or an UPDATE is not") {
  const store::ClusteringComparator cmp({{cqlbox::types::native_type(Kind::Int), false}});
  auto all_live = [](const store::Partition& p, std::int64_t shadow) {
    REQUIRE(p.row_pages().pages().size() == 1);
    return store::RowPages::all_live(p.row_pages().pages()[0], shadow);
  };
  store::Partition p("p");
  for (std::int32_t c = 0; c < 10; ++c) p.apply(write(key(c), true, 100 + c, "v"), cmp);
  CHECK(all_live(p, store::kNoTimestamp));
  // The page's base is its oldest marker: a deletion at or after it may shadow a row.
  CHECK(all_live(p, 99));
  CHECK(!all_live(p, 100));
  // INSERTs of the key alone (a table of key columns only) are dense rows with no cells.
  store::Partition keys("k");
  for (std::int32_t c = 0; c < 10; ++c) {
    store::Mutation bare = write(key(c), true, 100, "");
    bare.cells.clear();
    keys.apply(bare, cmp);
  }
  CHECK(all_live(keys, 99));

  // A row with a TTL (marker and cell), an UPDATE's row (no marker), a row deletion, a null
  // cell (a tombstone): each makes the page keep per-row flags, or implies flags that are not
  // plainly live, and a count reads that page's rows one by one.
  auto with = [&](auto change) {
    store::Partition q("q");
    for (std::int32_t c = 0; c < 5; ++c) q.apply(write(key(c), true, 100 + c, "v"), cmp);
    store::Mutation m = write(key(2), true, 200, "w");
    change(m);
    q.apply(m, cmp);
    return all_live(q, store::kNoTimestamp);
  };
  CHECK(with([](store::Mutation&) {}));
  CHECK(!with([](store::Mutation& m) {
    m.marker.ttl = 10;
    m.marker.expiry = 1000;
    m.cells[0].second.ttl = 10;
    m.cells[0].second.local_time = 1000;
  }));
  CHECK(!with([](store::Mutation& m) { m.marker = {}; }));
  CHECK(!with([](store::Mutation& m) { m.row_deletion = {150, 1}; }));
  CHECK(!with([](store::Mutation& m) {
    m.cells[0].second.tombstone = true;
    m.cells[0].second.value.clear();
  }));
}
