// append_result: cqlsh's result layout byte for byte (cassandra.md §1.2 table, §1.3 EXPAND,
// §1.4 paging, §1.5 warnings).
#include "print/table.hpp"

#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "types/bytes.hpp"

using cqlbox::print::append_result;
using cqlbox::print::TableStyle;
using cqlbox::types::be_bytes;
using cqlbox::types::Kind;
namespace exec = cqlbox::exec;

namespace {

const cqlbox::types::CqlType* type_of(Kind k) { return cqlbox::types::native_type(k); }

exec::Value int_cell(std::int32_t v) { return be_bytes(v); }
exec::Value double_cell(double d) { return be_bytes(std::bit_cast<std::uint64_t>(d)); }
exec::Value text_cell(std::string s) { return s; }

// The §1.2 example: id int, name text, score double, tags (a text standing in for the set
// column, same rendering width: {'x', 'y'}).
exec::Rows spec_example() {
  exec::Rows rows;
  rows.columns = {{"id", type_of(Kind::Int)},
                  {"name", type_of(Kind::Text)},
                  {"score", type_of(Kind::Double)},
                  {"tags", type_of(Kind::Text)}};
  rows.rows.push_back({int_cell(1), text_cell("alice"), double_cell(3.5), text_cell("{'x', 'y'}")});
  rows.rows.push_back({int_cell(22), text_cell("bob"), std::nullopt, std::nullopt});
  return rows;
}

const exec::Rows& spec_example_rows() {
  static const exec::Rows rows = spec_example();
  return rows;
}

std::string render(const exec::Rows& rows, TableStyle style) {
  std::string out;
  append_result(out, rows, style);
  return out;
}

TableStyle tty_style() {
  TableStyle s;
  s.tty = true;
  return s;
}
TableStyle expand_style(bool tty) {
  TableStyle s;
  s.tty = tty;
  s.expand = true;
  return s;
}

}  // namespace

TEST_CASE("a page of rows: left-justified header, dashed separator, right-justified values") {
  const std::string expected =
      "\n"
      " id | name  | score | tags\n"
      "----+-------+-------+------------\n"
      "  1 | alice |   3.5 | {'x', 'y'}\n"
      " 22 |   bob |  null |       null\n"
      "\n"
      "(2 rows)\n";
  SUBCASE("non-tty") { CHECK(render(spec_example(), TableStyle{}) == expected); }
  SUBCASE("tty gives the same bytes for a single page") { CHECK(render(spec_example(), tty_style()) == expected); }
}

TEST_CASE("the footer always says rows, even for one row") {
  exec::Rows rows;
  rows.columns = {{"k", type_of(Kind::Int)}};
  rows.rows.push_back({int_cell(5)});
  CHECK(render(rows, TableStyle{}) == "\n k\n---\n 5\n\n(1 rows)\n");
}

TEST_CASE("the header is right-stripped while values are padded to the column width") {
  exec::Rows rows;
  rows.columns = {{"a", type_of(Kind::Text)}, {"b", type_of(Kind::Text)}};
  rows.rows.push_back({text_cell("long value"), text_cell("long value")});
  CHECK(render(rows, TableStyle{}) ==
        "\n"
        " a          | b\n"
        "------------+------------\n"
        " long value | long value\n"
        "\n"
        "(1 rows)\n");
}

TEST_CASE("column widths use display width: wide characters count two") {
  exec::Rows rows;
  rows.columns = {{"name", type_of(Kind::Text)}};
  rows.rows.push_back({text_cell("\xe6\x97\xa5\xe6\x9c\xac")});  // 日本, width 4
  rows.rows.push_back({text_cell("a")});
  CHECK(render(rows, TableStyle{}) ==
        "\n"
        " name\n"
        "------\n"
        " \xe6\x97\xa5\xe6\x9c\xac\n"
        "    a\n"
        "\n"
        "(2 rows)\n");
}

TEST_CASE("zero rows still print the header") {
  exec::Rows rows;
  rows.columns = {{"id", type_of(Kind::Int)}, {"name", type_of(Kind::Text)}};
  SUBCASE("non-tty: two blank lines before (0 rows)") {
    CHECK(render(rows, TableStyle{}) == "\n id | name\n----+------\n\n\n(0 rows)\n");
  }
  SUBCASE("tty: one blank line") { CHECK(render(rows, tty_style()) == "\n id | name\n----+------\n\n(0 rows)\n"); }
  SUBCASE("EXPAND with zero rows prints the horizontal header") {
    CHECK(render(rows, expand_style(false)) == "\n id | name\n----+------\n\n\n(0 rows)\n");
    CHECK(render(rows, expand_style(true)) == "\n id | name\n----+------\n\n(0 rows)\n");
  }
}

TEST_CASE("EXPAND ON prints one record per row") {
  exec::Rows rows = spec_example();
  rows.rows.pop_back();
  const std::string record =
      "\n"
      "@ Row 1\n"
      "-------+------------\n"
      " id    | 1\n"
      " name  | alice\n"
      " score | 3.5\n"
      " tags  | {'x', 'y'}\n"
      "\n";
  SUBCASE("non-tty adds a blank line before (N rows)") {
    CHECK(render(rows, expand_style(false)) == record + "\n(1 rows)\n");
  }
  SUBCASE("tty does not") { CHECK(render(rows, expand_style(true)) == record + "(1 rows)\n"); }
}

TEST_CASE("EXPAND widths span every value of the page and rows are numbered") {
  const std::string expected =
      "\n"
      "@ Row 1\n"
      "-------+------------\n"
      " id    | 1\n"
      " name  | alice\n"
      " score | 3.5\n"
      " tags  | {'x', 'y'}\n"
      "\n"
      "@ Row 2\n"
      "-------+------------\n"
      " id    | 22\n"
      " name  | bob\n"
      " score | null\n"
      " tags  | null\n"
      "\n"
      "\n"
      "(2 rows)\n";
  CHECK(render(spec_example(), expand_style(false)) == expected);
}

TEST_CASE("non-tty paging: widths per page, header once") {
  exec::Rows rows;
  rows.columns = {{"id", type_of(Kind::Int)}};
  for (std::int32_t v : {1, 22, 333}) rows.rows.push_back({int_cell(v)});
  TableStyle style;
  style.page_size = 2;
  CHECK(render(rows, style) ==
        "\n"
        " id\n"
        "----\n"
        "  1\n"
        " 22\n"
        " 333\n"
        "\n"
        "(3 rows)\n");
  SUBCASE("paging off formats everything as one page") {
    style.page_size = 0;
    CHECK(render(rows, style) == "\n id\n-----\n   1\n  22\n 333\n\n(3 rows)\n");
  }
  SUBCASE("EXPAND numbers rows across pages") {
    style.expand = true;
    const std::string out = render(rows, style);
    CHECK(out.find("@ Row 3\n") != std::string::npos);
  }
}

TEST_CASE("server warnings follow the footer") {
  exec::Rows rows;
  rows.columns = {{"count", type_of(Kind::Bigint)}};
  rows.rows.push_back({be_bytes(std::int64_t{3})});
  rows.warnings.push_back("Aggregation query used without partition key");
  CHECK(render(rows, TableStyle{}) ==
        "\n"
        " count\n"
        "-------\n"
        "     3\n"
        "\n"
        "(1 rows)\n"
        "\n"
        "Warnings :\n"
        "Aggregation query used without partition key\n"
        "\n");
  SUBCASE("each warning is followed by a blank line") {
    rows.warnings.push_back("second");
    CHECK(render(rows, TableStyle{})
              .ends_with("\nWarnings :\nAggregation query used without partition key\n\nsecond\n\n"));
  }
}

TEST_CASE("a FormattedRows reused result after result prints each as a fresh one would") {
  cqlbox::print::FormattedRows scratch;
  exec::Rows small;
  small.columns = {{"k", type_of(Kind::Int)}};
  small.rows.push_back({int_cell(7)});
  exec::Rows wide;
  wide.columns = {{"a_much_longer_name", type_of(Kind::Text)}};
  for (int i = 0; i < 5000; ++i)
    wide.rows.push_back({i % 2 ? text_cell("a text longer than fifteen bytes") : std::nullopt});
  const std::vector<const exec::Rows*> results{&spec_example_rows(), &small, &wide, &small};
  for (const exec::Rows* rows : results) {
    std::string reused;
    append_result(reused, *rows, TableStyle{}, cqlbox::print::kDefaultDisplay, scratch);
    CHECK(reused == render(*rows, TableStyle{}));
  }
  // What the 5,000-cell result grew is not kept after it.
  CHECK(scratch.texts.capacity() <= 4096);
  // Nor a text of over 64 KiB.
  exec::Rows big;
  big.columns = {{"t", type_of(Kind::Text)}};
  big.rows.push_back({text_cell(std::string(100000, 'x'))});
  std::string out;
  append_result(out, big, TableStyle{}, cqlbox::print::kDefaultDisplay, scratch);
  CHECK(out.size() > 100000);
  REQUIRE(scratch.texts.size() == 1);
  CHECK(scratch.texts[0].capacity() < 65536);
}
