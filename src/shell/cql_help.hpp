// Offline text for the CQL help topics (HELP SELECT, HELP CREATE_TABLE, HELP TIMESTAMP, ...).
#pragma once

#include <string_view>

namespace cqlbox::shell {

// cqlsh answers a CQL topic by opening the online CQL reference in a browser. cqlbox is meant
// to work with no browser and no network, so it carries a short text of its own per topic.
// `topic` is upper case, as HELP lists it ("CREATE_TABLE"). Returns the whole text: syntax
// indented 8 spaces, then the explanation indented 4, every line ending in '\n', none longer
// than 79 characters. Returns an empty view for an unknown topic. The text is static.
std::string_view cql_help_text(std::string_view topic);

}  // namespace cqlbox::shell
