// The natural order of each CQL type's serialized values (Cassandra's AbstractType.compare),
// used for clustering order, IN-list ordering and range restrictions. A strict weak order.
#pragma once

#include <string_view>

#include "types/cql_type.hpp"

namespace cqlbox::types {

// <0, 0, >0. An empty value (0 bytes) sorts before every non-empty one. Native types only.
int compare_values(Kind kind, std::string_view a, std::string_view b) noexcept;
// Any type: collections compare element by element (a prefix first), maps by key then value,
// tuples component by component (null first).
int compare_values(const CqlType& type, std::string_view a, std::string_view b) noexcept;
// Java's Double.compare, the order of float and double values: -0.0 < 0.0, NaN above everything.
int compare_double(double x, double y) noexcept;

}  // namespace cqlbox::types
