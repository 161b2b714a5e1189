// Every native function cqlbox knows, in one table (function_registry.cpp): its 5.0 name, the
// older spelling that still resolves, what kind of function it is and the group HELP FUNCTIONS
// lists it under. The scalar overloads are built by name in functions.cpp and
// function_factories.cpp, the aggregates and the selectors (writetime, ttl, token, cast…) by
// the selection (selection_resolve.cpp); this table is what they, HELP and the unit test that
// calls every scalar by both spellings agree on. User-defined functions are off, as in a
// default 5.0, so system_schema.functions and DESCRIBE FUNCTIONS list none of these, as there.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace cqlbox::exec {

enum class FunctionKind {
  Scalar,     // a value per row or per literal (functions.cpp, function_factories.cpp)
  Aggregate,  // one value for the rows (count, min, max, sum, avg)
  Selector,   // a selection of its own: writetime, maxwritetime, ttl, token, cast
};

struct NativeFunction {
  std::string_view name;    // 5.0's, lower case; a family as its pattern: "<type>_as_blob"
  std::string_view legacy;  // the older camelCase spelling, lower case ("totimestamp"); "" if none
  FunctionKind kind;
  std::string_view group;  // HELP FUNCTIONS' group: time, blobs, casts, math, sets, masking, other, rows
  std::string_view note;   // shown after the name in HELP ("in values written"); usually ""
};

// In HELP's order.
std::span<const NativeFunction> native_functions();

// The entry for `name` (lower case, without "system."), by its 5.0 name or its older spelling,
// a family by its pattern (int_as_blob, intasblob, cast_as_int…); nullptr when unknown.
const NativeFunction* find_native_function(std::string_view name);

// The older spelling of a 5.0 name, which functions.cpp dispatches by (to_timestamp ->
// totimestamp, int_as_blob -> intasblob); other names as they are.
std::string legacy_spelling(std::string_view name);

bool is_aggregate_function(std::string_view name);

// HELP FUNCTIONS' list: each group's names, wrapped at `width` columns after a 15-column
// indent (the group's name at column 6).
std::string native_function_groups(std::size_t width);

}  // namespace cqlbox::exec
