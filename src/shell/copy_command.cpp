// COPY t [(cols)] TO 'file'|STDOUT / FROM 'file'|STDIN [WITH opt = v AND …] (cassandra.md §3.4):
// the command read, its options and table; then COPY FROM (COPY TO is copy_to.cpp). Import
// streams the file record by record (a chunk of CHUNKSIZE records is held), binds each record's
// fields to one prepared INSERT and runs it through the engine, so every validation and message
// applies; a record with a field that has no plain constant form, or that fails, takes an
// INSERT written with quoted literals, which gives cqlsh's errors. Failed rows are reported,
// counted against MAXPARSEERRORS/MAXINSERTERRORS and written to ERRFILE, as cqlsh does.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "print/error_text.hpp"
#include "print/value_text.hpp"
#include "shell/copy_csv.hpp"
#include "shell/line_editor.hpp"
#include "shell/progress_line.hpp"
#include "shell/internal.hpp"
#include "types/bytes.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

std::string upper(std::string w) {
  for (char& c : w) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return w;
}

}  // namespace

void cmd_copy(ShellState& sh, std::string_view text) {
  CopyRequest c;
  if (!read_copy_command(sh, text, c) || !apply_copy_options(sh, c) || !resolve_copy_table(sh, c)) return;
  c.started_us = sh.db.clock.now_us();
  c.started = std::chrono::steady_clock::now();
  // cqlsh's default is a process per core but one (1 on two cores, at most 16); cqlbox works in
  // its own process, and says 1 unless NUMPROCESSES asks otherwise.
  if (c.chatty) sh.out += fmt::format("Using {} child processes\n", c.options.num_processes);
  if (c.direction == "TO") return copy_to(sh, c);
  copy_from(sh, c);
}

// COPY [ks.]t [(c1, c2)] TO|FROM <target> [WITH k = v AND …]: the words, not yet judged.
bool read_copy_command(ShellState& sh, std::string_view text, CopyRequest& c) {
  std::string s(text);
  while (!s.empty() && (s.back() == ';' || s.back() == ' ' || s.back() == '\n')) s.pop_back();
  std::size_t i = 4;
  auto skip = [&] {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  };
  auto word = [&] {
    skip();
    std::size_t start = i;
    if (i < s.size() && (s[i] == '\'' || s[i] == '"')) {
      const char q = s[i++];
      while (i < s.size() && (s[i] != q || (i + 1 < s.size() && s[i + 1] == q))) i += s[i] == q ? 2u : 1u;
      if (i < s.size()) ++i;
    } else {
      while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i])) && s[i] != '(' && s[i] != '=') ++i;
    }
    return s.substr(start, i - start);
  };
  c.table_name = word();
  skip();
  if (i < s.size() && s[i] == '(') {
    const std::size_t close = s.find(')', i);
    if (close == std::string::npos) return print_error(sh, "Improper COPY command."), false;
    std::stringstream list(s.substr(i + 1, close - i - 1));
    for (std::string col; std::getline(list, col, ',');) {
      col.erase(0, col.find_first_not_of(" \t"));
      col.erase(col.find_last_not_of(" \t") + 1);
      c.columns.push_back(col.size() >= 2 && col.front() == '"' ? col.substr(1, col.size() - 2)
                                                                : util::ascii_lower(col));
    }
    i = close + 1;
  }
  c.direction = upper(word());
  c.target = word();
  if ((c.direction != "TO" && c.direction != "FROM") || c.target.empty())
    return print_error(sh, "Improper COPY command."), false;
  if (upper(word()) != "WITH") return true;
  while (true) {
    const std::string key = upper(word());
    skip();
    if (key.empty() || i >= s.size() || s[i] != '=') break;
    ++i;
    std::string value = word();
    if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"')) {
      const char q = value.front();
      std::string unquoted;
      for (std::size_t k = 1; k + 1 < value.size(); ++k) {
        unquoted += value[k];
        if (value[k] == q) ++k;  // '' is one quote
      }
      value = std::move(unquoted);
    }
    c.with.emplace_back(key, std::move(value));
    if (upper(word()) != "AND") break;
  }
  return true;
}

// The options: DATETIMEFORMAT from cqlshrc's time_format, then cqlshrc's [copy…] sections, then
// the command's WITH. COPY's own messages (copyutil's maybe_read_config_file) say which sections
// and which WITH options it read, as Python prints their dicts, when a cqlshrc file exists.
bool apply_copy_options(ShellState& sh, CopyRequest& c) {
  CopyOptions& o = c.options;
  std::vector<std::string> unknown, messages;
  o.datetime_format = sh.display.time_format;
  std::string rc_ks = sh.session.keyspace, rc_table = c.table_name;
  if (const auto dot = c.table_name.find('.'); dot != std::string::npos) {
    rc_ks = util::ascii_lower(c.table_name.substr(0, dot));
    rc_table = c.table_name.substr(dot + 1);
  }
  for (const auto& [section, options] : copy_sections(sh, c.direction, rc_ks, util::ascii_lower(rc_table))) {
    messages.push_back(
        fmt::format("Reading options from {}:[{}]: {}", sh.cqlshrc.path, section, python_dict(*options)));
    for (const auto& [key, value] : *options) {
      std::string error;
      for (auto& u : apply_copy_option(o, util::ascii_upper(key), value, error)) unknown.push_back(std::move(u));
      if (!error.empty()) return print_error(sh, error), false;
    }
  }
  std::vector<std::pair<std::string, std::string>> given;  // WITH options, lower case, first place kept
  for (const auto& [key, value] : c.with) {
    const std::string lower = util::ascii_lower(key);
    auto seen = std::find_if(given.begin(), given.end(), [&](const auto& kv) { return kv.first == lower; });
    if (seen == given.end())
      given.emplace_back(lower, value);
    else
      seen->second = value;
    std::string error;
    for (auto& u : apply_copy_option(o, key, value, error)) unknown.push_back(std::move(u));
    if (!error.empty()) return print_error(sh, error), false;
  }
  if (!given.empty() && !sh.cqlshrc.path.empty())
    messages.push_back(fmt::format("Reading options from the command line: {}", python_dict(given)));
  // Shown for imports and for exports to a file, not to STDOUT (copyutil's printmsg).
  c.chatty = c.direction == "FROM" || !util::iequals(c.target, "STDOUT");
  if (c.chatty)
    for (const auto& m : messages) sh.out += m + "\n";
  if (!unknown.empty()) {
    flush(sh);
    std::string list;
    for (const auto& u : unknown) list += (list.empty() ? "" : ", ") + u;
    return print_error(sh, fmt::format("Unrecognized COPY {} options: {}", c.direction, list)), false;
  }
  return true;
}

// The table and its columns, found as cqlsh finds them in the driver's schema metadata
// (get_table_meta), with its messages.
bool resolve_copy_table(ShellState& sh, CopyRequest& c) {
  std::string ks, name = c.table_name;
  if (const auto dot = c.table_name.find('.'); dot != std::string::npos) {
    ks = c.table_name.substr(0, dot);
    name = c.table_name.substr(dot + 1);
  }
  auto norm = [](const std::string& n) {
    return n.size() >= 2 && n.front() == '"' ? n.substr(1, n.size() - 2) : util::ascii_lower(n);
  };
  ks = ks.empty() ? sh.session.keyspace : norm(ks);
  name = norm(name);
  if (ks.empty() || !sh.db.catalog.keyspace(ks))
    return print_error(
               sh, ks.empty() ? std::string("Keyspace None not found.") : fmt::format("Keyspace '{}' not found.", ks)),
           false;
  c.table = sh.db.catalog.table(ks, name);
  if (!c.table) return print_error(sh, fmt::format("Column family {} not found", name)), false;
  if (c.columns.empty())
    for (std::size_t k = 0; k < c.table->columns.size(); ++k) c.cols.push_back(static_cast<int>(k));
  for (const auto& col : c.columns) {
    const int idx = c.table->find(col);
    if (idx < 0) return print_error(sh, fmt::format("Invalid column name {}", col)), false;
    c.cols.push_back(idx);
  }
  return true;
}

double copy_elapsed(ShellState& sh, const CopyRequest& c) {
  if (sh.db.clock.fixed()) return static_cast<double>(sh.db.clock.now_us() - c.started_us) / 1e6;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - c.started).count();
}

// COPY … FROM: skipped columns are read from the CSV but not written (cqlsh's SKIPCOLS).
void copy_from(ShellState& sh, const CopyRequest& c) {
  const schema::TableSchema* t = c.table;
  const std::vector<int>& cols = c.cols;
  const CopyOptions& o = c.options;
  const std::string& target = c.target;
  const std::string qualified = t->keyspace + "." + t->name;
  std::vector<bool> keep(cols.size(), true);
  std::string names;
  for (std::size_t k = 0; k < cols.size(); ++k) {
    for (const auto& sk : o.skip_columns) keep[k] = keep[k] && t->column(cols[k]).name != sk;
    if (keep[k]) names += (names.empty() ? "" : ", ") + t->column(cols[k]).name;
  }
  if (names.empty()) return print_error(sh, "No valid column specified");
  for (int pk : t->partition_key) {
    bool found = false;
    for (std::size_t k = 0; k < cols.size(); ++k) found = found || (cols[k] == pk && keep[k]);
    if (!found) return print_error(sh, fmt::format("Primary key column '{}' missing or skipped", t->column(pk).name));
  }
  for (int ck : t->clustering) {
    bool found = false;
    for (std::size_t k = 0; k < cols.size(); ++k) found = found || (cols[k] == ck && keep[k]);
    if (!found) return print_error(sh, fmt::format("Primary key column '{}' missing or skipped", t->column(ck).name));
  }
  auto imp = std::make_unique<CopyImport>();
  imp->table = t;
  imp->columns = cols;
  imp->keep = std::move(keep);
  imp->options = o;
  imp->from_stdin = util::iequals(target, "STDIN");
  imp->err_file = o.err_file.empty() ? fmt::format("import_{}_{}.err", t->keyspace, t->name) : o.err_file;
  // As cqlsh: an err file left by an earlier import is kept, renamed with the time, and this
  // import's failures start a new one.
  if (std::ifstream(imp->err_file).good()) {
    const auto now = static_cast<std::time_t>(sh.db.clock.now_us() / 1000000);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, ".%Y%m%d_%H%M%S", &tm);
    std::rename(imp->err_file.c_str(), (imp->err_file + stamp).c_str());
  }
  imp->started_us = c.started_us;
  imp->started = c.started;
  // The INSERT's fixed head, built once.
  imp->insert_head = fmt::format("INSERT INTO {}.{} (", util::cql_name(t->keyspace), util::cql_name(t->name));
  bool first = true;
  for (std::size_t k = 0; k < cols.size(); ++k)
    if (imp->keep[k]) {
      imp->insert_head += (first ? "" : ", ") + util::cql_name(t->column(cols[k]).name);
      first = false;
    }
  imp->insert_head += ") VALUES (";
  if (o.ttl >= 0)
    imp->insert_tail = fmt::format(") USING TTL {};", o.ttl);
  else
    imp->insert_tail = ");";
  {
    std::string prepared = imp->insert_head;
    std::size_t markers = 0;
    for (std::size_t k = 0; k < cols.size(); ++k)
      if (imp->keep[k]) prepared += markers++ ? ", ?" : "?";
    imp->prepared = parse::parse_owned(prepared + imp->insert_tail);
    imp->bound_bytes.resize(markers);
    imp->bound.resize(markers);
  }
  std::ifstream in;
  if (!imp->from_stdin) {
    const std::string path =
        target.size() >= 2 && target.front() == '\'' ? target.substr(1, target.size() - 2) : target;
    flush_all_before_waiting(sh);
    in.open(path, std::ios::binary);
    if (!in) {
      // cqlsh's words: the copy starts, its one reader fails, and nothing is imported.
      sh.out += fmt::format("\nStarting copy of {} with columns [{}].\n", qualified, names);
      flush(sh);
      print_error(
          sh, fmt::format("Failed to import 0 rows: OSError - Can't open '{}' for reading: no matching file found,  "
                          "given up after 1 attempts",
                          path));
      sh.out += fmt::format("\n0 rows imported from 0 files in {} (0 skipped).\n", interval_text(0.0));
      flush(sh);
      return;
    }
  }
  sh.out += fmt::format("\nStarting copy of {} with columns [{}].\n", qualified, names);
  sh.copy_import = std::move(imp);
  if (sh.copy_import->from_stdin) {
    sh.out += "[Use . on a line by itself to end input]\n";
    flush(sh);
    return;  // feed_line() hands over the lines up to "\."
  }
  flush(sh);
  ProgressLine progress(sh.tty);
  for (std::string line; std::getline(in, line);) {
    // Ctrl-C at a terminal stops the import between rows: what was imported stays, as in cqlsh.
    if (sh.session.interrupted && *sh.session.interrupted) {
      take_interrupt();
      print_error(sh, "Interrupted: the rows before this one were imported");
      break;
    }
    copy_import_line(sh, line);
    progress.tick(sh.copy_import->records);
  }
  progress.done();
  finish_copy_import(sh);
}

void copy_import_line(ShellState& sh, std::string_view line) {
  CopyImport& imp = *sh.copy_import;
  if (imp.stopped) return;
  const CopyOptions& o = imp.options;
  // A quoted field may span lines: the record continues until its quotes close.
  std::string_view record = line;
  if (!imp.pending.empty()) {
    imp.pending += '\n';
    imp.pending += line;
    record = imp.pending;
  }
  if (!split_csv(record, o, imp.fields, imp.quoted)) {
    if (imp.pending.empty()) imp.pending.assign(line);
    return;
  }
  // The record is whole: a multi-line one is taken out of `pending` (which starts empty again).
  const std::string joined = std::exchange(imp.pending, {});
  if (!joined.empty()) record = joined;
  if (record.empty()) return;
  // cqlsh's readers: a file's header is skipped before counting; STDIN counts it as a row read,
  // and skips while the count is below SKIPROWS.
  ++imp.read;
  if (imp.from_stdin) {
    if (o.max_rows >= 0 && imp.read > o.max_rows) return import_copy_chunk(sh), stop_copy_import(sh);
    if ((o.header && imp.read == 1) || imp.read < o.skip_rows) return;
  } else {
    if (o.header && !imp.header_skipped) {
      imp.header_skipped = true;
      --imp.read;
      return;
    }
    if (o.max_rows >= 0 && imp.read > o.max_rows) return import_copy_chunk(sh), stop_copy_import(sh);
    if (imp.read <= o.skip_rows) return;
  }
  ++imp.records;
  // The chunk's records are reused from chunk to chunk: their strings keep their capacity.
  if (imp.chunk_used == imp.chunk.size()) imp.chunk.emplace_back();
  CopyImport::Record& kept = imp.chunk[imp.chunk_used++];
  kept.text.assign(record);
  // The fields change places with the kept record's old ones, which split_csv reuses next.
  kept.fields.swap(imp.fields);
  kept.quoted.swap(imp.quoted);
  if (static_cast<long long>(imp.chunk_used) >= std::max(1LL, std::min(o.chunk_size, o.ingest_rate)))
    import_copy_chunk(sh);
}

void fail_copy_rows(ShellState& sh, std::size_t rows, bool parse, const std::string& kind, const std::string& message,
                    std::string_view outcome) {
  CopyImport& imp = *sh.copy_import;
  const CopyOptions& o = imp.options;
  // From STDIN, cqlsh reads to the end of the data before its workers' reports are printed;
  // past 1,000 held back they go out at once (bounded memory for endless bad input).
  auto report = [&](std::string text) {
    if (imp.from_stdin && imp.reports.size() < 1000)
      imp.reports.push_back(std::move(text));
    else
      print_error(sh, text);
  };
  report(fmt::format("Failed to import {} rows: {} - {},  {}", rows, kind, message, outcome));
  imp.failed += static_cast<long long>(rows);
  (parse ? imp.parse_errors : imp.insert_errors) += static_cast<long long>(rows);
  if (imp.parse_errors > o.max_parse_errors && o.max_parse_errors >= 0) {
    report(fmt::format("Exceeded maximum number of parse errors {}", o.max_parse_errors));
    stop_copy_import(sh);
  } else if (imp.insert_errors > o.max_insert_errors && o.max_insert_errors >= 0) {
    report(fmt::format("Exceeded maximum number of insert errors {}", o.max_insert_errors));
    stop_copy_import(sh);
  }
}

void import_copy_chunk(ShellState& sh) {
  CopyImport& imp = *sh.copy_import;
  const std::span<const CopyImport::Record> chunk(imp.chunk.data(), imp.chunk_used);
  imp.chunk_used = 0;
  if (chunk.empty() || imp.stopped) return;
  auto write_failed = [&](const std::string& text) {
    if (!imp.err_out.is_open()) imp.err_out.open(imp.err_file, std::ios::binary | std::ios::app);
    imp.err_out << text << '\n';
  };
  // [csv] field_size_limit: Python's csv reader refuses a field of more characters. The worker
  // reads its chunk in one go, so the error (a _csv.Error, final, not a parse error) fails every
  // row of the chunk (copyutil's ImportProcess).
  for (const auto& record : chunk)
    for (const std::string& field : record.fields) {
      std::size_t chars = 0;
      for (char ch : field) chars += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
      if (chars <= sh.csv_field_size_limit) continue;
      for (const auto& r : chunk) write_failed(r.text);
      return fail_copy_rows(sh, chunk.size(), false, "Error",
                            fmt::format("field larger than field limit ({})", sh.csv_field_size_limit),
                            "given up after 1 attempts");
    }
  for (const auto& record : chunk) {
    if (imp.stopped) break;
    if (sh.session.interrupted && *sh.session.interrupted) {  // Ctrl-C: the rows before this one stay
      take_interrupt();
      print_error(sh, "Interrupted: the rows before this one were imported");
      return stop_copy_import(sh);
    }
    import_copy_record(sh, record);
  }
}

bool import_bound_record(ShellState& sh, const CopyImport::Record& record) {
  CopyImport& imp = *sh.copy_import;
  const CopyOptions& o = imp.options;
  const schema::TableSchema& t = *imp.table;
  std::size_t j = 0;
  for (std::size_t k = 0; k < record.fields.size(); ++k) {
    if (!imp.keep[k]) continue;
    const schema::Column& c = t.column(imp.columns[k]);
    const std::string& v = record.fields[k];
    exec::BoundValue& b = imp.bound[j];
    if (!record.quoted[k] && v == o.null_text) {
      b.state = exec::BoundValue::State::Null;
    } else if ((!bound_bytes_suffice(*c.type) && parse_error_for(*c.type, v, o)) ||
               !append_bound_bytes(*c.type, v, o, c.name, imp.bound_bytes[j])) {
      return false;  // the text INSERT reports it, or writes what has no bytes here
    } else {
      b.state = exec::BoundValue::State::Set;
    }
    ++j;
  }
  for (std::size_t i = 0; i < j; ++i) imp.bound[i].bytes = imp.bound_bytes[i];
  struct Unbind {
    exec::Session& s;
    ~Unbind() {
      s.bound = nullptr;
      s.markers = 0;
    }
  } unbind{sh.session};
  sh.session.markers = imp.prepared->markers;
  sh.session.bound = &imp.bound;
  try {
    sh.engine.execute(imp.prepared->statement, imp.prepared->text, sh.session, &imp.bound);
    ++imp.imported;
  } catch (const error::CqlError& e) {
    // A timed-out write was applied: reported as the row's failure, not written a second time.
    if (e.cls == error::ErrorClass::WriteTimeout) {
      if (!imp.err_out.is_open()) imp.err_out.open(imp.err_file, std::ios::binary | std::ios::app);
      imp.err_out << record.text << '\n';
      fail_copy_rows(sh, 1, false, "WriteTimeout", e.message, "given up without retries");
      return true;
    }
    return false;  // the text INSERT gives the error as cqlsh reports it (and fails the same way)
  } catch (const engine::DurabilityError&) {
    return false;  // …and reports this one
  }
  return true;
}

void import_copy_record(ShellState& sh, const CopyImport::Record& record) {
  CopyImport& imp = *sh.copy_import;
  const CopyOptions& o = imp.options;
  const schema::TableSchema& t = *imp.table;
  auto fail = [&](bool parse, const std::string& kind, const std::string& message) {
    // A node retries a failed write 5 times; cqlbox's would fail the same way each time, so it
    // reports the row once, as a parse error is (docs/compatibility.md).
    if (!imp.err_out.is_open()) imp.err_out.open(imp.err_file, std::ios::binary | std::ios::app);
    imp.err_out << record.text << '\n';
    fail_copy_rows(sh, 1, parse, kind, message, "given up without retries");
  };
  const std::vector<std::string>& fields = record.fields;
  if (fields.size() != imp.columns.size())
    return fail(true, "ParseError",
                fmt::format("Invalid row length {} should be {}", fields.size(), imp.columns.size()));
  if (import_bound_record(sh, record)) return;
  std::string& stmt = imp.statement;
  stmt = imp.insert_head;
  bool first = true;
  for (std::size_t k = 0; k < fields.size(); ++k) {
    if (!imp.keep[k]) continue;
    const schema::Column& c = t.column(imp.columns[k]);
    const std::string& v = fields[k];
    const bool null = !record.quoted[k] && v == o.null_text;
    if (!null)
      if (auto error = parse_error_for(*c.type, v, o))
        return fail(true, "ParseError", fmt::format("Failed to parse {} : {}", v, *error));  // copyutil's words
    if (!first) stmt += ", ";
    first = false;
    stmt += null ? std::string("null") : literal_for(*c.type, v, o);
  }
  stmt += imp.insert_tail;
  try {
    const ast::Statement& parsed = sh.parser.parse(stmt);
    sh.session.markers = 0;
    sh.engine.execute(parsed, stmt, sh.session);
    ++imp.imported;
  } catch (const error::CqlError& e) {
    const std::string text = print::error_text(e);
    fail(false, text.substr(0, text.find(':')), e.message);
  } catch (const engine::DurabilityError& e) {
    fail(false, "ServerError", e.what());
  }
}

void stop_copy_import(ShellState& sh) {
  sh.copy_import->stopped = true;
  sh.copy_import->pending.clear();
}

void finish_copy_import(ShellState& sh) {
  if (sh.copy_import && !sh.copy_import->pending.empty() && !sh.copy_import->stopped) {
    // A quote left open at the end of the data: Python's csv reader (cqlsh's) ends the field
    // at the end of the input, newline included, and imports the record; so does this.
    std::string rest = std::move(sh.copy_import->pending);
    sh.copy_import->pending.clear();
    rest += '\n';
    rest += sh.copy_import->options.quote;
    copy_import_line(sh, rest);
  }
  if (sh.copy_import) import_copy_chunk(sh);
  std::unique_ptr<CopyImport> imp = std::move(sh.copy_import);
  for (const auto& text : imp->reports) print_error(sh, text);
  if (imp->err_out.is_open()) imp->err_out.close();
  if (imp->failed > 0)
    print_error(sh, fmt::format("Failed to process {} rows; failed rows written to {}", imp->failed, imp->err_file));
  const double seconds = sh.db.clock.fixed()
                             ? static_cast<double>(sh.db.clock.now_us() - imp->started_us) / 1e6
                             : std::chrono::duration<double>(std::chrono::steady_clock::now() - imp->started).count();
  sh.out += fmt::format("\n{} rows imported from 1 files in {} ({} skipped).\n", imp->imported, interval_text(seconds),
                        imp->options.skip_rows);
  flush(sh);
}

}  // namespace cqlbox::shell
