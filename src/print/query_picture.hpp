// DRAW QUERY: a SELECT's access path as an SVG picture. The table's partitions in token order,
// each a strip of its rows in clustering order, coloured by what the query does with them:
// not read, read, or returned (for an aggregate: the rows the answer is computed from). Beside
// it, EXPLAIN's plan. A full scan for two rows looks like what it is.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cqlbox::print {

struct QueryPartition {
  std::string key;                 // as LIST's RowKey shows it
  std::vector<std::uint8_t> rows;  // per row in storage order: kNotRead, kRead or kReturned
  bool read = false;               // the query opened the partition
  std::size_t rows_not_drawn = 0;  // rows past the strip's length
  static constexpr std::uint8_t kNotRead = 0, kRead = 1, kReturned = 2;
};

struct QueryPicture {
  std::string statement;
  std::vector<std::pair<std::string, std::string>> plan;  // EXPLAIN's (plan, detail) lines
  std::vector<QueryPartition> partitions;                 // in token order
  std::size_t partitions_not_drawn = 0;                   // past the cap
  std::size_t read_not_drawn = 0;                         // of which the query read
};

std::string query_svg(const QueryPicture& picture);

}  // namespace cqlbox::print
