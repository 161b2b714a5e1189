#include "shell/machine_output.hpp"

#include "exec/functions.hpp"
#include "print/value_text.hpp"

namespace cqlbox::shell {

namespace {

void append_csv_field(std::string& out, const std::string& field) {
  if (field.find_first_of(",\"\r\n") == std::string::npos) {
    out += field;
    return;
  }
  out += '"';
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

// Column names as plain JSON strings: scripts read "Mixed", not SELECT JSON's "\"Mixed\"".
void append_json_name(std::string& out, const std::string& name) {
  out += '"';
  for (char c : name) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\u00";
      out += kHex[(c >> 4) & 0xf];
      out += kHex[c & 0xf];
      continue;
    }
    out += c;
  }
  out += '"';
}

}  // namespace

void append_json_lines(std::string& out, const exec::Rows& rows) {
  for (const auto& row : rows.rows) {
    out += '{';
    for (std::size_t i = 0; i < rows.columns.size() && i < row.size(); ++i) {
      if (i) out += ", ";
      append_json_name(out, rows.columns[i].name);
      out += ": ";
      out += exec::json_value(*rows.columns[i].type, row[i]);
    }
    out += "}\n";
  }
}

void append_csv(std::string& out, const exec::Rows& rows) {
  for (std::size_t i = 0; i < rows.columns.size(); ++i) {
    if (i) out += ',';
    append_csv_field(out, rows.columns[i].name);
  }
  out += '\n';
  std::string text;
  for (const auto& row : rows.rows) {
    for (std::size_t i = 0; i < rows.columns.size() && i < row.size(); ++i) {
      if (i) out += ',';
      if (!row[i]) continue;
      text.clear();
      print::append_value_text(text, *rows.columns[i].type, *row[i], false);
      append_csv_field(out, text);
    }
    out += '\n';
  }
}

}  // namespace cqlbox::shell
