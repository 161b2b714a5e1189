// Text helpers: wcwidth-style display width (cassandra.md §1.2), UTF-8 validation, cqlsh's
// control-character escaping (§1.6 "Text escaping") and CQL name quoting (§5.1, maybeQuote).
#include "util/text.hpp"

#include <doctest/doctest.h>

#include <string>

using cqlbox::util::append_cqlsh_escaped;
using cqlbox::util::cql_name;
using cqlbox::util::display_width;
using cqlbox::util::valid_utf8;

namespace {

std::string escaped(std::string_view s) {
  std::string out;
  append_cqlsh_escaped(out, s);
  return out;
}

}  // namespace

TEST_CASE("display width counts ASCII as one column each") {
  CHECK(display_width("") == 0);
  CHECK(display_width("a") == 1);
  CHECK(display_width("alice") == 5);
  CHECK(display_width("{'x', 'y'}") == 10);
}

TEST_CASE("display width counts East Asian wide characters as two columns") {
  CHECK(display_width("日本") == 4);
  CHECK(display_width("a日b") == 4);
}

TEST_CASE("display width counts combining marks as zero columns") {
  SUBCASE("combining acute accent after a letter") { CHECK(display_width("e\xcc\x81") == 1); }
  SUBCASE("precomposed é is one column") { CHECK(display_width("\xc3\xa9") == 1); }
  SUBCASE("several combining marks") {
    CHECK(display_width("a\xcc\x81\xcc\x88"
                        "b") == 2);
  }
}

TEST_CASE("valid_utf8 accepts well-formed text") {
  CHECK(valid_utf8(""));
  CHECK(valid_utf8("hello"));
  CHECK(valid_utf8("h\xc3\xa9llo"));               // é
  CHECK(valid_utf8("\xe6\x97\xa5\xe6\x9c\xac"));   // 日本
  CHECK(valid_utf8("\xf0\x9f\x98\x80"));           // U+1F600
  CHECK(valid_utf8("\xf4\x8f\xbf\xbf"));           // U+10FFFF, the largest code point
  CHECK(valid_utf8("\xed\x9f\xbf"));               // U+D7FF, just below the surrogates
  CHECK(valid_utf8("\xee\x80\x80"));               // U+E000, just above them
  CHECK(valid_utf8(std::string_view("a\0b", 3)));  // NUL is a valid character
}

TEST_CASE("valid_utf8 rejects overlong encodings") {
  SUBCASE("two-byte NUL") { CHECK_FALSE(valid_utf8("\xc0\x80")); }
  SUBCASE("two-byte 0x7f") { CHECK_FALSE(valid_utf8("\xc1\xbf")); }
  SUBCASE("three-byte NUL") { CHECK_FALSE(valid_utf8("\xe0\x80\x80")); }
  SUBCASE("three-byte U+07FF") { CHECK_FALSE(valid_utf8("\xe0\x9f\xbf")); }
  SUBCASE("four-byte NUL") { CHECK_FALSE(valid_utf8("\xf0\x80\x80\x80")); }
  SUBCASE("four-byte U+FFFF") { CHECK_FALSE(valid_utf8("\xf0\x8f\xbf\xbf")); }
}

TEST_CASE("valid_utf8 rejects surrogates and code points above U+10FFFF") {
  SUBCASE("U+D800") { CHECK_FALSE(valid_utf8("\xed\xa0\x80")); }
  SUBCASE("U+DFFF") { CHECK_FALSE(valid_utf8("\xed\xbf\xbf")); }
  SUBCASE("U+110000") { CHECK_FALSE(valid_utf8("\xf4\x90\x80\x80")); }
  SUBCASE("F5 lead byte") { CHECK_FALSE(valid_utf8("\xf5\x80\x80\x80")); }
  SUBCASE("FF byte") { CHECK_FALSE(valid_utf8("\xff")); }
}

TEST_CASE("valid_utf8 rejects truncated and stray sequences") {
  SUBCASE("lone lead byte") { CHECK_FALSE(valid_utf8("\xc3")); }
  SUBCASE("two of three bytes") { CHECK_FALSE(valid_utf8("\xe6\x97")); }
  SUBCASE("three of four bytes") { CHECK_FALSE(valid_utf8("\xf0\x9f\x98")); }
  SUBCASE("truncated in the middle") {
    CHECK_FALSE(
        valid_utf8("a\xe6\x97"
                   "b"));
  }
  SUBCASE("stray continuation byte") { CHECK_FALSE(valid_utf8("\x80")); }
  SUBCASE("lead byte followed by ASCII") {
    CHECK_FALSE(
        valid_utf8("\xc3"
                   "a"));
  }
}

TEST_CASE("cqlsh escaping replaces control characters with Python repr escapes") {
  SUBCASE("newline") { CHECK(escaped("line1\nline2") == "line1\\nline2"); }
  SUBCASE("tab") { CHECK(escaped("a\tb") == "a\\tb"); }
  SUBCASE("carriage return and NUL") {
    CHECK(escaped(std::string_view("return\rand null\0!", 17)) == "return\\rand null\\x00!");
  }
  SUBCASE("other C0 controls") {
    CHECK(escaped("\x01") == "\\x01");
    CHECK(escaped("\x1f") == "\\x1f");
  }
  SUBCASE("DEL") { CHECK(escaped("\x7f") == "\\x7f"); }
  SUBCASE("C1 controls up to U+00A0") {
    CHECK(escaped("\xc2\x80") == "\\x80");
    CHECK(escaped("\xc2\xa0") == "\\xa0");
  }
}

TEST_CASE("cqlsh escaping doubles backslashes") {
  CHECK(escaped("back\\slash") == "back\\\\slash");
  CHECK(escaped("\\n") == "\\\\n");
}

TEST_CASE("cqlsh escaping leaves printable text and other Unicode untouched") {
  CHECK(escaped("plain text") == "plain text");
  CHECK(escaped("h\xc3\xa9llo") == "h\xc3\xa9llo");  // é (U+00E9, above U+00A0)
  CHECK(escaped("\xc2\xa1") == "\xc2\xa1");          // ¡ U+00A1, first after the range
  CHECK(escaped("\xe6\x97\xa5\xe6\x9c\xac") == "\xe6\x97\xa5\xe6\x9c\xac");
  CHECK(escaped("it's \"quoted\"") == "it's \"quoted\"");
}

TEST_CASE("cqlsh escaping appends to what the buffer already holds") {
  std::string out = "x=";
  append_cqlsh_escaped(out, "a\nb");
  CHECK(out == "x=a\\nb");
}

TEST_CASE("cql_name leaves plain lower-case identifiers unquoted") {
  CHECK(cql_name("users") == "users");
  CHECK(cql_name("user_id2") == "user_id2");
  SUBCASE("unreserved keywords stay unquoted") {
    CHECK(cql_name("key") == "key");
    CHECK(cql_name("ttl") == "ttl");
    CHECK(cql_name("timestamp") == "timestamp");
  }
}

TEST_CASE("cql_name quotes names that need it") {
  SUBCASE("upper case") {
    CHECK(cql_name("Users") == "\"Users\"");
    CHECK(cql_name("X") == "\"X\"");
  }
  SUBCASE("reserved words") {
    CHECK(cql_name("select") == "\"select\"");
    CHECK(cql_name("token") == "\"token\"");
    CHECK(cql_name("from") == "\"from\"");
  }
  SUBCASE("not an identifier") {
    CHECK(cql_name("1abc") == "\"1abc\"");
    CHECK(cql_name("with space") == "\"with space\"");
    CHECK(cql_name("_x") == "\"_x\"");
    CHECK(cql_name("") == "\"\"");
  }
  SUBCASE("embedded double quotes are doubled") {
    CHECK(cql_name("a\"b") == "\"a\"\"b\"");
    CHECK(cql_name("\"") == "\"\"\"\"");
  }
}

TEST_CASE("ascii_lower and iequals fold ASCII letters only") {
  CHECK(cqlbox::util::ascii_lower("SeLeCt") == "select");
  CHECK(cqlbox::util::ascii_lower("\xc3\x89") == "\xc3\x89");  // É is not folded
  CHECK(cqlbox::util::iequals("FROM", "from"));
  CHECK_FALSE(cqlbox::util::iequals("from", "form"));
  CHECK_FALSE(cqlbox::util::iequals("from", "fro"));
}

TEST_CASE("JSON strings are quoted as Jackson quotes them") {
  using cqlbox::util::json_quoted;
  CHECK(json_quoted("a\"b\\c") == "\"a\\\"b\\\\c\"");
  CHECK(json_quoted("\b\t\n\f\r") == "\"\\b\\t\\n\\f\\r\"");
  CHECK(json_quoted(std::string("\x01\x1f", 2)) == "\"\\u0001\\u001F\"");  // upper-case hex
  CHECK(json_quoted("/ \xc3\xa9 \x7f") == "\"/ \xc3\xa9 \x7f\"");          // written raw
}

TEST_CASE("unicode_lower folds Latin, Greek and Cyrillic as Java's toLowerCase") {
  using cqlbox::util::unicode_lower;
  CHECK(unicode_lower("PARIS Zoë") == "paris zoë");
  CHECK(unicode_lower("ÀÉÎÕÜ×Þ") == "àéîõü×þ");            // × has no lower case
  CHECK(unicode_lower("ŁÓDŹ ŒUVRE Ÿ") == "łódź œuvre ÿ");  // Latin Extended-A pairs
  CHECK(unicode_lower("МОСКВА ЁЖ Її") == "москва ёж її");
  CHECK(unicode_lower("ΕΛΛΆΔΑ") == "ελλάδα");
  CHECK(unicode_lower("東京 たま") == "東京 たま");  // no case: unchanged
  CHECK(unicode_lower(std::string("A\xff"
                                  "B",
                                  3)) == std::string("a\xff"
                                                     "b",
                                                     3));  // invalid bytes kept
}
