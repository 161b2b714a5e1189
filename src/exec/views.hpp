// Materialized views: their schema statements (view_ddl.cpp) and how they follow the base
// table (view_maintenance.cpp). Writes reach views through apply_write (executor.hpp).
#pragma once

#include <string_view>

#include "exec/database.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec {

// Fills a view from its base table's current data (CREATE, and after the base changes shape).
void build_view(Database& db, const schema::TableSchema& view);
// ALTER TABLE base ADD: SELECT * views take the new regular columns; every view is rebuilt.
void views_follow_add(Database& db, const schema::TableSchema& base);
// ALTER TABLE base RENAME of a key column: the views' columns and WHERE clauses follow.
void views_follow_rename(Database& db, const schema::TableSchema& base, std::string_view from, std::string_view to);

}  // namespace cqlbox::exec
