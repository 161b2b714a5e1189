#include "print/table.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "print/value_text.hpp"
#include "util/text.hpp"

namespace cqlbox::print {

FormattedRows format_rows(const exec::Rows& rows) {
  FormattedRows r;
  for (const auto& c : rows.columns) r.names.push_back(c.name);
  r.cells.reserve(rows.rows.size());
  for (const auto& row : rows.rows) {
    std::vector<std::string> cells;
    cells.reserve(row.size());
    for (std::size_t i = 0; i < row.size(); ++i)
      cells.push_back(row[i] ? value_text(*rows.columns[i].type, *row[i]) : std::string("null"));
    r.cells.push_back(std::move(cells));
  }
  return r;
}

namespace {

void pad(std::string& out, std::size_t n) { out.append(n, ' '); }

void append_horizontal(std::string& out, const FormattedRows& r, std::size_t first,
                       std::size_t last, bool header) {
  const std::size_t n = r.names.size();
  std::vector<std::size_t> width(n);
  for (std::size_t c = 0; c < n; ++c) width[c] = util::display_width(r.names[c]);
  for (std::size_t i = first; i < last; ++i)
    for (std::size_t c = 0; c < n; ++c) width[c] = std::max(width[c], util::display_width(r.cells[i][c]));
  if (header) {
    std::string line;
    for (std::size_t c = 0; c < n; ++c) {
      line += c ? " | " : " ";
      line += r.names[c];
      pad(line, width[c] - util::display_width(r.names[c]));
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line;
    out += '\n';
    for (std::size_t c = 0; c < n; ++c) {
      out += c ? "-+-" : "-";
      out.append(width[c], '-');
    }
    out += "-\n";
  }
  for (std::size_t i = first; i < last; ++i) {
    for (std::size_t c = 0; c < n; ++c) {
      out += c ? " | " : " ";
      pad(out, width[c] - util::display_width(r.cells[i][c]));
      out += r.cells[i][c];
    }
    out += '\n';
  }
}

void append_vertical(std::string& out, const FormattedRows& r, std::size_t first, std::size_t last) {
  std::size_t w = 0, v = 0;
  for (const auto& name : r.names) w = std::max(w, util::display_width(name));
  for (std::size_t i = first; i < last; ++i)
    for (const auto& cell : r.cells[i]) v = std::max(v, util::display_width(cell));
  for (std::size_t i = first; i < last; ++i) {
    out += fmt::format("@ Row {}\n", i + 1);
    out += '-';
    out.append(w, '-');
    out += "-+-";
    out.append(v, '-');
    out += "-\n";
    for (std::size_t c = 0; c < r.names.size(); ++c) {
      out += ' ';
      out += r.names[c];
      pad(out, w - util::display_width(r.names[c]));
      out += " | ";
      out += r.cells[i][c];
      out += '\n';
    }
    out += '\n';
  }
}

}  // namespace

void append_page(std::string& out, const FormattedRows& r, std::size_t first, std::size_t last,
                 bool first_page, const TableStyle& style) {
  const bool empty = r.cells.empty();
  if (style.expand && !empty) {
    if (first_page) out += '\n';
    append_vertical(out, r, first, last);
    return;
  }
  if (first_page || style.tty) out += first_page ? "\n" : "";
  append_horizontal(out, r, first, last, first_page || style.tty);
  if (style.tty) out += '\n';
}

void append_footer(std::string& out, const exec::Rows& rows, const TableStyle& style) {
  if (rows.lwt) return;  // [applied] results have no footer; a tty's blank line came with the page
  const bool empty = rows.rows.empty();
  if (!style.tty) out += '\n';
  if (empty && !style.tty) out += '\n';
  out += fmt::format("({} rows)\n", rows.rows.size());
  if (!rows.warnings.empty()) {
    out += "\nWarnings :\n";
    for (const auto& w : rows.warnings) out += w + "\n\n";
  }
}

void append_result(std::string& out, const exec::Rows& rows, const TableStyle& style) {
  FormattedRows r = format_rows(rows);
  const std::size_t n = r.cells.size();
  const std::size_t page = style.page_size ? style.page_size : std::max<std::size_t>(n, 1);
  if (n == 0) append_page(out, r, 0, 0, true, style);
  for (std::size_t first = 0; first < n; first += page)
    append_page(out, r, first, std::min(n, first + page), first == 0, style);
  append_footer(out, rows, style);
}

}  // namespace cqlbox::print
