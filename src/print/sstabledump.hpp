// SSTABLEDUMP <table>: a table's data in the JSON that Cassandra 5.0's sstabledump prints for
// the sstable a flush would write now (tools/JsonTransformer: Jackson's pretty printer with
// compact indenters; "table kind", each partition's key and position, static block, rows with
// liveness, deletions and cells, range tombstone bounds and boundaries).
//
// A flush writes what the memtable's iterator gives: data shadowed by a partition, range or row
// deletion is gone, the tombstones stay, expired cells stay (marked "expired"). Positions are
// byte offsets in the BIG-format `nb` Data.db that Cassandra 5.0 writes by default
// (print/sstable_layout.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "schema/table_schema.hpp"
#include "store/table_store.hpp"
#include "types/cql_type.hpp"

namespace cqlbox::print {

// How values read; exec's conversions, which print/ does not include.
struct DumpValueText {
  // AbstractType.toJSONString for a non-empty value: numbers bare, text quoted, blobs "0x…".
  std::string (*json)(const types::CqlType& type, std::string_view bytes);
  // AbstractType.getString: the text of a partition-key component or a collection path.
  std::string (*text)(const types::CqlType& type, std::string_view bytes);
};

// Appends the document to `out`, ending in "]" with no newline (as the tool leaves it),
// calling `drain` whenever a megabyte or more is waiting (it may empty `out`). `now_s` decides
// the "expired" flags.
void sstabledump(const schema::TableSchema& t, const store::TableStore& st, std::int64_t now_s,
                 const DumpValueText& text, std::string& out, const std::function<void()>& drain);

// Cassandra's dateString: an ISO-8601 instant in UTC with 0, 3, 6 or 9 fraction digits,
// whichever is exact (Instant.toString). `unit_per_second`: 1 for seconds, 1000000 for µs.
std::string instant_text(std::int64_t time, std::int64_t unit_per_second);

}  // namespace cqlbox::print
