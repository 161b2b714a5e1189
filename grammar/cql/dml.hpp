// Data statements: INSERT, UPDATE, DELETE (BATCH arrives with the data-model issue).
#pragma once

#include "cql/ddl.hpp"

namespace cqlbox::grammar {

struct using_ttl : seq<kw_ttl, int_value> {};
struct using_timestamp : seq<kw_timestamp, int_value> {};
struct using_clause : seq<kw_using, list<sor<using_ttl, using_timestamp>, kw_and>> {};

struct insert_column : ident {};
struct insert_values_open : lparen {};
struct insert_json_value : string_lit {};
struct insert_default_unset : seq<kw_default, TAO_PEGTL_ISTRING("UNSET"), not_at<ident_other>, sp> {};
struct insert_default_null : seq<kw_default, kw_null> {};
// The JSON object as a string literal, or a marker bound to one (INSERT … JSON ?).
struct insert_json_marker : bind_marker {};
struct insert_json
    : seq<kw_json, sor<insert_json_value, insert_json_marker>, opt<sor<insert_default_unset, insert_default_null>>> {};
struct insert_stmt : seq<kw_insert, kw_into, qualified_name,
                         sor<insert_json, seq<lparen, list<insert_column, comma>, rparen, kw_values, insert_values_open,
                                              list<term, comma>, rparen>>,
                         opt<if_not_exists>, opt<using_clause>> {};

// SET c = v | c = c + v | c = c - v | c = v + c | c[k] = v
struct update_column : ident {};
struct assignment_ref : ident {};
struct op_plus : tok<one<'+'>> {
  static constexpr const char* expected = "'+'";
};
struct op_minus : tok<one<'-'>> {
  static constexpr const char* expected = "'-'";
};
struct assignment_add : op_plus {};
struct assignment_subtract : op_minus {};
struct assignment_prepend : op_plus {};
struct assignment_value : term {};
struct assignment_element_open : lbracket {};
struct assignment_element : seq<assignment_element_open, term, rbracket> {};
struct assignment_begin : success {};
struct assignment_field : ident {};
// c += v and c -= v are c = c + v and c = c - v (Parser.g's shorthandColumnOperation).
struct shorthand_add : tok<string<'+', '='>> {
  static constexpr const char* expected = "'+='";
};
struct shorthand_subtract : tok<string<'-', '='>> {
  static constexpr const char* expected = "'-='";
};
struct assignment : seq<assignment_begin, update_column,
                        sor<seq<sor<shorthand_add, shorthand_subtract>, assignment_value>,
                            seq<opt<sor<assignment_element, seq<dot, assignment_field>>>, equals,
                                sor<seq<assignment_ref, sor<assignment_add, assignment_subtract>, assignment_value>,
                                    seq<assignment_value, opt<assignment_prepend, assignment_ref>>>>>> {};
// IF conditions: c = v, c != v, c < v, c IN (…), c[k] = v, c.f = v, c CONTAINS [KEY] v, c = null.
struct condition_begin : success {};
struct condition_column : ident {};
struct condition_element_open : lbracket {};
struct condition_in : in_values {};
// An element selector (m['k'], l[0]) tried before the operator: when it fails part-way the
// parser's control drops any term it pushed (rewinds_terms), so nothing stale reaches the
// statement.
struct condition_element : seq<condition_element_open, term, rbracket> {
  static constexpr bool rewinds_terms = true;
};
// c.field (a UDT field), and 5.0's CONTAINS / CONTAINS KEY conditions, which take the whole
// column only: after c[k] or c.f, Parser.g's columnCondition has just a comparison or IN.
struct condition_field : ident {};
struct condition
    : seq<condition_begin, condition_column,
          sor<seq<sor<condition_element, seq<dot, condition_field>>, sor<condition_in, seq<compare_op, term>>>,
              sor<condition_in, seq<op_contains_key, term>, seq<op_contains, term>, seq<compare_op, term>>>> {};
struct conditions : list<condition, kw_and> {};
struct if_exists_word : kw_exists {};
struct update_stmt : seq<kw_update, qualified_name, opt<using_clause>, kw_set, list<assignment, comma>, where_clause,
                         opt<kw_if, sor<if_exists_word, conditions>>> {};

struct delete_column : ident {};
struct delete_element_open : lbracket {};
struct delete_field : ident {};
struct delete_element : seq<delete_element_open, term, rbracket> {
  static constexpr bool rewinds_terms = true;
};
struct delete_target : seq<delete_column, opt<sor<delete_element, seq<dot, delete_field>>>> {};
struct delete_stmt : seq<kw_delete, opt<list<delete_target, comma>>, kw_from, qualified_name, opt<using_clause>,
                         where_clause, opt<kw_if, sor<if_exists_word, conditions>>> {};

// BEGIN [UNLOGGED | COUNTER] BATCH [USING TIMESTAMP n] <insert|update|delete>; … APPLY BATCH
struct batch_unlogged : kw_unlogged {};
struct batch_counter : kw_counter {};
struct batch_begin : seq<kw_begin, opt<sor<batch_unlogged, batch_counter>>, kw_batch> {};
struct batch_using : using_clause {};
struct batch_child_begin : success {};
struct batch_child : seq<batch_child_begin, sor<insert_stmt, update_stmt, delete_stmt>, opt<semicolon>> {};
struct batch_stmt : seq<batch_begin, opt<batch_using>, star<batch_child>, kw_apply, kw_batch> {};

}  // namespace cqlbox::grammar
