// Table ids (system_schema.tables.id, DESCRIBE … WITH INTERNALS): the one CREATE … WITH ID gave,
// else a version-4 uuid derived from the table's name, so the same schema always shows the same
// ids (Cassandra draws a random one; tests here must not depend on chance).
#pragma once

#include <string>
#include <string_view>

#include "schema/table_schema.hpp"

namespace cqlbox::schema {

// A deterministic version-4 uuid (16 bytes) from `seed`.
std::string derived_uuid(std::string_view seed);
// The table's or view's id, 16 bytes.
std::string table_id(const TableSchema& t);
// 16 bytes as 8-4-4-4-12 lower-case hex digits.
std::string uuid_text(std::string_view bytes);

}  // namespace cqlbox::schema
