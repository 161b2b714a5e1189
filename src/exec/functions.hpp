// Cassandra's native scalar functions (cql3/functions: TimeFcts, UuidFcts, BytesConversionFcts,
// CastFcts): resolved once by name and argument types, then called per row or per literal.
// Results are serialized bytes; nullopt is null (a null argument gives null).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "exec/result.hpp"
#include "types/codec.hpp"
#include "types/cql_type.hpp"
#include "util/clock.hpp"

namespace cqlbox::exec {

// How two float vectors compare: the similarity_* functions and an SAI vector index's
// similarity_function (Lucene's scores, in float arithmetic as 5.0 computes them).
enum class VectorSimilarity { Cosine, Euclidean, DotProduct };
float vector_similarity(VectorSimilarity kind, std::string_view a, std::string_view b);

// What now() / uuid() and the current*() functions read: the session clock and a seeded
// generator (deterministic runs give deterministic uuids).
struct FunctionContext {
  util::Clock* clock = nullptr;
  std::uint64_t* random_state = nullptr;
  std::int64_t* last_uuid_time = nullptr;  // keeps now() strictly increasing
  std::int64_t* prepend_ticks = nullptr;   // list prepends count down from here
};

// A timeuuid for a list element appended now: after every element written before.
std::string next_list_path(const FunctionContext& ctx);
// `count` timeuuids, ascending, that sort before every list element written so far.
std::vector<std::string> prepend_list_paths(const FunctionContext& ctx, std::size_t count);

struct ScalarFunction {
  std::string name;  // lower case, without "system."
  std::vector<const types::CqlType*> params;
  const types::CqlType* result = nullptr;
  Value (*impl)(std::span<const Value> args, const ScalarFunction& fn, const FunctionContext& ctx) = nullptr;
};

// similarity_cosine / _euclidean / _dot_product (vector_similarity.cpp), which take two float
// vectors of one dimension, a literal argument taking the other argument's type; nullopt for
// any other name.
std::optional<ScalarFunction> similarity_function(const std::string& name,
                                                  const std::vector<const types::CqlType*>& args,
                                                  const std::vector<std::string>& arg_names);

// Overloads of `name` (lower-cased); empty when the function does not exist.
std::vector<ScalarFunction> function_overloads(std::string_view name);

// A literal argument as FunctionResolver weighs it: the kind of its token and the type it has
// on its own (Constants' preferred type).
struct LiteralArgument {
  types::ConstantKind kind = types::ConstantKind::String;
  const types::CqlType* preferred = nullptr;
  bool null = false;  // NULL: assignable to every type, exactly to none
};

// Picks the overload whose parameters accept `arg_types` (nullptr = not yet typed, e.g. a
// literal); throws InvalidRequest "Unknown function …" / "Invalid call to function …".
// `arg_names`, the arguments as written, only serve messages. With `literals` (per argument,
// for the untyped ones that are scalar literals), FunctionResolver.pickBestMatch: the first
// overload every argument matches exactly (a literal of its preferred type) wins, else the only
// one they can be assigned to; several are "Ambiguous call to function …".
ScalarFunction resolve_function(std::string_view name, const std::vector<const types::CqlType*>& arg_types,
                                const std::vector<std::string>& arg_names = {},
                                const std::vector<std::optional<LiteralArgument>>& literals = {});

// The type every overload of `name` with `arity` parameters gives parameter `i`; nullptr when
// they differ (or there is none).
const types::CqlType* parameter_type(std::string_view name, std::size_t arity, std::size_t i);
// A bare bind marker as argument `i` matches every overload; 5.0 refuses the call as ambiguous
// when the overloads differ there (FunctionResolver.pickBestMatch).
void check_marker_argument(std::string_view name, std::size_t arity, std::size_t i);

// CAST(x AS type): the conversion, and whether 5.0 has one (CastFcts: cast_as_<type>).
Value cast_value(const types::CqlType& from, const types::CqlType& to, const Value& v);
bool can_cast(const types::CqlType& from, const types::CqlType& to);
// cast_as_<type> or castAs<Type>: one of CAST's functions, called by name.
bool is_cast_function(std::string_view name);

// A date's days since 1970-01-01, from its 4 bytes (2^31 is the epoch).
std::int64_t date_days(std::string_view bytes);

// The text Cassandra's AbstractType.getString gives (used by CAST to text).
std::string java_text(const types::CqlType& type, std::string_view bytes);

// A value as SELECT JSON writes it (AbstractType.toJSONString): numbers and booleans bare,
// text, uuids, dates and timestamps ("2011-02-03 04:05:00.000Z") quoted, blobs "0x…".
std::string json_value(const types::CqlType& type, const Value& v);
// A JSON object key for a column or alias: case-sensitive names keep their CQL quotes.
std::string json_key(std::string_view name);

}  // namespace cqlbox::exec
