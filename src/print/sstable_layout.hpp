// The sizes of a flushed partition's parts in the sstable Cassandra 5.0 writes by default
// (BIG format, version nb, as storage_compatibility_mode CASSANDRA_4 asks), so that SSTABLEDUMP
// prints the byte positions sstabledump would. Only sizes: nothing is written.
//
// What the sizes depend on (db/rows/UnfilteredSerializer, Cell.Serializer):
// - the flush's encoding stats: timestamps, TTLs and deletion times are written as unsigned
//   vints relative to the smallest of each in the flush (a fixed 2015 epoch when none);
// - the flush's header columns (those written to): a row missing some adds a bitmap of them, and
//   a static row, even an empty one, is written in every partition when there are statics;
// - each type's fixed length: int, bigint, double, timestamp, uuid… are written bare, the rest
//   with a vint length.
// Both come from everything the store holds, shadowed data included, as the memtable's
// collectors saw every write; values overwritten in place are the one thing cqlbox no longer
// has (docs/compatibility.md).
#pragma once

#include <cstdint>
#include <vector>

#include "print/sstable_content.hpp"
#include "schema/table_schema.hpp"
#include "store/table_store.hpp"

namespace cqlbox::print {

class SstableLayout {
 public:
  SstableLayout(const schema::TableSchema& t, const store::TableStore& st);

  // Key, partition deletion and static row: where the first row starts, from the partition's.
  std::uint64_t header_size(const FlushedPartition& p) const;
  // Whole unfiltered sizes. `previous`: the size of the unfiltered before it (the header's for
  // the first), which each one records.
  std::uint64_t row_size(const FlushedRow& r, std::uint64_t previous) const;
  std::uint64_t marker_size(const FlushedMarker& m, std::uint64_t previous) const;
  static constexpr std::uint64_t kEndOfPartition = 1;

 private:
  std::uint64_t cell_size(const FlushedCell& c, const store::Liveness& liveness) const;
  std::uint64_t deletion_size(const store::Deletion& d) const;
  std::uint64_t clustering_size(const std::vector<std::string_view>& values) const;

  const schema::TableSchema& t_;
  std::int64_t min_timestamp_, min_local_time_, min_ttl_;
  // The flush's columns per kind, in Columns order (simple before complex, each by name).
  std::vector<const schema::Column*> regulars_, statics_;
};

// Bytes of an unsigned vint (utils/vint/VIntCoding): 1 to 9.
std::uint64_t uvint_size(std::uint64_t v);

}  // namespace cqlbox::print
