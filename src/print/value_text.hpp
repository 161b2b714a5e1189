// Serialized bytes -> the text cqlsh shows (formatting.py): numbers, floats by cqlsh's %g
// rule, True/False, escaped text, timestamps in UTC, … Nested rendering (inside collections)
// quotes text, timestamps and inets.
#pragma once

#include <string>
#include <string_view>

#include "types/cql_type.hpp"

namespace cqlbox::print {

// REQUIRES: `bytes` is a valid serialization of `type` (or empty).
void append_value_text(std::string& out, const types::CqlType& type, std::string_view bytes,
                       bool nested = false);
std::string value_text(const types::CqlType& type, std::string_view bytes, bool nested = false);

// cqlsh's float/double rule with precision `p` (default 5).
std::string format_floating(double x, int p = 5);
// Java BigDecimal / Python Decimal string of unscaled x 10^-scale.
std::string format_decimal(std::string_view bytes);

}  // namespace cqlbox::print
