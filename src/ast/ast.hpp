// The parsed form of a statement: plain data, no behaviour. Names are already normalised
// (unquoted identifiers lower-cased, quoted ones unescaped) and, like literal texts, are views
// into the statement text or the parser's per-statement arena: an AST is valid until the
// parser that produced it parses again. Vectors use that arena too.
#pragma once

#include <cstdint>
#include "util/pmr.hpp"
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

namespace cqlbox::ast {

template <class T>
using Vec = util::pmr::vector<T>;

struct QualifiedName {
  std::string_view keyspace;  // empty when not given
  std::string_view name;
};

enum class TermKind : std::uint8_t {
  String,
  Integer,
  Float,
  Uuid,
  Boolean,
  Hex,
  Duration,  // constants (same order as types)
  Null,
  List,
  Set,
  Map,
  Tuple,
  FunctionCall,
  Udt,
  Operation,  // text: "+", "-", "*", "/", "%", or "n" (unary minus); items: the operands
  Bind,       // a bind marker: text is its name (empty for '?'), bind_index its position
  Cast,       // (type)term: text is the type's name, items[0] the term
};

// A term. Constants keep their text (strings unescaped); collections and tuples keep their
// elements in `items` (a map alternates key, value); a function call keeps its name in `text`.
struct Term {
  TermKind kind = TermKind::Null;
  std::uint16_t depth = 1;  // levels of this term's tree, itself included (parse bounds it)
  // Bind: 0-based, in the order the markers appear. 32 bits: a protocol BATCH joins statements
  // of up to 65,535 markers each.
  std::uint32_t bind_index = 0;
  std::string_view text;
  Vec<Term> items;
  Vec<std::string_view> fields;  // Udt: the field name of each item
  std::uint32_t offset = 0;      // byte offset in the statement, for messages

  bool is_constant() const { return kind <= TermKind::Duration; }
};

// Element: args[0][constant] (a set or map element); Slice: args[0][from..to], the bounds given
// in constant.items, in order, as `bounds` says.
enum class SelectorKind : std::uint8_t { Column, Star, Constant, FunctionCall, Field, Element, Slice };

struct Selector {
  SelectorKind kind = SelectorKind::Column;
  std::string_view name;    // column name or function name (lower-cased unless quoted)
  Term constant;            // SelectorKind::Constant; Element: the key; Slice: the bounds given
  std::uint8_t bounds = 0;  // Slice: kFrom | kTo, which bounds were written
  static constexpr std::uint8_t kFrom = 1, kTo = 2;
  Vec<Selector> args;          // SelectorKind::FunctionCall; Field: the value whose field `name` is read
  std::string_view cast_type;  // CAST(x AS <type>): name "cast", one argument
  std::string_view alias;      // empty when no AS
  std::uint16_t depth = 1;     // levels of this selector's tree, constant terms included
};

enum class Operator : std::uint8_t { Eq, Lt, Lte, Gt, Gte, Neq, In, Contains, ContainsKey, Like, IsNotNull };

enum class RelationKind : std::uint8_t { Single, Multi, Token };

struct Relation {
  RelationKind kind = RelationKind::Single;
  Vec<std::string_view> columns;  // one for Single; several for Multi and Token
  Operator op = Operator::Eq;
  Vec<Term> values;        // one term, or the IN list (tuples for Multi); {key, value} for m[key] = value
  bool map_entry = false;  // m[key] op value
  bool in_marker = false;  // IN ?: values holds one marker standing for the whole list
};

struct TypeRef {
  std::string_view keyspace;  // a user type's, when written ks.name
  std::string_view name;      // "int", "list", "frozen", a UDT name …; digits for a dimension
  Vec<TypeRef> args;
  bool dimension = false;  // vector<float, 3>'s 3
};

struct Property {
  std::string_view name;
  Term value;
};

struct CreateKeyspace {
  std::string_view name;
  bool if_not_exists = false;
  Vec<Property> properties;
};

struct ColumnDef {
  std::string_view name;
  TypeRef type;
  bool is_static = false;
  bool primary_key = false;  // inline "k int PRIMARY KEY"
};

struct ClusteringOrder {
  std::string_view column;
  bool descending = false;
};

struct CreateTable {
  QualifiedName table;
  bool if_not_exists = false;
  Vec<ColumnDef> columns;
  int primary_key_clauses = 0;  // PRIMARY KEY (…) clauses, to detect duplicates
  Vec<std::string_view> partition_key;
  Vec<std::string_view> clustering;
  Vec<ClusteringOrder> clustering_order;
  Vec<Property> properties;
  bool compact_storage = false;
};

struct AlterTable {
  enum class Action : std::uint8_t { Add, Drop, Rename, With, AlterType, DropCompactStorage } action = Action::With;
  QualifiedName table;
  bool if_exists = false;  // ALTER TABLE IF EXISTS
  bool action_if = false;  // ADD IF NOT EXISTS / DROP IF EXISTS / RENAME IF EXISTS
  Vec<ColumnDef> add;
  Vec<std::string_view> drop;
  std::optional<std::int64_t> drop_timestamp;  // DROP … USING TIMESTAMP n
  Vec<std::pair<std::string_view, std::string_view>> rename;
  Vec<Property> properties;
  Vec<ClusteringOrder> clustering_order;  // refused in ALTER
};

struct AlterKeyspace {
  std::string_view name;
  bool if_exists = false;
  Vec<Property> properties;
};

struct CreateType {
  QualifiedName name;
  bool if_not_exists = false;
  Vec<std::pair<std::string_view, TypeRef>> fields;
};

struct AlterType {
  QualifiedName name;
  bool if_exists = false;
  bool alter_field_type = false;  // ALTER f TYPE t: refused since 3.x
  bool add_if_not_exists = false;
  Vec<std::pair<std::string_view, TypeRef>> add;
  Vec<std::pair<std::string_view, std::string_view>> rename;
};

struct DropType {
  QualifiedName name;
  bool if_exists = false;
};

struct DropKeyspace {
  std::string_view name;
  bool if_exists = false;
};

struct DropTable {
  QualifiedName table;
  bool if_exists = false;
};

// CREATE / ALTER / DROP MATERIALIZED VIEW: only the name is kept (views are disabled).
// CREATE / ALTER / DROP MATERIALIZED VIEW. Create fills the definition; Alter only properties.
struct ViewStatement {
  enum class Kind : std::uint8_t { Create, Alter, Drop } kind = Kind::Create;
  QualifiedName name;
  bool if_exists = false;      // DROP … IF EXISTS
  bool if_not_exists = false;  // CREATE … IF NOT EXISTS
  QualifiedName base;
  Vec<std::string_view> columns;  // the SELECT list; empty for SELECT *
  Vec<Relation> where;
  Vec<std::string_view> partition_key;
  Vec<std::string_view> clustering;
  int primary_key_clauses = 0;
  Vec<ClusteringOrder> clustering_order;
  Vec<Property> properties;
  bool compact_storage = false;
};

struct Use {
  std::string_view keyspace;
};

struct Truncate {
  QualifiedName table;
};

// The statement shape a SELECT, UPDATE or DELETE was parsed as (parse/statement_cache.hpp; 0:
// none). Every statement of one shape is planned alike, so a plan made for one serves them all.
// A copy has none: it may be changed (DRAW QUERY runs its SELECT again with ALLOW FILTERING
// and *), and a changed statement must be planned afresh.
struct Shape {
  std::uint64_t value = 0;
  Shape() = default;
  Shape(const Shape&) noexcept {}
  Shape& operator=(const Shape&) noexcept {
    value = 0;
    return *this;
  }
  Shape& operator=(std::uint64_t v) noexcept {
    value = v;
    return *this;
  }
};

struct Insert {
  QualifiedName table;
  Vec<std::string_view> columns;
  Vec<Term> values;
  std::optional<std::string_view> json;  // INSERT … JSON '<object>'
  std::optional<Term> json_marker;       // INSERT … JSON ?: the object is bound as text
  bool default_unset = false;            // DEFAULT UNSET: columns not in the JSON are left alone
  bool if_not_exists = false;
  std::optional<Term> ttl;
  std::optional<Term> timestamp;
  // Set by the statement cache (parse/statement_cache.hpp) to a number of its own for each
  // shape it keeps (0: none): every statement of one shape writes the same columns, so a plan
  // made for one (exec/insert_plan.hpp) serves them all.
  std::uint64_t shape = 0;
};

enum class AssignmentKind : std::uint8_t {
  Set,         // c = v
  Add,         // c = c + v (append, add to a set or map, counter increment)
  Subtract,    // c = c - v
  Prepend,     // c = v + c
  SetElement,  // c[k] = v
};

struct Assignment {
  std::string_view column;
  AssignmentKind kind = AssignmentKind::Set;
  Term value;
  std::optional<Term> element;  // the k of c[k] = v
  std::string_view ref;         // the c on the right-hand side of c = c + v / v + c
  std::string_view field;       // SET udt.field = v
};

// An IF condition of a lightweight transaction.
struct Condition {
  std::string_view column;
  std::optional<Term> element;  // c[k] op v
  std::string_view field;       // c.field op v (a UDT field)
  Operator op = Operator::Eq;
  Vec<Term> values;        // one, or the IN list
  bool in_marker = false;  // IN ?: values holds one marker standing for the whole list
};

struct Update {
  QualifiedName table;
  Vec<Assignment> assignments;
  Vec<Relation> where;
  bool if_exists = false;
  Vec<Condition> conditions;
  std::optional<Term> ttl;
  std::optional<Term> timestamp;
  Shape shape;  // its WHERE's keys are planned once per shape (exec/modification_keys.hpp)
};

struct DeleteTarget {
  std::string_view column;
  std::optional<Term> element;  // DELETE m['k'] / l[0]
  std::string_view field;       // DELETE udt.field
};

struct Delete {
  QualifiedName table;
  Vec<DeleteTarget> columns;  // empty: the whole row / range / partition
  Vec<Relation> where;
  bool if_exists = false;
  Vec<Condition> conditions;
  std::optional<Term> ttl;  // refused: DELETE takes no TTL
  std::optional<Term> timestamp;
  Shape shape;  // as Update::shape
};

enum class BatchType : std::uint8_t { Logged, Unlogged, Counter };

struct Batch {
  BatchType type = BatchType::Logged;
  std::optional<Term> timestamp;
  bool ttl = false;  // BEGIN BATCH USING TTL: parsed, then refused as Cassandra refuses it
  std::vector<std::variant<Insert, Update, Delete>> statements;
};

struct CreateIndex {
  std::string_view name;  // empty: <table>_<column>_idx
  QualifiedName table;
  std::string_view column;
  std::string_view target_function;  // keys / values / entries / full, or empty
  bool if_not_exists = false;
  bool custom = false;
  std::string_view custom_class;  // USING '<class>'
  Vec<Property> properties;       // WITH OPTIONS = {…}
};

struct DropIndex {
  std::string_view keyspace;  // empty: the session's
  std::string_view name;
  bool if_exists = false;
};

struct Ordering {
  std::string_view column;
  bool descending = false;
  std::optional<Term> ann;  // ORDER BY c ANN OF <vector>
};

struct Select {
  QualifiedName table;
  bool explain = false;  // EXPLAIN SELECT …: describe the query instead of running it
  bool json = false;
  bool distinct = false;
  Vec<Selector> selectors;  // empty means *
  Vec<Relation> where;
  Vec<std::string_view> group_by;
  Vec<Ordering> order_by;
  std::optional<Term> per_partition_limit;
  std::optional<Term> limit;
  bool allow_filtering = false;
  // As Insert::shape: every statement of one shape is planned alike, so the plan made for one
  // (exec/select_plan.hpp's keeps_plan) serves them all, each binding its own values.
  Shape shape;
};

// What a GRANT, REVOKE or LIST names (Parser.g's resource rule); exec turns it into an
// auth::Resource. A table without a keyspace takes the session's.
struct ResourceRef {
  enum class Kind : std::uint8_t {
    AllKeyspaces,
    Keyspace,
    AllTables,
    Table,
    AllRoles,
    Role,
    AllFunctions,
    FunctionsInKeyspace,
    Function,
    AllMBeans,
    MBean,
  };
  Kind kind = Kind::AllKeyspaces;
  std::string_view keyspace;
  std::string_view name;            // table, role, function or mbean
  Vec<std::string_view> arg_types;  // a function's argument types, as written
};

// The role and permission statements (CREATE/ALTER/DROP ROLE and USER, LIST ROLES/USERS,
// GRANT, REVOKE, LIST PERMISSIONS): exec/auth_statements.cpp runs them.
struct AuthStatement {
  enum class Kind : std::uint8_t {
    CreateRole,
    AlterRole,
    DropRole,
    ListRoles,
    ListUsers,
    GrantRole,
    RevokeRole,
    GrantPermissions,
    RevokePermissions,
    ListPermissions,
  };
  Kind kind = Kind::CreateRole;
  bool user_form = false;  // CREATE/ALTER/DROP USER
  bool if_exists = false, if_not_exists = false;
  std::string_view role;     // the role created, altered, dropped, granted; LIST … OF role
  std::string_view grantee;  // GRANT … TO / REVOKE … FROM
  bool recursive = true;     // LIST … NORECURSIVE
  // Role options, as written (each at most once: a second is a SyntaxException at parse).
  std::optional<std::string_view> password, hashed_password;
  std::optional<bool> login, superuser;
  std::optional<Term> options;                            // OPTIONS = {…}
  bool access_datacenters = false, access_cidrs = false;  // ACCESS TO/FROM … given
  Vec<std::string_view> datacenters, cidrs;               // empty with the flag: ALL
  // GRANT/REVOKE/LIST permissions: a bit per permission (auth::Permission order), all bits for
  // ALL [PERMISSIONS].
  std::uint16_t permissions = 0;
  bool all_permissions = false;
  std::optional<ResourceRef> resource;
};

// CREATE [OR REPLACE] FUNCTION / AGGREGATE, DROP FUNCTION / AGGREGATE: parsed in full and
// refused as a stock 5.0 refuses them (user_defined_functions_enabled is false by default).
struct FunctionStatement {
  enum class Kind : std::uint8_t { CreateFunction, CreateAggregate, DropFunction, DropAggregate };
  Kind kind = Kind::CreateFunction;
  QualifiedName name;
  bool or_replace = false, if_not_exists = false, if_exists = false;
  bool args_given = false;  // DROP … (types)
  Vec<TypeRef> arg_types;
  std::string_view state_function;  // CREATE AGGREGATE's SFUNC
  std::optional<TypeRef> state_type;
};

using Statement = std::variant<Select, Insert, Update, Delete, Batch, CreateKeyspace, CreateTable, CreateIndex,
                               CreateType, AlterTable, AlterKeyspace, AlterType, DropKeyspace, DropTable, DropIndex,
                               DropType, Use, Truncate, ViewStatement, AuthStatement, FunctionStatement>;

}  // namespace cqlbox::ast
