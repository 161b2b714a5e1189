// StatementCache / Parser: statements differing only in literals reuse one AST with the new
// literals patched in, and anything the shape cannot stand for is parsed afresh.
#include "parse/statement_cache.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "error/cql_error.hpp"
#include "parse/parser.hpp"

namespace ast = cqlbox::ast;
using cqlbox::parse::Literal;
using cqlbox::parse::Parser;

namespace {

std::string shape(std::string_view text) {
  std::string key;
  std::vector<Literal> lits;
  if (!cqlbox::parse::cut_shape(text, key, lits)) return "<none>";
  for (char& c : key)
    if (c == '\x01') c = '#';
  return key;
}

}  // namespace

TEST_CASE("cut_shape: literals become markers of their kind, words and names stay") {
  CHECK(shape("INSERT INTO t (a, \"B\") VALUES (1, 'x''y')") == shape("INSERT INTO t (a, \"B\") VALUES (22, 'z')"));
  CHECK(shape("SELECT * FROM t WHERE k = 1") != shape("SELECT * FROM t WHERE k = 1.5"));
  CHECK(shape("SELECT * FROM t WHERE k = 1") != shape("SELECT * FROM t WHERE k = '1'"));
  CHECK(shape("SELECT * FROM t WHERE k = 1h") != shape("SELECT * FROM t WHERE k = 1"));
  CHECK(shape("SELECT * FROM t WHERE k = 0xff") != shape("SELECT * FROM t WHERE k = 1"));
  CHECK(shape("SELECT * FROM t1 WHERE k = 1") != shape("SELECT * FROM t2 WHERE k = 1"));
  // A uuid starting with a letter is a literal, not a word.
  CHECK(shape("SELECT * FROM t WHERE k = a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11") ==
        shape("SELECT * FROM t WHERE k = 10eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
  CHECK(shape("SELECT * FROM t -- comment") == "<none>");
  CHECK(shape("SELECT * FROM t /* c */") == "<none>");
  CHECK(shape("SELECT * FROM t WHERE k = 'open") == "<none>");
  CHECK(shape("SELECT * FROM t WHERE k = 12abc") == "<none>");
}

TEST_CASE("Parser: a second statement of one shape gets its own literals") {
  Parser p;
  {
    const auto& st = p.parse("INSERT INTO t (k, v, s) VALUES (1, 2.5, 'it''s')");
    const auto& ins = std::get<ast::Insert>(st);
    CHECK(ins.values[2].text == "it's");
  }
  CHECK(p.cached_shapes() == 1);
  std::string second = "INSERT INTO t (k, v, s) VALUES (12345, -0.25, 'a''b''c')";
  const auto& st = p.parse(second);
  CHECK(p.cached_shapes() == 1);
  const auto& ins = std::get<ast::Insert>(st);
  REQUIRE(ins.values.size() == 3);
  CHECK(ins.table.name == "t");
  CHECK(ins.values[0].kind == ast::TermKind::Integer);
  CHECK(ins.values[0].text == "12345");
  CHECK(ins.values[0].offset == second.find("12345"));
  CHECK(ins.values[1].kind == ast::TermKind::Float);
  CHECK(ins.values[1].text == "-0.25");
  CHECK(ins.values[2].text == "a'b'c");
  CHECK(ins.values[2].offset == second.find("'a"));
}

TEST_CASE("Parser: collections, USING and LIMIT are patched; every term offset follows its literal") {
  Parser p;
  (void)p.parse("UPDATE t USING TTL 5 SET l = [1, 2] WHERE k = 'a'");
  std::string text = "UPDATE t USING TTL 500 SET l = [10, 20] WHERE k = 'bb'";
  const auto& up = std::get<ast::Update>(p.parse(text));
  CHECK(up.ttl->text == "500");
  const ast::Term& list = up.assignments[0].value;
  REQUIRE(list.items.size() == 2);
  CHECK(list.items[1].text == "20");
  CHECK(up.where[0].values[0].text == "bb");

  (void)p.parse("SELECT v FROM t WHERE k = 1 LIMIT 10");
  const auto& sel = std::get<ast::Select>(p.parse("SELECT v FROM t WHERE k = 7 LIMIT 3"));
  CHECK(sel.limit->text == "3");
  CHECK(sel.where[0].values[0].text == "7");
}

TEST_CASE("Parser: a negative number is not a literal of the shape") {
  // In a select list '-2' is a negation of 2; in a term it is one constant. Sharing a shape
  // with 's * 2' would hand the selector the wrong tree.
  CHECK(shape("SELECT s * 2 FROM t") != shape("SELECT s * -2 FROM t"));
  Parser p;
  (void)p.parse("SELECT -1 FROM t");
  const auto& sel = std::get<ast::Select>(p.parse("SELECT -1 FROM t"));
  REQUIRE(sel.selectors.size() == 1);
  Parser fresh;
  const auto& expect = std::get<ast::Select>(fresh.parse("SELECT -1 FROM t"));
  CHECK(sel.selectors[0].kind == expect.selectors[0].kind);
}

TEST_CASE("Parser: what the shape cannot stand for is not cached") {
  Parser p;
  (void)p.parse("INSERT INTO t JSON '{\"k\": 1}'");
  CHECK(p.cached_shapes() == 0);
  (void)p.parse("CREATE TABLE t (k int PRIMARY KEY, v vector<float, 3>)");
  CHECK(p.cached_shapes() == 0);
  (void)p.parse("SELECT * FROM t WHERE k = NaN");
  CHECK(p.cached_shapes() == 0);
  // A syntax error caches nothing, and the same error comes back the second time.
  for (int i = 0; i < 2; ++i) {
    try {
      (void)p.parse("SELECT * FROM t WHERE k = 1 2");
      FAIL("parsed");
    } catch (const cqlbox::error::CqlError& e) {
      CHECK(e.message.find("line 1:28") != std::string::npos);
    }
  }
  CHECK(p.cached_shapes() == 0);
}

TEST_CASE("Parser: bind markers are numbered in the order they appear, cached or not") {
  Parser p;
  for (int round = 0; round < 2; ++round) {  // the second parse is a cache hit
    const auto& up = std::get<ast::Update>(p.parse("UPDATE t USING TTL ? SET v = :val WHERE k = ? AND c IN ?"));
    CHECK(p.markers() == 4);
    CHECK(up.ttl->kind == ast::TermKind::Bind);
    CHECK(up.ttl->bind_index == 0);
    CHECK(up.assignments[0].value.bind_index == 1);
    CHECK(up.assignments[0].value.text == "val");
    CHECK(up.where[0].values[0].bind_index == 2);
    CHECK(up.where[1].in_marker);
    CHECK(up.where[1].values[0].bind_index == 3);
  }
  const auto& ins = std::get<ast::Insert>(p.parse("INSERT INTO t (a, b) VALUES (?, [?, ?]) USING TIMESTAMP ?"));
  CHECK(p.markers() == 4);
  CHECK(ins.values[1].items[1].bind_index == 2);
  CHECK(ins.timestamp->bind_index == 3);
  (void)p.parse("SELECT * FROM t WHERE k = 1");
  CHECK(p.markers() == 0);
}

TEST_CASE("Parser: a statement matched against the last one's shape reads as a fresh parse does") {
  // The cache first compares a statement with the previous hit's text outside its literals;
  // whatever it accepts must give the terms a parse from scratch gives.
  const char* texts[] = {
      "INSERT INTO t (k, v, s) VALUES (1, 2.5, 'a')",
      "INSERT INTO t (k, v, s) VALUES (1, 2.5, 'a')",
      "INSERT INTO t (k, v, s) VALUES (123456, 0.125, 'it''s')",
      "INSERT INTO t (k, v, s) VALUES (7, 2.5, $$dollar ' quoted$$)",
      "INSERT INTO t (k, v, s) VALUES (7, 25, 'int where a float was')",
      "INSERT INTO t (k, v, s) VALUES (7, 2e5, 'exponent')",
      "INSERT INTO t (k, v, s) VALUES (a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11, 1.5, 'uuid')",
      "INSERT INTO t (k, v, s) VALUES (0xff, 1.5, 'blob')",
      "INSERT INTO t (k, v, s) VALUES (1h, 1.5, 'duration')",
      "INSERT INTO t (k, v, s) VALUES (8, 1.5, 'back')",
      "INSERT INTO t (k, v, s) VALUES (9, 1.5, 'b') USING TTL 5",
      "INSERT INTO t (k, v, s) VALUES (9, 1.5, 'b')",
  };
  Parser cached;
  for (const char* text : texts) {
    CAPTURE(text);
    const auto& got = std::get<ast::Insert>(cached.parse(text));
    Parser fresh;
    const auto& want = std::get<ast::Insert>(fresh.parse(text));
    REQUIRE(got.values.size() == want.values.size());
    for (std::size_t i = 0; i < want.values.size(); ++i) {
      CHECK(got.values[i].kind == want.values[i].kind);
      CHECK(got.values[i].text == want.values[i].text);
      CHECK(got.values[i].offset == want.values[i].offset);
    }
    CHECK(got.ttl.has_value() == want.ttl.has_value());
  }
  // A word where the last statement had a number is another shape, and its own error.
  (void)cached.parse("SELECT * FROM t WHERE k = 1");
  CHECK_THROWS_WITH_AS(cached.parse("SELECT * FROM t WHERE k = k1"), "line 0:-1 mismatched input '<EOF>' expecting '('",
                       cqlbox::error::CqlError);
}

TEST_CASE("Parser: a word that may now begin a uuid reads as a fresh parse reads it") {
  // cut_shape looks 8 bytes past a hex-initial word for a '-': with longer literals after it
  // the same fixed text could start a uuid, so the last-hit match leaves it to cut_shape.
  Parser p;
  for (const char* text : {"SELECT deadbeef-1-2-3-4 FROM t WHERE k = 0",
                           "SELECT deadbeef-1234-1234-1234-123456789012 FROM t WHERE k = 0"}) {
    CAPTURE(text);
    const auto& got = std::get<ast::Select>(p.parse(text));
    Parser fresh;
    const auto& want = std::get<ast::Select>(fresh.parse(text));
    REQUIRE(got.selectors.size() == want.selectors.size());
    CHECK(got.selectors[0].kind == want.selectors[0].kind);
    CHECK(got.selectors[0].args.size() == want.selectors[0].args.size());
  }
}

TEST_CASE("Parser: parse_line takes a line that is one statement of the last shape, and nothing else") {
  Parser p;
  std::string_view text;
  // Nothing is known yet, and a shape known without its ';' was not cut by the shell's splitter.
  CHECK(p.parse_line("INSERT INTO t (k, v) VALUES (1, 'a');", text) == nullptr);
  (void)p.parse("INSERT INTO t (k, v) VALUES (1, 'a')");
  (void)p.parse("INSERT INTO t (k, v) VALUES (2, 'b')");
  CHECK(p.parse_line("INSERT INTO t (k, v) VALUES (3, 'c')", text) == nullptr);

  (void)p.parse("INSERT INTO t (k, v) VALUES (1, 'a');");
  (void)p.parse("INSERT INTO t (k, v) VALUES (2, 'b');");  // (the shape found last)
  const std::string line = " \tINSERT INTO t (k, v) VALUES (42, 'it''s; -- x');  \t";
  const ast::Statement* got = p.parse_line(line, text);
  REQUIRE(got != nullptr);
  CHECK(text == "INSERT INTO t (k, v) VALUES (42, 'it''s; -- x');");
  const auto& insert = std::get<ast::Insert>(*got);
  REQUIRE(insert.values.size() == 2);
  CHECK(insert.values[0].text == "42");
  CHECK(insert.values[1].text == "it's; -- x");
  // Offsets are the statement's, as a parse of `text` gives them.
  Parser fresh;
  const auto& want = std::get<ast::Insert>(fresh.parse(text));
  CHECK(insert.values[1].offset == want.values[1].offset);

  // What the splitter would cut otherwise, or the lexer refuse, is left to them.
  for (const char* other : {
           "INSERT INTO t (k, v) VALUES (1, 'a'); INSERT INTO t (k, v) VALUES (2, 'b');",
           "INSERT INTO t (k, v) VALUES (1, 'a'); -- a comment",
           "INSERT INTO t (k, v) VALUES (1, 'a') -- a comment",
           "INSERT INTO t (k, v) VALUES (1, 'a')",
           "INSERT INTO t (k, v) VALUES (1, 'a');;",
           "INSERT INTO t (k, v) VALUES (1, 'a\x01');",
           "INSERT INTO t (k, v) VALUES (1, 'a\x7f');",
           "INSERT INTO t (k, v) VALUES (1, 'a\r');",
           "INSERT INTO t (k, v) VALUES (1, 'a\n');",
           "INSERT INTO t (k, v) VALUES (1, 'a');\r",
           "INSERT INTO t (k, v) VALUES (1, 'a'); \xc3\xa9",
           "\xc3\xa9INSERT INTO t (k, v) VALUES (1, 'a');",
           "INSERT INTO t (k, v) VALUES (1, 'a');\v",
           "INSERT INTO t (k, v) VALUES (1.5, 'a');",
           "INSERT INTO t (k, v) VALUES (1, 'a';",
           "insert INTO t (k, v) VALUES (1, 'a');",
       }) {
    CAPTURE(other);
    CHECK(p.parse_line(other, text) == nullptr);
  }
  // A failed try changes nothing a parse then reads.
  const auto& after = std::get<ast::Insert>(p.parse("INSERT INTO t (k, v) VALUES (7, 'z');"));
  CHECK(after.values[0].text == "7");
  CHECK(after.values[1].text == "z");

  // A string may hold UTF-8: cqlsh's lexer takes any byte inside one.
  const ast::Statement* utf8 = p.parse_line("INSERT INTO t (k, v) VALUES (8, '\u0434\u0430\u6771\u4eac');", text);
  REQUIRE(utf8 != nullptr);
  CHECK(std::get<ast::Insert>(*utf8).values[1].text == "\u0434\u0430\u6771\u4eac");
  // A duration may be written with 'µs': not a token cqlsh knows, so left to the lexical check.
  (void)p.parse("SELECT * FROM t WHERE k = 1 AND d = 1us;");
  (void)p.parse("SELECT * FROM t WHERE k = 2 AND d = 2us;");
  CHECK(p.parse_line("SELECT * FROM t WHERE k = 3 AND d = 3us;", text) != nullptr);
  CHECK(p.parse_line("SELECT * FROM t WHERE k = 3 AND d = 3\u00b5s;", text) == nullptr);

  // A shape first seen with a string that is not ASCII is taken for the lines after it that are.
  Parser q;
  (void)q.parse("INSERT INTO t (k, v) VALUES (1, '\u0434\u0430');");
  (void)q.parse("INSERT INTO t (k, v) VALUES (2, 'b');");
  CHECK(q.parse_line("INSERT INTO t (k, v) VALUES (3, 'c');", text) != nullptr);
  CHECK(q.parse_line("INSERT INTO t (k, v) VALUES (4, '\u0434');", text) != nullptr);

  // A BEGIN … BATCH, whose ';'s the splitter reads its own way, is never taken whole.
  (void)p.parse("BEGIN BATCH INSERT INTO t (k, v) VALUES (1, 'a'); APPLY BATCH;");
  (void)p.parse("BEGIN BATCH INSERT INTO t (k, v) VALUES (2, 'a'); APPLY BATCH;");
  CHECK(p.parse_line("BEGIN BATCH INSERT INTO t (k, v) VALUES (3, 'a'); APPLY BATCH;", text) == nullptr);
}
