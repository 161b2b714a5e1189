#include "exec/function_registry.hpp"

#include <array>

namespace cqlbox::exec {

namespace {

using K = FunctionKind;

// 5.0's NativeFunctions: TimeFcts, UuidFcts, BytesConversionFcts, CastFcts, MathFcts,
// CollectionFcts, MaskingFcts, VectorFcts, FromJson/ToJson, TokenFct and the aggregates, with
// the spellings 5.0 deprecated (CASSANDRA-18037) but still resolves.
constexpr std::array kFunctions = {
    NativeFunction{"now", "", K::Scalar, "time", ""},
    NativeFunction{"current_timeuuid", "currenttimeuuid", K::Scalar, "time", ""},
    NativeFunction{"current_timestamp", "currenttimestamp", K::Scalar, "time", ""},
    NativeFunction{"current_date", "currentdate", K::Scalar, "time", ""},
    NativeFunction{"current_time", "currenttime", K::Scalar, "time", ""},
    NativeFunction{"to_timestamp", "totimestamp", K::Scalar, "time", ""},
    NativeFunction{"to_date", "todate", K::Scalar, "time", ""},
    NativeFunction{"to_unix_timestamp", "tounixtimestamp", K::Scalar, "time", ""},
    NativeFunction{"min_timeuuid", "mintimeuuid", K::Scalar, "time", ""},
    NativeFunction{"max_timeuuid", "maxtimeuuid", K::Scalar, "time", ""},
    NativeFunction{"floor", "", K::Scalar, "time", ""},
    NativeFunction{"uuid", "", K::Scalar, "time", ""},
    NativeFunction{"<type>_as_blob", "<type>asblob", K::Scalar, "blobs", ""},
    NativeFunction{"blob_as_<type>", "blobas<type>", K::Scalar, "blobs", ""},
    NativeFunction{"cast_as_<type>", "castas<type>", K::Scalar, "casts", "which CAST(<term> AS <type>) calls"},
    NativeFunction{"abs", "", K::Scalar, "math", ""},
    NativeFunction{"exp", "", K::Scalar, "math", ""},
    NativeFunction{"log", "", K::Scalar, "math", ""},
    NativeFunction{"log10", "", K::Scalar, "math", ""},
    NativeFunction{"round", "", K::Scalar, "math", ""},
    NativeFunction{"map_keys", "", K::Scalar, "sets", ""},
    NativeFunction{"map_values", "", K::Scalar, "sets", ""},
    NativeFunction{"collection_count", "", K::Scalar, "sets", ""},
    NativeFunction{"collection_min", "", K::Scalar, "sets", ""},
    NativeFunction{"collection_max", "", K::Scalar, "sets", ""},
    NativeFunction{"collection_sum", "", K::Scalar, "sets", ""},
    NativeFunction{"collection_avg", "", K::Scalar, "sets", ""},
    NativeFunction{"mask_null", "", K::Scalar, "masking", ""},
    NativeFunction{"mask_default", "", K::Scalar, "masking", ""},
    NativeFunction{"mask_replace", "", K::Scalar, "masking", ""},
    NativeFunction{"mask_inner", "", K::Scalar, "masking", ""},
    NativeFunction{"mask_outer", "", K::Scalar, "masking", ""},
    NativeFunction{"mask_hash", "", K::Scalar, "masking", ""},
    NativeFunction{"token", "", K::Selector, "other", ""},
    NativeFunction{"to_json", "tojson", K::Scalar, "other", ""},
    NativeFunction{"from_json", "fromjson", K::Scalar, "other", "in values written"},
    NativeFunction{"similarity_cosine", "", K::Scalar, "other", ""},
    NativeFunction{"similarity_euclidean", "", K::Scalar, "other", ""},
    NativeFunction{"similarity_dot_product", "", K::Scalar, "other", ""},
    NativeFunction{"count", "", K::Aggregate, "rows", ""},
    NativeFunction{"min", "", K::Aggregate, "rows", ""},
    NativeFunction{"max", "", K::Aggregate, "rows", ""},
    NativeFunction{"sum", "", K::Aggregate, "rows", ""},
    NativeFunction{"avg", "", K::Aggregate, "rows", ""},
    // Selections of their own, which HELP FUNCTIONS shows in its syntax lines instead.
    NativeFunction{"writetime", "", K::Selector, "", ""},
    NativeFunction{"maxwritetime", "", K::Selector, "", ""},
    NativeFunction{"ttl", "", K::Selector, "", ""},
    NativeFunction{"cast", "", K::Selector, "", ""},
};

// Whether `name` is `pattern` with a word in place of its "<type>".
bool matches_family(std::string_view pattern, std::string_view name) {
  const auto at = pattern.find("<type>");
  if (at == std::string_view::npos) return pattern == name;
  const std::string_view before = pattern.substr(0, at), after = pattern.substr(at + 6);
  return name.size() > before.size() + after.size() && name.starts_with(before) && name.ends_with(after);
}

}  // namespace

std::span<const NativeFunction> native_functions() { return kFunctions; }

const NativeFunction* find_native_function(std::string_view name) {
  for (const auto& f : kFunctions)
    if (matches_family(f.name, name) || (!f.legacy.empty() && matches_family(f.legacy, name))) return &f;
  return nullptr;
}

std::string legacy_spelling(std::string_view name) {
  for (const auto& f : kFunctions) {
    if (f.legacy.empty() || !matches_family(f.name, name)) continue;
    const auto at = f.name.find("<type>");
    if (at == std::string_view::npos) return std::string(f.legacy);
    const std::string_view type = name.substr(at, name.size() - (f.name.size() - 6));
    std::string out(f.legacy);
    return out.replace(f.legacy.find("<type>"), 6, type);
  }
  return std::string(name);
}

bool is_aggregate_function(std::string_view name) {
  const NativeFunction* f = find_native_function(name);
  return f && f->kind == FunctionKind::Aggregate;
}

std::string native_function_groups(std::size_t width) {
  std::string out, line;
  std::string_view group;
  auto end_line = [&] {
    if (!line.empty()) out += line + "\n";
    line.clear();
  };
  for (std::size_t i = 0; i < kFunctions.size(); ++i) {
    const NativeFunction& f = kFunctions[i];
    if (f.group.empty()) continue;
    std::string word(f.name);
    if (!f.note.empty())
      word += f.note.starts_with("which") ? ", " + std::string(f.note) : " (" + std::string(f.note) + ")";
    const bool last = i + 1 == kFunctions.size() || kFunctions[i + 1].group != f.group;
    if (!last) word += ",";
    if (f.group != group) {
      end_line();
      group = f.group;
      line = "      " + std::string(group) + std::string(9 - group.size(), ' ') + word;
    } else if (line.size() + 1 + word.size() > width) {
      end_line();
      line = std::string(15, ' ') + word;
    } else {
      line += " " + word;
    }
  }
  end_line();
  return out;
}

}  // namespace cqlbox::exec
