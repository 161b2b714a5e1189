// COPY's CSV dialect: what cqlsh's csv.writer and csv.reader (Python, QUOTE_MINIMAL, ESCAPE '\',
// doublequote off unless ESCAPE = QUOTE, "\r\n" line ends) write and read.
#include <doctest/doctest.h>

#include "shell/copy_csv.hpp"

using cqlbox::shell::CopyOptions;

namespace {
std::string row(std::vector<std::string> fields, CopyOptions o = {}) {
  std::string out;
  cqlbox::shell::append_csv_row(out, fields, o);
  return out;
}
}  // namespace

TEST_CASE("COPY TO writes fields as Python's csv.writer does for cqlsh") {
  CHECK(row({"1", "plain"}) == "1,plain\r\n");
  // A quote or a backslash is escaped and does not quote the field.
  CHECK(row({"1", "say \"hi\""}) == "1,say \\\"hi\\\"\r\n");
  CHECK(row({"a\\b"}) == "a\\\\b\r\n");
  // A delimiter or a line break quotes it.
  CHECK(row({"a,b", "c\nd"}) == "\"a,b\",\"c\nd\"\r\n");
  CHECK(row({"it's, \"q\""}) == "\"it's, \\\"q\\\"\"\r\n");
  // A record of one empty field is quoted, so that it is not a blank line.
  CHECK(row({""}) == "\"\"\r\n");
  CHECK(row({"", ""}) == ",\r\n");
  // ESCAPE = QUOTE: quotes are doubled and the field quoted.
  CopyOptions doubled;
  doubled.escape = '"';
  CHECK(row({"say \"hi\""}, doubled) == "\"say \"\"hi\"\"\"\r\n");
}

TEST_CASE("COPY FROM reads back what COPY TO wrote") {
  CopyOptions o;
  std::vector<std::string> fields;
  std::vector<bool> quoted;
  REQUIRE(cqlbox::shell::split_csv("1,say \\\"hi\\\",\"a,b\"", o, fields, quoted));
  CHECK(fields == std::vector<std::string>{"1", "say \"hi\"", "a,b"});
  CHECK(quoted == std::vector<bool>{false, false, true});
  CHECK_FALSE(cqlbox::shell::split_csv("1,\"open", o, fields, quoted));  // the record goes on
}

// Python's csv reader with cqlsh's dialect (copyutil: doublequote only when ESCAPE is the quote).
TEST_CASE("split_csv reads quotes as cqlsh's csv reader does") {
  CopyOptions o;  // quote ", escape backslash: no doubled quotes
  std::vector<std::string> f;
  std::vector<bool> q;
  REQUIRE(split_csv(R"(1,"quoted ""twice""",x)", o, f, q));
  CHECK(f == std::vector<std::string>{"1", R"(quoted "twice""")", "x"});
  REQUIRE(split_csv(R"(ab"c,"d\"e")", o, f, q));  // a quote inside an unquoted field is a character
  CHECK(f == std::vector<std::string>{R"(ab"c)", R"(d"e)"});
  CHECK(q == std::vector<bool>{false, true});
  o.escape = '"';  // ESCAPE = '"': doubled quotes
  REQUIRE(split_csv(R"(1,"quoted ""twice""",x)", o, f, q));
  CHECK(f == std::vector<std::string>{"1", R"(quoted "twice")", "x"});
  CHECK_FALSE(split_csv(R"(1,"open)", o, f, q));  // the record goes on at the next line
}
