// Role and permission statements (Parser.g): CREATE/ALTER/DROP ROLE and USER, LIST ROLES,
// LIST USERS, GRANT and REVOKE of roles and of permissions on resources, LIST PERMISSIONS.
#pragma once

#include "cql/ddl.hpp"

namespace cqlbox::grammar {

// Resets the statement's auth fields: an alternative that failed part-way may have set some.
struct auth_begin : success {};

// roleName: IDENT (lower-cased), 'string' or "quoted" (kept), or an unreserved keyword; a '?'
// parses so that it gets Parser.g's message.
struct role_name_string : string_lit {};
struct role_name_ident : ident {};
struct role_marker : tok<one<'?'>> {};
struct role_name : sor<role_name_string, role_marker, role_name_ident> {};
// CREATE/ALTER/DROP USER's name keeps its case; a "quoted" one is refused.
struct user_name_quoted : quoted_ident {};
struct user_name_plain : plain_ident {};
struct user_name : sor<role_name_string, user_name_quoted, user_name_plain> {};

struct auth_if_exists : if_exists {};
struct auth_if_not_exists : if_not_exists {};

// Role options: each once (RoleOptions.setOption), checked in the actions.
struct option_password : seq<kw_password, equals, string_lit> {};
struct option_hashed_password : seq<kw_hashed, kw_password, equals, string_lit> {};
struct option_options : seq<kw_options, equals, term> {};
struct option_true : kw_true {};
struct option_false : kw_false {};
struct option_bool : sor<option_true, option_false> {};
struct option_superuser : seq<kw_superuser, equals, option_bool> {};
struct option_login : seq<kw_login, equals, option_bool> {};
struct access_all_datacenters : seq<kw_access, kw_to, kw_all, kw_datacenters> {};
struct access_datacenter : string_lit {};
struct access_datacenters : seq<kw_access, kw_to, kw_datacenters, lbrace, list<access_datacenter, comma>, rbrace> {};
struct access_all_cidrs : seq<kw_access, kw_from, kw_all, kw_cidrs> {};
struct access_cidr : string_lit {};
struct access_cidrs : seq<kw_access, kw_from, kw_cidrs, lbrace, list<access_cidr, comma>, rbrace> {};
struct role_option : sor<option_password, option_hashed_password, option_options, option_superuser, option_login,
                         access_all_datacenters, access_datacenters, access_all_cidrs, access_cidrs> {};
struct role_options : seq<kw_with, list<role_option, kw_and>> {};

// CREATE/ALTER USER's older form: WITH PASSWORD 'p' (no '='), SUPERUSER | NOSUPERUSER.
struct user_password : seq<kw_password, string_lit> {};
struct user_hashed_password : seq<kw_hashed, kw_password, string_lit> {};
struct user_superuser : kw_superuser {};
struct user_nosuperuser : kw_nosuperuser {};
struct user_options
    : seq<opt<kw_with, sor<user_password, user_hashed_password>>, opt<sor<user_superuser, user_nosuperuser>>> {};

struct create_role : seq<kw_role, auth_begin, opt<auth_if_not_exists>, role_name, opt<role_options>> {};
struct create_user : seq<kw_user, auth_begin, opt<auth_if_not_exists>, user_name, user_options> {};
struct alter_role : seq<kw_role, auth_begin, opt<auth_if_exists>, role_name, opt<role_options>> {};
struct alter_user : seq<kw_user, auth_begin, opt<auth_if_exists>, user_name, user_options> {};
struct drop_role : seq<kw_role, auth_begin, opt<auth_if_exists>, role_name> {};
struct drop_user : seq<kw_user, auth_begin, opt<auth_if_exists>, user_name> {};

// Permissions: ALL [PERMISSIONS] or a list, each with an optional PERMISSION.
struct permission_word : sor<kw_create, kw_alter, kw_drop, kw_select_masked, kw_select, kw_modify, kw_authorize,
                             kw_describe, kw_execute, kw_unmask> {};
struct permission_item : seq<permission_word, opt<kw_permission>> {};
struct all_permissions : seq<kw_all, opt<kw_permissions>> {};
struct permission_or_all : sor<all_permissions, list<permission_item, comma>> {};

// Resources.
struct resource_keyspace_name : keyspace_name {};
struct resource_all_keyspaces : seq<kw_all, kw_keyspaces> {};
struct resource_all_tables : seq<kw_all, kw_tables, kw_in, kw_keyspace, resource_keyspace_name> {};
struct resource_keyspace : seq<kw_keyspace, resource_keyspace_name> {};
struct resource_table : seq<opt<table_word>, qualified_name> {};
struct resource_all_roles : seq<kw_all, kw_roles> {};
struct resource_role : seq<kw_role, role_name> {};
struct resource_all_functions_in : seq<kw_all, kw_functions, kw_in, kw_keyspace, resource_keyspace_name> {};
struct resource_all_functions : seq<kw_all, kw_functions> {};
struct resource_function_arg : type_ref {};
struct resource_function : seq<kw_function, qualified_name, lparen, opt<list<resource_function_arg, comma>>, rparen> {};
struct resource_all_mbeans : seq<kw_all, kw_mbeans> {};
struct resource_mbean : seq<sor<kw_mbean, kw_mbeans>, string_lit> {};
struct resource : sor<resource_all_keyspaces, resource_all_tables, resource_all_roles, resource_all_functions_in,
                      resource_all_functions, resource_all_mbeans, resource_keyspace, resource_role, resource_function,
                      resource_mbean, resource_table> {};

struct grant_permissions : seq<auth_begin, permission_or_all, kw_on, resource, kw_to, role_name> {};
struct grant_role : seq<auth_begin, role_name, kw_to, role_name> {};
struct grant_stmt : seq<kw_grant, sor<grant_permissions, grant_role>> {};
struct revoke_permissions : seq<auth_begin, permission_or_all, kw_on, resource, kw_from, role_name> {};
struct revoke_role : seq<auth_begin, role_name, kw_from, role_name> {};
struct revoke_stmt : seq<kw_revoke, sor<revoke_permissions, revoke_role>> {};

struct list_norecursive : kw_norecursive {};
struct list_of : seq<kw_of, role_name> {};
struct list_on : seq<kw_on, resource> {};
struct list_roles : seq<kw_roles, auth_begin, opt<list_of>, opt<list_norecursive>> {};
struct list_users : seq<kw_users, auth_begin> {};
struct list_permissions : seq<auth_begin, permission_or_all, opt<list_on>, opt<list_of>, opt<list_norecursive>> {};
struct list_stmt : seq<kw_list, sor<list_roles, list_users, list_permissions>> {};

}  // namespace cqlbox::grammar
