// Terms (constants, null, collection and tuple literals, function calls) and WHERE relations.
#pragma once

#include "cql/literals.hpp"

namespace cqlbox::grammar {

struct term;

// { } is a set or a map: the first element decides, so nothing is parsed twice.
struct brace_open : lbrace {};
struct map_colon : colon {};
struct brace_close : rbrace {};
// {name: v, …} is a user-defined type value: a bare name before ':' can be no map key.
struct udt_field_name : seq<ident, at<colon>> {};
struct udt_fields : list<seq<udt_field_name, colon, term>, comma> {};
struct brace_literal
    : seq<brace_open,
          opt<sor<seq<term, sor<seq<map_colon, term, star<comma, term, map_colon, term>>, star<comma, term>>>,
                  udt_fields>>,
          brace_close> {};
struct list_open : lbracket {};
struct list_close : rbracket {};
struct list_literal : seq<list_open, opt<list<term, comma>>, list_close> {};
struct tuple_open : lparen {};
struct tuple_close : rparen {};
struct tuple_literal : seq<tuple_open, list<term, comma>, tuple_close> {};

// token(…) is a function too on the right of a relation: token(k) > token(0). A function may
// be named with its keyspace (system.fromjson(…)); the action reads both parts.
// (The dot is no token rule: a plain name that fails on to "(" names "(" alone in its error.)
struct function_name : sor<seq<ident, tok<one<'.'>>, sor<ident, kw_token>>, ident, kw_token> {};
struct call_open : lparen {};
struct call_close : rparen {};
struct function_call : seq<function_name, call_open, opt<list<term, comma>>, call_close> {};

// A type hint, (type)term (Parser.g's TypeCast in simpleTerm): (ascii)'foo', (int)?. Tried before
// the tuple literal, which it cannot be: a tuple's first element is no bare type name and ')'.
struct term_primary;
struct cast_open : lparen {};
// A native type's name, or (5.0's comparatorType) a collection, tuple or vector type, kept as
// written up to the ')': (vector<float, 3>) [...], (list<int>) ?. Types hold no parentheses.
struct cast_type_name : seq<sor<ident, kw_set>, opt<one<'<'>, star<not_one<')', ';', '('>>>> {};
struct cast_close : rparen {};
struct term_cast : seq<cast_open, cast_type_name, cast_close, term_primary> {};
// CAST(term AS type) (5.0's simpleTerm): a call of the native function cast_as_<type>. Before
// function_call, whose actions would run on `cast(` before it failed at AS.
struct term_cast_call : seq<kw_cast, lparen, term_primary, kw_as, cast_type_name, rparen> {};
struct term_primary : sor<constant, null_lit, brace_literal, list_literal, term_cast, tuple_literal, term_cast_call,
                          function_call, bind_marker> {
  static constexpr bool counted = true;  // the parser bounds how many a statement may have
};
// Arithmetic on terms (Cassandra 4.0+): unary minus binds tightest, then * / %, then + -. A
// tail's action fires only once its right operand parsed, so `[1] + l` (a list prepend, where
// `l` is no term) backtracks cleanly.
struct term_minus : tok<one<'-'>> {
  static constexpr const char* expected = "'-'";
};
struct term_negated : seq<term_minus, term_primary> {};
struct term_group : sor<term_primary, term_negated> {};
struct term_product_op : tok<one<'*', '/', '%'>> {
  static constexpr const char* expected = "'*'";
};
struct term_product_tail : seq<term_product_op, term_group> {};
struct term_product : seq<term_group, star<term_product_tail>> {};
struct term_sum_op : tok<one<'+', '-'>> {
  static constexpr const char* expected = "'+'";
};
struct term_sum_tail : seq<term_sum_op, term_product> {};
struct term : seq<term_product, star<term_sum_tail>> {};

// Relations: one column, a parenthesised column tuple, or token(columns).
struct op_lte : tok<string<'<', '='>> {
  static constexpr const char* expected = "'<='";
};
struct op_gte : tok<string<'>', '='>> {
  static constexpr const char* expected = "'>='";
};
struct op_neq : tok<string<'!', '='>> {
  static constexpr const char* expected = "'!='";
};
struct op_lt : tok<one<'<'>> {
  static constexpr const char* expected = "'<'";
};
struct op_gt : tok<one<'>'>> {
  static constexpr const char* expected = "'>'";
};
struct op_eq : tok<one<'='>> {
  static constexpr const char* expected = "'='";
};
struct op_contains_key : seq<kw_contains, kw_key> {};
struct op_contains : kw_contains {};
struct op_like : kw_like {};
struct compare_op : sor<op_lte, op_gte, op_neq, op_lt, op_gt, op_eq, op_like> {};

struct in_open : lparen {};
struct in_close : rparen {};
// IN ?: one marker bound to the whole list.
struct in_bind : seq<bind_marker> {};
struct in_values : seq<kw_in, sor<seq<in_open, opt<list<term, comma>>, in_close>, in_bind>> {};
struct is_not_null : seq<kw_is, kw_not, kw_null> {};

struct relation_column : ident {};
struct map_entry_open : lbracket {};
struct single_relation
    : seq<relation_column, sor<seq<compare_op, term>, in_values, seq<op_contains_key, term>, seq<op_contains, term>,
                               is_not_null, seq<map_entry_open, term, rbracket, compare_op, term>>> {};
struct multi_open : lparen {};
struct multi_close : rparen {};
struct multi_relation
    : seq<multi_open, list<relation_column, comma>, multi_close, sor<seq<compare_op, term>, in_values>> {};
struct token_relation : seq<kw_token, lparen, list<relation_column, comma>, rparen, compare_op, term> {};
struct relation_begin : success {};
struct relation : seq<relation_begin, sor<token_relation, multi_relation, single_relation>> {};
struct where_clause : seq<kw_where, list<relation, kw_and>> {};

}  // namespace cqlbox::grammar
