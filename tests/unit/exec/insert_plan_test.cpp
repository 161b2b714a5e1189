// The insert plan (exec/insert_plan.cpp) for a prepared INSERT: bound bytes go in as they are,
// and whatever the plan must not judge goes the general way, which gives Cassandra's error.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/insert_plan.hpp"
#include "parse/parser.hpp"

namespace exec = cqlbox::exec;
namespace parse = cqlbox::parse;
namespace ast = cqlbox::ast;

namespace {

struct Fixture {
  exec::Database db;
  exec::Session session;
  parse::Parser parser;
  Fixture() {
    (void)exec::execute(
        db, session,
        parser.parse("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
    (void)exec::execute(
        db, session,
        parser.parse("CREATE TABLE ks.t (k int, c text, v bigint, s frozen<set<int>>, PRIMARY KEY (k, c))"));
  }
  // Runs `statement` with `values` bound; the error message, or "".
  std::string run(const ast::Statement& statement, std::size_t markers, std::vector<exec::BoundValue> values) {
    session.bound = &values;
    session.markers = markers;
    session.prepared = true;
    std::string message;
    try {
      (void)exec::execute(db, session, statement);
    } catch (const cqlbox::error::CqlError& e) {
      message = e.message;
    }
    session.bound = nullptr;
    session.markers = 0;
    session.prepared = false;
    return message;
  }
  std::string select_all() {
    const exec::Result r = exec::execute(db, session, parser.parse("SELECT k, c, v FROM ks.t"));
    std::string out;
    for (const auto& row : std::get<exec::Rows>(r).rows)
      for (const auto& value : row) out += (value ? *value : std::string("<null>")) + "|";
    return out;
  }
};

exec::BoundValue set(const std::string& bytes) { return {exec::BoundValue::State::Set, bytes}; }

}  // namespace

TEST_CASE("a prepared INSERT has a plan, and its bound values land as the text INSERT's would") {
  Fixture f;
  const auto prepared = parse::parse_owned("INSERT INTO ks.t (k, c, v) VALUES (?, ?, ?)");
  const auto& insert = std::get<ast::Insert>(prepared->statement);
  CHECK(insert.shape != 0);
  CHECK(exec::insert_plan(f.db, f.session, insert) != nullptr);
  const std::string k("\0\0\0\1", 4), v("\0\0\0\0\0\0\0\x2a", 8), c("a");
  CHECK(f.run(prepared->statement, 3, {set(k), set(c), set(v)}).empty());
  const std::string bound = f.select_all();
  Fixture g;
  (void)exec::execute(g.db, g.session, g.parser.parse("INSERT INTO ks.t (k, c, v) VALUES (1, 'a', 42)"));
  CHECK(bound == g.select_all());
}

TEST_CASE("what the plan must not judge goes the general way, with Cassandra's errors") {
  Fixture f;
  const auto prepared = parse::parse_owned("INSERT INTO ks.t (k, c, v) VALUES (?, ?, ?)");
  const std::string k("\0\0\0\1", 4), v("\0\0\0\0\0\0\0\x2a", 8);
  // An int of three bytes: IntegerSerializer's message.
  CHECK(f.run(prepared->statement, 3, {set(std::string("\0\0\1", 3)), set("a"), set(v)}) ==
        "Expected 4 or 0 byte int (3)");
  // A null partition key and an unset clustering column.
  CHECK(f.run(prepared->statement, 3, {{exec::BoundValue::State::Null, {}}, set("a"), set(v)}) ==
        "Invalid null value in condition for column k");
  CHECK(f.run(prepared->statement, 3, {set(k), {exec::BoundValue::State::Unset, {}}, set(v)}) ==
        "Invalid unset value for column c");
  // Too few values.
  CHECK(f.run(prepared->statement, 3, {set(k), set("a")}) == "there were 3 markers(?) in CQL but 2 bound variables");
  // A null regular value writes a tombstone, as with the text INSERT.
  CHECK(f.run(prepared->statement, 3, {set(k), set("b"), {exec::BoundValue::State::Null, {}}}).empty());
  CHECK(f.select_all() == std::string("\0\0\0\1|b|<null>|", 14));
}

TEST_CASE("a frozen set bound to a planned INSERT is brought into order by the general way") {
  Fixture f;
  const auto prepared = parse::parse_owned("INSERT INTO ks.t (k, c, s) VALUES (?, ?, ?)");
  CHECK(exec::insert_plan(f.db, f.session, std::get<ast::Insert>(prepared->statement)) != nullptr);
  // {2, 1} as sent: the stored set is {1, 2}.
  const std::string two_one("\0\0\0\2\0\0\0\4\0\0\0\2\0\0\0\4\0\0\0\1", 20);
  CHECK(f.run(prepared->statement, 3, {set(std::string("\0\0\0\1", 4)), set("a"), set(two_one)}).empty());
  const exec::Result r = exec::execute(f.db, f.session, f.parser.parse("SELECT s FROM ks.t"));
  const auto& rows = std::get<exec::Rows>(r).rows;
  REQUIRE(rows.size() == 1);
  CHECK(*rows[0][0] == std::string("\0\0\0\2\0\0\0\4\0\0\0\1\0\0\0\4\0\0\0\2", 20));
}
