// Offline text for the CQL help topics (HELP SELECT, HELP CREATE_TABLE, HELP TIMESTAMP, ...).
#pragma once

#include <string>
#include <string_view>

namespace cqlbox::shell {

// cqlsh answers a CQL topic by opening the online CQL reference in a browser. cqlbox is meant
// to work with no browser and no network, so it carries a short text of its own per topic.
// `topic` is upper case, as HELP lists it ("CREATE_TABLE"). Returns the whole text: syntax
// indented 8 spaces, then the explanation indented 4, every line ending in '\n', none longer
// than 79 characters. Returns "" for an unknown topic.
std::string cql_help_text(std::string_view topic);

// The topics HELP lists, in its two groups.
inline constexpr const char* kShellHelpTopics[] = {"CAPTURE", "CLS",  "COPY",    "DESCRIBE", "EXPAND",      "HISTORY",
                                                   "PAGING",  "SHOW", "TRACING", "CLEAR",    "CONSISTENCY", "DESC",
                                                   "EXIT",    "HELP", "LOGIN",   "SERIAL",   "SOURCE",      "UNICODE"};
inline constexpr const char* kCqlHelpTopics[] = {"AGGREGATES",
                                                 "ALTER_KEYSPACE",
                                                 "ALTER_MATERIALIZED_VIEW",
                                                 "ALTER_TABLE",
                                                 "ALTER_TYPE",
                                                 "ALTER_USER",
                                                 "APPLY",
                                                 "ASCII",
                                                 "BATCH",
                                                 "BEGIN",
                                                 "BLOB",
                                                 "BOOLEAN",
                                                 "COUNTER",
                                                 "CREATE_AGGREGATE",
                                                 "CREATE_COLUMNFAMILY",
                                                 "CREATE_FUNCTION",
                                                 "CREATE_INDEX",
                                                 "CREATE_KEYSPACE",
                                                 "CREATE_MATERIALIZED_VIEW",
                                                 "CREATE_ROLE",
                                                 "CREATE_TABLE",
                                                 "CREATE_TRIGGER",
                                                 "CREATE_TYPE",
                                                 "CREATE_USER",
                                                 "DATE",
                                                 "DELETE",
                                                 "DROP_AGGREGATE",
                                                 "DROP_COLUMNFAMILY",
                                                 "DROP_FUNCTION",
                                                 "DROP_INDEX",
                                                 "DROP_KEYSPACE",
                                                 "DROP_MATERIALIZED_VIEW",
                                                 "DROP_ROLE",
                                                 "DROP_TABLE",
                                                 "DROP_TRIGGER",
                                                 "DROP_TYPE",
                                                 "DROP_USER",
                                                 "FUNCTIONS",
                                                 "GRANT",
                                                 "INSERT",
                                                 "INSERT_JSON",
                                                 "INT",
                                                 "JSON",
                                                 "KEYWORDS",
                                                 "LIST_PERMISSIONS",
                                                 "LIST_ROLES",
                                                 "LIST_USERS",
                                                 "PERMISSIONS",
                                                 "REVOKE",
                                                 "SELECT",
                                                 "SELECT_JSON",
                                                 "TEXT",
                                                 "TIME",
                                                 "TIMESTAMP",
                                                 "TRUNCATE",
                                                 "TYPES",
                                                 "UPDATE",
                                                 "USE",
                                                 "UUID"};

}  // namespace cqlbox::shell
