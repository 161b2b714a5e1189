// A partition's static row and tombstones in one word (store/partition_extras.hpp): the static
// row alone in it, both behind a tagged pointer, and back, with nothing lost or leaked (the
// suite runs under ASan).
#include "store/partition_extras.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <utility>

#include "store/partition.hpp"

namespace store = cqlbox::store;

namespace {

store::RowData static_data(std::string value, std::int64_t ts) {
  store::RowData d;
  d.cells.resize(1);
  d.cells[0].value = std::move(value);
  d.cells[0].timestamp = ts;
  return d;
}

std::string value_of(const store::PartitionExtras& e) { return std::string(e.static_row().cell(0).value); }

}  // namespace

TEST_CASE("partition extras: the static row alone, then with tombstones, then alone again") {
  store::PartitionExtras e;
  CHECK(e.static_empty());
  CHECK(e.tombstones() == nullptr);
  e.change_static([](store::OwnedRow& r) { r.assign(static_data("s1", 10)); });
  CHECK_FALSE(e.static_empty());
  CHECK(value_of(e) == "s1");
  CHECK(e.tombstones() == nullptr);

  store::Tombstones& t = e.make_tombstones();  // the static row moves behind the pointer
  t.deletion = {5, 100};
  CHECK(&e.make_tombstones() == &t);
  CHECK(value_of(e) == "s1");
  e.change_static([](store::OwnedRow& r) { r.assign(static_data("s2", 20)); });
  CHECK(value_of(e) == "s2");
  REQUIRE(e.tombstones() != nullptr);
  CHECK(e.tombstones()->deletion.timestamp == 5);

  store::PartitionExtras moved = std::move(e);
  CHECK(e.static_empty());
  CHECK(e.tombstones() == nullptr);
  CHECK(value_of(moved) == "s2");
  moved.drop_tombstones();  // the static row comes back into the word
  CHECK(moved.tombstones() == nullptr);
  CHECK(value_of(moved) == "s2");

  // A change that throws leaves the row it had reached in the word, not lost or freed twice.
  CHECK_THROWS_AS(moved.change_static([](store::OwnedRow& r) {
    r.assign(static_data("s3", 30));
    throw std::runtime_error("midway");
  }),
                  std::runtime_error);
  CHECK(value_of(moved) == "s3");
  moved.change_static([](store::OwnedRow& r) { r = store::OwnedRow{}; });
  CHECK(moved.static_empty());
  moved.make_tombstones();  // tombstones with no static row
  CHECK(moved.static_empty());
  CHECK(moved.static_row().empty());
}

TEST_CASE("a Partition keeps its static row and tombstones in one word") {
  static_assert(sizeof(store::PartitionExtras) == sizeof(void*));
  CHECK(sizeof(store::Partition) <= 48);
}
