// How CQL reads a name token, shared by the parser's builder and the Tab-completion probe: a
// "Quoted" name keeps its case and reads "" as one quote; any other is letters, digits and _,
// folded to lower case by the caller. Token rules include the whitespace after the name.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cqlbox::parse {

// The text between a quoted name's quotes ("" read as ").
std::string quoted_name(std::string_view tok);

// How many leading characters of `tok` form an unquoted name.
std::size_t unquoted_length(std::string_view tok);

}  // namespace cqlbox::parse
