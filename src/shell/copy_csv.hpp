// COPY's CSV side, as cqlsh 5.0's copyutil defines it: the WITH options and their defaults,
// splitting and writing CSV records, turning a field into a CQL literal, and the DATETIMEFORMAT
// conversions. Pure functions; the shell (copy_command.cpp) does the I/O and runs the writes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "types/cql_type.hpp"

namespace cqlbox::shell {

// cqlsh's display format for timestamps, which COPY uses unless DATETIMEFORMAT says otherwise.
inline constexpr std::string_view kDisplayTimestampFormat = "%Y-%m-%d %H:%M:%S.%f%z";

struct CopyOptions {
  char delimiter = ',';
  char quote = '"';
  char escape = '\\';
  bool header = false;
  std::string null_text;
  long long max_rows = -1, skip_rows = 0;
  long long max_parse_errors = -1, max_insert_errors = 1000;  // -1: no limit
  int float_precision = 5, double_precision = 12;
  std::string bool_true = "True", bool_false = "False";
  std::string datetime_format;  // empty: cqlsh's display format
  std::string err_file;         // empty: import_<ks>_<table>.err
  std::vector<std::string> skip_columns;
  long long ttl = -1;  // FROM: USING TTL when >= 0
  std::string decimal_sep = ".", thousands_sep;
  long long chunk_size = 5000, ingest_rate = 100000;  // FROM: a chunk is min(CHUNKSIZE, INGESTRATE) rows
  long long num_processes = 1;                        // only printed: "Using N child processes"
};

// Reads `key = value` pairs (keys upper case). Returns the names it does not know (lower case,
// as cqlsh lists them) for "Unrecognized COPY … options", or a ValueError text in `error`.
std::vector<std::string> apply_copy_option(CopyOptions& o, const std::string& key, const std::string& value,
                                           std::string& error);

// Splits one CSV record; false when a quoted field is still open at the end of `record`
// (the record continues on the next line). `quoted[i]` says field i was quoted (so it is
// never the NULL text).
bool split_csv(std::string_view record, const CopyOptions& o, std::vector<std::string>& fields,
               std::vector<bool>& quoted);
// A field written as cqlsh's csv writer writes it (quoted only when it must be, quotes escaped).
void append_csv_field(std::string& out, std::string_view v, const CopyOptions& o);
// A whole record, ended by "\r\n" as Python's csv writer ends it.
void append_csv_row(std::string& out, const std::vector<std::string>& fields, const CopyOptions& o);

// The CQL literal for a CSV field of `type` (strings quoted, booleans by BOOLSTYLE, timestamps
// through DATETIMEFORMAT, numbers with DECIMALSEP/THOUSANDSSEP undone).
std::string literal_for(const types::CqlType& type, const std::string& v, const CopyOptions& o);
// The bytes a CSV field of `type` binds to a prepared INSERT's marker (what literal_for's
// literal encodes to), appended to `out`; false where the field must go into the INSERT's text
// instead: a type without a plain constant form here (blobs, durations, collections, tuples,
// UDTs, vectors), a value that is not one constant of its kind, or one that does not encode
// (the statement's text then gives Cassandra's error).
bool append_bound_bytes(const types::CqlType& type, const std::string& v, const CopyOptions& o, std::string_view column,
                        std::string& out);
// cqlsh converts numbers in Python before sending them; its ParseError text when that fails.
std::optional<std::string> parse_error_for(const types::CqlType& type, const std::string& v, const CopyOptions& o);
// Whether append_bound_bytes accepting a field of `type` means parse_error_for finds nothing in
// it: numbers (it binds only a plain decimal literal, which cqlsh's int() or float() reads)
// and text (cqlsh converts any text). COPY FROM then makes one check of such a field, not two.
bool bound_bytes_suffice(const types::CqlType& type);

// A timestamp (ms since the epoch) through a strftime format in UTC, as cqlsh's COPY TO writes
// it: %f gives microseconds, then rounded to milliseconds like cqlsh's round_microseconds.
std::string format_datetime(std::int64_t ms, const std::string& format);

// cqlsh's describe_interval: "0.041 seconds", "1 minute and 2.000 seconds".
std::string interval_text(double seconds);

}  // namespace cqlbox::shell
