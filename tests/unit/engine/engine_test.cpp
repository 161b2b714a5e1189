// The engine (engine/engine.hpp): every statement runs through execute(), which logs what
// changes state before it runs (with --data) and takes back the record of one that failed.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "engine/engine.hpp"
#include "exec/executor.hpp"
#include "error/cql_error.hpp"
#include "parse/parser.hpp"

namespace engine = cqlbox::engine;
namespace exec = cqlbox::exec;

namespace {

struct TempDir {
  std::string path;
  TempDir() {
    char pattern[] = "/tmp/cqlbox-engine-XXXXXX";
    path = mkdtemp(pattern);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

void run(engine::Engine& e, exec::Session& session, const std::string& text) {
  cqlbox::parse::Parser parser;
  std::lock_guard lock(e.mutex());
  (void)e.execute(parser.parse(text), text, session);
}

std::size_t rows(engine::Engine& e, const std::string& text) {
  exec::Session session;
  cqlbox::parse::Parser parser;
  const exec::Result r = exec::execute(e.db(), session, parser.parse(text));
  return std::get<exec::Rows>(r).rows.size();
}

// Opens `e` on `dir` with ks.t (k int PRIMARY KEY, v int) replicated to all three nodes.
void open_with_rf3_table(engine::Engine& e, exec::Session& session, const std::string& dir) {
  REQUIRE(e.open_data({dir}) == "");
  run(e, session, "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
  run(e, session, "CREATE TABLE ks.t (k int PRIMARY KEY, v int)");
}

// The error `text` fails with (a test failure when it succeeds).
cqlbox::error::CqlError error_of(engine::Engine& e, exec::Session& session, const std::string& text) {
  try {
    run(e, session, text);
  } catch (const cqlbox::error::CqlError& err) {
    return err;
  }
  FAIL("no error from: " << text);
  return cqlbox::error::CqlError(cqlbox::error::ErrorClass::ServerError, "");
}

}  // namespace

TEST_CASE("what the engine ran with --data is there after a restart, and a failed statement is not") {
  TempDir dir;
  {
    engine::Engine e;
    REQUIRE(e.open_data({dir.path}) == "");
    CHECK(e.durable());
    exec::Session session;
    run(e, session, "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    run(e, session, "CREATE TABLE ks.t (k int PRIMARY KEY, v int)");
    run(e, session, "INSERT INTO ks.t (k, v) VALUES (1, 1)");
    CHECK_THROWS_AS(run(e, session, "INSERT INTO ks.t (k, v) VALUES (2, 'two')"), cqlbox::error::CqlError);
    // A bound INSERT is logged with its values.
    cqlbox::parse::Parser parser;
    const std::string text = "INSERT INTO ks.t (k, v) VALUES (?, ?)";
    const std::string three("\0\0\0\3", 4);
    std::vector<exec::BoundValue> values{{exec::BoundValue::State::Set, three}, {exec::BoundValue::State::Set, three}};
    session.bound = &values;
    session.markers = 2;
    std::lock_guard lock(e.mutex());
    (void)e.execute(parser.parse(text), text, session, &values);
    CHECK(e.sync() == "");
    e.close();
  }
  engine::Engine again;
  REQUIRE(again.open_data({dir.path}) == "");
  CHECK(rows(again, "SELECT * FROM ks.t") == 2);
  CHECK(rows(again, "SELECT * FROM ks.t WHERE k = 3") == 1);
  // A flush moves it all into a data file; a third start reads it from there.
  CHECK(again.flush() == "");
  again.close();
  engine::Engine third;
  REQUIRE(third.open_data({dir.path}) == "");
  CHECK(rows(third, "SELECT * FROM ks.t") == 2);
}

TEST_CASE("without --data the engine runs statements and writes nothing") {
  engine::Engine e;
  exec::Session session;
  CHECK_FALSE(e.durable());
  run(e, session, "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  CHECK(e.flush() == "");
  CHECK(e.sync() == "");
  CHECK(rows(e, "SELECT * FROM system_schema.keyspaces WHERE keyspace_name = 'ks'") == 1);
}

TEST_CASE("a write that timed out on a slow replica stays logged; a CAS that timed out does not") {
  // WriteTimeout does not undo a write (it reached the replicas that answered, and reaches the
  // slow one late), so it must survive a restart as it survives in memory. Paxos times out in
  // its prepare, before anything is proposed: nothing to keep.
  TempDir dir;
  {
    engine::Engine e;
    exec::Session session;
    open_with_rf3_table(e, session, dir.path);
    e.db().ring.set_slow(1, true);
    session.consistency = 5;  // ALL
    const auto simple = error_of(e, session, "INSERT INTO ks.t (k, v) VALUES (1, 1)");
    CHECK(simple.cls == cqlbox::error::ErrorClass::WriteTimeout);
    CHECK(simple.write_type == "SIMPLE");
    CHECK(simple.received == 2);
    CHECK(simple.required == 3);
    e.db().ring.set_slow(2, true);
    session.consistency = 4;  // QUORUM
    const auto cas = error_of(e, session, "INSERT INTO ks.t (k, v) VALUES (2, 2) IF NOT EXISTS");
    CHECK(cas.cls == cqlbox::error::ErrorClass::WriteTimeout);
    CHECK(cas.write_type == "CAS");
    CHECK(rows(e, "SELECT * FROM ks.t") == 1);
    CHECK(e.sync() == "");
    e.close();
  }
  engine::Engine again;
  REQUIRE(again.open_data({dir.path}) == "");
  CHECK(rows(again, "SELECT * FROM ks.t WHERE k = 1") == 1);
  CHECK(rows(again, "SELECT * FROM ks.t WHERE k = 2") == 0);
}

TEST_CASE("a TRUNCATE that timed out on a slow node has truncated, and stays logged") {
  TempDir dir;
  {
    engine::Engine e;
    exec::Session session;
    open_with_rf3_table(e, session, dir.path);
    run(e, session, "INSERT INTO ks.t (k, v) VALUES (1, 1)");
    e.db().ring.set_slow(2, true);
    const auto err = error_of(e, session, "TRUNCATE ks.t");
    CHECK(err.cls == cqlbox::error::ErrorClass::TruncateError);
    CHECK(err.message == "Error during truncate: Truncate timed out - received only 2 responses");
    CHECK(rows(e, "SELECT * FROM ks.t") == 0);
    CHECK(e.sync() == "");
    e.close();
  }
  engine::Engine again;
  REQUIRE(again.open_data({dir.path}) == "");
  CHECK(rows(again, "SELECT * FROM ks.t") == 0);
}
