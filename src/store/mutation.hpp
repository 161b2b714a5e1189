// The only input that changes stored data: everything one statement writes to one partition.
// exec builds it (already validated, timestamps assigned); the store merges it by timestamp.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "store/cell.hpp"

namespace cqlbox::store {

struct Mutation {
  std::string partition_key;     // serialized (composite encoding for multi-column keys)
  Deletion partition_deletion;   // DELETE of the whole partition
  std::vector<std::pair<int, Cell>> static_cells;  // (static slot, cell)

  bool has_row = false;          // the clustering row below is written
  std::string clustering;        // encoded clustering key (empty for tables without one)
  Liveness marker;               // INSERT's row marker
  Deletion row_deletion;
  std::vector<std::pair<int, Cell>> cells;  // (regular slot, cell)
};

}  // namespace cqlbox::store
