// Serialized bytes -> the text cqlsh shows (formatting.py): numbers, floats by cqlsh's %g
// rule, True/False, escaped text, timestamps in UTC, … Nested rendering (inside collections)
// quotes text, timestamps and inets.
#pragma once

#include <string>
#include <string_view>

#include "types/cql_type.hpp"

namespace cqlbox::print {

// cqlshrc's [ui] display settings (float_precision, double_precision, time_format): cqlsh's
// defaults unless the shell was configured otherwise.
struct DisplayOptions {
  int float_precision = 5;
  int double_precision = 5;
  std::string time_format;  // strftime-style (%f microseconds, %z +0000); empty: cqlsh's default
};
inline const DisplayOptions kDefaultDisplay{};

// REQUIRES: `bytes` is a valid serialization of `type` (or empty).
void append_value_text(std::string& out, const types::CqlType& type, std::string_view bytes, bool nested = false,
                       const DisplayOptions& display = kDefaultDisplay);
std::string value_text(const types::CqlType& type, std::string_view bytes, bool nested = false,
                       const DisplayOptions& display = kDefaultDisplay);

// cqlsh's float/double rule with precision `p` (default 5).
std::string format_floating(double x, int p = 5);
// Java BigDecimal / Python Decimal string of unscaled x 10^-scale.
std::string format_decimal(std::string_view bytes);

}  // namespace cqlbox::print
