#include "exec/sai.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "error/cql_error.hpp"
#include "util/text.hpp"

namespace cqlbox::exec::sai {

using error::ErrorClass;
using error::invalid;
using types::Kind;

bool is_sai_class(std::string_view cls) {
  const std::string lower = util::ascii_lower(cls);
  return lower == "sai" || lower == "storageattachedindex" ||
         cls == "org.apache.cassandra.index.sai.StorageAttachedIndex";
}

bool is_sai(const schema::IndexDef& index) { return !index.custom_class.empty() && is_sai_class(index.custom_class); }

namespace {

// StorageAttachedIndex.SUPPORTED_TYPES; any frozen value is indexed as its bytes.
bool supported_type(const types::CqlType& t) {
  switch (t.kind) {
    case Kind::Ascii:
    case Kind::Bigint:
    case Kind::Date:
    case Kind::Double:
    case Kind::Float:
    case Kind::Int:
    case Kind::Smallint:
    case Kind::Text:
    case Kind::Time:
    case Kind::Timestamp:
    case Kind::Timeuuid:
    case Kind::Tinyint:
    case Kind::Uuid:
    case Kind::Inet:
    case Kind::Varint:
    case Kind::Decimal:
    case Kind::Boolean: return true;
    default: return t.frozen || t.kind == Kind::Vector;
  }
}

bool is_string(const types::CqlType& t) { return t.kind == Kind::Text || t.kind == Kind::Ascii; }

// The type an index on `column` indexes: a collection's keys, values or entries, or the column.
const types::CqlType& indexed_type(const schema::Column& column, std::string_view function) {
  const types::CqlType& t = *column.type;
  if (!t.multi_cell() || function == "full") return t;
  if (t.kind == Kind::Map) return function == "keys" ? *t.params[0] : *t.params[1];
  return *t.params[0];
}

const std::set<std::string>& analysis_options() {
  static const std::set<std::string> names{"case_sensitive", "normalize", "ascii"};
  return names;
}
const std::set<std::string>& vector_options() {
  static const std::set<std::string> names{"maximum_node_connections", "construction_beam_width", "similarity_function",
                                           "optimize_for"};
  return names;
}

std::string upper(std::string s) {
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return s;
}

}  // namespace

void validate(const schema::TableSchema& t, const schema::Column& column, std::string_view function,
              const std::map<std::string, std::string>& options, const std::string& index_name,
              std::vector<std::string>& warnings) {
  std::vector<std::string> unknown;  // VALID_OPTIONS; a Java map's keys, sorted here
  for (const auto& [k, v] : options)
    if (!analysis_options().contains(k) && !vector_options().contains(k)) unknown.push_back(k);
  if (!unknown.empty())
    error::fail(ErrorClass::ConfigurationException,
                "Properties specified [{}] are not understood by StorageAttachedIndex", fmt::join(unknown, ", "));
  for (const auto& idx : t.indexes)
    if (is_sai(idx) && idx.column >= 0 && t.column(idx.column).name == column.name) {
      const std::string existing(idx.target_function());
      const std::string wanted = function.empty() && column.type->multi_cell() ? "values" : std::string(function);
      if (existing == wanted || (existing.empty() && wanted.empty()))
        invalid("Cannot create more than one storage-attached index on the same column: {}", column.name);
    }
  std::map<std::string, std::string> analysis;
  for (const auto& [k, v] : options)
    if (analysis_options().contains(k)) analysis.emplace(k, v);
  if (column.is_primary_key() && !analysis.empty()) {
    std::string text;
    for (const auto& [k, v] : analysis) text += fmt::format("{}'{}': '{}'", text.empty() ? "" : ", ", k, v);
    invalid("Analysis options are not supported on primary key columns, but found {{{}}}", text);
  }
  const types::CqlType& type = indexed_type(column, function);
  if (!analysis.empty()) {
    if (!is_string(type)) invalid("CQL type {} cannot be analyzed.", type.name);
    for (const auto& [k, v] : analysis) {  // NonTokenizingOptions.validateBoolean
      if (v.empty()) invalid("Empty value for boolean option '{}'", k);
      const std::string lower = util::ascii_lower(v);
      if (lower != "true" && lower != "false") invalid("Illegal value for boolean option '{}': {}", k, v);
    }
  }
  bool vector_option = false;
  for (const auto& [k, v] : options) vector_option = vector_option || vector_options().contains(k);
  const bool vector = type.kind == Kind::Vector;
  Similarity sim = Similarity::Cosine;
  if (vector_option) {  // IndexWriterConfig.fromOptions
    if (!vector) invalid("CQL type {} cannot have vector options", type.name);
    if (options.contains("maximum_node_connections"))
      invalid("Maximum node connections cannot be set without enabling SAI_VECTOR_ALLOW_CUSTOM_PARAMETERS");
    if (options.contains("construction_beam_width"))
      invalid("Construction beam width cannot be set without enabling SAI_VECTOR_ALLOW_CUSTOM_PARAMETERS");
    if (auto f = options.find("similarity_function"); f != options.end()) {
      const std::string name = upper(f->second);
      if (name == "EUCLIDEAN")
        sim = Similarity::Euclidean;
      else if (name == "DOT_PRODUCT")
        sim = Similarity::DotProduct;
      else if (name != "COSINE")
        invalid(
            "Similarity function {} was not recognized for index {}. Valid values are: EUCLIDEAN, DOT_PRODUCT, COSINE",
            name, index_name);
    }
    if (auto f = options.find("optimize_for"); f != options.end()) {
      const std::string name = upper(f->second);
      if (name != "LATENCY" && name != "RECALL")
        invalid("optimize_for '{}' was not recognized for index {}. Valid values are: LATENCY, RECALL", name,
                index_name);
    }
  }
  if (column.type->multi_cell() && column.type->kind == Kind::Map && function == "entries") {
    for (const auto* sub : {column.type->params[0], column.type->params[1]})
      if (!supported_type(*sub)) invalid("Unsupported type: {}", sub->name);
  } else if (!supported_type(type)) {
    invalid("Unsupported type: {}", type.name);
  } else if (vector) {
    if (type.params[0]->kind != Kind::Float)
      invalid("SAI ANN indexes are only allowed on vector columns with float elements");
    if (type.dimension == 1 && sim == Similarity::Cosine)
      invalid("Cosine similarity is not supported for single-dimension vectors");
    warnings.emplace_back(
        "SAI ANN indexes on vector columns are experimental and are not recommended for production use.\n"
        "They don't yet support SELECT queries with:\n * Consistency level higher than ONE/LOCAL_ONE.\n * Paging.\n"
        " * No LIMIT clauses.\n * PER PARTITION LIMIT clauses.\n * GROUP BY clauses.\n * Aggregation functions.\n"
        " * Filters on columns without a SAI index.");
  }
}

bool supports(const schema::IndexDef& index, const schema::Column& column, ast::Operator op) {
  using ast::Operator;
  const types::CqlType& t = *column.type;
  const std::string function(index.target_function());
  if (t.kind == Kind::Vector) return false;  // a vector index answers ANN only
  if (t.multi_cell()) {
    if (function == "keys") return op == Operator::ContainsKey;
    if (function == "values") return op == Operator::Contains;
    return false;  // entries: m[k] = v, checked by the caller
  }
  if (function == "full" || t.frozen) return op == Operator::Eq;
  const bool range = op == Operator::Lt || op == Operator::Lte || op == Operator::Gt || op == Operator::Gte;
  if (op == Operator::Eq) return true;
  if (!range) return false;
  // EQ_ONLY_TYPES, and the literal (string) types, which have no order in the index
  return t.kind != Kind::Text && t.kind != Kind::Ascii && t.kind != Kind::Boolean && t.kind != Kind::Uuid;
}

Similarity similarity(const schema::IndexDef& index) {
  const auto f = index.options.find("similarity_function");
  if (f == index.options.end()) return Similarity::Cosine;
  const std::string name = upper(f->second);
  return name == "EUCLIDEAN"     ? Similarity::Euclidean
         : name == "DOT_PRODUCT" ? Similarity::DotProduct
                                 : Similarity::Cosine;
}

}  // namespace cqlbox::exec::sai
