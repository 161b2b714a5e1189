// INSERT JSON: a JSON object -> column values (Cassandra's Json / AbstractType.fromJSONObject).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exec/result.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec {

// Parses `json` (an object) and returns, per schema column index, the value given (nullopt
// inside = JSON null). Throws InvalidRequest for malformed JSON, unknown columns and values that
// do not fit their column's type.
std::map<int, Value> json_row(const schema::TableSchema& t, std::string_view json);

// fromJson(text) for a receiver of `type` (FromJsonFct): one JSON value converted to the type;
// JSON null is null.
// A document fromJson cannot read fails the function (FunctionFailure) named `function`.
Value from_json_value(const types::CqlType& type, std::string_view json, std::string_view function = "fromjson");

}  // namespace cqlbox::exec
