// The process's table of row shapes (store/shape_ids.hpp): one number per distinct shape, the
// same number again for the same shape, and plain shapes once the table is full. It fills the
// table, so it runs in a binary of its own (tests/meson.build).
#include "store/shape_ids.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <set>
#include <stdexcept>
#include <vector>

#include "store/clustering.hpp"
#include "types/cql_type.hpp"

namespace store = cqlbox::store;

TEST_CASE("shape numbers: one per distinct shape, plain shapes once the table is full") {
  store::RowShape a{2, 1, 2, 0}, b{2, 1, 2, 4};
  const store::ShapeId ia = store::shape_id(a), ib = store::shape_id(b);
  CHECK(ia != ib);
  store::RowShape a2 = a;
  CHECK(store::shape_id(a2) == ia);
  CHECK(store::shape_of(ia) == a);
  CHECK(store::shape_of(ib) == b);

  // A comparator names its shape, and names it again after its fixed-size columns change.
  store::ClusteringComparator cmp({{cqlbox::types::native_type(cqlbox::types::Kind::Bigint), false}});
  CHECK(store::shape_of(cmp.shape_id()) == cmp.shape());
  cmp.set_fixed_cells(3);
  CHECK(store::shape_of(cmp.shape_id()).cells == 3);
  // A key of 5,000 clustering columns, named while the table has room.
  std::vector<store::ClusteringColumn> wide(5000, {cqlbox::types::native_type(cqlbox::types::Kind::Int), false});
  store::ClusteringComparator wide_cmp(std::move(wide));
  const store::RowShape wide_shape = wide_cmp.shape();
  const store::ShapeId wide_id = wide_cmp.shape_id();

  // Fill the table with distinct shapes: every one keeps its own number.
  std::set<store::ShapeId> given{ia, ib, cmp.shape_id()};
  std::uint32_t n = 0;
  for (std::uint32_t cells = 0;; ++cells) {
    store::RowShape s{.parts = 3, .int4 = 5, .cells = cells};
    const store::ShapeId id = store::shape_id(s);
    if (s.int4 == 0) {  // made plain: the table is full
      CHECK(s == store::RowShape{3, 0, 0, 0});
      CHECK(store::shape_of(id) == s);
      break;
    }
    CHECK(given.insert(id).second);
    REQUIRE(++n < 70000);
  }
  CHECK(given.size() > 60000);
  // Shapes met before still read back; a new shape is plain, with its own number per count.
  CHECK(store::shape_of(ia) == a);
  store::RowShape c{7, 1, 0, 0};
  const store::ShapeId ic = store::shape_id(c);
  CHECK(c == store::RowShape{7, 0, 0, 0});
  CHECK(store::shape_of(ic) == c);
  store::RowShape huge{5000, 1, 0, 0};
  CHECK_THROWS_AS(store::shape_id(huge), std::length_error);
  CHECK(huge == store::RowShape{5000, 1, 0, 0});  // left as it was, not made plain

  // A comparator whose new shape cannot be named keeps its shape and number together.
  CHECK_THROWS_AS(wide_cmp.set_fixed_cells(2), std::length_error);
  CHECK(wide_cmp.shape() == wide_shape);
  CHECK(wide_cmp.shape_id() == wide_id);
  CHECK(store::shape_of(wide_cmp.shape_id()) == wide_cmp.shape());
}
