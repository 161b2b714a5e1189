// Pages name their table's RowShape by a 2-byte number (row_pages.hpp) instead of holding a
// copy of its 12 bytes: a page's entry is then 24 bytes, and so is a one-page partition's, which
// the Partition holds itself. The numbers index the shapes this process has met: a few per
// table (its clustering types, and its fixed-size columns as ALTER changes them), never removed.
#pragma once

#include <cstdint>

#include "store/row_shape.hpp"

namespace cqlbox::store {

using ShapeId = std::uint16_t;

// The number naming `shape`, given on its first use. Thread-safe.
// The numbers past kInterned distinct shapes (tables by the tens of thousands, each laid out
// differently) are kept for plain shapes: `shape` is then made plain (its component count, no
// packed integer, no fixed-size cell), which stores rows a few bytes longer and reads them the
// same. Throws std::length_error only if a plain shape of 4,096 or more components would also
// need a number then.
ShapeId shape_id(RowShape& shape);
// REQUIRES: `id` came from shape_id.
const RowShape& shape_of(ShapeId id);
// The number of shape `base` implying the row flags `flags` (row_shape.hpp), for a page's first
// row: remembered per thread for the last `base` and `flags` asked, so a table's new pages do not
// take the lock. Past kInterned shapes it may be one that implies nothing (read shape_of).
ShapeId implied_shape_id(ShapeId base, unsigned char flags);

}  // namespace cqlbox::store
