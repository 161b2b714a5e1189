// PEGTL actions of the role and permission statements (grammar/cql/auth.hpp): they fill
// Builder::auth, and each statement rule's action hands it over as the result.
#pragma once

#include <cctype>

#include "parse/schema_actions.hpp"
#include "util/text.hpp"

namespace cqlbox::parse {

namespace auth_detail {
using Kind = ast::AuthStatement::Kind;
using RKind = ast::ResourceRef::Kind;
// RoleOptions.setOption: a second definition of the same option is a SyntaxException.
template <class T>
void set_once(std::optional<T>& slot, T value, const char* name) {
  if (slot)
    throw error::CqlError(error::ErrorClass::SyntaxException,
                          fmt::format("Multiple definition for property '{}'", name));
  slot = value;
}
// The first word of a token's text (tokens carry the whitespace after them).
template <class Input>
std::string_view word_of(const Input& in) {
  std::string_view s = in.string_view();
  std::size_t n = 0;
  while (n < s.size() && (std::isalnum(static_cast<unsigned char>(s[n])) || s[n] == '_')) ++n;
  return s.substr(0, n);
}
inline void finish(Builder& b, Kind kind) {
  b.auth.kind = kind;
  b.auth.if_exists = b.if_exists;
  b.auth.if_not_exists = b.if_not_exists;
  b.result = std::move(b.auth);
}
}  // namespace auth_detail

template <>
struct action<g::auth_begin> {
  static void apply0(Builder& b) {
    b.auth = ast::AuthStatement{};
    b.auth.datacenters = ast::Vec<std::string_view>(b.arena);
    b.auth.cidrs = ast::Vec<std::string_view>(b.arena);
    b.role_names.clear();
    b.if_exists = b.if_not_exists = false;
  }
};

template <>
struct action<g::role_name_string> {
  static void apply0(Builder& b) { b.role_names.push_back(b.pop_term().text); }
};
template <>
struct action<g::role_name_ident> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.role_names.push_back(b.name_of(in.string_view()));
  }
};
template <>
struct action<g::role_marker> {
  static void apply0(Builder&) {
    throw error::CqlError(error::ErrorClass::SyntaxException, "Bind variables cannot be used for role names");
  }
};
template <>
struct action<g::user_name_quoted> {
  static void apply0(Builder&) {
    // Parser.g's username rule, word for word.
    throw error::CqlError(
        error::ErrorClass::SyntaxException,
        "Quoted strings are are not supported for user names and USER is deprecated, please use ROLE");
  }
};
template <>
struct action<g::user_name_plain> {
  template <class Input>  // CREATE USER keeps the name's case
  static void apply(const Input& in, Builder& b) {
    b.role_names.push_back(b.keep(auth_detail::word_of(in)));
  }
};
template <>
struct action<g::auth_if_exists> {
  static void apply0(Builder& b) { b.if_exists = true; }
};
template <>
struct action<g::auth_if_not_exists> {
  static void apply0(Builder& b) { b.if_not_exists = true; }
};

template <>
struct action<g::option_password> {
  static void apply0(Builder& b) { auth_detail::set_once(b.auth.password, b.pop_term().text, "PASSWORD"); }
};
template <>
struct action<g::user_password> : action<g::option_password> {};
template <>
struct action<g::option_hashed_password> {
  static void apply0(Builder& b) {
    auth_detail::set_once(b.auth.hashed_password, b.pop_term().text, "HASHED_PASSWORD");
  }
};
template <>
struct action<g::user_hashed_password> : action<g::option_hashed_password> {};
template <>
struct action<g::option_options> {
  static void apply0(Builder& b) {
    if (b.auth.options)
      throw error::CqlError(error::ErrorClass::SyntaxException, "Multiple definition for property 'OPTIONS'");
    b.auth.options = b.pop_term();
  }
};
template <>
struct action<g::option_true> {
  static void apply0(Builder& b) { b.auth_bool = true; }
};
template <>
struct action<g::option_false> {
  static void apply0(Builder& b) { b.auth_bool = false; }
};
template <>
struct action<g::option_superuser> {
  static void apply0(Builder& b) { auth_detail::set_once(b.auth.superuser, b.auth_bool, "SUPERUSER"); }
};
template <>
struct action<g::option_login> {
  static void apply0(Builder& b) { auth_detail::set_once(b.auth.login, b.auth_bool, "LOGIN"); }
};
template <>
struct action<g::user_superuser> {
  static void apply0(Builder& b) { b.auth.superuser = true; }
};
template <>
struct action<g::user_nosuperuser> {
  static void apply0(Builder& b) { b.auth.superuser = false; }
};
template <>
struct action<g::access_all_datacenters> {
  static void apply0(Builder& b) { b.auth.access_datacenters = true; }
};
template <>
struct action<g::access_datacenter> {
  static void apply0(Builder& b) { b.auth.datacenters.push_back(b.pop_term().text); }
};
template <>
struct action<g::access_datacenters> : action<g::access_all_datacenters> {};
template <>
struct action<g::access_all_cidrs> {
  static void apply0(Builder& b) { b.auth.access_cidrs = true; }
};
template <>
struct action<g::access_cidr> {
  static void apply0(Builder& b) { b.auth.cidrs.push_back(b.pop_term().text); }
};
template <>
struct action<g::access_cidrs> : action<g::access_all_cidrs> {};

template <>
struct action<g::permission_word> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    static constexpr const char* kNames[] = {"CREATE",    "ALTER",    "DROP",    "SELECT", "MODIFY",
                                             "AUTHORIZE", "DESCRIBE", "EXECUTE", "UNMASK", "SELECT_MASKED"};
    const std::string upper = util::ascii_upper(auth_detail::word_of(in));
    for (unsigned i = 0; i < std::size(kNames); ++i)
      if (upper == kNames[i]) b.auth.permissions = static_cast<std::uint16_t>(b.auth.permissions | (1u << i));
  }
};
template <>
struct action<g::all_permissions> {
  static void apply0(Builder& b) {
    b.auth.all_permissions = true;
    b.auth.permissions = (1u << 10) - 1;
  }
};

template <>
struct action<g::resource_keyspace_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.keyspace_name = b.name_of(in.string_view());
  }
};
template <auth_detail::RKind K>
struct set_resource {
  static void apply0(Builder& b) {
    ast::ResourceRef r;
    r.kind = K;
    r.arg_types = ast::Vec<std::string_view>(b.arena);
    if constexpr (K == auth_detail::RKind::Keyspace || K == auth_detail::RKind::AllTables ||
                  K == auth_detail::RKind::FunctionsInKeyspace)
      r.keyspace = b.keyspace_name;
    if constexpr (K == auth_detail::RKind::Table || K == auth_detail::RKind::Function) {
      r.keyspace = b.qname.keyspace;
      r.name = b.qname.name;
      if constexpr (K == auth_detail::RKind::Function) r.arg_types = std::move(b.function_args);
    }
    if constexpr (K == auth_detail::RKind::Role) {
      r.name = b.role_names.back();
      b.role_names.pop_back();
    }
    if constexpr (K == auth_detail::RKind::MBean) r.name = b.pop_term().text;
    b.auth.resource = std::move(r);
  }
};
template <>
struct action<g::resource_all_keyspaces> : set_resource<auth_detail::RKind::AllKeyspaces> {};
template <>
struct action<g::resource_all_tables> : set_resource<auth_detail::RKind::AllTables> {};
template <>
struct action<g::resource_keyspace> : set_resource<auth_detail::RKind::Keyspace> {};
template <>
struct action<g::resource_table> : set_resource<auth_detail::RKind::Table> {};
template <>
struct action<g::resource_all_roles> : set_resource<auth_detail::RKind::AllRoles> {};
template <>
struct action<g::resource_role> : set_resource<auth_detail::RKind::Role> {};
template <>
struct action<g::resource_all_functions_in> : set_resource<auth_detail::RKind::FunctionsInKeyspace> {};
template <>
struct action<g::resource_all_functions> : set_resource<auth_detail::RKind::AllFunctions> {};
template <>
struct action<g::resource_function> : set_resource<auth_detail::RKind::Function> {};
template <>
struct action<g::resource_all_mbeans> : set_resource<auth_detail::RKind::AllMBeans> {};
template <>
struct action<g::resource_mbean> : set_resource<auth_detail::RKind::MBean> {};
template <>
struct action<g::resource_function_arg> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    std::string_view s = in.string_view();
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
      s.remove_suffix(1);
    if (b.function_args.empty()) b.function_args = ast::Vec<std::string_view>(b.arena);
    b.function_args.push_back(s);
    if (!b.types.empty()) b.types.pop_back();
  }
};

template <>
struct action<g::list_norecursive> {
  static void apply0(Builder& b) { b.auth.recursive = false; }
};

// Statements. Role names were pushed in the order written.
template <>
struct action<g::create_role> {
  static void apply0(Builder& b) {
    b.auth.role = b.role_names.front();
    // Parser.g: LOGIN and SUPERUSER default to false.
    if (!b.auth.login) b.auth.login = false;
    if (!b.auth.superuser) b.auth.superuser = false;
    auth_detail::finish(b, auth_detail::Kind::CreateRole);
  }
};
template <>
struct action<g::create_user> {
  static void apply0(Builder& b) {
    b.auth.role = b.role_names.front();
    b.auth.user_form = true;
    b.auth.login = true;  // CREATE USER: a role that can log in
    if (!b.auth.superuser) b.auth.superuser = false;
    auth_detail::finish(b, auth_detail::Kind::CreateRole);
  }
};
// ALTER/DROP ROLE and USER name one role, the first read.
template <auth_detail::Kind K, bool UserForm>
struct one_role_statement {
  static void apply0(Builder& b) {
    b.auth.role = b.role_names.front();
    b.auth.user_form = UserForm;
    auth_detail::finish(b, K);
  }
};
template <>
struct action<g::alter_role> : one_role_statement<auth_detail::Kind::AlterRole, false> {};
template <>
struct action<g::alter_user> : one_role_statement<auth_detail::Kind::AlterRole, true> {};
template <>
struct action<g::drop_role> : one_role_statement<auth_detail::Kind::DropRole, false> {};
template <>
struct action<g::drop_user> : one_role_statement<auth_detail::Kind::DropRole, true> {};

// GRANT/REVOKE of permissions: the grantee is the last name (a ROLE resource's name comes first).
template <auth_detail::Kind K>
struct permissions_statement {
  static void apply0(Builder& b) {
    b.auth.grantee = b.role_names.back();
    auth_detail::finish(b, K);
  }
};
template <>
struct action<g::grant_permissions> : permissions_statement<auth_detail::Kind::GrantPermissions> {};
template <>
struct action<g::revoke_permissions> : permissions_statement<auth_detail::Kind::RevokePermissions> {};

// GRANT role TO grantee / REVOKE role FROM revokee.
template <auth_detail::Kind K>
struct role_grant_statement {
  static void apply0(Builder& b) {
    b.auth.role = b.role_names[0];
    b.auth.grantee = b.role_names[1];
    auth_detail::finish(b, K);
  }
};
template <>
struct action<g::grant_role> : role_grant_statement<auth_detail::Kind::GrantRole> {};
template <>
struct action<g::revoke_role> : role_grant_statement<auth_detail::Kind::RevokeRole> {};

template <>
struct action<g::list_roles> {
  static void apply0(Builder& b) {
    if (!b.role_names.empty()) b.auth.role = b.role_names.back();
    auth_detail::finish(b, auth_detail::Kind::ListRoles);
  }
};
template <>
struct action<g::list_users> {
  static void apply0(Builder& b) { auth_detail::finish(b, auth_detail::Kind::ListUsers); }
};
template <>
struct action<g::list_permissions> {
  static void apply0(Builder& b) {
    if (!b.role_names.empty()) b.auth.role = b.role_names.back();
    auth_detail::finish(b, auth_detail::Kind::ListPermissions);
  }
};

}  // namespace cqlbox::parse
