// Reads a CQL type spelled as Cassandra prints it ("int", "set<text>",
// "frozen<map<text, frozen<list<text>>>>", "frozen<tuple<inet, smallint>>", "vector<float, 3>")
// back into an interned descriptor. It exists for schemas cqlbox writes down itself (the system
// tables), so it knows native, collection, tuple and vector types only: no UDT names, no
// custom 'class' types. CREATE TABLE goes through the grammar instead.
#pragma once

#include <string_view>

#include "types/cql_type.hpp"

namespace cqlbox::types {

// The descriptor for `text`, or nullptr when the text is not such a type (unknown name,
// unbalanced '<' '>', a non-frozen collection inside a non-frozen collection, trailing text).
// Spaces around names and commas are ignored; varchar reads as text. As in Cassandra, whatever
// sits inside frozen<…> or a tuple is frozen too, so for every type it accepts,
// parse_type_name(t->name) == t.
const CqlType* parse_type_name(std::string_view text);

}  // namespace cqlbox::types
