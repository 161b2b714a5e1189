// Runs one parsed statement against the database: prepare (all validation, Cassandra's
// messages) then apply. A statement that throws has changed nothing.
#pragma once

#include "ast/ast.hpp"
#include "exec/database.hpp"
#include "exec/functions.hpp"
#include "exec/result.hpp"
#include "store/clustering.hpp"

namespace cqlbox::exec {

Result execute(Database& db, Session& session, const ast::Statement& statement);

// Resolves [ks.]table for a data statement: "No keyspace has been specified…",
// "keyspace ks does not exist", "table t does not exist".
const schema::TableSchema& resolve_table(const Database& db, const Session& session, const ast::QualifiedName& name);

// Per statement kind (one file each).
// How a SELECT would be served, for EXPLAIN (select.cpp plans it as if ALLOW FILTERING were
// given; any other error of the query is thrown as SELECT would throw it).
struct SelectShape {
  std::string filtering_reason;  // the rule that demands ALLOW FILTERING, "" when none does
  std::string index;             // the secondary index that serves a restriction, if any
  int index_column = -1;         // the column it serves
  bool reversed = false;         // ORDER BY reads the partition backwards
  std::string ann;               // ORDER BY … ANN OF: how the rows are ranked, "" otherwise
};
SelectShape select_shape(const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx);
// EXPLAIN <select> (explain.cpp).
Result execute_explain(Database& db, Session& session, const ast::Select& s, const schema::TableSchema& t);

Result execute_select(Database& db, Session& session, const ast::Select& s, const schema::TableSchema& t);
// What preparing the SELECT checks (its plan), with the current bound values; throws the
// first refusal. (prepare_checks.cpp binds sample values for it.)
void check_select(Database& db, const ast::Select& s, const schema::TableSchema& t);
Result execute_insert(Database& db, Session& session, const ast::Insert& s);
Result execute_update(Database& db, Session& session, const ast::Update& s);
Result execute_delete(Database& db, Session& session, const ast::Delete& s);
Result execute_create_keyspace(Database& db, const ast::CreateKeyspace& s);
Result execute_create_index(Database& db, const Session& session, const ast::CreateIndex& s);
Result execute_drop_index(Database& db, const Session& session, const ast::DropIndex& s);
Result execute_view_statement(Database& db, const Session& session, const ast::ViewStatement& s);
Result execute_batch(Database& db, Session& session, const ast::Batch& s);

// A write validated and turned into mutations, not yet applied. `timestamp` is used unless the
// statement has its own USING TIMESTAMP.
struct PreparedWrite {
  store::TableStore* store;
  std::vector<store::Mutation> mutations;
  const schema::TableSchema* table = nullptr;  // whose views (if any) follow the write
};
// Applies a prepared write and keeps the table's materialized views in step
// (view_maintenance.cpp). A partition the write takes past 100,000 rows or 100 MiB adds a
// warning to `warnings` (once per partition).
void apply_write(Database& db, const PreparedWrite& w, std::vector<std::string>* warnings = nullptr);
// The live values of one row in SELECT * order (nullopt when the row does not exist):
// what a lightweight transaction compares its conditions with and reports.
// Whether the partition holds a live clustering row (a CAS read of its statics finds it).
bool partition_has_live_row(Database& db, const schema::TableSchema& t, const store::Partition* p);
// The encoded clustering of the partition's first live row (CQL3CasRequest's read for
// conditions on static columns alone: the partition, limit 1).
std::optional<std::string> first_live_row(Database& db, const schema::TableSchema& t, const store::Partition* p);
std::optional<std::vector<Value>> current_row(Database& db, const schema::TableSchema& t, const store::Partition* p,
                                              const std::string& clustering, bool static_row);

// Runs a prepared conditional write: IF NOT EXISTS, IF EXISTS, or IF conditions.
enum class ConditionKind { NotExists, Exists, Conditions };
// Whether one statement's condition holds on the current data, and what it read.
struct ConditionCheck {
  bool applied = false;
  std::optional<std::vector<Value>> current;   // the row the condition read, SELECT * order
  bool from_statics = false;                   // no such row: `current` holds the static columns only
  std::string clustering;                      // its encoded clustering key
  std::vector<const schema::Column*> columns;  // the conditions' columns, in IF order
};
// The conditions are bound and checked first; then, with `paxos`, the Paxos round's levels and
// replicas (exec/availability.hpp's check_paxos_replicas: a batch checks them once, after every
// statement's validate_conditions); then the partition is read as that round reads it, from the
// replicas its level asks, which it repairs.
ConditionCheck check_conditions(Database& db, const Session& session, const schema::TableSchema& t,
                                const PreparedWrite& w, ConditionKind kind, const ast::Vec<ast::Condition>* conditions,
                                bool is_delete, bool paxos);
void validate_conditions(const schema::TableSchema& t, const PreparedWrite& w,
                         const ast::Vec<ast::Condition>* conditions, bool is_delete);
// A conditional batch's [applied] result from every statement's check (Cassandra's batch
// variant of buildCasResultSet).
Result conditional_batch_result(const schema::TableSchema& t, const store::ClusteringComparator& cmp,
                                const std::vector<ConditionCheck>& checks, bool wildcard);
// A conditional write reads one row: IN on the partition key or on clustering columns is
// refused (makeCasRequest; in a batch, BatchStatement's own words for the partition key).
void check_conditional_in(const schema::TableSchema& t, const ast::Vec<ast::Relation>& where, bool is_delete,
                          bool in_batch);
Result execute_conditional(Database& db, const Session& session, const schema::TableSchema& t, PreparedWrite& w,
                           ConditionKind kind, const ast::Vec<ast::Condition>* conditions, bool is_delete = false);

PreparedWrite prepare_insert(Database& db, Session& session, const ast::Insert& s, std::int64_t timestamp);
// The same into `w`, reusing its first mutation's capacity.
void prepare_insert(Database& db, Session& session, const ast::Insert& s, std::int64_t timestamp, PreparedWrite& w);
PreparedWrite prepare_update(Database& db, Session& session, const ast::Update& s, std::int64_t timestamp);
PreparedWrite prepare_delete(Database& db, Session& session, const ast::Delete& s, std::int64_t timestamp);
Result execute_create_table(Database& db, const Session& session, const ast::CreateTable& s);
Result execute_drop_keyspace(Database& db, Session& session, const ast::DropKeyspace& s);
Result execute_alter_table(Database& db, const Session& session, const ast::AlterTable& s);
Result execute_alter_keyspace(Database& db, const ast::AlterKeyspace& s);
Result execute_create_type(Database& db, const Session& session, const ast::CreateType& s);
Result execute_alter_type(Database& db, const Session& session, const ast::AlterType& s);
Result execute_drop_type(Database& db, const Session& session, const ast::DropType& s);
Result execute_drop_table(Database& db, const Session& session, const ast::DropTable& s);
Result execute_use(Database& db, Session& session, const ast::Use& s);
Result execute_truncate(Database& db, const Session& session, const ast::Truncate& s);
// CREATE/ALTER/DROP ROLE, GRANT, REVOKE, LIST ROLES/USERS/PERMISSIONS (auth_statements.cpp).
Result execute_auth(Database& db, Session& session, const ast::AuthStatement& s);
// CREATE/DROP FUNCTION and AGGREGATE, refused as 5.0 refuses them with UDFs off.
Result execute_function_statement(Database& db, const Session& session, const ast::FunctionStatement& s);
// The text a CREATE/ALTER ROLE with a PASSWORD is logged as: the same statement with a HASHED
// PASSWORD instead, so that no password is written to disk. nullopt for any other statement.
std::optional<std::string> password_free_text(const ast::AuthStatement& s);
// Statements that rebuild every role and grant (a data file keeps them), run by an internal
// session on an emptied AuthState.
std::vector<std::string> auth_state_statements(const auth::AuthState& state);

// With --auth, what a data or schema statement needs (permissions.cpp): Cassandra's authorize()
// of each statement, throwing its UnauthorizedException. Returns the resources the statement
// would create, whose creator is granted every permission on them once it has run.
std::vector<auth::Resource> authorize_statement(const Database& db, const Session& session, const ast::Statement& s);
// The grants to the creator, for those of `created` that now exist.
void grant_to_creator(Database& db, const Session& session, const std::vector<auth::Resource>& created);
// A dropped keyspace's or table's grants go with it (AuthSchemaChangeListener).
void revoke_dropped(Database& db, const Session& session, const ast::Statement& s);

}  // namespace cqlbox::exec
