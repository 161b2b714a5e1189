// Rows of the system tables, written into their stores when a query reads them: each column's
// value as the bytes of its type, and one helper that writes a row from them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "schema/table_schema.hpp"
#include "store/table_store.hpp"

namespace cqlbox::exec::system_rows {

inline std::string text(std::string_view s) { return std::string(s); }
inline std::string boolean(bool b) { return std::string(1, b ? '\1' : '\0'); }
std::string int32(std::int32_t v);
std::string inet(const std::string& address);  // dotted IPv4
std::string uuid_text(const std::string& s);   // a UUID written as text
std::string timestamp_ms(std::int64_t ms);     // a timestamp's milliseconds

// One row: column name -> value bytes; columns left out are absent.
using RowValues = std::vector<std::pair<const char*, std::string>>;

// Writes the row (written at timestamp 1, with a row marker).
void write_row(store::TableStore& st, const schema::TableSchema& t, const RowValues& values);

}  // namespace cqlbox::exec::system_rows
