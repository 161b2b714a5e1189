#include "parse/next_tokens.hpp"

#include <algorithm>

#include <tao/pegtl.hpp>

#include "cql/statement.hpp"
#include "error/cql_error.hpp"
#include "parse/names.hpp"
#include "parse/parser.hpp"
#include "util/text.hpp"

namespace cqlbox::parse {

namespace {

namespace g = grammar;
namespace pegtl = tao::pegtl;

// The kind of name a rule reads, for the rules that read names worth completing.
template <class Rule>
constexpr unsigned kind_of = 0;
template <>
constexpr unsigned kind_of<g::keyspace_name> = kKeyspaceName;
template <>
constexpr unsigned kind_of<g::qualified_name> = kTableName;
template <>
constexpr unsigned kind_of<g::view_base> = kTableName;
template <>
constexpr unsigned kind_of<g::udt_name> = kUdtName;
template <>
constexpr unsigned kind_of<g::view_ref> = kViewName;
template <>
constexpr unsigned kind_of<g::drop_index_first> = kIndexName;
template <>
constexpr unsigned kind_of<g::type_name> = kTypeName;
template <>
constexpr unsigned kind_of<g::property_name> = kPropertyName;
template <>
constexpr unsigned kind_of<g::relation_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::insert_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::update_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::assignment_ref> = kColumnName;
template <>
constexpr unsigned kind_of<g::condition_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::delete_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::order_by_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::group_by_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::index_target_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::alter_drop_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::rename_from> = kColumnName;
template <>
constexpr unsigned kind_of<g::pk_partition_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::pk_clustering_column> = kColumnName;
template <>
constexpr unsigned kind_of<g::clustering_column> = kColumnName;

template <class Rule>
concept Keyword = requires {
  Rule::is_keyword;
};

// A name token as CQL reads it: "Quoted" keeps its case (and "" is a quote), others fold to
// lower case. Token rules include the whitespace after the name.
std::string name_of(std::string_view tok) {
  if (!tok.empty() && tok[0] == '"') return quoted_name(tok);
  return util::ascii_lower(tok.substr(0, unquoted_length(tok)));
}

template <class Rule>
struct probe_action : pegtl::nothing<Rule> {};

template <>
struct probe_action<g::qualified_first> {
  template <class Input>
  static void apply(const Input& in, NextTokens& next) {
    next.table_keyspace.clear();
    next.table = name_of(in.string_view());
  }
};
template <>
struct probe_action<g::qualified_second> {
  template <class Input>
  static void apply(const Input& in, NextTokens& next) {
    next.table_keyspace = std::move(next.table);
    next.table = name_of(in.string_view());
  }
};

template <class Rule>
struct probe_control : pegtl::normal<Rule> {
  template <class Input>
  static void start(const Input& in, NextTokens& next) {
    if constexpr (std::is_same_v<Rule, g::keyspace_properties>) next.keyspace_options = true;
    if constexpr (std::is_same_v<Rule, g::table_properties>) next.keyspace_options = false;
    if (!in.empty()) return;  // only what could start where the text ends
    if constexpr (kind_of<Rule> != 0)
      next.names |= kind_of<Rule>;
    else if constexpr (Keyword<Rule>)
      next.keywords.emplace_back(Rule::expected);
  }
};

}  // namespace

NextTokens next_tokens(std::string_view text) {
  NextTokens next;
  try {
    check_nesting(text);  // the grammar recurses per level: no completion for absurd nesting
  } catch (const error::CqlError&) {
    return next;
  }
  pegtl::memory_input in(text.data(), text.size(), "");
  try {
    pegtl::parse<g::statement, probe_action, probe_control>(in, next);
  } catch (const pegtl::parse_error&) {
    // A must<> failed: what was recorded up to there still stands.
  }
  std::sort(next.keywords.begin(), next.keywords.end());
  next.keywords.erase(std::unique(next.keywords.begin(), next.keywords.end()), next.keywords.end());
  return next;
}

}  // namespace cqlbox::parse
