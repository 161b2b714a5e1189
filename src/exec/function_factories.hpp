// Cassandra 5.0's native functions beyond the time, uuid and blob ones of functions.cpp:
// the math functions (MathFcts: overloads per numeric type) and the functions whose types
// follow their argument (factories: map_keys, map_values, collection_count/min/max/sum/avg,
// mask_null/default/replace/inner/outer, to_json).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "exec/functions.hpp"

namespace cqlbox::exec {

// abs, exp, log, log10, round: one overload per fixed-size numeric type, result of that type.
void add_math_overloads(const std::string& name, std::vector<ScalarFunction>& out);

// The factory function `name` made for these argument types (nullptr = a literal not typed
// yet), or nullopt when `name` is no factory. `arg_names` (the arguments as written, for
// messages) may be empty. Throws Cassandra's messages for a wrong count or type.
std::optional<ScalarFunction> factory_function(const std::string& name, const std::vector<const types::CqlType*>& args,
                                               const std::vector<std::string>& arg_names);

}  // namespace cqlbox::exec
