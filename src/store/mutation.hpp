// The only input that changes stored data: everything one statement writes to one partition.
// exec builds it (already validated, timestamps assigned); the store merges it by timestamp.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "store/cell.hpp"

namespace cqlbox::store {

// A deletion of a clustering range (DELETE … WHERE pk = … AND c1 = x [AND c2 > y]): the rows
// whose leading clustering values equal `prefix` and whose next value lies in the slice.
// Bounds compare in each type's natural order, so DESC columns need no special case.
struct RangeTombstone {
  std::vector<std::string> prefix;
  std::optional<std::string> lower, upper;
  bool lower_inclusive = true, upper_inclusive = true;
  Deletion deletion;
};

// Writes to one non-frozen collection column: an optional collection tombstone and elements.
struct ComplexWrite {
  int slot;
  bool is_static = false;
  Deletion deletion;
  std::vector<PathCell> cells;
};

struct Mutation {
  std::string partition_key;                       // serialized (composite encoding for multi-column keys)
  Deletion partition_deletion;                     // DELETE of the whole partition
  std::vector<std::pair<int, Cell>> static_cells;  // (static slot, cell)
  std::vector<RangeTombstone> range_tombstones;

  bool has_row = false;    // the clustering row below is written
  std::string clustering;  // encoded clustering key (empty for tables without one)
  Liveness marker;         // INSERT's row marker
  Deletion row_deletion;
  std::vector<std::pair<int, Cell>> cells;  // (regular slot, cell)
  std::vector<ComplexWrite> complex;        // collections (row ones need has_row)

  // Empties every field, keeping the strings' and vectors' capacity: a script's INSERTs fill
  // one mutation again and again (a field added above must be reset here too).
  void reset() {
    partition_key.clear();
    partition_deletion = {};
    static_cells.clear();
    range_tombstones.clear();
    has_row = false;
    clustering.clear();
    marker = {};
    row_deletion = {};
    cells.clear();
    complex.clear();
  }
};

}  // namespace cqlbox::store
