// StatementSplitter: cqlsh's statement cutting (cassandra.md §3.1 lexer, §2.2 "the text sent to
// the server ... from the first token of the statement through its ';' ... leading comments/blank
// lines are not sent").
#include "parse/splitter.hpp"

#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "parse/lex_check.hpp"

using cqlbox::parse::CutStatements;
using cqlbox::parse::StatementSplitter;

// Readable failure output for lists of statements.
namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& v) {
    std::string s = "{";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", \"" : "\"") + v[i] + "\"";
    return (s + "}").c_str();
  }
};
}  // namespace doctest

namespace {

// Feeds `lines` to a fresh splitter and returns the completed statements.
std::vector<std::string> split(std::initializer_list<std::string_view> lines) {
  StatementSplitter s;
  std::vector<std::string> done;
  for (auto line : lines) s.feed_line(line, done);
  return done;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("several statements on one line are cut at each ';'") {
  CHECK(split({"SELECT 1; SELECT 2;"}) == Strings{"SELECT 1;", "SELECT 2;"});
  CHECK(split({"USE ks;INSERT INTO t (k) VALUES (1);  SELECT * FROM t;"}) ==
        Strings{"USE ks;", "INSERT INTO t (k) VALUES (1);", "SELECT * FROM t;"});
}

TEST_CASE("a statement spans lines and keeps its newlines and indentation") {
  CHECK(split({"SELECT *", "  FROM t", "WHERE k = 1;"}) == Strings{"SELECT *\n  FROM t\nWHERE k = 1;"});
}

TEST_CASE("blank lines before a statement are not part of it") {
  CHECK(split({"", "   ", "\t", "SELECT 1;"}) == Strings{"SELECT 1;"});
  CHECK(split({"   SELECT 1;"}) == Strings{"SELECT 1;"});
}

TEST_CASE("';' inside a single-quoted string does not end the statement") {
  CHECK(split({"INSERT INTO t (k, v) VALUES (1, 'a;b');"}) == Strings{"INSERT INTO t (k, v) VALUES (1, 'a;b');"});
  SUBCASE("with a doubled quote") {
    CHECK(split({"INSERT INTO t (k, v) VALUES (1, 'it''s; fine');"}) ==
          Strings{"INSERT INTO t (k, v) VALUES (1, 'it''s; fine');"});
    CHECK(split({"SELECT '''';"}) == Strings{"SELECT '''';"});
  }
  SUBCASE("across lines") {
    CHECK(split({"INSERT INTO t (k, v) VALUES (1, 'a", "b;c');"}) ==
          Strings{"INSERT INTO t (k, v) VALUES (1, 'a\nb;c');"});
  }
}

TEST_CASE("';' inside a quoted name does not end the statement") {
  CHECK(split({"SELECT \"a;b\" FROM t;"}) == Strings{"SELECT \"a;b\" FROM t;"});
  CHECK(split({"SELECT \"a\"\";b\" FROM t;"}) == Strings{"SELECT \"a\"\";b\" FROM t;"});
}

TEST_CASE("';' inside a $$ string does not end the statement") {
  CHECK(split({"INSERT INTO t (k, v) VALUES (1, $$a;b$$);"}) == Strings{"INSERT INTO t (k, v) VALUES (1, $$a;b$$);"});
  CHECK(split({"INSERT INTO t (k, v) VALUES (1, $$a'b", "c;d$$);"}) ==
        Strings{"INSERT INTO t (k, v) VALUES (1, $$a'b\nc;d$$);"});
}

TEST_CASE("line comments hide the rest of their line") {
  SUBCASE("-- after a statement") {
    StatementSplitter s;
    std::vector<std::string> done;
    s.feed_line("SELECT 1; -- comment; SELECT 2;", done);
    CHECK(done == Strings{"SELECT 1;"});
    CHECK_FALSE(s.in_statement());
  }
  SUBCASE("// on its own line") { CHECK(split({"// SELECT 2;", "SELECT 1;"}) == Strings{"SELECT 1;"}); }
  SUBCASE("-- leading comment is not part of the statement text") {
    CHECK(split({"-- the users", "SELECT * FROM users;"}) == Strings{"SELECT * FROM users;"});
  }
  SUBCASE("a comment inside a statement stays in its text") {
    CHECK(split({"SELECT * -- the columns; all", "FROM t;"}) == Strings{"SELECT * -- the columns; all\nFROM t;"});
  }
  SUBCASE("comment markers inside strings are text") {
    CHECK(split({"INSERT INTO t (k, v) VALUES (1, '-- not; // a /* comment');"}) ==
          Strings{"INSERT INTO t (k, v) VALUES (1, '-- not; // a /* comment');"});
  }
}

TEST_CASE("block comments hide ';' and may span lines") {
  SUBCASE("leading block comment on the same line") { CHECK(split({"/* a; b */ SELECT 1;"}) == Strings{"SELECT 1;"}); }
  SUBCASE("multi-line leading block comment") {
    StatementSplitter s;
    std::vector<std::string> done;
    s.feed_line("/* start", done);
    CHECK(s.in_literal());
    CHECK_FALSE(s.in_statement());
    s.feed_line("still ; inside", done);
    CHECK(done.empty());
    CHECK(s.in_literal());
    s.feed_line("end */ SELECT 1;", done);
    CHECK(done == Strings{"SELECT 1;"});
    CHECK_FALSE(s.in_literal());
    CHECK_FALSE(s.in_statement());
  }
  SUBCASE("block comment inside a statement stays in its text") {
    CHECK(split({"SELECT /* x; */ * FROM t;"}) == Strings{"SELECT /* x; */ * FROM t;"});
    CHECK(split({"SELECT * /* one;", "two; */ FROM t;"}) == Strings{"SELECT * /* one;\ntwo; */ FROM t;"});
  }
}

TEST_CASE("in_statement and in_literal follow the input") {
  StatementSplitter s;
  std::vector<std::string> done;
  CHECK_FALSE(s.in_statement());
  CHECK_FALSE(s.in_literal());
  s.feed_line("SELECT *", done);
  CHECK(s.in_statement());
  CHECK_FALSE(s.in_literal());
  s.feed_line("FROM t WHERE v = 'abc", done);
  CHECK(s.in_statement());
  CHECK(s.in_literal());
  s.feed_line("def';", done);
  CHECK_FALSE(s.in_statement());
  CHECK_FALSE(s.in_literal());
  CHECK(done == Strings{"SELECT *\nFROM t WHERE v = 'abc\ndef';"});

  SUBCASE("quoted names and $$ strings are literals too") {
    s.feed_line("SELECT \"a", done);
    CHECK(s.in_literal());
    s.reset();
    CHECK_FALSE(s.in_statement());
    CHECK_FALSE(s.in_literal());
    s.feed_line("SELECT $$a", done);
    CHECK(s.in_literal());
  }
  SUBCASE("a comment alone does not start a statement") {
    s.feed_line("-- nothing here", done);
    CHECK_FALSE(s.in_statement());
  }
}

TEST_CASE("a statement left open after a complete one continues on the next line") {
  StatementSplitter s;
  std::vector<std::string> done;
  s.feed_line("SELECT 1; SELECT", done);
  CHECK(done == Strings{"SELECT 1;"});
  CHECK(s.in_statement());
  s.feed_line("2;", done);
  CHECK(done == Strings{"SELECT 1;", "SELECT\n2;"});
}

TEST_CASE("take_pending returns an unfinished statement and resets") {
  StatementSplitter s;
  std::vector<std::string> done;
  s.feed_line("SELECT *", done);
  s.feed_line("FROM t", done);
  CHECK(s.take_pending() == "SELECT *\nFROM t");
  CHECK_FALSE(s.in_statement());
  s.feed_line("SELECT 1;", done);
  CHECK(done == Strings{"SELECT 1;"});
}

// Spec §3.1 (cqlsh's cql_split_statements): a batch's inner ';' do not end it.
TEST_CASE("BEGIN BATCH … APPLY BATCH; is kept together") {
  CHECK(
      split({"BEGIN BATCH", "INSERT INTO t (k) VALUES (1);", "INSERT INTO t (k) VALUES (2);", "APPLY BATCH;",
             "SELECT 1;"}) ==
      Strings{"BEGIN BATCH\nINSERT INTO t (k) VALUES (1);\nINSERT INTO t (k) VALUES (2);\nAPPLY BATCH;", "SELECT 1;"});
  CHECK(split({"BEGIN UNLOGGED BATCH INSERT INTO t (k) VALUES (1); APPLY BATCH;"}) ==
        Strings{"BEGIN UNLOGGED BATCH INSERT INTO t (k) VALUES (1); APPLY BATCH;"});
}

TEST_CASE("cut statements reuse their strings, but not a big statement's") {
  StatementSplitter s;
  CutStatements done;
  s.feed_line("SELECT 1;", done);
  REQUIRE(done.size() == 1);
  CHECK(done[0] == "SELECT 1;");
  const std::string big = "SELECT '" + std::string(100 * 1024, 'x') + "';";
  done.clear();
  s.feed_line(big, done);
  REQUIRE(done.size() == 1);
  CHECK(done[0] == big);
  // The next statement takes the big buffer back from the list: it is freed, not kept.
  {
    CutStatements list;
    std::string text(100 * 1024, 'x'), small = "abc";
    list.take(text);
    list.clear();
    list.take(small);
    CHECK(small.capacity() <= CutStatements::kKeptCapacity);
    CHECK(list[0] == "abc");
  }
  done.clear();
  s.feed_line("SELECT 2;", done);
  REQUIRE(done.size() == 1);
  CHECK(done[0] == "SELECT 2;");
  CHECK(s.pending().empty());
  done.clear();
  s.feed_line("SELECT 3; SELECT 4;", done);
  REQUIRE(done.size() == 2);
  CHECK(done[0] == "SELECT 3;");
  CHECK(done[1] == "SELECT 4;");
}

TEST_CASE("printable_ascii: every byte value, at every place in and past a 16-byte block") {
  for (int b = 0; b < 256; ++b) {
    const bool printable = (b >= 0x20 && b <= 0x7e) || b == '\t';
    for (std::size_t at : {0u, 5u, 15u, 16u, 17u, 31u, 40u}) {
      std::string line(41, 'a');
      line[at] = static_cast<char>(b);
      CAPTURE(b);
      CAPTURE(at);
      CHECK(cqlbox::parse::printable_ascii(line) == printable);
      CHECK(cqlbox::parse::printable_ascii(std::string_view(line).substr(0, at + 1)) == printable);
    }
  }
  CHECK(cqlbox::parse::printable_ascii(""));
}

TEST_CASE("splitter: special characters found at every place in and past a 16-byte block") {
  // The run scan tests 16 bytes at a time: a ';' or quote anywhere must still end the run.
  for (std::size_t at = 0; at < 40; ++at) {
    std::string line = "SELECT " + std::string(at, 'x') + ";SELECT 'a;b' ;";
    cqlbox::parse::StatementSplitter splitter;
    std::vector<std::string> done;
    splitter.feed_line(line, done);
    REQUIRE(done.size() == 2);
    CHECK(done[0] == "SELECT " + std::string(at, 'x') + ";");
    CHECK(done[1] == "SELECT 'a;b' ;");
  }
}
