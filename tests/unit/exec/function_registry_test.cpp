// The one table of native functions (exec/function_registry.hpp) must name only functions that
// resolve, by their 5.0 name and by their older spelling; aggregates and families are found.
#include "exec/function_registry.hpp"

#include <doctest/doctest.h>

#include <string>

#include "error/cql_error.hpp"
#include "exec/function_factories.hpp"
#include "exec/functions.hpp"

namespace {

using namespace cqlbox::exec;

// Whether a scalar function of this name exists: overloads built by name, a factory that knows
// the name (called with no arguments it refuses the count, or makes one), or a resolver that
// refuses the call for something other than an unknown name (the similarity functions).
bool resolves(const std::string& name) {
  if (!function_overloads(name).empty()) return true;
  try {
    if (factory_function(name, {}, {})) return true;
  } catch (const cqlbox::error::CqlError&) {
    return true;
  }
  try {
    resolve_function(name, {});
    return true;
  } catch (const cqlbox::error::CqlError& e) {
    return !e.message.starts_with("Unknown function");
  }
}

std::string instance(std::string_view pattern) {
  std::string s(pattern);
  if (const auto at = s.find("<type>"); at != std::string::npos) s.replace(at, 6, "int");
  return s;
}

}  // namespace

TEST_CASE("every scalar in the table resolves by both spellings") {
  for (const NativeFunction& f : native_functions()) {
    if (f.kind != FunctionKind::Scalar) continue;
    CAPTURE(f.name);
    CHECK(resolves(instance(f.name)));
    if (!f.legacy.empty()) CHECK(resolves(instance(f.legacy)));
  }
  CHECK_FALSE(resolves("no_such_function"));
}

TEST_CASE("lookups by name, older spelling and family") {
  CHECK(find_native_function("to_timestamp") == find_native_function("totimestamp"));
  CHECK(find_native_function("int_as_blob")->group == "blobs");
  CHECK(find_native_function("blobasbigint")->name == "blob_as_<type>");
  CHECK(find_native_function("cast_as_text")->group == "casts");
  CHECK(find_native_function("nope") == nullptr);
  CHECK(legacy_spelling("to_unix_timestamp") == "tounixtimestamp");
  CHECK(legacy_spelling("bigint_as_blob") == "bigintasblob");
  CHECK(legacy_spelling("blob_as_text") == "blobastext");
  CHECK(legacy_spelling("abs") == "abs");
  CHECK(is_aggregate_function("count"));
  CHECK(is_aggregate_function("avg"));
  CHECK_FALSE(is_aggregate_function("abs"));
}

TEST_CASE("HELP FUNCTIONS' list: each group on its lines, wrapped") {
  const std::string list = native_function_groups(72);
  CHECK(list.starts_with("      time     now, current_timeuuid, current_timestamp, current_date,\n"));
  CHECK(list.find("      rows     count, min, max, sum, avg\n") != std::string::npos);
  CHECK(list.find("from_json (in values written),") != std::string::npos);
  for (std::size_t at = 0, end; (end = list.find('\n', at)) != std::string::npos; at = end + 1) CHECK(end - at <= 72);
}
