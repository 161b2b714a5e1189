// cqlsh's result layout, byte for byte (cassandra.md §1.2-§1.5): tables with per-page column
// widths, EXPAND's vertical records, "(N rows)", server warnings. Pure: appends to a buffer.
#pragma once

#include <optional>

#include <cstddef>
#include <string>

#include "exec/result.hpp"
#include "print/value_text.hpp"
#include "util/text.hpp"

namespace cqlbox::print {

struct TableStyle {
  bool tty = false;             // interactive layout (header per page, blank after rows)
  bool expand = false;          // EXPAND ON
  std::size_t page_size = 100;  // 0 = paging off
  bool color = false;           // cqlsh's ANSI colours (a tty, or -C)
};

// One formatted result, cells already rendered to text.
struct FormattedRows {
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> cells;  // null already rendered as "null"
  std::vector<const char*> header_colors;       // per column (ANSI), for colour output
  std::vector<const char*> value_colors;        // per column
  std::vector<std::vector<bool>> nulls;         // null cells are red
  // Per column, '1' for a list, set or map: a short string, so no allocation per result.
  std::string collections;

  // The width cqlsh lays a cell out with. Its collection formatter counts two columns per
  // element for brackets and separators, so an empty collection ("[]", "{}") counts as zero
  // wide and the columns after it shift right by two: cqlsh does this, so cqlbox does too.
  std::size_t width(std::size_t row, std::size_t column) const {
    const std::string& cell = cells[row][column];
    if (cell.size() == 2 && column < collections.size() && collections[column] == '1' && (cell == "[]" || cell == "{}"))
      return 0;
    return util::display_width(cell);
  }
};

FormattedRows format_rows(const exec::Rows& rows, const DisplayOptions& display = kDefaultDisplay);

// Appends page `page` (rows [first, last)) of a result. The shell calls it per page so a tty
// can pause with ---MORE--- between pages. `row_number` is the EXPAND counter of the first row.
void append_page(std::string& out, const FormattedRows& r, std::size_t first, std::size_t last, bool first_page,
                 const TableStyle& style);

// Appends the end of a result: blank line(s), "(N rows)", warnings.
// `count` is the number of rows printed when they were not kept in `rows` (printed as read).
void append_footer(std::string& out, const exec::Rows& rows, const TableStyle& style,
                   std::optional<std::size_t> count = std::nullopt);

// The whole result at once (non-tty use and tests).
void append_result(std::string& out, const exec::Rows& rows, const TableStyle& style,
                   const DisplayOptions& display = kDefaultDisplay);

}  // namespace cqlbox::print
