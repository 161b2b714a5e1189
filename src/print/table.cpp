#include "print/table.hpp"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "print/value_text.hpp"
#include "util/text.hpp"

namespace cqlbox::print {

namespace {

constexpr const char* kReset = "\033[0m";

const char* header_color(exec::ColumnRole role) {
  switch (role) {
    case exec::ColumnRole::PartitionKey: return "\033[0;1;31m";
    case exec::ColumnRole::Clustering: return "\033[0;1;36m";
    case exec::ColumnRole::Static: return "\033[0;1;37m";
    default: return "\033[0;1;35m";
  }
}

const char* value_color(const types::CqlType& t) {
  using types::Kind;
  switch (t.kind) {
    case Kind::Text:
    case Kind::Ascii: return "\033[0;1;33m";
    case Kind::Blob: return "\033[0;35m";
    case Kind::List:
    case Kind::Set:
    case Kind::Map:
    case Kind::Tuple:
    case Kind::Udt:
    case Kind::Vector: return "\033[0;1;34m";
    default: return "\033[0;1;32m";
  }
}

}  // namespace

FormattedRows format_rows(const exec::Rows& rows, const DisplayOptions& display) {
  FormattedRows r;
  format_rows(rows, display, r);
  return r;
}

void format_rows(const exec::Rows& rows, const DisplayOptions& display, FormattedRows& r) {
  const std::size_t n = rows.columns.size();
  r.columns.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const exec::ResultColumn& c = rows.columns[i];
    const types::Kind k = c.type->kind;
    FormattedRows::Column& f = r.columns[i];
    f.name.assign(c.name);
    f.header_color = header_color(c.role);
    f.value_color = value_color(*c.type);
    f.collection = k == types::Kind::List || k == types::Kind::Set || k == types::Kind::Map;
  }
  r.row_count = rows.rows.size();
  r.texts.resize(r.row_count * n);
  r.nulls.resize(r.row_count * n);
  std::size_t cell = 0;
  for (const auto& row : rows.rows)
    for (std::size_t i = 0; i < n; ++i, ++cell) {
      const bool null = i >= row.size() || !row[i];
      if (null)
        r.texts[cell].assign("null");
      else
        r.texts[cell] = value_text(*rows.columns[i].type, *row[i], false, display);
      r.nulls[cell] = null;
    }
}

namespace {

void pad(std::string& out, std::size_t n) { out.append(n, ' '); }

// Appends `text`, coloured when `color` is given (widths are measured without the codes).
void colored(std::string& out, const std::string& text, const char* color) {
  if (color) out += color;
  out += text;
  if (color) out += kReset;
}

void append_horizontal(std::string& out, const FormattedRows& r, std::size_t first, std::size_t last, bool header,
                       bool color) {
  const std::size_t n = r.columns.size();
  // The columns' widths: on the stack for a table of up to 32 columns.
  std::size_t few[32];
  std::vector<std::size_t> many;
  std::size_t* width = n <= 32 ? few : (many.resize(n), many.data());
  for (std::size_t c = 0; c < n; ++c) width[c] = util::display_width(r.columns[c].name);
  for (std::size_t i = first; i < last; ++i)
    for (std::size_t c = 0; c < n; ++c) width[c] = std::max(width[c], r.width(i, c));
  if (header) {
    const std::size_t start = out.size();  // the header line, its trailing blanks trimmed
    for (std::size_t c = 0; c < n; ++c) {
      out += c ? " | " : " ";
      colored(out, r.columns[c].name, color ? r.columns[c].header_color : nullptr);
      if (c + 1 < n || !color) pad(out, width[c] - util::display_width(r.columns[c].name));
    }
    while (out.size() > start && out.back() == ' ') out.pop_back();
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
      pad(out, width[c] - r.width(i, c));
      colored(out, r.cell(i, c), !color ? nullptr : r.null(i, c) ? "\033[0;1;31m" : r.columns[c].value_color);
    }
    out += '\n';
  }
}

void append_vertical(std::string& out, const FormattedRows& r, std::size_t first, std::size_t last) {
  std::size_t w = 0, v = 0;
  for (const auto& column : r.columns) w = std::max(w, util::display_width(column.name));
  for (std::size_t i = first; i < last; ++i)
    for (std::size_t c = 0; c < r.columns.size(); ++c) v = std::max(v, r.width(i, c));
  for (std::size_t i = first; i < last; ++i) {
    out += fmt::format("@ Row {}\n", i + 1);
    out += '-';
    out.append(w, '-');
    out += "-+-";
    out.append(v, '-');
    out += "-\n";
    for (std::size_t c = 0; c < r.columns.size(); ++c) {
      out += ' ';
      out += r.columns[c].name;
      pad(out, w - util::display_width(r.columns[c].name));
      out += " | ";
      out += r.cell(i, c);
      out += '\n';
    }
    out += '\n';
  }
}

}  // namespace

void append_page(std::string& out, const FormattedRows& r, std::size_t first, std::size_t last, bool first_page,
                 const TableStyle& style) {
  const bool empty = r.row_count == 0;
  if (style.expand && !empty) {
    if (first_page) out += '\n';
    append_vertical(out, r, first, last);
    return;
  }
  if (first_page || style.tty) out += first_page ? "\n" : "";
  append_horizontal(out, r, first, last, first_page || style.tty, style.color && !r.columns.empty());
  if (style.tty) out += '\n';
}

void append_footer(std::string& out, const exec::Rows& rows, const TableStyle& style,
                   std::optional<std::size_t> count) {
  if (rows.lwt) return;  // [applied] results have no footer; a tty's blank line came with the page
  const std::size_t n = count.value_or(rows.rows.size());
  if (!style.tty) out += '\n';
  if (n == 0 && !style.tty) out += '\n';
  // Appended piece by piece: fmt::format_to through a back_inserter was a quarter of printing
  // a one-row result.
  out += '(';
  const fmt::format_int digits(n);
  out.append(digits.data(), digits.size());
  out += " rows)\n";
  if (!rows.warnings.empty()) {
    out += "\nWarnings :\n";
    for (const auto& w : rows.warnings) out += w + "\n\n";
  }
}

void append_result(std::string& out, const exec::Rows& rows, const TableStyle& style, const DisplayOptions& display) {
  FormattedRows r;
  append_result(out, rows, style, display, r);
}

void append_result(std::string& out, const exec::Rows& rows, const TableStyle& style, const DisplayOptions& display,
                   FormattedRows& r) {
  format_rows(rows, display, r);
  const std::size_t n = r.row_count;
  const std::size_t page = style.page_size ? style.page_size : std::max<std::size_t>(n, 1);
  if (n == 0) append_page(out, r, 0, 0, true, style);
  for (std::size_t first = 0; first < n; first += page)
    append_page(out, r, first, std::min(n, first + page), first == 0, style);
  append_footer(out, rows, style);
  r.keep_small();
}

}  // namespace cqlbox::print
