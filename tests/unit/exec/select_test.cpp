// SELECT through exec::execute: result columns, row order (token order, clustering order, IN
// order — cassandra.md §1.2, cqlbox.md), LIMIT, the static-only row (§8) and the messages of
// §5.1.
//
// The exec test binary links exec_lib only (no parse_lib), so the statements are built as ASTs
// by hand; each helper's comment shows the CQL it stands for.
#include <doctest/doctest.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "types/bytes.hpp"
#include "util/murmur3.hpp"

// Readable failure output for the result vectors below.
namespace doctest {
template <>
struct StringMaker<std::vector<std::optional<std::int32_t>>> {
  static String convert(const std::vector<std::optional<std::int32_t>>& v) {
    std::string s = "{";
    for (std::size_t i = 0; i < v.size(); ++i)
      s += (i ? ", " : "") + (v[i] ? std::to_string(*v[i]) : std::string("null"));
    return (s + "}").c_str();
  }
};
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& v) {
    std::string s = "{";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", \"" : "\"") + v[i] + "\"";
    return (s + "}").c_str();
  }
};
}  // namespace doctest

namespace ast = cqlbox::ast;
namespace exec = cqlbox::exec;
using cqlbox::error::CqlError;
using cqlbox::error::ErrorClass;
using cqlbox::types::be_bytes;
using cqlbox::types::read_be;

namespace {

constexpr const char* kAllowFiltering =
    "Cannot execute this query as it might involve data filtering and thus may have "
    "unpredictable performance. If you want to execute this query despite the performance "
    "unpredictability, use ALLOW FILTERING";

// --- AST builders ---------------------------------------------------------------------------

ast::Term lit(ast::TermKind kind, std::string_view text) {
  ast::Term t;
  t.kind = kind;
  t.text = text;
  return t;
}
ast::Term num(std::string_view text) { return lit(ast::TermKind::Integer, text); }
ast::Term str(std::string_view text) { return lit(ast::TermKind::String, text); }
ast::Term null_term() { return ast::Term{}; }
ast::Term tuple(std::initializer_list<ast::Term> items) {
  ast::Term t;
  t.kind = ast::TermKind::Tuple;
  t.items = ast::Vec<ast::Term>(items);
  return t;
}

// column op value(s)
ast::Relation rel(std::string_view column, ast::Operator op, std::initializer_list<ast::Term> values) {
  ast::Relation r;
  r.columns.push_back(column);
  r.op = op;
  r.values = ast::Vec<ast::Term>(values);
  return r;
}
ast::Relation eq(std::string_view column, ast::Term value) { return rel(column, ast::Operator::Eq, {value}); }
// (c1, c2, …) op value(s)
ast::Relation multi(std::initializer_list<std::string_view> columns, ast::Operator op,
                    std::initializer_list<ast::Term> values) {
  ast::Relation r;
  r.kind = ast::RelationKind::Multi;
  r.columns = ast::Vec<std::string_view>(columns);
  r.op = op;
  r.values = ast::Vec<ast::Term>(values);
  return r;
}

ast::Selector column(std::string_view name, std::string_view alias = {}) {
  ast::Selector s;
  s.name = name;
  s.alias = alias;
  return s;
}
ast::Selector call(std::string_view fn, std::initializer_list<ast::Selector> args, std::string_view alias = {}) {
  ast::Selector s;
  s.kind = ast::SelectorKind::FunctionCall;
  s.name = fn;
  s.args = ast::Vec<ast::Selector>(args);
  s.alias = alias;
  return s;
}
ast::Selector star() {
  ast::Selector s;
  s.kind = ast::SelectorKind::Star;
  return s;
}

// SELECT * FROM <table> (the other clauses are set on the result).
ast::Select select_from(std::string_view table, std::string_view keyspace = {}) {
  ast::Select s;
  s.table = {keyspace, table};
  return s;
}

struct ColumnSpec {
  std::string_view name;
  std::string_view type;
  bool is_static = false;
};

// A database with keyspace ks (SimpleStrategy, RF 1) in use and a fixed clock.
struct Fixture {
  exec::Database db;
  exec::Session session;

  Fixture() {
    db.clock.set(1704067200000000);  // 2024-01-01 00:00:00 UTC
    // CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}
    ast::CreateKeyspace ks;
    ks.name = "ks";
    ast::Term map;
    map.kind = ast::TermKind::Map;
    map.items = ast::Vec<ast::Term>{str("class"), str("SimpleStrategy"), str("replication_factor"), num("1")};
    ks.properties.push_back(ast::Property{"replication", map});
    run(ks);
    session.keyspace = "ks";
  }

  exec::Result run(const ast::Statement& st) { return exec::execute(db, session, st); }

  // CREATE TABLE <name> (<columns>, PRIMARY KEY ((<pk>), <ck>)) [WITH CLUSTERING ORDER BY (<desc>
  // DESC)]
  void create_table(std::string_view name, std::initializer_list<ColumnSpec> columns,
                    std::initializer_list<std::string_view> pk, std::initializer_list<std::string_view> ck = {},
                    std::initializer_list<std::string_view> desc = {}) {
    ast::CreateTable t;
    t.table = {{}, name};
    for (const auto& c : columns) {
      ast::ColumnDef def;
      def.name = c.name;
      def.type.name = c.type;
      def.is_static = c.is_static;
      t.columns.push_back(def);
    }
    t.primary_key_clauses = 1;
    t.partition_key = ast::Vec<std::string_view>(pk);
    t.clustering = ast::Vec<std::string_view>(ck);
    if (desc.size() > 0)
      for (auto c : ck) {
        bool d = false;
        for (auto x : desc) d = d || x == c;
        t.clustering_order.push_back({c, d});
      }
    run(t);
  }

  // INSERT INTO <table> (<columns>) VALUES (<values>)
  void insert(std::string_view table, std::initializer_list<std::string_view> columns,
              std::initializer_list<ast::Term> values) {
    ast::Insert ins;
    ins.table = {{}, table};
    ins.columns = ast::Vec<std::string_view>(columns);
    ins.values = ast::Vec<ast::Term>(values);
    run(ins);
  }

  exec::Rows select(const ast::Select& s) {
    exec::Result r = run(s);
    REQUIRE(std::holds_alternative<exec::Rows>(r));
    return std::get<exec::Rows>(r);
  }

  // The InvalidRequest message of running `st`, or "" when it succeeds.
  std::string error_of(const ast::Statement& st) {
    try {
      run(st);
    } catch (const CqlError& e) {
      CHECK(e.cls == ErrorClass::InvalidRequest);
      return e.message;
    }
    return "";
  }
};

// --- result readers ---------------------------------------------------------------------------

std::optional<std::int32_t> int_value(const exec::Value& v) {
  if (!v) return std::nullopt;
  REQUIRE(v->size() == 4);
  return read_be<std::int32_t>(*v);
}

// Column `col` of every row as ints (nullopt for null).
std::vector<std::optional<std::int32_t>> ints(const exec::Rows& rows, std::size_t col) {
  std::vector<std::optional<std::int32_t>> out;
  for (const auto& row : rows.rows) out.push_back(int_value(row.at(col)));
  return out;
}

using Ints = std::vector<std::optional<std::int32_t>>;

std::vector<std::string> column_names(const exec::Rows& rows) {
  std::vector<std::string> out;
  for (const auto& c : rows.columns) out.push_back(c.name);
  return out;
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("a full scan returns partitions in token order") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"v", "text"}}, {"k"});
  for (const char* k : {"7", "1", "4"}) f.insert("t", {"k", "v"}, {num(k), str("x")});
  // Tokens (cqlbox.md): 1 → -4069959284402364209, 4 → -2729420104000364805, 7 →
  // 1634052884888577606.
  const exec::Rows rows = f.select(select_from("t"));
  CHECK(column_names(rows) == Names{"k", "v"});
  REQUIRE(rows.columns.size() == 2);
  CHECK(rows.columns[0].type->name == "int");
  CHECK(rows.columns[1].type->name == "text");
  CHECK(ints(rows, 0) == Ints{1, 4, 7});
  REQUIRE(rows.rows.size() == 3);
  CHECK(rows.rows[0][1] == std::optional<std::string>("x"));
  CHECK(rows.warnings.empty());

  SUBCASE("token order is not key order") {
    for (const char* k : {"0", "2", "3"}) f.insert("t", {"k"}, {num(k)});
    // 1 → -4.07e18, 0 → -3.49e18, 2 → -3.25e18, 4 → -2.73e18, 7 → 1.63e18, 3 → 9.01e18.
    const exec::Rows all = f.select(select_from("t"));
    CHECK(ints(all, 0) == Ints{1, 0, 2, 4, 7, 3});
    CHECK(all.rows[1][1] == std::nullopt);  // v not written: null
  }
  SUBCASE("a keyspace-qualified name works without USE") {
    f.session.keyspace.clear();
    CHECK(ints(f.select(select_from("t", "ks")), 0) == Ints{1, 4, 7});
  }
}

TEST_CASE("SELECT * lists key columns, then statics and regulars each sorted by name") {
  Fixture f;
  f.create_table("t",
                 {{"k", "int"}, {"c", "int"}, {"z", "int"}, {"a", "int"}, {"s2", "int", true}, {"s1", "int", true}},
                 {"k"}, {"c"});
  f.insert("t", {"k", "c", "z", "a", "s2", "s1"}, {num("1"), num("2"), num("3"), num("4"), num("5"), num("6")});
  const exec::Rows rows = f.select(select_from("t"));
  CHECK(column_names(rows) == Names{"k", "c", "s1", "s2", "a", "z"});
  REQUIRE(rows.rows.size() == 1);
  CHECK(ints(rows, 2) == Ints{6});
  CHECK(ints(rows, 5) == Ints{3});
}

TEST_CASE("rows within a partition come in clustering order") {
  Fixture f;
  SUBCASE("ASC") {
    f.create_table("t", {{"k", "int"}, {"c", "int"}, {"v", "int"}}, {"k"}, {"c"});
    for (const char* c : {"2", "3", "1"}) f.insert("t", {"k", "c", "v"}, {num("0"), num(c), num(c)});
    ast::Select s = select_from("t");
    s.where.push_back(eq("k", num("0")));
    CHECK(ints(f.select(s), 1) == Ints{1, 2, 3});
    SUBCASE("ORDER BY DESC reverses it") {
      s.order_by.push_back({"c", true, std::nullopt});
      CHECK(ints(f.select(s), 1) == Ints{3, 2, 1});
    }
  }
  SUBCASE("DESC") {
    f.create_table("t", {{"k", "int"}, {"c", "int"}, {"v", "int"}}, {"k"}, {"c"}, {"c"});
    for (const char* c : {"2", "3", "1"}) f.insert("t", {"k", "c", "v"}, {num("0"), num(c), num(c)});
    ast::Select s = select_from("t");
    s.where.push_back(eq("k", num("0")));
    CHECK(ints(f.select(s), 1) == Ints{3, 2, 1});
    SUBCASE("ORDER BY ASC reverses it") {
      s.order_by.push_back({"c", false, std::nullopt});
      CHECK(ints(f.select(s), 1) == Ints{1, 2, 3});
    }
    SUBCASE("a full scan uses the same order") { CHECK(ints(f.select(select_from("t")), 1) == Ints{3, 2, 1}); }
  }
}

TEST_CASE("IN on the partition key returns partitions in key order, without duplicates") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"v", "int"}}, {"k"});
  for (const char* k : {"0", "1", "2", "3"}) f.insert("t", {"k", "v"}, {num(k), num(k)});
  ast::Select s = select_from("t");
  s.where.push_back(rel("k", ast::Operator::In, {num("3"), num("1"), num("0"), num("1")}));
  CHECK(ints(f.select(s), 0) == Ints{0, 1, 3});  // token order would be 1, 0, 3
  SUBCASE("keys that do not exist are skipped") {
    ast::Select s2 = select_from("t");
    s2.where.push_back(rel("k", ast::Operator::In, {num("9"), num("2")}));
    CHECK(ints(f.select(s2), 0) == Ints{2});
  }
}

TEST_CASE("IN on the last partition key column: key order, while a full scan is in token order") {
  // Spec §1.2: WHERE k1 = 0 AND k2 IN (3, 1) returns k2 = 1 then 3.
  Fixture f;
  f.create_table("t", {{"k1", "int"}, {"k2", "int"}, {"v", "int"}}, {"k1", "k2"});
  for (const char* k2 : {"1", "3"}) f.insert("t", {"k1", "k2", "v"}, {num("0"), num(k2), num("0")});
  ast::Select s = select_from("t");
  s.where.push_back(eq("k1", num("0")));
  s.where.push_back(rel("k2", ast::Operator::In, {num("3"), num("1")}));
  CHECK(ints(f.select(s), 1) == Ints{1, 3});

  // The full scan follows the tokens of the composite keys (§6.2 composite encoding).
  auto token = [](std::int32_t k2) {
    std::string key;
    for (std::int32_t part : {0, k2}) {
      key += be_bytes(std::uint16_t{4});
      key += be_bytes(part);
      key += '\0';
    }
    return cqlbox::util::murmur3_token(key);
  };
  const Ints expected = token(1) < token(3) ? Ints{1, 3} : Ints{3, 1};
  CHECK(ints(f.select(select_from("t")), 1) == expected);
}

TEST_CASE("IN on a clustering column returns rows in clustering order") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"c", "int"}, {"v", "int"}}, {"k"}, {"c"}, {"c"});
  for (const char* c : {"1", "2", "3", "4"}) f.insert("t", {"k", "c", "v"}, {num("0"), num(c), num(c)});
  ast::Select s = select_from("t");
  s.where.push_back(eq("k", num("0")));
  s.where.push_back(rel("c", ast::Operator::In, {num("1"), num("3"), num("2"), num("3")}));
  CHECK(ints(f.select(s), 1) == Ints{3, 2, 1});
}

TEST_CASE("clustering slices and multi-column relations") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"c1", "int"}, {"c2", "int"}, {"v", "int"}}, {"k"}, {"c1", "c2"});
  for (const char* c1 : {"0", "1", "2"})
    for (const char* c2 : {"0", "1"}) f.insert("t", {"k", "c1", "c2", "v"}, {num("0"), num(c1), num(c2), num("0")});
  SUBCASE("c1 > 0 AND c1 <= 1") {
    ast::Select s = select_from("t");
    s.where.push_back(eq("k", num("0")));
    s.where.push_back(rel("c1", ast::Operator::Gt, {num("0")}));
    s.where.push_back(rel("c1", ast::Operator::Lte, {num("1")}));
    const exec::Rows rows = f.select(s);
    CHECK(ints(rows, 1) == Ints{1, 1});
    CHECK(ints(rows, 2) == Ints{0, 1});
  }
  SUBCASE("(c1, c2) > (1, 0)") {
    ast::Select s = select_from("t");
    s.where.push_back(eq("k", num("0")));
    s.where.push_back(multi({"c1", "c2"}, ast::Operator::Gt, {tuple({num("1"), num("0")})}));
    const exec::Rows rows = f.select(s);
    CHECK(ints(rows, 1) == Ints{1, 2, 2});
    CHECK(ints(rows, 2) == Ints{1, 0, 1});
  }
}

TEST_CASE("LIMIT and PER PARTITION LIMIT cut the result") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"c", "int"}, {"v", "int"}}, {"k"}, {"c"});
  for (const char* k : {"1", "4", "7"})
    for (const char* c : {"1", "2", "3"}) f.insert("t", {"k", "c", "v"}, {num(k), num(c), num("0")});
  SUBCASE("LIMIT counts rows across partitions") {
    ast::Select s = select_from("t");
    s.limit = num("4");
    const exec::Rows rows = f.select(s);
    CHECK(ints(rows, 0) == Ints{1, 1, 1, 4});
    CHECK(ints(rows, 1) == Ints{1, 2, 3, 1});
  }
  SUBCASE("LIMIT larger than the result") {
    ast::Select s = select_from("t");
    s.limit = num("100");
    CHECK(f.select(s).rows.size() == 9);
  }
  SUBCASE("PER PARTITION LIMIT") {
    ast::Select s = select_from("t");
    s.per_partition_limit = num("1");
    const exec::Rows rows = f.select(s);
    CHECK(ints(rows, 0) == Ints{1, 4, 7});
    CHECK(ints(rows, 1) == Ints{1, 1, 1});
  }
  SUBCASE("both") {
    ast::Select s = select_from("t");
    s.per_partition_limit = num("2");
    s.limit = num("3");
    const exec::Rows rows = f.select(s);
    CHECK(ints(rows, 0) == Ints{1, 1, 4});
    CHECK(ints(rows, 1) == Ints{1, 2, 1});
  }
}

TEST_CASE("a partition with only static data shows as one row of nulls") {
  // Spec §8 (StaticColumnsTest): INSERT (k, s) VALUES (0, 42) → SELECT * = row(0, null, 42, null).
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"c", "int"}, {"s", "int", true}, {"v", "int"}}, {"k"}, {"c"});
  f.insert("t", {"k", "s"}, {num("0"), num("42")});
  const exec::Rows rows = f.select(select_from("t"));
  CHECK(column_names(rows) == Names{"k", "c", "s", "v"});
  REQUIRE(rows.rows.size() == 1);
  CHECK(int_value(rows.rows[0][0]) == 0);
  CHECK(rows.rows[0][1] == std::nullopt);
  CHECK(int_value(rows.rows[0][2]) == 42);
  CHECK(rows.rows[0][3] == std::nullopt);
  SUBCASE("also with the partition key restricted") {
    ast::Select s = select_from("t");
    s.where.push_back(eq("k", num("0")));
    CHECK(f.select(s).rows.size() == 1);
  }
  SUBCASE("a clustering restriction returns nothing") {
    ast::Select s = select_from("t");
    s.where.push_back(eq("k", num("0")));
    s.where.push_back(eq("c", num("1")));
    CHECK(f.select(s).rows.empty());
  }
  SUBCASE("once a clustering row exists, the static value repeats on each row") {
    f.insert("t", {"k", "c", "v"}, {num("0"), num("1"), num("10")});
    f.insert("t", {"k", "c", "v"}, {num("0"), num("2"), num("20")});
    const exec::Rows two = f.select(select_from("t"));
    CHECK(ints(two, 1) == Ints{1, 2});
    CHECK(ints(two, 2) == Ints{42, 42});
  }
}

TEST_CASE("INSERT of key columns only creates a row of nulls (row marker)") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"c", "int"}, {"v", "int"}}, {"k"}, {"c"});
  f.insert("t", {"k", "c"}, {num("1"), num("2")});
  const exec::Rows rows = f.select(select_from("t"));
  REQUIRE(rows.rows.size() == 1);
  CHECK(ints(rows, 2) == Ints{std::nullopt});
  SUBCASE("an explicit null is a null cell, the row stays") {
    f.insert("t", {"k", "c", "v"}, {num("1"), num("3"), null_term()});
    CHECK(ints(f.select(select_from("t")), 1) == Ints{2, 3});
  }
}

TEST_CASE("selector headers: aliases, count, writetime and token") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"v", "int"}}, {"k"});
  ast::Insert ins;
  ins.table = {{}, "t"};
  ins.columns = ast::Vec<std::string_view>{"k", "v"};
  ins.values = ast::Vec<ast::Term>{num("1"), num("5")};
  ins.timestamp = num("1234");
  f.run(ins);
  f.insert("t", {"k", "v"}, {num("4"), num("6")});

  SUBCASE("aliases") {
    ast::Select s = select_from("t");
    s.selectors.push_back(column("v", "value"));
    s.selectors.push_back(column("k"));
    const exec::Rows rows = f.select(s);
    CHECK(column_names(rows) == Names{"value", "k"});
    CHECK(ints(rows, 0) == Ints{5, 6});
  }
  SUBCASE("count(*) without partition key warns") {
    ast::Select s = select_from("t");
    s.selectors.push_back(call("count", {star()}));
    const exec::Rows rows = f.select(s);
    CHECK(column_names(rows) == Names{"count"});
    CHECK(rows.columns[0].type->name == "bigint");
    REQUIRE(rows.rows.size() == 1);
    REQUIRE(rows.rows[0][0].has_value());
    CHECK(read_be<std::int64_t>(*rows.rows[0][0]) == 2);
    CHECK(rows.warnings == std::vector<std::string>{"Aggregation query used without partition key"});
  }
  SUBCASE("count(*) over an IN warns about multiple partitions") {
    ast::Select s = select_from("t");
    s.selectors.push_back(call("count", {star()}));
    s.where.push_back(rel("k", ast::Operator::In, {num("1"), num("4")}));
    const exec::Rows rows = f.select(s);
    CHECK(rows.warnings ==
          std::vector<std::string>{"Aggregation query used on multiple partition keys (IN restriction)"});
  }
  SUBCASE("count(*) on one partition does not warn") {
    ast::Select s = select_from("t");
    s.selectors.push_back(call("count", {star()}));
    s.where.push_back(eq("k", num("1")));
    CHECK(f.select(s).warnings.empty());
  }
  SUBCASE("writetime") {
    ast::Select s = select_from("t");
    s.selectors.push_back(call("writetime", {column("v")}));
    s.where.push_back(eq("k", num("1")));
    const exec::Rows rows = f.select(s);
    CHECK(column_names(rows) == Names{"writetime(v)"});
    REQUIRE(rows.rows.size() == 1);
    REQUIRE(rows.rows[0][0].has_value());
    CHECK(read_be<std::int64_t>(*rows.rows[0][0]) == 1234);
  }
  SUBCASE("token") {
    ast::Select s = select_from("t");
    s.selectors.push_back(call("token", {column("k")}));
    const exec::Rows rows = f.select(s);
    CHECK(column_names(rows) == Names{"system.token(k)"});
    REQUIRE(rows.rows.size() == 2);
    CHECK(read_be<std::int64_t>(*rows.rows[0][0]) == -4069959284402364209LL);
    CHECK(read_be<std::int64_t>(*rows.rows[1][0]) == -2729420104000364805LL);
  }
}

TEST_CASE("table resolution errors") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"v", "int"}}, {"k"});
  CHECK(f.error_of(select_from("nosuch")) == "table nosuch does not exist");
  CHECK(f.error_of(select_from("t", "nosuch")) == "keyspace nosuch does not exist");
  f.session.keyspace.clear();
  CHECK(f.error_of(select_from("t")) ==
        "No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename");
}

TEST_CASE("SELECT validation messages of spec §5.1") {
  Fixture f;
  f.create_table("t", {{"k1", "int"}, {"k2", "int"}, {"c1", "int"}, {"c2", "int"}, {"s", "int", true}, {"v", "int"}},
                 {"k1", "k2"}, {"c1", "c2"});
  f.create_table("u", {{"k", "text"}, {"c", "int"}, {"v", "int"}}, {"k"}, {"c"});
  ast::Select s = select_from("t");
  auto full_key = [&] {
    s.where.push_back(eq("k1", num("0")));
    s.where.push_back(eq("k2", num("0")));
  };

  SUBCASE("unknown column in WHERE") {
    s.where.push_back(eq("x", num("1")));
    CHECK(f.error_of(s) == "Undefined column name x in table ks.t");
  }
  SUBCASE("unknown case-sensitive column in the selection") {
    s.selectors.push_back(column("X"));
    CHECK(f.error_of(s) == "Undefined column name \"X\" in table ks.t");
  }
  SUBCASE("regular column restriction needs filtering") {
    full_key();
    s.where.push_back(eq("v", num("1")));
    CHECK(f.error_of(s) == kAllowFiltering);
    s.allow_filtering = true;
    CHECK(f.error_of(s) == "");
  }
  SUBCASE("partial partition key needs filtering") {
    s.where.push_back(eq("k1", num("0")));
    CHECK(f.error_of(s) == kAllowFiltering);
  }
  SUBCASE("a slice on the partition key needs filtering") {
    ast::Select su = select_from("u");
    su.where.push_back(rel("k", ast::Operator::Gt, {str("a")}));
    CHECK(f.error_of(su) == kAllowFiltering);
  }
  SUBCASE("clustering restriction without partition key needs filtering") {
    s.where.push_back(eq("c1", num("1")));
    CHECK(f.error_of(s) == kAllowFiltering);
  }
  SUBCASE("skipping a clustering column") {
    full_key();
    s.where.push_back(eq("c2", num("1")));
    CHECK(f.error_of(s) ==
          "PRIMARY KEY column \"c2\" cannot be restricted as preceding column \"c1\" is not "
          "restricted");
  }
  SUBCASE("skipping a clustering column without partition key (check order)") {
    s.where.push_back(eq("c2", num("1")));
    CHECK(f.error_of(s) ==
          "PRIMARY KEY column \"c2\" cannot be restricted as preceding column \"c1\" is not "
          "restricted");
  }
  SUBCASE("clustering column after a slice") {
    full_key();
    s.where.push_back(rel("c1", ast::Operator::Gt, {num("1")}));
    s.where.push_back(eq("c2", num("1")));
    CHECK(f.error_of(s) ==
          "Clustering column \"c2\" cannot be restricted (preceding column \"c1\" is restricted by "
          "a non-EQ relation)");
  }
  SUBCASE("null key value") {
    s.where.push_back(eq("k1", null_term()));
    s.where.push_back(eq("k2", num("0")));
    CHECK(f.error_of(s) == "Invalid null value in condition for column k1");
  }
  SUBCASE("null regular value with ALLOW FILTERING") {
    full_key();
    s.where.push_back(eq("v", null_term()));
    s.allow_filtering = true;
    CHECK(f.error_of(s) == "Unsupported null value for column v");
  }
  SUBCASE("empty partition key") {
    ast::Select su = select_from("u");
    su.where.push_back(eq("k", str("")));
    CHECK(f.error_of(su) == "Key may not be empty");
  }
  SUBCASE("a column restricted twice by =") {
    full_key();
    s.where.push_back(eq("c1", num("1")));
    s.where.push_back(eq("c1", num("2")));
    CHECK(f.error_of(s) == "c1 cannot be restricted by more than one relation if it includes an Equal");
  }
  SUBCASE("> then = on one column") {
    full_key();
    s.where.push_back(rel("c1", ast::Operator::Gt, {num("0")}));
    s.where.push_back(eq("c1", num("1")));
    CHECK(f.error_of(s) == "Column \"c1\" cannot be restricted by both an equality and an inequality relation");
  }
  SUBCASE("= then > on one column: the '=' restriction reports the merge") {
    // Cassandra's EQ restriction refuses any second relation (SelectSingleColumnRelationTest).
    full_key();
    s.where.push_back(eq("c1", num("1")));
    s.where.push_back(rel("c1", ast::Operator::Gt, {num("0")}));
    CHECK(f.error_of(s) == "c1 cannot be restricted by more than one relation if it includes an Equal");
  }
  SUBCASE("two lower bounds") {
    full_key();
    s.where.push_back(rel("c1", ast::Operator::Gt, {num("0")}));
    s.where.push_back(rel("c1", ast::Operator::Gte, {num("1")}));
    CHECK(f.error_of(s) == "More than one restriction was found for the start bound on c1");
  }
  SUBCASE("two upper bounds") {
    full_key();
    s.where.push_back(rel("c1", ast::Operator::Lt, {num("5")}));
    s.where.push_back(rel("c1", ast::Operator::Lte, {num("4")}));
    CHECK(f.error_of(s) == "More than one restriction was found for the end bound on c1");
  }
  SUBCASE("!=") {
    full_key();
    s.where.push_back(rel("c1", ast::Operator::Neq, {num("5")}));
    CHECK(f.error_of(s) == "Unsupported \"!=\" relation: c1 != 5");
  }
  SUBCASE("multi-column relation on the partition key") {
    s.where.push_back(multi({"k1", "k2"}, ast::Operator::Eq, {tuple({num("0"), num("0")})}));
    CHECK(f.error_of(s) == "Multi-column relations can only be applied to clustering columns but was applied to: k1");
  }
  SUBCASE("static-only selection with a clustering restriction") {
    full_key();
    s.selectors.push_back(column("s"));
    s.where.push_back(eq("c1", num("1")));
    CHECK(f.error_of(s) == "Cannot restrict clustering columns when selecting only static columns");
  }
  SUBCASE("DISTINCT with a regular column") {
    s.distinct = true;
    s.selectors.push_back(column("k1"));
    s.selectors.push_back(column("k2"));
    s.selectors.push_back(column("v"));
    CHECK(f.error_of(s) ==
          "SELECT DISTINCT queries must only request partition key columns and/or static columns "
          "(not v)");
  }
  SUBCASE("PER PARTITION LIMIT with DISTINCT") {
    s.distinct = true;
    s.selectors.push_back(column("k1"));
    s.selectors.push_back(column("k2"));
    s.per_partition_limit = num("1");
    CHECK(f.error_of(s) == "PER PARTITION LIMIT is not allowed with SELECT DISTINCT queries");
  }
  SUBCASE("PER PARTITION LIMIT with an aggregate") {
    s.selectors.push_back(call("count", {star()}));
    s.per_partition_limit = num("1");
    CHECK(f.error_of(s) == "PER PARTITION LIMIT is not allowed with aggregate queries.");
  }
  SUBCASE("writetime of a key column") {
    s.selectors.push_back(call("writetime", {column("k1")}));
    CHECK(f.error_of(s) == "Cannot use selection function writetime on PRIMARY KEY part k1");
  }
  SUBCASE("LIMIT 0 and negative LIMIT") {
    s.limit = num("0");
    CHECK(f.error_of(s) == "LIMIT must be strictly positive");
    s.limit = num("-1");
    CHECK(f.error_of(s) == "LIMIT must be strictly positive");
  }
  SUBCASE("PER PARTITION LIMIT 0 uses the same text") {
    s.per_partition_limit = num("0");
    CHECK(f.error_of(s) == "LIMIT must be strictly positive");
  }
  SUBCASE("ORDER BY without a partition key restriction") {
    s.order_by.push_back({"c1", true, std::nullopt});
    CHECK(f.error_of(s) == "ORDER BY is only supported when the partition key is restricted by an EQ or an IN.");
  }
  SUBCASE("ORDER BY a regular column") {
    full_key();
    s.order_by.push_back({"v", false, std::nullopt});
    CHECK(f.error_of(s) == "Order by is currently only supported on the clustered columns of the PRIMARY KEY, got v");
  }
  SUBCASE("ORDER BY skipping a clustering column") {
    full_key();
    s.order_by.push_back({"c2", false, std::nullopt});
    CHECK(f.error_of(s) ==
          "Order by currently only supports the ordering of columns following their declared order "
          "in the PRIMARY KEY");
  }
  SUBCASE("ORDER BY with mixed directions") {
    full_key();
    s.order_by.push_back({"c1", false, std::nullopt});
    s.order_by.push_back({"c2", true, std::nullopt});
    CHECK(f.error_of(s) == "Unsupported order by relation");
  }
  SUBCASE("ORDER BY with IN on the partition key while paging") {
    s.where.push_back(eq("k1", num("0")));
    s.where.push_back(rel("k2", ast::Operator::In, {num("0"), num("1")}));
    s.order_by.push_back({"c1", true, std::nullopt});
    CHECK(f.error_of(s) ==
          "Cannot page queries with both ORDER BY and a IN restriction on the partition key; you "
          "must "
          "either remove the ORDER BY or the IN and sort client side, or disable paging for this "
          "query");
    f.session.paging = false;
    CHECK(f.error_of(s) == "");
  }
  SUBCASE("literal type errors pass through") {
    s.where.push_back(eq("k1", str("abc")));
    s.where.push_back(eq("k2", num("0")));
    CHECK(f.error_of(s) == "Invalid STRING constant (abc) for \"k1\" of type int");
  }
}

TEST_CASE("ORDER BY with IN on the partition key sorts across partitions when paging is off") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"c", "int"}, {"v", "int"}}, {"k"}, {"c"});
  f.insert("t", {"k", "c", "v"}, {num("1"), num("1"), num("0")});
  f.insert("t", {"k", "c", "v"}, {num("1"), num("3"), num("0")});
  f.insert("t", {"k", "c", "v"}, {num("2"), num("2"), num("0")});
  f.session.paging = false;
  ast::Select s = select_from("t");
  s.where.push_back(rel("k", ast::Operator::In, {num("1"), num("2")}));
  s.order_by.push_back({"c", true, std::nullopt});
  const exec::Rows rows = f.select(s);
  CHECK(ints(rows, 1) == Ints{3, 2, 1});
  CHECK(ints(rows, 0) == Ints{1, 2, 1});
}

TEST_CASE("aggregate and function headers as Cassandra names them") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"v", "int"}}, {"k"});
  f.insert("t", {"k", "v"}, {num("1"), num("5")});
  f.insert("t", {"k", "v"}, {num("4"), num("9")});
  ast::Select s = select_from("t");
  ast::Selector one;
  one.kind = ast::SelectorKind::Constant;
  one.constant = num("1");
  s.selectors.push_back(call("count", {one}));
  s.selectors.push_back(call("count", {star()}));
  s.selectors.push_back(call("max", {column("v")}));
  s.selectors.push_back(call("count", {column("v")}));
  s.selectors.push_back(call("COUNT", {star()}, "Total"));
  const exec::Rows rows = f.select(s);
  // Duplicate selectors are allowed (§1.2).
  CHECK(column_names(rows) == Names{"count", "count", "system.max(v)", "system.count(v)", "Total"});
  REQUIRE(rows.rows.size() == 1);
  CHECK(read_be<std::int64_t>(*rows.rows[0][0]) == 2);
  CHECK(int_value(rows.rows[0][2]) == 9);
}

TEST_CASE("USING TTL: ttl() counts down and the whole INSERTed row expires") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"c", "int"}, {"v", "int"}}, {"k"}, {"c"});
  ast::Insert ins;
  ins.table = {{}, "t"};
  ins.columns = ast::Vec<std::string_view>{"k", "c", "v"};
  ins.values = ast::Vec<ast::Term>{num("1"), num("1"), num("5")};
  ins.ttl = num("100");
  f.run(ins);
  ast::Select s = select_from("t");
  s.selectors.push_back(call("ttl", {column("v")}));
  auto ttl_left = [&]() -> std::optional<std::int32_t> {
    const exec::Rows rows = f.select(s);
    if (rows.rows.empty()) return std::nullopt;
    return int_value(rows.rows[0][0]);
  };
  CHECK(ttl_left() == 100);
  f.db.clock.advance(30 * 1000000LL);
  CHECK(ttl_left() == 70);
  f.db.clock.advance(70 * 1000000LL);
  CHECK(f.select(select_from("t")).rows.empty());
  SUBCASE("a cell without TTL has a null ttl()") {
    f.insert("t", {"k", "c", "v"}, {num("2"), num("2"), num("6")});
    const exec::Rows rows = f.select(s);
    REQUIRE(rows.rows.size() == 1);
    CHECK(rows.rows[0][0] == std::nullopt);
  }
}

// INSERT and DDL messages (§5.2, §5.3) live here until exec has insert_test.cpp / ddl_test.cpp.
TEST_CASE("INSERT validation messages of spec §5.2") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"c1", "int"}, {"c2", "int"}, {"v", "int"}}, {"k"}, {"c1", "c2"});
  f.create_table("u", {{"k", "text"}, {"v", "int"}}, {"k"});
  f.create_table("counts", {{"k", "int"}, {"n", "counter"}}, {"k"});
  auto insert = [](std::string_view table, std::initializer_list<std::string_view> columns,
                   std::initializer_list<ast::Term> values) {
    ast::Insert ins;
    ins.table = {{}, table};
    ins.columns = ast::Vec<std::string_view>(columns);
    ins.values = ast::Vec<ast::Term>(values);
    return ins;
  };
  SUBCASE("missing partition key") {
    CHECK(f.error_of(insert("t", {"c1", "c2", "v"}, {num("1"), num("1"), num("1")})) ==
          "Some partition key parts are missing: k");
  }
  SUBCASE("missing clustering columns") {
    CHECK(f.error_of(insert("t", {"k", "v"}, {num("1"), num("1")})) == "Some clustering keys are missing: c1, c2");
    CHECK(f.error_of(insert("t", {"k", "c1", "v"}, {num("1"), num("1"), num("1")})) ==
          "Some clustering keys are missing: c2");
  }
  SUBCASE("duplicate column") {
    CHECK(f.error_of(insert("u", {"k", "v", "v"}, {str("a"), num("1"), num("2")})) ==
          "The column names contains duplicates");
  }
  SUBCASE("column/value count mismatch") {
    CHECK(f.error_of(insert("u", {"k", "v"}, {str("a")})) == "Unmatched column names/values");
  }
  SUBCASE("unknown column") {
    CHECK(f.error_of(insert("u", {"k", "x"}, {str("a"), num("1")})) == "Undefined column name x in table ks.u");
  }
  SUBCASE("null key") {
    CHECK(f.error_of(insert("u", {"k", "v"}, {null_term(), num("1")})) ==
          "Invalid null value in condition for column k");
  }
  SUBCASE("empty key") { CHECK(f.error_of(insert("u", {"k", "v"}, {str(""), num("1")})) == "Key may not be empty"); }
  SUBCASE("TTL bounds") {
    ast::Insert ins = insert("u", {"k", "v"}, {str("a"), num("1")});
    ins.ttl = num("-5");
    CHECK(f.error_of(ins) == "A TTL must be greater or equal to 0, but was -5");
    ins.ttl = num("630720001");
    CHECK(f.error_of(ins) == "ttl is too large. requested (630720001) maximum (630720000)");
    ins.ttl = num("630720000");
    CHECK(f.error_of(ins) == "");
  }
  SUBCASE("USING TIMESTAMP with IF NOT EXISTS") {
    ast::Insert ins = insert("u", {"k", "v"}, {str("a"), num("1")});
    ins.if_not_exists = true;
    ins.timestamp = num("5");
    CHECK(f.error_of(ins) == "Cannot provide custom timestamp for conditional updates");
  }
  SUBCASE("counter table") {
    CHECK(f.error_of(insert("counts", {"k", "n"}, {num("1"), num("1")})) ==
          "INSERT statements are not allowed on counter tables, use UPDATE instead");
  }
  SUBCASE("collection literal for a non-collection column") {
    // 5.0 parses [...] as an ArrayLiteral (list or vector), which names the receiver's type;
    // the spec's "Invalid list literal for v of type int" is the 4.x text.
    ast::Term list;
    list.kind = ast::TermKind::List;
    list.items.push_back(num("1"));
    CHECK(f.error_of(insert("u", {"k", "v"}, {str("a"), list})) ==
          "Unexpected receiver type 'int'; only list and vector are expected");
    ast::Term set;
    set.kind = ast::TermKind::Set;
    set.items.push_back(num("1"));
    CHECK(f.error_of(insert("u", {"k", "v"}, {str("a"), set})) == "Invalid set literal for v of type int");
  }
  SUBCASE("literal type and range") {
    CHECK(f.error_of(insert("u", {"k", "v"}, {str("a"), str("abc")})) ==
          "Invalid STRING constant (abc) for \"v\" of type int");
    CHECK(f.error_of(insert("u", {"k", "v"}, {num("0"), num("1")})) ==
          "Invalid INTEGER constant (0) for \"k\" of type text");
    CHECK(f.error_of(insert("u", {"k", "v"}, {str("a"), num("3000000000")})) == "Unable to make int from '3000000000'");
  }
}

TEST_CASE("schema statement messages of spec §5.3") {
  Fixture f;
  auto table = [](std::string_view name, std::initializer_list<ColumnSpec> columns,
                  std::initializer_list<std::string_view> pk, std::initializer_list<std::string_view> ck = {}) {
    ast::CreateTable t;
    t.table = {{}, name};
    for (const auto& c : columns) {
      ast::ColumnDef def;
      def.name = c.name;
      def.type.name = c.type;
      def.is_static = c.is_static;
      t.columns.push_back(def);
    }
    t.primary_key_clauses = 1;
    t.partition_key = ast::Vec<std::string_view>(pk);
    t.clustering = ast::Vec<std::string_view>(ck);
    return t;
  };
  auto fails_with = [&](const ast::Statement& st, ErrorClass cls) -> std::string {
    try {
      f.run(st);
    } catch (const CqlError& e) {
      CHECK(e.cls == cls);
      return e.message;
    }
    return "";
  };

  SUBCASE("table in a missing keyspace") {
    ast::CreateTable t = table("t", {{"k", "int"}}, {"k"});
    t.table.keyspace = "nosuch";
    CHECK(f.error_of(t) == "Keyspace 'nosuch' doesn't exist");
  }
  SUBCASE("no PRIMARY KEY (sic)") {
    ast::CreateTable t = table("t", {{"k", "int"}}, {});
    t.primary_key_clauses = 0;
    CHECK(f.error_of(t) == "No PRIMARY KEY specifed for table 't' (exactly one required)");
  }
  SUBCASE("two PRIMARY KEYs") {
    ast::CreateTable t = table("t", {{"k", "int"}}, {"k"});
    t.columns[0].primary_key = true;
    CHECK(f.error_of(t) == "Multiple PRIMARY KEY specified for table 't' (exactly one required)");
  }
  SUBCASE("unknown column in PRIMARY KEY") {
    CHECK(f.error_of(table("t", {{"k", "int"}}, {"x"})) ==
          "Unknown column 'x' referenced in PRIMARY KEY for table 't'");
  }
  SUBCASE("duplicate column") {
    CHECK(f.error_of(table("t", {{"k", "int"}, {"v", "int"}, {"v", "text"}}, {"k"})) ==
          "Duplicate column 'v' declaration for table 't'");
  }
  SUBCASE("unknown type") {
    CHECK(f.error_of(table("t", {{"k", "int"}, {"v", "footype"}}, {"k"})) == "Unknown type ks.footype");
  }
  SUBCASE("counter and duration keys") {
    CHECK(f.error_of(table("t", {{"k", "counter"}}, {"k"})) ==
          "counter type is not supported for PRIMARY KEY column 'k'");
    CHECK(f.error_of(table("t", {{"k", "duration"}}, {"k"})) ==
          "duration type is not supported for PRIMARY KEY column 'k'");
  }
  SUBCASE("static key column") {
    CHECK(f.error_of(table("t", {{"k", "int"}, {"c", "int", true}}, {"k"}, {"c"})) ==
          "Static column 'c' cannot be part of the PRIMARY KEY");
  }
  SUBCASE("static column without clustering") {
    CHECK(f.error_of(table("t", {{"k", "int"}, {"s", "int", true}}, {"k"})) ==
          "Static columns are only useful (and thus allowed) if the table has at least one "
          "clustering column");
  }
  SUBCASE("CLUSTERING ORDER problems") {
    ast::CreateTable t = table("t", {{"k", "int"}, {"c1", "int"}, {"c2", "int"}, {"v", "int"}}, {"k"}, {"c1", "c2"});
    SUBCASE("a non-clustering column") {
      t.clustering_order.push_back({"v", true});
      CHECK(f.error_of(t) ==
            "Only clustering key columns can be defined in CLUSTERING ORDER directive: [v] are not "
            "clustering columns");
    }
    SUBCASE("wrong order") {
      t.clustering_order.push_back({"c2", true});
      t.clustering_order.push_back({"c1", false});
      CHECK(f.error_of(t) ==
            "The order of columns in the CLUSTERING ORDER directive must match that of the "
            "clustering columns (c1 must appear before c2)");
    }
    SUBCASE("a skipped column") {
      t.clustering_order.push_back({"c2", true});
      CHECK(f.error_of(t) == "Missing CLUSTERING ORDER for column c1");
    }
  }
  SUBCASE("counters mixed with other columns") {
    CHECK(f.error_of(table("t", {{"k", "int"}, {"n", "counter"}, {"v", "int"}}, {"k"})) ==
          "Cannot mix counter and non counter columns in the same table");
  }
  SUBCASE("unknown table option") {
    ast::CreateTable t = table("t", {{"k", "int"}}, {"k"});
    t.properties.push_back(ast::Property{"foo", num("1")});
    CHECK(fails_with(t, ErrorClass::SyntaxException) == "Unknown property 'foo'");
  }
  SUBCASE("an existing table or keyspace is AlreadyExists, unless IF NOT EXISTS") {
    ast::CreateTable t = table("t", {{"k", "int"}}, {"k"});
    f.run(t);
    try {
      f.run(t);
      FAIL("expected AlreadyExists");
    } catch (const CqlError& e) {
      CHECK(e.cls == ErrorClass::AlreadyExists);
      CHECK(e.keyspace == "ks");
      CHECK(e.table == "t");
    }
    t.if_not_exists = true;
    CHECK(f.error_of(t) == "");
    ast::CreateKeyspace ks;
    ks.name = "ks";
    ast::Term map;
    map.kind = ast::TermKind::Map;
    map.items = ast::Vec<ast::Term>{str("class"), str("SimpleStrategy"), str("replication_factor"), num("1")};
    ks.properties.push_back(ast::Property{"replication", map});
    try {
      f.run(ks);
      FAIL("expected AlreadyExists");
    } catch (const CqlError& e) {
      CHECK(e.cls == ErrorClass::AlreadyExists);
      CHECK(e.keyspace == "ks");
      CHECK(e.table.empty());
    }
  }
  SUBCASE("replication problems") {
    ast::CreateKeyspace ks;
    ks.name = "k2";
    ast::Term map;
    map.kind = ast::TermKind::Map;
    map.items = ast::Vec<ast::Term>{str("class"), str("SimpleStrategy")};
    ks.properties.push_back(ast::Property{"replication", map});
    // No replication factor: 5.0 takes default_keyspace_rf (1) (SimpleStrategy.prepareOptions).
    ks.properties[0].value.items =
        ast::Vec<ast::Term>{str("class"), str("SimpleStrategy"), str("replication_factor"), num("x")};
    CHECK(fails_with(ks, ErrorClass::ConfigurationException) ==
          "Replication factor must be non-negative integer; found x");
    ks.properties[0].value.items = ast::Vec<ast::Term>{
        str("class"), str("SimpleStrategy"), str("replication_factor"), num("1"), str("x"), num("2")};
    CHECK(fails_with(ks, ErrorClass::ConfigurationException) ==
          "Unrecognized strategy option {x} passed to SimpleStrategy for keyspace k2");
    ks.properties.clear();
    ks.properties.push_back(ast::Property{"durable_writes", lit(ast::TermKind::Boolean, "true")});
    CHECK(f.error_of(ks) == "Missing mandatory option 'replication'");
  }
  SUBCASE("dropping or using what does not exist") {
    ast::DropTable dt;
    dt.table = {{}, "nosuch"};
    CHECK(f.error_of(dt) == "Table 'ks.nosuch' doesn't exist");
    ast::DropKeyspace dk;
    dk.name = "nosuch";
    CHECK(f.error_of(dk) == "Keyspace 'nosuch' doesn't exist");
    dk.if_exists = true;
    CHECK(f.error_of(dk) == "");
    ast::Use use;
    use.keyspace = "nosuch";
    CHECK(f.error_of(use) == "Keyspace 'nosuch' does not exist");
  }
}

TEST_CASE("token relations select a range of the ring, bounds strict unless = is given") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"v", "int"}}, {"k"});
  for (const char* k : {"1", "4", "7"}) f.insert("t", {"k", "v"}, {num(k), num("0")});
  auto token_rel = [](ast::Operator op, std::string_view value) {
    ast::Relation r;
    r.kind = ast::RelationKind::Token;
    r.columns.push_back("k");
    r.op = op;
    r.values.push_back(num(value));
    return r;
  };
  ast::Select s = select_from("t");
  SUBCASE(">") {
    s.where.push_back(token_rel(ast::Operator::Gt, "-4069959284402364209"));
    CHECK(ints(f.select(s), 0) == Ints{4, 7});
  }
  SUBCASE(">=") {
    s.where.push_back(token_rel(ast::Operator::Gte, "-4069959284402364209"));
    CHECK(ints(f.select(s), 0) == Ints{1, 4, 7});
  }
  SUBCASE("between") {
    s.where.push_back(token_rel(ast::Operator::Gt, "-4069959284402364209"));
    s.where.push_back(token_rel(ast::Operator::Lte, "1634052884888577606"));
    CHECK(ints(f.select(s), 0) == Ints{4, 7});
  }
  SUBCASE("<") {
    s.where.push_back(token_rel(ast::Operator::Lt, "-2729420104000364805"));
    CHECK(ints(f.select(s), 0) == Ints{1});
  }
}

TEST_CASE("DISTINCT returns one row per partition") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"c", "int"}, {"s", "int", true}, {"v", "int"}}, {"k"}, {"c"});
  for (const char* c : {"1", "2", "3"}) f.insert("t", {"k", "c", "s", "v"}, {num("4"), num(c), num("9"), num(c)});
  f.insert("t", {"k", "c", "v"}, {num("1"), num("1"), num("1")});
  ast::Select s = select_from("t");
  s.distinct = true;
  s.selectors.push_back(column("k"));
  s.selectors.push_back(column("s"));
  const exec::Rows rows = f.select(s);
  CHECK(ints(rows, 0) == Ints{1, 4});
  CHECK(ints(rows, 1) == Ints{std::nullopt, 9});
  SUBCASE("without DISTINCT a static column repeats per clustering row") {
    ast::Select plain = select_from("t");
    plain.selectors.push_back(column("s"));
    plain.where.push_back(eq("k", num("4")));
    CHECK(ints(f.select(plain), 0) == Ints{9, 9, 9});
  }
}

TEST_CASE("the fixed clock hands out now, now + 1 µs, … as write timestamps") {
  Fixture f;  // clock fixed at 2024-01-01 00:00:00 UTC
  f.create_table("t", {{"k", "int"}, {"v", "int"}}, {"k"});
  f.insert("t", {"k", "v"}, {num("1"), num("0")});
  f.insert("t", {"k", "v"}, {num("4"), num("0")});
  ast::Select s = select_from("t");
  s.selectors.push_back(call("writetime", {column("v")}));
  const exec::Rows rows = f.select(s);
  REQUIRE(rows.rows.size() == 2);
  CHECK(read_be<std::int64_t>(*rows.rows[0][0]) == 1704067200000000);
  CHECK(read_be<std::int64_t>(*rows.rows[1][0]) == 1704067200000001);
}

TEST_CASE("writes with equal timestamps keep the greater value as unsigned bytes") {
  Fixture f;
  f.create_table("t", {{"k", "int"}, {"v", "int"}}, {"k"});
  auto write = [&](std::string_view v) {
    ast::Insert ins;
    ins.table = {{}, "t"};
    ins.columns = ast::Vec<std::string_view>{"k", "v"};
    ins.values = ast::Vec<ast::Term>{num("0"), num(v)};
    ins.timestamp = num("5");
    f.run(ins);
  };
  auto value = [&] { return ints(f.select(select_from("t")), 1); };
  write("1");
  write("2");
  write("1");
  CHECK(value() == Ints{2});
  write("-1");  // ffffffff is the greatest as unsigned bytes
  write("2");
  CHECK(value() == Ints{-1});
  SUBCASE("a later timestamp wins whatever the value") {
    ast::Insert ins;
    ins.table = {{}, "t"};
    ins.columns = ast::Vec<std::string_view>{"k", "v"};
    ins.values = ast::Vec<ast::Term>{num("0"), num("0")};
    ins.timestamp = num("6");
    f.run(ins);
    CHECK(value() == Ints{0});
  }
  SUBCASE("an explicit null at the same timestamp wins (tombstone beats live)") {
    ast::Insert ins;
    ins.table = {{}, "t"};
    ins.columns = ast::Vec<std::string_view>{"k", "v"};
    ins.values = ast::Vec<ast::Term>{num("0"), null_term()};
    ins.timestamp = num("5");
    f.run(ins);
    CHECK(value() == Ints{std::nullopt});
  }
}

TEST_CASE("messages quote case-sensitive table names") {
  Fixture f;
  f.create_table("MyTable", {{"k", "int"}, {"v", "int"}}, {"k"});
  ast::Select s = select_from("MyTable");
  s.where.push_back(eq("x", num("1")));
  CHECK(f.error_of(s) == "Undefined column name x in table ks.\"MyTable\"");
}

TEST_CASE("SELECT checks run in Cassandra's order (spec §5.1)") {
  Fixture f;
  f.create_table("t", {{"k1", "int"}, {"k2", "int"}, {"c1", "int"}, {"c2", "int"}, {"v", "int"}}, {"k1", "k2"},
                 {"c1", "c2"});
  ast::Select s = select_from("t");
  SUBCASE("per-relation errors come before the partition-key check") {
    s.where.push_back(eq("k1", num("0")));
    s.where.push_back(rel("c1", ast::Operator::Neq, {num("1")}));
    CHECK(f.error_of(s) == "Unsupported \"!=\" relation: c1 != 1");
  }
  SUBCASE("the partition-key check comes before the clustering order check") {
    s.where.push_back(eq("k1", num("0")));
    s.where.push_back(eq("c2", num("1")));
    CHECK(f.error_of(s) == kAllowFiltering);
  }
  SUBCASE("the clustering order check comes before regular-column filtering") {
    s.where.push_back(eq("k1", num("0")));
    s.where.push_back(eq("k2", num("0")));
    s.where.push_back(eq("v", num("1")));
    s.where.push_back(eq("c2", num("1")));
    CHECK(f.error_of(s) ==
          "PRIMARY KEY column \"c2\" cannot be restricted as preceding column \"c1\" is not "
          "restricted");
  }
  SUBCASE("with ALLOW FILTERING a skipped clustering column is allowed") {
    s.where.push_back(eq("c2", num("1")));
    s.allow_filtering = true;
    CHECK(f.error_of(s) == "");
  }
  SUBCASE("LIMIT is checked after everything else") {
    s.where.push_back(eq("v", num("1")));
    s.limit = num("0");
    CHECK(f.error_of(s) == kAllowFiltering);
  }
}
