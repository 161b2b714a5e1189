// DRAW PARTITION: one partition as an SVG picture, the picture behind LIST's text. Its rows in
// clustering order, the static row first, each a box of its cells; row markers, tombstones,
// range tombstones and TTLs each in a colour of their own, with their write timestamps.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "print/storage_view.hpp"

namespace cqlbox::print {

struct PartitionPicture {
  std::string table;                          // ks.table
  std::string key;                            // the partition key as LIST's RowKey shows it
  std::string primary_key;                    // the table's PRIMARY KEY (…), naming what a row's values are
  std::vector<std::string> clustering_names;  // the clustering columns, in order
  std::int64_t token = 0;
  std::vector<std::string> replicas;  // the nodes it lives on
  std::vector<StorageEntry> entries;  // partition_entries, at most the limit drawn
  bool cut = false;                   // the partition has more than `entries`
};

std::string partition_svg(const PartitionPicture& picture);

}  // namespace cqlbox::print
