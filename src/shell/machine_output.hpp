// --output-format json|csv: query results as lines a script can read, instead of cqlsh's
// tables. Pure: appends to a buffer.
#pragma once

#include <string>

#include "exec/result.hpp"

namespace cqlbox::shell {

// One JSON object per row and line (JSON Lines), keys in column order, values as SELECT JSON
// writes them. No output for no rows.
void append_json_lines(std::string& out, const exec::Rows& rows);

// RFC 4180: a header line of column names, then one line per row; values in cqlsh's text form,
// null as an empty field, fields quoted when they hold a comma, quote or line break.
void append_csv(std::string& out, const exec::Rows& rows);

}  // namespace cqlbox::shell
