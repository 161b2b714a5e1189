// COPY t [(cols)] TO 'file'|STDOUT / FROM 'file'|STDIN [WITH opt = v AND …] (cassandra.md §3.4).
// Export formats values as cqlsh's COPY does (FLOATPRECISION 5, DOUBLEPRECISION 12,
// BOOLSTYLE, NULL) with minimal CSV quoting. Import turns each CSV row into an INSERT with
// properly quoted literals and runs it through the normal statement path, so every
// validation and message applies; bad rows are reported and skipped. cqlbox runs no child
// processes, so "Using N child processes" is not printed.
#include <chrono>
#include <cstring>
#include <optional>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "print/error_text.hpp"
#include "print/value_text.hpp"
#include "shell/shell.hpp"
#include "types/bytes.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

struct CopyOptions {
  char delimiter = ',';
  char quote = '"';
  char escape = '\\';
  bool header = false;
  std::string null_text;
  long long max_rows = -1, skip_rows = 0, max_parse_errors = -1;
  int float_precision = 5, double_precision = 12;
  std::string bool_true = "True", bool_false = "False";
};

// cqlsh's describe_interval: "0.041 seconds", "1 minute and 2.000 seconds".
std::string interval_text(double seconds) {
  std::vector<std::string> parts;
  for (auto [length, unit] : {std::pair{86400.0, "day"}, {3600.0, "hour"}, {60.0, "minute"}}) {
    const auto n = static_cast<long long>(seconds / length);
    if (n > 0) {
      parts.push_back(fmt::format("{} {}{}", n, unit, n > 1 ? "s" : ""));
      seconds -= static_cast<double>(n) * length;
    }
  }
  std::string words = fmt::format("{:.3f} seconds", seconds);
  if (parts.size() > 1) {
    std::string joined;
    for (const auto& p : parts) joined += (joined.empty() ? "" : ", ") + p;
    return joined + ", and " + words;
  }
  return parts.size() == 1 ? parts[0] + " and " + words : words;
}

std::string csv_field(const std::string& v, const CopyOptions& o) {
  const bool needs = v.find(o.delimiter) != std::string::npos || v.find(o.quote) != std::string::npos ||
                     v.find('\n') != std::string::npos || v.find('\r') != std::string::npos;
  if (!needs) return v;
  std::string out(1, o.quote);
  for (char c : v) {
    if (c == o.quote) out += o.quote;
    out += c;
  }
  return out + o.quote;
}

// Splits one CSV record; false when a quoted field is still open at the end of `line`.
bool split_csv(const std::string& line, const CopyOptions& o, std::vector<std::string>& fields,
               std::vector<bool>& quoted) {
  fields.assign(1, "");
  quoted.assign(1, false);
  bool in_quotes = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_quotes) {
      if (c == o.escape && o.escape != o.quote && i + 1 < line.size()) fields.back() += line[++i];
      else if (c == o.quote && i + 1 < line.size() && line[i + 1] == o.quote) { fields.back() += o.quote; ++i; }
      else if (c == o.quote) in_quotes = false;
      else fields.back() += c;
    } else if (c == o.quote) {
      in_quotes = true;
      quoted.back() = true;
    } else if (c == o.delimiter) {
      fields.emplace_back();
      quoted.push_back(false);
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  return !in_quotes;
}

// A CSV field as a CQL literal for `type`.
std::string literal_for(const types::CqlType& type, const std::string& v, const CopyOptions& o) {
  using types::Kind;
  auto quoted = [](const std::string& s) {
    std::string out = "'";
    for (char c : s) {
      if (c == '\'') out += '\'';
      out += c;
    }
    return out + "'";
  };
  switch (type.kind) {
    case Kind::Text: case Kind::Ascii: case Kind::Inet: case Kind::Date: case Kind::Time: case Kind::Timestamp:
      return quoted(v);
    case Kind::Boolean:
      if (v == o.bool_true || util::iequals(v, "true")) return "true";
      if (v == o.bool_false || util::iequals(v, "false")) return "false";
      return quoted(v);
    default:
      return v;  // numbers, uuids, 0x blobs, durations, and collections in CQL literal syntax
  }
}

// cqlsh converts numbers with Python before sending them: its ParseError texts.
std::optional<std::string> parse_error_for(const types::CqlType& type, const std::string& v) {
  using types::Kind;
  auto all_digits = [](const std::string& x) {
    std::size_t i = !x.empty() && (x[0] == '-' || x[0] == '+') ? 1 : 0;
    if (i == x.size()) return false;
    for (; i < x.size(); ++i)
      if (!std::isdigit(static_cast<unsigned char>(x[i]))) return false;
    return true;
  };
  if (types::is_integral(type.kind) && !all_digits(v))
    return fmt::format("invalid literal for int() with base 10: '{}'", v);
  if (type.kind == Kind::Float || type.kind == Kind::Double || type.kind == Kind::Decimal) {
    char* end = nullptr;
    std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0') return fmt::format("could not convert string to float: '{}'", v);
  }
  return std::nullopt;
}

}  // namespace

void Shell::cmd_copy(std::string_view text) {
  // COPY [ks.]t [(c1, c2)] TO|FROM <target> [WITH k = v AND …]
  std::string s(text);
  while (!s.empty() && (s.back() == ';' || s.back() == ' ' || s.back() == '\n')) s.pop_back();
  auto upper = [](std::string w) {
    for (char& c : w) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return w;
  };
  std::size_t i = 4;
  auto skip = [&] { while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i; };
  auto word = [&] {
    skip();
    std::size_t start = i;
    if (i < s.size() && (s[i] == '\'' || s[i] == '"')) {
      const char q = s[i++];
      while (i < s.size() && s[i] != q) ++i;
      if (i < s.size()) ++i;
    } else {
      while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i])) && s[i] != '(' && s[i] != '=') ++i;
    }
    return s.substr(start, i - start);
  };
  const std::string table_name = word();
  std::vector<std::string> columns;
  skip();
  if (i < s.size() && s[i] == '(') {
    const std::size_t close = s.find(')', i);
    if (close == std::string::npos) return print_error("Improper COPY command.");
    std::stringstream list(s.substr(i + 1, close - i - 1));
    for (std::string c; std::getline(list, c, ',');) {
      c.erase(0, c.find_first_not_of(" \t"));
      c.erase(c.find_last_not_of(" \t") + 1);
      columns.push_back(c.size() >= 2 && c.front() == '"' ? c.substr(1, c.size() - 2) : util::ascii_lower(c));
    }
    i = close + 1;
  }
  const std::string direction = upper(word());
  std::string target = word();
  if ((direction != "TO" && direction != "FROM") || target.empty()) return print_error("Improper COPY command.");
  CopyOptions o;
  std::vector<std::string> unknown;
  if (upper(word()) == "WITH") {
    while (true) {
      const std::string key = upper(word());
      skip();
      if (key.empty() || i >= s.size() || s[i] != '=') break;
      ++i;
      std::string value = word();
      if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"')) value = value.substr(1, value.size() - 2);
      if (key == "DELIMITER" && !value.empty()) o.delimiter = value[0];
      else if (key == "QUOTE" && !value.empty()) o.quote = value[0];
      else if (key == "ESCAPE" && !value.empty()) o.escape = value[0];
      else if (key == "HEADER") o.header = util::iequals(value, "true");
      else if (key == "NULL") o.null_text = value;
      else if (key == "MAXROWS") o.max_rows = std::atoll(value.c_str());
      else if (key == "SKIPROWS") o.skip_rows = std::atoll(value.c_str());
      else if (key == "MAXPARSEERRORS") o.max_parse_errors = std::atoll(value.c_str());
      else if (key == "FLOATPRECISION") o.float_precision = std::atoi(value.c_str());
      else if (key == "DOUBLEPRECISION") o.double_precision = std::atoi(value.c_str());
      else if (key == "BOOLSTYLE" && value.find(',') != std::string::npos) {
        o.bool_true = value.substr(0, value.find(','));
        o.bool_false = value.substr(value.find(',') + 1);
      } else if (key != "ENCODING" && key != "DATETIMEFORMAT" && key != "MAXATTEMPTS" && key != "REPORTFREQUENCY" &&
                 key != "DECIMALSEP" && key != "THOUSANDSSEP" && key != "NUMPROCESSES" && key != "CONFIGFILE" &&
                 key != "RATEFILE" && key != "CHUNKSIZE" && key != "INGESTRATE" && key != "MINBATCHSIZE" &&
                 key != "MAXBATCHSIZE" && key != "SKIPCOLS" && key != "MAXINSERTERRORS" && key != "ERRFILE" &&
                 key != "PREPAREDSTATEMENTS" && key != "TTL" && key != "PAGESIZE" && key != "PAGETIMEOUT" &&
                 key != "BEGINTOKEN" && key != "ENDTOKEN" && key != "MAXREQUESTS" && key != "MAXOUTPUTSIZE")
        unknown.push_back(util::ascii_lower(key));
      if (upper(word()) != "AND") break;
    }
  }
  if (!unknown.empty()) {
    std::string list;
    for (const auto& u : unknown) list += (list.empty() ? "" : ", ") + u;
    return print_error(fmt::format("Unrecognized COPY {} options: {}", direction, list));
  }

  std::string ks, name = table_name;
  if (const auto dot = table_name.find('.'); dot != std::string::npos) {
    ks = table_name.substr(0, dot);
    name = table_name.substr(dot + 1);
  }
  auto norm = [](const std::string& n) { return n.size() >= 2 && n.front() == '"' ? n.substr(1, n.size() - 2) : util::ascii_lower(n); };
  // cqlsh looks the table up in the driver's schema metadata (get_table_meta), with its texts.
  ks = ks.empty() ? session_.keyspace : norm(ks);
  name = norm(name);
  if (ks.empty() || !db_.catalog.keyspace(ks))
    return print_error(ks.empty() ? std::string("Keyspace None not found.") : fmt::format("Keyspace '{}' not found.", ks));
  const schema::TableSchema* t = db_.catalog.table(ks, name);
  if (!t) return print_error(fmt::format("Column family {} not found", name));
  std::vector<int> cols;
  if (columns.empty())
    for (std::size_t c = 0; c < t->columns.size(); ++c) cols.push_back(static_cast<int>(c));
  for (const auto& c : columns) {
    const int idx = t->find(c);
    if (idx < 0) return print_error(fmt::format("Invalid column name {}", c));
    cols.push_back(idx);
  }
  std::string names;
  for (int c : cols) names += (names.empty() ? "" : ", ") + t->column(c).name;
  const std::int64_t started_us = db_.clock.now_us();
  const auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    if (db_.clock.fixed()) return static_cast<double>(db_.clock.now_us() - started_us) / 1e6;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  const std::string qualified = t->keyspace + "." + t->name;

  if (direction == "TO") {
    const bool to_stdout = util::iequals(target, "STDOUT");
    std::string csv;
    if (o.header) {
      std::string line;
      for (int c : cols) line += (line.empty() ? "" : std::string(1, o.delimiter)) + csv_field(t->column(c).name, o);
      csv += line + "\n";
    }
    ast::Select all;
    all.table = ast::QualifiedName{t->keyspace, t->name};
    exec::Result result = exec::execute_select(db_, session_, all, *t);
    const auto& rows = std::get<exec::Rows>(result);
    long long n = 0;
    for (const auto& row : rows.rows) {
      if (o.max_rows >= 0 && n >= o.max_rows) break;
      std::string line;
      for (std::size_t k = 0; k < cols.size(); ++k) {
        const auto& v = row[static_cast<std::size_t>(cols[k])];
        const types::CqlType& type = *t->column(cols[k]).type;
        std::string field;
        if (!v) field = o.null_text;
        else if (type.kind == types::Kind::Boolean) field = (*v)[0] ? o.bool_true : o.bool_false;
        else if (type.kind == types::Kind::Float || type.kind == types::Kind::Double) {
          std::uint64_t bits = type.kind == types::Kind::Float ? types::read_be<std::uint32_t>(*v) : types::read_be<std::uint64_t>(*v);
          double d = 0;
          if (type.kind == types::Kind::Float) {
            float f = 0;
            const auto b32 = static_cast<std::uint32_t>(bits);
            std::memcpy(&f, &b32, 4);
            d = f;
          } else {
            std::memcpy(&d, &bits, 8);
          }
          field = print::format_floating(d, type.kind == types::Kind::Float ? o.float_precision : o.double_precision);
        } else {
          field = print::value_text(type, *v);
        }
        line += (k ? std::string(1, o.delimiter) : "") + csv_field(field, o);
      }
      csv += line + "\n";
      ++n;
    }
    out_ += fmt::format("\nStarting copy of {} with columns [{}].\n", qualified, names);
    if (to_stdout) {
      out_ += csv;
    } else {
      std::string path = target.size() >= 2 && target.front() == '\'' ? target.substr(1, target.size() - 2) : target;
      std::ofstream f(path, std::ios::binary);
      if (!f) {
        out_.clear();
        return print_error(fmt::format("Can't open '{}' for writing", path));
      }
      f << csv;
    }
    out_ += fmt::format("\n{} rows exported to 1 files in {}.\n", n, interval_text(elapsed()));
    flush();
    return;
  }

  // FROM: a file now, or STDIN from the lines that follow up to "\.".
  copy_import_ = std::make_unique<CopyImport>();
  copy_import_->table = t;
  copy_import_->columns = cols;
  copy_import_->qualified = qualified;
  copy_import_->names = names;
  copy_import_->options_text = s;
  copy_import_->delimiter = o.delimiter;
  copy_import_->quote = o.quote;
  copy_import_->escape = o.escape;
  copy_import_->header = o.header;
  copy_import_->null_text = o.null_text;
  copy_import_->max_rows = o.max_rows;
  copy_import_->skip_rows = o.skip_rows;
  copy_import_->bool_true = o.bool_true;
  copy_import_->bool_false = o.bool_false;
  copy_import_->started_us = started_us;
  out_ += fmt::format("\nStarting copy of {} with columns [{}].\n", qualified, names);
  if (util::iequals(target, "STDIN")) {
    out_ += "[Use . on a line by itself to end input]\n";
    flush();
    return;  // feed_line() collects the lines
  }
  std::string path = target.size() >= 2 && target.front() == '\'' ? target.substr(1, target.size() - 2) : target;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    copy_import_.reset();
    out_.clear();
    return print_error(fmt::format("Can't open '{}' for reading: no matching file found", path));
  }
  for (std::string line; std::getline(in, line);) copy_import_->lines.push_back(line);
  finish_copy_import();
}

void Shell::finish_copy_import() {
  std::unique_ptr<CopyImport> imp = std::move(copy_import_);
  CopyOptions o;
  o.delimiter = imp->delimiter;
  o.quote = imp->quote;
  o.escape = imp->escape;
  o.null_text = imp->null_text;
  o.bool_true = imp->bool_true;
  o.bool_false = imp->bool_false;
  const schema::TableSchema& t = *imp->table;
  long long imported = 0, skipped = 0, record = 0;
  std::string pending;
  std::vector<std::string> fields;
  std::vector<bool> quoted;
  for (std::size_t li = 0; li < imp->lines.size(); ++li) {
    pending += (pending.empty() ? "" : "\n") + imp->lines[li];
    if (!split_csv(pending, o, fields, quoted)) continue;  // a quoted field spans lines
    const std::string line = std::move(pending);
    pending.clear();
    if (line.empty()) continue;
    ++record;
    if (record == 1 && imp->header) continue;
    if (record - (imp->header ? 1 : 0) <= imp->skip_rows) continue;
    if (imp->max_rows >= 0 && imported >= imp->max_rows) break;
    if (fields.size() != imp->columns.size()) {
      print_error(fmt::format("Failed to import 1 rows: ParseError - Invalid row length {} should be {},  given up without retries",
                              fields.size(), imp->columns.size()));
      ++skipped;
      continue;
    }
    std::string cols, values;
    std::optional<std::string> parse_error;
    for (std::size_t k = 0; k < fields.size(); ++k) {
      const schema::Column& c = t.column(imp->columns[k]);
      const bool null = !quoted[k] && fields[k] == o.null_text;
      if (!null && !parse_error) parse_error = parse_error_for(*c.type, fields[k]);
      cols += (k ? ", " : "") + util::cql_name(c.name);
      values += (k ? ", " : "") + (null ? std::string("null") : literal_for(*c.type, fields[k], o));
    }
    if (parse_error) {
      print_error(fmt::format("Failed to import 1 rows: ParseError - {},  given up without retries", *parse_error));
      ++skipped;
      continue;
    }
    const std::string stmt = fmt::format("INSERT INTO {}.{} ({}) VALUES ({});", util::cql_name(t.keyspace),
                                         util::cql_name(t.name), cols, values);
    try {
      ast::Statement parsed = parser_.parse(stmt);
      exec::execute(db_, session_, parsed);
      ++imported;
    } catch (const error::CqlError& e) {
      const std::string text = print::error_text(e);
      print_error(fmt::format("Failed to import 1 rows: {} - {},  given up without retries",
                              text.substr(0, text.find(':')), e.message));
      ++skipped;
    }
  }
  const double seconds = db_.clock.fixed() ? static_cast<double>(db_.clock.now_us() - imp->started_us) / 1e6 : 0.0;
  out_ += fmt::format("\n{} rows imported from 1 files in {} ({} skipped).\n", imported, interval_text(seconds), skipped);
  flush();
}

}  // namespace cqlbox::shell
