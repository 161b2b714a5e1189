// What a statement returns to the shell: nothing, rows (with their column names and types,
// for printing), or a keyspace switch. Row values are serialized bytes; nullopt is null.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "types/cql_type.hpp"

namespace cqlbox::exec {

struct ResultColumn {
  std::string name;  // header text as cqlsh shows it
  const types::CqlType* type;
};

using Value = std::optional<std::string>;

struct Rows {
  std::vector<ResultColumn> columns;
  std::vector<std::vector<Value>> rows;
  std::vector<std::string> warnings;  // printed after the rows, as cqlsh prints server warnings
};

struct Void {};

struct SetKeyspace {
  std::string keyspace;
};

using Result = std::variant<Void, Rows, SetKeyspace>;

}  // namespace cqlbox::exec
