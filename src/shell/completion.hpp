// Tab completion at the prompt: what may follow the text typed so far, from the statement's
// shape (a keyspace after USE, a table after FROM/INTO/UPDATE, that table's columns later) and
// the live schema. Pure: reads the catalog, returns candidates.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "schema/catalog.hpp"

namespace cqlbox::shell {

// Candidates for `word`, the partial word at the cursor, after `before` (the line up to it).
// Keywords come in the case the word is typed in (upper when empty); sorted, no duplicates.
std::vector<std::string> completions(const schema::Catalog& catalog, std::string_view keyspace, std::string_view before,
                                     std::string_view word);

}  // namespace cqlbox::shell
