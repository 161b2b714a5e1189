// Packed clustering keys (store/row_shape.hpp): integers as zigzag varints, in as few bytes as their value needs,
// expanded back to the standard form byte for byte, whatever the values' sizes.
#include "store/row_shape.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "store/clustering.hpp"
#include "store/row.hpp"
#include "types/bytes.hpp"
#include "types/cql_type.hpp"

namespace store = cqlbox::store;
using cqlbox::types::be_bytes;
using cqlbox::types::Kind;

namespace {

std::string packed(const std::string& key, const store::RowShape& shape) {
  std::string out(store::packed_key_size(key, shape), '\0');
  char* end = store::pack_key(out.data(), key, shape);
  CHECK(static_cast<std::size_t>(end - out.data()) == out.size());
  return out;
}

std::string expanded(const std::string& bytes, const store::RowShape& shape) {
  std::string out(store::expanded_key_size(bytes.data(), shape), '\0');
  char* end = store::expand_key(bytes.data(), shape, out.data());
  CHECK(static_cast<std::size_t>(end - out.data()) == out.size());
  return out;
}

store::ClusteringComparator comparator(std::vector<Kind> kinds) {
  std::vector<store::ClusteringColumn> cols;
  for (Kind k : kinds) cols.push_back({cqlbox::types::native_type(k), false});
  return store::ClusteringComparator(std::move(cols));
}

}  // namespace

TEST_CASE("a packed bigint takes the bytes its value needs and expands back") {
  const store::ClusteringComparator cmp = comparator({Kind::Bigint});
  const std::int64_t lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
  const std::vector<std::pair<std::int64_t, std::size_t>> cases = {
      // A zigzag varint of the value plus 2: one byte from -63 to 62, three below 2^20 (a
      // time series' keys), ten for the extremes (raw: a tag, a count and 8 bytes).
      {0, 1},
      {1, 1},
      {-1, 1},
      {62, 1},
      {-63, 1},
      {63, 2},
      {-64, 2},
      {127, 2},
      {-129, 2},
      {999'999, 3},
      {std::int64_t{1} << 55, 9},
      {lo, 10},
      {hi, 10},
      {hi - 1, 10},
      {lo + 1, 10}};
  for (const auto& [v, size] : cases) {
    std::string key;
    store::append_component(key, be_bytes(v));
    const std::string p = packed(key, cmp.shape());
    CHECK(p.size() == size);
    CHECK(expanded(p, cmp.shape()) == key);
  }
}

TEST_CASE("empty values, odd sizes and unpacked columns keep their bytes") {
  const store::ClusteringComparator cmp = comparator({Kind::Int, Kind::Bigint, Kind::Text, Kind::Timestamp});
  const std::vector<std::vector<std::string>> keys = {
      {"", "", "", ""},
      {std::string(3, '\x7f'), std::string(200, 'x'), "text", be_bytes(std::int64_t{-5})},
      {be_bytes(std::int32_t{-70000}), be_bytes(std::int64_t{1} << 40), std::string(300, 'y'), ""},
  };
  for (const auto& parts : keys) {
    std::string key;
    for (const auto& part : parts) store::append_component(key, part);
    CHECK(expanded(packed(key, cmp.shape()), cmp.shape()) == key);
  }
}

TEST_CASE("components past the sixteenth are stored as they are") {
  std::vector<Kind> kinds(20, Kind::Bigint);
  const store::ClusteringComparator cmp = comparator(kinds);
  std::string key;
  for (int i = 0; i < 20; ++i) store::append_component(key, be_bytes(std::int64_t{i}));
  const std::string p = packed(key, cmp.shape());
  CHECK(p.size() == 16 * 1 + 4 * 9);  // 0 to 15 packed in a byte each, then a length byte and 8
  CHECK(expanded(p, cmp.shape()) == key);
}

TEST_CASE("a row's key prefix read from packed bytes is the standard key's, and keeps the order") {
  for (bool reversed : {false, true}) {
    for (Kind kind : {Kind::Bigint, Kind::Int}) {
      const store::ClusteringComparator cmp(
          {{cqlbox::types::native_type(kind), reversed}, {cqlbox::types::native_type(Kind::Int), false}});
      std::mt19937_64 rnd(7);
      for (int i = 0; i < 2000; ++i) {
        const auto v = static_cast<std::int64_t>(rnd()) >> (rnd() % 64);
        store::RowData d;
        d.clustering.clear();
        store::append_component(d.clustering,
                                kind == Kind::Bigint ? be_bytes(v) : be_bytes(static_cast<std::int32_t>(v)));
        store::append_component(d.clustering, be_bytes(static_cast<std::int32_t>(i)));
        d.marker = {100, 0, store::kNoExpiry};
        std::string bytes(store::Row::packed_size(d, 100, false, cmp.shape()), '\0');
        store::Row::pack(bytes.data(), d, 100, nullptr, cmp.shape());
        const store::Row row(bytes.data(), 100, cmp.shape());
        CHECK(row.key_prefix(cmp) == cmp.prefix(d.clustering));
        const store::RowKey key = row.clustering();
        CHECK(key.view() == d.clustering);
        CHECK(row.marker().timestamp == 100);
      }
    }
  }
}

TEST_CASE("fixed-size cells of a dense row go without a length, and a value of another size is not dense") {
  store::RowShape shape;
  // Slots 0 and 2 hold 8-byte values, slot 3 4-byte ones, slot 4 16-byte ones; slot 1 has lengths.
  shape.cells = store::RowShape::fixed_code(8) | store::RowShape::fixed_code(8) << 4 |
                store::RowShape::fixed_code(4) << 6 | store::RowShape::fixed_code(16) << 8;
  CHECK(shape.fixed_size(0) == 8);
  CHECK(shape.fixed_size(1) == 0);
  CHECK(shape.fixed_size(3) == 4);
  CHECK(shape.fixed_size(4) == 16);
  CHECK(shape.fixed_size(store::RowShape::kMaxPacked) == 0);
  auto packed_row = [&](std::vector<std::string> values) {
    store::RowData d;
    d.marker = {1000, 0, store::kNoExpiry};
    for (auto& v : values) {
      store::Cell c;
      c.value = std::move(v);
      c.timestamp = 1000;
      d.cells.push_back(std::move(c));
    }
    std::string bytes(store::Row::packed_size(d, 1000, false, shape), '\0');
    store::Row::pack(bytes.data(), d, 1000, nullptr, shape);
    return std::make_pair(bytes, d);
  };
  const std::string uuid(16, '\x5a');
  const auto [dense, d1] = packed_row(
      {be_bytes(std::int64_t{-3}), "abc", be_bytes(std::int64_t{1} << 60), be_bytes(std::int32_t{-9}), uuid});
  CHECK(dense.size() == 1 + 1 + 8 + 4 + 8 + 4 + 16);  // flags, marker delta, 8, length and 3, 8, 4, 16
  // An empty value (which Cassandra allows for every type) in a fixed-size slot: not dense.
  const auto [sparse, d2] =
      packed_row({be_bytes(std::int64_t{7}), "abc", be_bytes(std::int64_t{7}), std::string(), uuid});
  CHECK(sparse.size() > 1 + 1 + 8 + 4 + 8 + 1 + 16);
  for (const auto* r : {&dense, &sparse}) {
    const store::Row row(r->data(), 1000, shape);
    const store::RowData& d = r == &dense ? d1 : d2;
    CHECK(row.packed_size() == r->size());
    for (int slot = 0; slot < 5; ++slot) CHECK(row.cell(slot).value == d.cells[static_cast<std::size_t>(slot)].value);
    int seen = 0;
    row.for_each_cell([&](int slot, const store::CellRef& c) {
      CHECK(c.value == d.cells[static_cast<std::size_t>(slot)].value);
      CHECK(c.timestamp == 1000);
      ++seen;
    });
    CHECK(seen == 5);
    store::RowData back;
    row.decode(back);
    CHECK(back.cells.size() == 5);
  }
}

TEST_CASE("a null component (COMPACT STORAGE prefix rows) packs, expands, crosses the wire and sorts first") {
  for (const bool reversed : {false, true}) {
    std::vector<store::ClusteringColumn> cols{{cqlbox::types::native_type(Kind::Int), false},
                                              {cqlbox::types::native_type(Kind::Bigint), reversed},
                                              {cqlbox::types::native_type(Kind::Text), reversed}};
    const store::ClusteringComparator cmp(cols);
    std::string with_null, with_value, empty_value;
    store::append_component(with_null, be_bytes(std::int32_t{7}));
    store::append_null_component(with_null);
    store::append_null_component(with_null);
    store::append_component(with_value, be_bytes(std::int32_t{7}));
    store::append_component(with_value, be_bytes(std::int64_t{-5}));
    store::append_component(with_value, "");
    store::append_component(empty_value, be_bytes(std::int32_t{7}));
    store::append_component(empty_value, "");
    store::append_component(empty_value, "");

    CHECK(expanded(packed(with_null, cmp.shape()), cmp.shape()) == with_null);
    CHECK(store::key_from_wire(store::key_to_wire(with_null)) == with_null);
    std::string_view rest = with_null;
    CHECK(!store::is_null_component(store::next_component(rest)));
    CHECK(store::is_null_component(store::next_component(rest)));
    // null before any value, also the empty one, in either direction; equal to itself.
    CHECK(cmp.compare(with_null, with_value) < 0);
    CHECK(cmp.compare(with_value, with_null) > 0);
    CHECK(cmp.compare(with_null, empty_value) < 0);
    CHECK(cmp.compare(with_null, with_null) == 0);
    std::string head;
    store::append_component(head, be_bytes(std::int32_t{7}));
    CHECK(cmp.compare_head(with_null, head) == 0);
  }
}
