// SELECT: selectors with aliases and function calls, WHERE, GROUP BY, ORDER BY,
// PER PARTITION LIMIT, LIMIT, ALLOW FILTERING.
#pragma once

#include "cql/terms.hpp"
#include "cql/ddl.hpp"

namespace cqlbox::grammar {

struct selector;
struct selector_star : star_tok {};
struct selector_name : sor<ident, kw_token> {};
struct selector_call_open : lparen {};
struct selector_call_close : rparen {};
// A term in the selection: a literal, null, or a bind marker (intAsBlob(?), typed by the function).
// (type) term: a type hint (Parser.g's selectionTypeHint). `(k) * 2` fails it at '*' having
// pushed nothing but the unused type name, and reads as a parenthesised column.
struct selector_type_hint : term_cast {};
struct selector_constant : sor<constant, null_lit, bind_marker, selector_type_hint> {};
// A collection literal is typed by the parameter it is passed to: similarity_cosine(v, [1, 2]).
struct selector_literal_arg : sor<list_literal, brace_literal> {};
struct selector_arg : sor<selector_star, selector_constant, selector_literal_arg, selector> {};
struct selector_field : ident {};
struct selector_call : seq<selector_call_open, opt<list<selector_arg, comma>>, selector_call_close> {};
// ks.f(…): a keyspace-qualified function (system.now()); otherwise a.b is a UDT field.
struct selector_function_name : sor<ident, kw_token> {};
struct selector_qualified_call : seq<selector_function_name, selector_call> {};
struct selector_body
    : seq<selector_name, opt<sor<selector_call, seq<dot, sor<selector_qualified_call, selector_field>>>>> {};
struct cast_type : ident {};
struct selector_cast;
struct selector_body;
// Arithmetic (5.0): unary -, then * / %, then + -, left to right; parentheses group.
struct selector_sum;
struct selector_paren : seq<lparen, selector_sum, rparen> {};
// Element and slice selection (m['k'], s[1..5], m[..'c']) and field access chain after any
// selector, as in Parser.g's selectorModifier: m['a']['b'], u.m['k'], f(x)[k].
struct subscript_open : lbracket {};
struct subscript_close : rbracket {};
struct subscript_from : seq<term> {};
struct subscript_to : seq<term> {};
struct subscript_range : range_tok {};
struct subscript_body
    : sor<seq<subscript_range, subscript_to>, seq<subscript_from, opt<subscript_range, opt<subscript_to>>>> {};
struct selector_subscript : seq<subscript_open, subscript_body, subscript_close> {};
struct selector_modifier : sor<selector_subscript, seq<dot, selector_field>> {};
// (type)(expression): a type hint before a parenthesised selector (selectionTypeHint over
// selectionGroupWithoutField), tried after the hint before a constant.
struct selector_hinted : seq<cast_open, cast_type_name, cast_close, selector_paren> {};
struct selector_primary : seq<sor<selector_cast, selector_body, selector_constant, selector_hinted, selector_paren>,
                              star<selector_modifier>> {};
struct selector_negate : tok<one<'-'>> {
  static constexpr const char* expected = "'-'";
};
struct selector_unary;
// Recurses once per '-': `nests` makes the parser count the levels (see parse/actions.hpp).
struct selector_negated : seq<selector_negate, selector_unary> {
  static constexpr bool nests = true;
};
struct selector_unary : sor<selector_negated, selector_primary> {};
struct product_op : tok<one<'*', '/', '%'>> {
  static constexpr const char* expected = "'*'";
};
struct product_tail : seq<product_op, selector_unary> {};
struct selector_product : seq<selector_unary, star<product_tail>> {};
struct sum_op : tok<one<'+', '-'>> {
  static constexpr const char* expected = "'+'";
};
struct sum_tail : seq<sum_op, selector_product> {};
struct selector_sum : seq<selector_product, star<sum_tail>> {};
struct selector_unaliased : selector_sum {};
// Once "CAST (" has matched, the rest must follow: no other rule may re-read it.
struct selector_cast : seq<kw_cast, lparen, must<selector_unaliased, kw_as, cast_type, rparen>> {};
struct selector_alias : ident {};
struct selector : seq<selector_unaliased, opt<kw_as, selector_alias>> {};
struct select_all : star_tok {};
struct select_clause : sor<select_all, list<selector, comma>> {};

// JSON and DISTINCT are keywords only where a selection follows: SELECT json, distinct FROM t
// reads two columns of those names (Parser.g's syntactic predicates).
struct not_a_column_name : not_at<sor<kw_from, comma, kw_as>> {};
struct select_json : seq<kw_json, not_a_column_name> {};
struct select_distinct : seq<kw_distinct, not_a_column_name> {};

struct group_by_column : ident {};
struct group_by : seq<kw_group, kw_by, list<group_by_column, comma>> {};
struct order_by_column : ident {};
struct order_by_asc : kw_asc {};
struct order_by_desc : kw_desc {};
// c ANN OF [v, …]: Cassandra 5.0's approximate-nearest-neighbour ordering (a vector index).
struct order_by_ann : seq<kw_ann, kw_of, term> {};
struct order_by_item : seq<order_by_column, opt<order_by_ann>, opt<sor<order_by_asc, order_by_desc>>> {};
struct order_by : seq<kw_order, kw_by, list<order_by_item, comma>> {};
struct per_partition_limit_value : int_value {};
struct per_partition_limit : seq<kw_per, kw_partition, kw_limit, per_partition_limit_value> {};
struct limit_value : int_value {};
struct limit_clause : seq<kw_limit, limit_value> {};
struct allow_filtering : seq<kw_allow, kw_filtering> {};

struct select_stmt
    : seq<kw_select, opt<select_json>, opt<select_distinct>, select_clause, kw_from, qualified_name, opt<where_clause>,
          opt<group_by>, opt<order_by>, opt<per_partition_limit>, opt<limit_clause>, opt<allow_filtering>> {};

}  // namespace cqlbox::grammar
