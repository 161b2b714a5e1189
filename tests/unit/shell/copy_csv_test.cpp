// COPY's CSV dialect: what cqlsh's csv.writer and csv.reader (Python, QUOTE_MINIMAL, ESCAPE '\',
// doublequote off unless ESCAPE = QUOTE, "\r\n" line ends) write and read.
#include <doctest/doctest.h>

#include "shell/copy_csv.hpp"
#include "types/type_name.hpp"

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

// The vectors are reused from record to record: fewer fields than before, more, empty ones.
TEST_CASE("split_csv reuses its vectors between records") {
  CopyOptions o;
  std::vector<std::string> f;
  std::vector<bool> q;
  REQUIRE(split_csv("a,\"b\",c,d", o, f, q));
  CHECK(f == std::vector<std::string>{"a", "b", "c", "d"});
  REQUIRE(split_csv("x,y", o, f, q));
  CHECK(f == std::vector<std::string>{"x", "y"});
  CHECK(q == std::vector<bool>{false, false});
  REQUIRE(split_csv(",,\"\",", o, f, q));
  CHECK(f == std::vector<std::string>{"", "", "", ""});
  CHECK(q == std::vector<bool>{false, false, true, false});
  REQUIRE(split_csv("long run\r of text,t\\,x\\", o, f, q));  // CR dropped; a final escape is a character
  CHECK(f == std::vector<std::string>{"long run of text", "t,x\\"});
  REQUIRE(split_csv("\"in \\\"quotes\\\" and, comma\"z", o, f, q));
  CHECK(f == std::vector<std::string>{"in \"quotes\" and, commaz"});
}

namespace {
// What COPY FROM binds for `field` of the type named `type`, or "<text>" when the field must take
// the INSERT's text.
std::string bound(const char* type, const std::string& field, CopyOptions o = {}) {
  std::string out;
  const cqlbox::types::CqlType* t = cqlbox::types::parse_type_name(type);
  REQUIRE(t);
  return cqlbox::shell::append_bound_bytes(*t, field, o, "v", out) ? out : std::string("<text>");
}
}  // namespace

TEST_CASE("COPY FROM binds plain constants as bytes, and leaves the rest to the INSERT's text") {
  CHECK(bound("int", "7") == std::string("\0\0\0\7", 4));
  CHECK(bound("bigint", "-1") == std::string(8, '\xff'));
  CHECK(bound("text", "it's") == "it's");
  CHECK(bound("text", "") == "");
  CHECK(bound("boolean", "True") == std::string(1, '\1'));
  CHECK(bound("boolean", "no") == "<text>");  // the text INSERT gives the error
  CHECK(bound("double", "1.5") == std::string("\x3f\xf8\0\0\0\0\0\0", 8));
  CopyOptions european;
  european.decimal_sep = ",";
  european.thousands_sep = ".";
  CHECK(bound("int", "1.234", european) == std::string("\0\0\x04\xd2", 4));
  CHECK(bound("timestamp", "1000") == std::string("\0\0\0\0\0\0\x03\xe8", 8));
  CHECK(bound("uuid", "550e8400-e29b-41d4-a716-446655440000").size() == 16);
  // Not one constant of its kind, out of range, or no plain constant form here.
  CHECK(bound("int", "+5") == "<text>");
  CHECK(bound("int", "3000000000") == "<text>");
  CHECK(bound("double", "NaN") == "<text>");
  CHECK(bound("blob", "0x00") == "<text>");
  CHECK(bound("list<int>", "[1, 2]") == "<text>");
  CHECK(bound("uuid", "not-a-uuid") == "<text>");
}

// COPY FROM checks a number or text field once (bound_bytes_suffice): whatever binds as bytes must
// be what cqlsh's converters accept too.
TEST_CASE("a number or text COPY FROM binds is one cqlsh accepts") {
  const char* fields[] = {"0",    "-7",     "+7",      "12345678901234567890",
                          "1.5",  "-1.5e3", "1e",      "1.",
                          ".5",   "1,5",    "1.234,5", "0x10",
                          "inf",  "NaN",    " 1",      "1 ",
                          "",     "abc",    "--1",     "1e+10",
                          "1E-5", "٣"};
  const char* types[] = {"int",   "bigint", "smallint", "tinyint", "varint",
                         "float", "double", "decimal",  "text",    "ascii"};
  CopyOptions plain, european;
  european.decimal_sep = ",";
  european.thousands_sep = ".";
  for (const CopyOptions* o : {&plain, &european})
    for (const char* type : types) {
      const cqlbox::types::CqlType* t = cqlbox::types::parse_type_name(type);
      REQUIRE(t);
      CHECK(cqlbox::shell::bound_bytes_suffice(*t));
      for (const char* field : fields) {
        std::string out;
        if (cqlbox::shell::append_bound_bytes(*t, field, *o, "v", out)) {
          INFO(type << " " << field);
          CHECK_FALSE(cqlbox::shell::parse_error_for(*t, field, *o));
        }
      }
    }
}
