// What the schema statements share (ddl.cpp for keyspaces and indexes, create_table.cpp,
// alter_table.cpp, ddl_types.cpp for user types, view_ddl.cpp for materialized views).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ast/ast.hpp"
#include "exec/database.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec {

// Schema changes to the local system keyspaces (system, system_schema, system_views,
// system_virtual_schema): Unauthorized "… keyspace is not user-modifiable."
void check_user_modifiable(std::string_view keyspace);
// Schema changes to the replicated ones (system_auth, system_distributed, system_traces), which
// Cassandra allows only ALTER KEYSPACE: Unauthorized "Cannot <permission> <resource>", as
// ClientState.preventSystemKSSchemaModification words it. `resource` is spelled as DataResource
// prints it: "<keyspace k>", "<all tables in k>", "<table k.t>".
void check_replicated_system(std::string_view keyspace, std::string_view permission, std::string_view resource);
// The keyspace a [ks.]name statement works in: its own, or the session's (checked as above).
std::string_view keyspace_for(const Session& session, const ast::QualifiedName& name);
// Cassandra's table/keyspace name rule (ConfigurationException-style text, InvalidRequest class).
void check_name(std::string_view name, const char* what);
// Table and view names (TableMetadata.validate): a ConfigurationException "ks.t: Table name …".
void check_table_name(std::string_view keyspace, std::string_view name);
// Checks WITH options as Cassandra does (table_options.cpp): SyntaxException for duplicates,
// unknown names and unparsable values, ConfigurationException for values out of range.
void validate_table_options(const ast::Vec<ast::Property>& properties);
// How DESCRIBE shows a validated option: caching, compaction and compression maps as Cassandra
// stores them (full class names, defaults filled in, every value a string, keys in order);
// anything else as written.
std::string stored_option_text(std::string_view name, const ast::Term& value);
// WITH options of CREATE/ALTER TABLE (and views): unknown names are a SyntaxException; values
// are kept as CQL text for DESCRIBE.
// `creating`: a CREATE TABLE or VIEW, which alone may set the table's id (WITH ID = <uuid>).
void apply_table_properties(schema::TableSchema& t, const ast::Vec<ast::Property>& properties, bool creating);
// A map property's entries as text (WITH OPTIONS = {…}); a SyntaxException when it is no map or
// names a key twice.
std::vector<std::pair<std::string, std::string>> property_map(std::string_view name, const ast::Term& value);
// A type as declared: natives by name, list/set/map/tuple with their arguments, frozen<…>.
// Inside a frozen type (and inside any collection) nested collections are frozen. User types
// are found in `ks`, the statement's keyspace (none without it).
const types::CqlType* resolve_type(const ast::TypeRef& ref, std::string_view keyspace, bool frozen = false,
                                   bool nested = false, const schema::KeyspaceSchema* ks = nullptr);
// A non-frozen UDT with a field that is a non-frozen collection: it cannot be a column's type.
bool has_nested_multi_cell(const types::CqlType& type);
// A property's value as text: strings and numbers as written, maps as "k: v" pairs.
std::string property_text(const ast::Term& t);

}  // namespace cqlbox::exec
