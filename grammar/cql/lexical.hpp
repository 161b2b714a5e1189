// Lexical rules: whitespace and the three comment forms, identifiers (plain and "quoted"),
// keywords, punctuation. Every token rule consumes the whitespace after it, so a failing token
// rule starts exactly at the offending token: that is what syntax errors point at.
// Token rules carry `expected`, the name used in "expecting X" messages.
#pragma once

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

#include "util/reserved_words.hpp"

namespace cqlbox::grammar {

namespace pegtl = tao::pegtl;
using namespace tao::pegtl;  // NOLINT: grammar headers are written in PEGTL's vocabulary

struct line_comment : seq<sor<two<'-'>, two<'/'>>, until<eolf>> {};
struct block_comment : seq<string<'/', '*'>, until<string<'*', '/'>>> {};
struct sp : star<sor<plus<space>, line_comment, block_comment>> {};

template <class R>
struct tok : seq<R, sp> {};

struct ident_first : ranges<'a', 'z', 'A', 'Z'> {};
struct ident_other : ranges<'a', 'z', 'A', 'Z', '0', '9', '_'> {};
struct word : seq<ident_first, star<ident_other>> {};

template <class IString>
struct kw : tok<seq<IString, not_at<ident_other>>> {};

// An unquoted identifier that is not a reserved word.
struct plain_ident_body {
  using rule_t = plain_ident_body;
  using subs_t = pegtl::empty_list;

  template <apply_mode, rewind_mode, template <class...> class Action, template <class...> class Control, class Input,
            class... States>
  static bool match(Input& in, States&&...) {
    std::size_t n = 0;
    const std::size_t avail = in.size(0);
    auto is_first = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    auto is_other = [&](char c) { return is_first(c) || (c >= '0' && c <= '9') || c == '_'; };
    if (avail == 0 || !is_first(in.peek_char(0))) return false;
    for (n = 1; n < avail && is_other(in.peek_char(n));) ++n;
    if (util::is_reserved_word(std::string_view(in.current(), n))) return false;
    in.bump(n);
    return true;
  }
};

struct plain_ident : tok<plain_ident_body> {
  static constexpr const char* expected = "IDENT";
};
// At least one character: "" is ANTLR's EMPTY_QUOTED_NAME, which no name rule cqlbox has takes.
struct quoted_ident_body : seq<one<'"'>, plus<sor<two<'"'>, not_one<'"'>>>, one<'"'>> {};
struct quoted_ident : tok<quoted_ident_body> {
  static constexpr const char* expected = "QUOTED_NAME";
};
struct ident : sor<quoted_ident, plain_ident> {};

// `expected` is the keyword as written (Tab completion offers it); `token_name` is what
// syntax errors say, Cassandra's ANTLR token (Lexer.g): K_ and the keyword, except where one
// token spells several words (TABLE is K_COLUMNFAMILY, TRUE and FALSE are BOOLEAN).
#define CQLBOX_KEYWORD_TOKEN(name, text, token)      \
  struct kw_##name : kw<TAO_PEGTL_ISTRING(text)> {   \
    static constexpr const char* expected = text;    \
    static constexpr const char* token_name = token; \
    static constexpr bool is_keyword = true;         \
  }
#define CQLBOX_KEYWORD(name, text) CQLBOX_KEYWORD_TOKEN(name, text, "K_" text)

CQLBOX_KEYWORD(aggregate, "AGGREGATE");
CQLBOX_KEYWORD(or, "OR");
CQLBOX_KEYWORD(replace, "REPLACE");
CQLBOX_KEYWORD(returns, "RETURNS");
CQLBOX_KEYWORD(called, "CALLED");
CQLBOX_KEYWORD(input, "INPUT");
CQLBOX_KEYWORD(language, "LANGUAGE");
CQLBOX_KEYWORD(sfunc, "SFUNC");
CQLBOX_KEYWORD(stype, "STYPE");
CQLBOX_KEYWORD(finalfunc, "FINALFUNC");
CQLBOX_KEYWORD(initcond, "INITCOND");
CQLBOX_KEYWORD(add, "ADD");
CQLBOX_KEYWORD(to, "TO");
CQLBOX_KEYWORD(rename, "RENAME");
CQLBOX_KEYWORD(alter, "ALTER");
CQLBOX_KEYWORD(custom, "CUSTOM");
CQLBOX_KEYWORD(on, "ON");
CQLBOX_KEYWORD(index, "INDEX");
CQLBOX_KEYWORD(unlogged, "UNLOGGED");
CQLBOX_KEYWORD(counter, "COUNTER");
CQLBOX_KEYWORD(begin, "BEGIN");
CQLBOX_KEYWORD(batch, "BATCH");
CQLBOX_KEYWORD(apply, "APPLY");
CQLBOX_KEYWORD(allow, "ALLOW");
CQLBOX_KEYWORD(and, "AND");
CQLBOX_KEYWORD(ann, "ANN");
CQLBOX_KEYWORD(as, "AS");
CQLBOX_KEYWORD(asc, "ASC");
CQLBOX_KEYWORD(by, "BY");
CQLBOX_KEYWORD(cast, "CAST");
CQLBOX_KEYWORD(clustering, "CLUSTERING");
CQLBOX_KEYWORD(columnfamily, "COLUMNFAMILY");
CQLBOX_KEYWORD(compact, "COMPACT");
CQLBOX_KEYWORD(contains, "CONTAINS");
CQLBOX_KEYWORD(create, "CREATE");
CQLBOX_KEYWORD(default, "DEFAULT");
CQLBOX_KEYWORD(delete, "DELETE");
CQLBOX_KEYWORD(desc, "DESC");
CQLBOX_KEYWORD(distinct, "DISTINCT");
CQLBOX_KEYWORD(drop, "DROP");
CQLBOX_KEYWORD(exists, "EXISTS");
CQLBOX_KEYWORD(explain, "EXPLAIN");  // cqlbox's own statement (spec/cqlbox.md)
CQLBOX_KEYWORD_TOKEN(false, "FALSE", "BOOLEAN");
CQLBOX_KEYWORD(filtering, "FILTERING");
CQLBOX_KEYWORD(from, "FROM");
CQLBOX_KEYWORD(frozen, "FROZEN");
CQLBOX_KEYWORD(group, "GROUP");
CQLBOX_KEYWORD(if, "IF");
CQLBOX_KEYWORD(in, "IN");
CQLBOX_KEYWORD_TOKEN(infinity, "INFINITY", "K_POSITIVE_INFINITY");
CQLBOX_KEYWORD(insert, "INSERT");
CQLBOX_KEYWORD(into, "INTO");
CQLBOX_KEYWORD(is, "IS");
CQLBOX_KEYWORD(json, "JSON");
CQLBOX_KEYWORD(key, "KEY");
CQLBOX_KEYWORD(keyspace, "KEYSPACE");
CQLBOX_KEYWORD(like, "LIKE");
CQLBOX_KEYWORD(limit, "LIMIT");
CQLBOX_KEYWORD_TOKEN(nan, "NAN", "K_POSITIVE_NAN");
CQLBOX_KEYWORD(not, "NOT");
CQLBOX_KEYWORD(null, "NULL");
CQLBOX_KEYWORD(order, "ORDER");
CQLBOX_KEYWORD(partition, "PARTITION");
CQLBOX_KEYWORD(per, "PER");
CQLBOX_KEYWORD(primary, "PRIMARY");
CQLBOX_KEYWORD(schema, "SCHEMA");
CQLBOX_KEYWORD(select, "SELECT");
CQLBOX_KEYWORD(set, "SET");
CQLBOX_KEYWORD(static, "STATIC");
CQLBOX_KEYWORD(storage, "STORAGE");
CQLBOX_KEYWORD_TOKEN(table, "TABLE", "K_COLUMNFAMILY");
CQLBOX_KEYWORD(timestamp, "TIMESTAMP");
CQLBOX_KEYWORD(token, "TOKEN");
CQLBOX_KEYWORD_TOKEN(true, "TRUE", "BOOLEAN");
CQLBOX_KEYWORD(truncate, "TRUNCATE");
CQLBOX_KEYWORD(ttl, "TTL");
CQLBOX_KEYWORD(type, "TYPE");
CQLBOX_KEYWORD(update, "UPDATE");
CQLBOX_KEYWORD(use, "USE");
CQLBOX_KEYWORD(using, "USING");
CQLBOX_KEYWORD(values, "VALUES");
CQLBOX_KEYWORD(entries, "ENTRIES");
CQLBOX_KEYWORD(materialized, "MATERIALIZED");
CQLBOX_KEYWORD(view, "VIEW");
CQLBOX_KEYWORD(full, "FULL");
CQLBOX_KEYWORD(where, "WHERE");
CQLBOX_KEYWORD(with, "WITH");

// Role and permission statements (cql/auth.hpp).
CQLBOX_KEYWORD(access, "ACCESS");
CQLBOX_KEYWORD(all, "ALL");
CQLBOX_KEYWORD(authorize, "AUTHORIZE");
CQLBOX_KEYWORD(cidrs, "CIDRS");
CQLBOX_KEYWORD(datacenters, "DATACENTERS");
CQLBOX_KEYWORD(describe, "DESCRIBE");
CQLBOX_KEYWORD(execute, "EXECUTE");
CQLBOX_KEYWORD(function, "FUNCTION");
CQLBOX_KEYWORD(functions, "FUNCTIONS");
CQLBOX_KEYWORD(grant, "GRANT");
CQLBOX_KEYWORD(hashed, "HASHED");
CQLBOX_KEYWORD(keyspaces, "KEYSPACES");
CQLBOX_KEYWORD(list, "LIST");
CQLBOX_KEYWORD(login, "LOGIN");
CQLBOX_KEYWORD(mbean, "MBEAN");
CQLBOX_KEYWORD(mbeans, "MBEANS");
CQLBOX_KEYWORD(modify, "MODIFY");
CQLBOX_KEYWORD(norecursive, "NORECURSIVE");
CQLBOX_KEYWORD(nosuperuser, "NOSUPERUSER");
CQLBOX_KEYWORD(of, "OF");
CQLBOX_KEYWORD(options, "OPTIONS");
CQLBOX_KEYWORD(password, "PASSWORD");
CQLBOX_KEYWORD(permission, "PERMISSION");
CQLBOX_KEYWORD(permissions, "PERMISSIONS");
CQLBOX_KEYWORD(revoke, "REVOKE");
CQLBOX_KEYWORD(role, "ROLE");
CQLBOX_KEYWORD(roles, "ROLES");
CQLBOX_KEYWORD(select_masked, "SELECT_MASKED");
CQLBOX_KEYWORD(superuser, "SUPERUSER");
CQLBOX_KEYWORD(tables, "TABLES");
CQLBOX_KEYWORD(unmask, "UNMASK");
CQLBOX_KEYWORD(user, "USER");
CQLBOX_KEYWORD(users, "USERS");

#undef CQLBOX_KEYWORD

#define CQLBOX_PUNCT(name, rule, text)            \
  struct name : tok<rule> {                       \
    static constexpr const char* expected = text; \
  }

CQLBOX_PUNCT(comma, one<','>, "','");
CQLBOX_PUNCT(lparen, one<'('>, "'('");
CQLBOX_PUNCT(rparen, one<')'>, "')'");
CQLBOX_PUNCT(lbrace, one<'{'>, "'{'");
CQLBOX_PUNCT(rbrace, one<'}'>, "'}'");
CQLBOX_PUNCT(lbracket, one<'['>, "'['");
CQLBOX_PUNCT(rbracket, one<']'>, "']'");
CQLBOX_PUNCT(langle, one<'<'>, "'<'");
CQLBOX_PUNCT(rangle, one<'>'>, "'>'");
CQLBOX_PUNCT(colon, one<':'>, "':'");
CQLBOX_PUNCT(dot, one<'.'>, "'.'");
CQLBOX_PUNCT(range_tok, two<'.'>, "'..'");
CQLBOX_PUNCT(star_tok, one<'*'>, "'*'");
CQLBOX_PUNCT(equals, one<'='>, "'='");
CQLBOX_PUNCT(semicolon, one<';'>, "';'");

#undef CQLBOX_PUNCT

}  // namespace cqlbox::grammar

// For analyze(): an identifier always consumes at least one character.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, cqlbox::grammar::plain_ident_body> : tao::pegtl::analyze_any_traits<> {};
