// cqlsh's result layout, byte for byte (cassandra.md §1.2-§1.5): tables with per-page column
// widths, EXPAND's vertical records, "(N rows)", server warnings. Pure: appends to a buffer.
#pragma once

#include <optional>

#include <cstddef>
#include <string>
#include <vector>

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

// One formatted result, cells already rendered to text. Three allocations whatever its size
// (a point read prints one row: each allocation was 3% of it), and none when the shell's own
// is reused result after result.
struct FormattedRows {
  struct Column {
    std::string name;
    const char* header_color = nullptr;  // ANSI, for colour output
    const char* value_color = nullptr;
    bool collection = false;  // a list, set or map
  };
  std::vector<Column> columns;
  std::vector<std::string> texts;  // row by row, null already rendered as "null"
  std::vector<bool> nulls;         // row by row: null cells are red
  std::size_t row_count = 0;

  const std::string& cell(std::size_t row, std::size_t column) const { return texts[row * columns.size() + column]; }
  bool null(std::size_t row, std::size_t column) const { return nulls[row * columns.size() + column]; }
  // The width cqlsh lays a cell out with. Its collection formatter counts two columns per
  // element for brackets and separators, so an empty collection ("[]", "{}") counts as zero
  // wide and the columns after it shift right by two: cqlsh does this, so cqlbox does too.
  std::size_t width(std::size_t row, std::size_t column) const {
    const std::string& text = cell(row, column);
    if (text.size() == 2 && columns[column].collection && (text == "[]" || text == "{}")) return 0;
    return util::display_width(text);
  }
  // Drops buffers a large result grew, so that a kept FormattedRows holds little between
  // results: past 4,096 cells, and any text over 64 KiB (a blob's hex).
  void keep_small() {
    if (texts.capacity() > 4096) {
      *this = FormattedRows();
      return;
    }
    for (auto& text : texts)
      if (text.capacity() > (64u << 10)) std::string().swap(text);
  }
};

FormattedRows format_rows(const exec::Rows& rows, const DisplayOptions& display = kDefaultDisplay);
// The same into `into`, whose buffers (and short texts' strings) are reused.
void format_rows(const exec::Rows& rows, const DisplayOptions& display, FormattedRows& into);

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
// The same, formatting into `scratch` (kept by the caller from one result to the next).
void append_result(std::string& out, const exec::Rows& rows, const TableStyle& style, const DisplayOptions& display,
                   FormattedRows& scratch);

}  // namespace cqlbox::print
