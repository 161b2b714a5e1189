// How cqlsh shows an error (cassandra.md §2.1): the driver's exception name and text.
#pragma once

#include <string>

#include "error/cql_error.hpp"

namespace cqlbox::print {

// E.g. `InvalidRequest: Error from server: code=2200 [Invalid query] message="…"`.
std::string error_text(const error::CqlError& e);

}  // namespace cqlbox::print
