// Schema statements: CREATE/DROP KEYSPACE, CREATE/DROP TABLE, USE, TRUNCATE, WITH properties.
#pragma once

#include "cql/terms.hpp"
#include "cql/types.hpp"

namespace cqlbox::grammar {

struct if_not_exists : seq<kw_if, kw_not, kw_exists> {};
struct if_exists : seq<kw_if, kw_exists> {};

// A '?' where a name goes parses, so that it gets Parser.g's message: names cannot be bound.
struct keyspace_marker : tok<one<'?'>> {};
struct qualifier_marker : seq<tok<one<'?'>>, at<dot>> {};
struct table_marker : tok<one<'?'>> {};
struct qualified_first : ident {};
struct qualified_second : ident {};
struct qualified_name
    : sor<qualifier_marker, table_marker, seq<qualified_first, opt<dot, sor<qualified_second, table_marker>>>> {};
// The same shape naming a user-defined type or a view: tab completion offers those names there.
struct udt_name : qualified_name {};
struct view_ref : qualified_name {};

struct property_name : ident {};
struct property : seq<property_name, equals, term> {};
struct clustering_column : ident {};
struct order_asc : kw_asc {};
struct order_desc : kw_desc {};
struct clustering_item : seq<clustering_column, opt<sor<order_asc, order_desc>>> {};
struct clustering_order : seq<kw_clustering, kw_order, kw_by, lparen, list<clustering_item, comma>, rparen> {};
struct compact_storage : seq<kw_compact, kw_storage> {};
struct table_property : sor<clustering_order, compact_storage, property> {};
struct table_properties : seq<kw_with, list<table_property, kw_and>> {};
struct keyspace_properties : seq<kw_with, list<property, kw_and>> {};

struct keyspace_word : sor<kw_keyspace, kw_schema> {};
struct table_word : sor<kw_table, kw_columnfamily> {};

struct keyspace_name : sor<ident, keyspace_marker> {};
struct create_keyspace : seq<keyspace_word, opt<if_not_exists>, keyspace_name, keyspace_properties> {};

struct column_name : ident {};
struct column_static : kw_static {};
struct column_primary_key : seq<kw_primary, kw_key> {};
struct column_def : seq<column_name, type_ref, opt<column_static>, opt<column_primary_key>> {};
struct pk_partition_column : ident {};
struct pk_clustering_column : ident {};
struct pk_begin : seq<kw_primary, kw_key, lparen> {};
struct primary_key_def : seq<pk_begin, sor<seq<lparen, list<pk_partition_column, comma>, rparen>, pk_partition_column>,
                             star<comma, pk_clustering_column>, rparen> {};
struct table_element : sor<primary_key_def, column_def> {};
// Parser.g's cfamDefinition: '(' cfamColumns (',' cfamColumns?)* ')' — empty entries after
// the first are allowed: (a int, , b int,).
struct create_table : seq<table_word, opt<if_not_exists>, qualified_name, lparen, table_element,
                          star<comma, opt<table_element>>, rparen, opt<table_properties>> {};

struct index_name : ident {};
struct index_class : string_lit {};
// ENTRIES and FULL are reserved words, legal here only as index functions.
struct index_target_column : sor<seq<sor<kw_entries, kw_full>, at<lparen>>, ident> {};
struct index_target_inner : ident {};
// ON t (col), or ON t (keys(col)) / values(col) / entries(col) / full(col): the first name is
// read once and becomes the function when a '(' follows.
struct index_target : seq<index_target_column, opt<lparen, index_target_inner, rparen>> {};
// WITH OPTIONS = {…} (IndexAttributes: any other property is refused when the statement runs)
struct index_properties : seq<kw_with, list<property, kw_and>> {};
struct create_index : seq<opt<kw_custom>, kw_index, opt<if_not_exists>, opt<index_name>, kw_on, qualified_name, lparen,
                          index_target, rparen, opt<kw_using, index_class>, opt<index_properties>> {};
// CREATE TYPE [IF NOT EXISTS] [ks.]name (field type, …)
struct type_field_name : ident {};
struct type_field : seq<type_field_name, type_ref> {};
// Parser.g: '(' typeColumns (',' typeColumns?)* ')': empty entries after the first are allowed.
struct create_type
    : seq<kw_type, opt<if_not_exists>, udt_name, lparen, type_field, star<comma, opt<type_field>>, rparen> {};
// CREATE MATERIALIZED VIEW [IF NOT EXISTS] [ks.]v AS SELECT * | cols FROM [ks.]base
//   [WHERE relations] PRIMARY KEY (…) [WITH options]  (Cassandra's grammar: the WHERE is optional
// there and the IS NOT NULL rules are checked when the view is built).
struct view_name : qualified_name {};
struct view_base : qualified_name {};
struct view_all_columns : star_tok {};
struct view_column : ident {};
struct view_selection : sor<view_all_columns, list<view_column, comma>> {};
struct view_where : where_clause {};
struct create_view : seq<kw_materialized, kw_view, opt<if_not_exists>, view_name, kw_as, kw_select, view_selection,
                         kw_from, view_base, opt<view_where>, primary_key_def, opt<table_properties>> {};
struct drop_view : seq<kw_materialized, kw_view, opt<if_exists>, view_ref> {};
struct alter_view : seq<kw_materialized, kw_view, opt<if_exists>, view_ref, table_properties> {};
struct create_role;
struct create_user;
// User-defined functions and aggregates (Parser.g's createFunctionStatement,
// createAggregateStatement, dropFunctionStatement, dropAggregateStatement).
struct udf_or_replace : seq<kw_or, kw_replace> {};
struct udf_arg_name : ident {};
struct udf_arg : seq<udf_arg_name, type_ref> {};
struct udf_language : ident {};
struct udf_body : string_lit {};
struct create_function : seq<opt<udf_or_replace>, kw_function, opt<if_not_exists>, qualified_name, lparen,
                             opt<list<udf_arg, comma>>, rparen, sor<seq<kw_returns, kw_null>, kw_called>, kw_on,
                             kw_null, kw_input, kw_returns, type_ref, kw_language, udf_language, kw_as, udf_body> {};
struct udf_types : seq<lparen, opt<list<type_ref, comma>>, rparen> {};
struct udf_state_function : ident {};
struct udf_final_function : ident {};
struct udf_initcond : seq<kw_initcond, term> {};
struct create_aggregate
    : seq<opt<udf_or_replace>, kw_aggregate, opt<if_not_exists>, qualified_name, udf_types, kw_sfunc,
          udf_state_function, kw_stype, type_ref, opt<kw_finalfunc, udf_final_function>, opt<udf_initcond>> {};
struct udf_drop_types : udf_types {};
struct drop_function : seq<kw_function, opt<if_exists>, qualified_name, opt<udf_drop_types>> {};
struct drop_aggregate : seq<kw_aggregate, opt<if_exists>, qualified_name, opt<udf_drop_types>> {};

struct create_stmt : seq<kw_create, sor<create_keyspace, create_table, create_index, create_type, create_view,
                                        create_role, create_user, create_function, create_aggregate>> {};

struct drop_keyspace : seq<keyspace_word, opt<if_exists>, keyspace_name> {};
struct drop_table : seq<table_word, opt<if_exists>, qualified_name> {};
struct drop_index_first : ident {};
struct drop_index_second : ident {};
struct drop_index : seq<kw_index, opt<if_exists>, drop_index_first, opt<dot, drop_index_second>> {};
struct drop_type : seq<kw_type, opt<if_exists>, udt_name> {};
struct drop_role;
struct drop_user;
struct drop_stmt : seq<kw_drop, sor<drop_keyspace, drop_table, drop_index, drop_type, drop_view, drop_role, drop_user,
                                    drop_function, drop_aggregate>> {};

// ALTER TABLE t ADD [IF NOT EXISTS] c type [, …] | ADD (c type, …) | DROP [IF EXISTS] c [, …]
//   | DROP (c, …) [USING TIMESTAMP n] | RENAME [IF EXISTS] a TO b [AND c TO d] | WITH options
struct alter_add_column : seq<column_name, type_ref, opt<column_static>> {};
struct alter_if_not_exists : if_not_exists {};
struct alter_if_exists : if_exists {};
struct alter_add : seq<kw_add, opt<alter_if_not_exists>,
                       sor<seq<lparen, list<alter_add_column, comma>, rparen>, list<alter_add_column, comma>>> {};
struct alter_drop_column : ident {};
// DROP … USING TIMESTAMP t: the drop's time (cells written after it come back on a re-ADD).
struct alter_drop_timestamp : integer_lit {};
struct alter_drop : seq<kw_drop, opt<alter_if_exists>,
                        sor<seq<lparen, list<alter_drop_column, comma>, rparen>, list<alter_drop_column, comma>>,
                        opt<kw_using, kw_timestamp, alter_drop_timestamp>> {};
struct rename_from : ident {};
struct rename_to : ident {};
struct alter_rename : seq<kw_rename, opt<alter_if_exists>, list<seq<rename_from, kw_to, rename_to>, kw_and>> {};
struct alter_with : table_properties {};
struct alter_column_type : seq<kw_alter, ident, kw_type, type_ref> {};
struct alter_drop_compact : seq<kw_drop, kw_compact, kw_storage> {};  // tried before DROP column
struct alter_table : seq<table_word, opt<if_exists>, qualified_name,
                         sor<alter_add, alter_drop_compact, alter_drop, alter_rename, alter_with, alter_column_type>> {
};
struct alter_keyspace : seq<keyspace_word, opt<if_exists>, keyspace_name, keyspace_properties> {};
// ALTER TYPE t ADD field type | RENAME a TO b [AND …]
struct alter_type_add : seq<kw_add, opt<alter_if_not_exists>, type_field> {};
struct alter_field_type : seq<kw_alter, ident, kw_type, type_ref> {};
struct alter_type : seq<kw_type, opt<if_exists>, udt_name, sor<alter_type_add, alter_rename, alter_field_type>> {};
struct alter_role;
struct alter_user;
struct alter_stmt : seq<kw_alter, sor<alter_keyspace, alter_table, alter_type, alter_view, alter_role, alter_user>> {};

struct use_stmt : seq<kw_use, keyspace_name> {};
struct truncate_stmt : seq<kw_truncate, opt<table_word>, qualified_name> {};

}  // namespace cqlbox::grammar
