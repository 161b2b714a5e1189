// What the shell writes (internal.hpp): results, errors and warnings in cqlsh's layout, the
// pager's ---MORE---, the CAPTURE transcript, and the output held while the database lock is
// taken.
#include "shell/internal.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "print/error_text.hpp"
#include "print/table.hpp"
#include "shell/line_editor.hpp"
#include "shell/machine_output.hpp"
#include "types/bytes.hpp"
#include "types/temporal.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

void transcribe(ShellState& sh, std::string_view text) {
  if (!sh.transcript || text.empty()) return;
  const std::string plain = strip_colours(text);
  if (std::fwrite(plain.data(), 1, plain.size(), sh.transcript) == plain.size() && std::fflush(sh.transcript) == 0)
    return;
  const std::string why = std::strerror(errno);
  std::fclose(sh.transcript);
  sh.transcript = nullptr;
  print_error(sh, fmt::format("Could not write to the capture file '{}': {}; capture stopped", sh.capture_path, why));
  sh.capture_path.clear();
}

void transcribe_input(ShellState& sh, std::string_view line) {
  if (!sh.transcript || sh.source_depth > 0) return;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  transcribe(sh, current_prompt(sh) + std::string(line) + "\n");
}

void write_out(ShellState& sh, std::FILE* file, std::string_view text) {
  if (sh.record) sh.record->append(text);
  transcribe(sh, text);
  if (sh.lock_depth > 0 && !sh.tty) {
    // Held slots keep their strings' capacity from statement to statement: no allocation.
    if (sh.held_count == sh.held_output.size()) sh.held_output.emplace_back();
    sh.held_output[sh.held_count].first = file;
    sh.held_output[sh.held_count].second.assign(text);
    ++sh.held_count;
    sh.held_bytes += text.size();
    // A result printed as it is read could otherwise be held whole: past 4 MiB it goes out now,
    // under the lock (a reader that stops reading then stalls others only for results that big).
    if (sh.held_bytes > (4u << 20)) release_output(sh);
    return;
  }
  put_text(sh, file, text);
}

void put_text(ShellState& sh, std::FILE* file, std::string_view text) {
  if (file != sh.out_file) std::fflush(sh.out_file);  // what came before it goes first
  std::fwrite(text.data(), 1, text.size(), file);
  if (sh.tty || file != sh.out_file || sh.engine.durable()) std::fflush(file);
}

void flush_before_waiting(ShellState& sh) { std::fflush(sh.out_file); }

void flush_all_before_waiting(ShellState& sh) {
  flush(sh);
  release_output(sh);
  flush_before_waiting(sh);
}

DbLock::~DbLock() {
  --sh_.lock_depth;
  lock_.unlock();
  if (sh_.lock_depth == 0) release_output(sh_);
}

void release_output(ShellState& sh) {
  for (std::size_t i = 0; i < sh.held_count; ++i) {
    auto& [file, text] = sh.held_output[i];
    put_text(sh, file, text);
    if (text.capacity() > (1u << 20)) std::string().swap(text);  // a huge result's buffer is not kept
  }
  sh.held_count = 0;
  sh.held_bytes = 0;
  if (sh.held_output.size() > 64) sh.held_output.resize(64);  // slots a big result made are not kept
}

void flush(ShellState& sh) {
  if (sh.out.empty()) return;
  sync_log(sh);  // output acknowledges the statements before it
  write_out(sh, sh.out_file, sh.out);
  sh.out.clear();
}

void print_error(ShellState& sh, std::string_view text) {
  flush(sh);
  sync_log(sh);  // so does an error
  sh.error = true;
  // --echo: the statement is on the line above; the error follows it in the one transcript.
  const bool inline_error = sh.echo && sh.source_depth == 0;
  std::string prefix = sh.tty || inline_error ? std::string() : fmt::format("{}:{}:", sh.source_name, sh.line_no);
  if (sh.style.color && sh.tty) prefix = "\033[0;1;31m";  // errors in red on a terminal
  // One prefix for the whole text, as cqlsh's printerr writes it (a multi-line server message
  // keeps its later lines bare).
  std::string all = prefix;
  all.append(text);
  if (sh.style.color && sh.tty) all += "\033[0m";
  all += '\n';
  // The transcript shows the error as a terminal does: no file and line before it.
  std::FILE* transcript = std::exchange(sh.transcript, nullptr);
  write_out(sh, inline_error ? sh.out_file : sh.err_file, all);
  std::fflush(inline_error ? sh.out_file : sh.err_file);
  sh.transcript = transcript;
  transcribe(sh, std::string(text) + "\n");
  if (sh.options.bail && !sh.tty) sh.exit = true;
}

void empty_list_as_table(ShellState& sh, const ast::Statement& statement, exec::Result& result) {
  // cqlsh prints every LIST statement's result against a system_auth table's metadata (roles
  // for LIST ROLES/USERS, role_permissions for the others): an empty one, which the server
  // answers with no rows at all, shows that table's header and "(0 rows)".
  const auto* list = std::get_if<ast::AuthStatement>(&statement);
  using Kind = ast::AuthStatement::Kind;
  if (!list || !std::holds_alternative<exec::Void>(result) ||
      (list->kind != Kind::ListRoles && list->kind != Kind::ListUsers && list->kind != Kind::ListPermissions))
    return;
  const schema::TableSchema* t =
      sh.db.catalog.table("system_auth", list->kind == Kind::ListPermissions ? "role_permissions" : "roles");
  if (!t) return;
  exec::Rows empty;
  for (const schema::Column& c : t->columns) empty.columns.push_back({c.name, c.type});
  result = std::move(empty);
}

void warn_date_overflow(ShellState& sh, const exec::Rows& rows) {
  // cqlsh decodes a timestamp through Python's datetime, which ends at years 1 and 9999; past
  // them it prints the milliseconds and, once per session, Python's warning on stderr (its
  // path is where cqlsh is installed: cqlshlib/cqlshmain.py in Cassandra 5.0).
  constexpr std::int64_t kMinMs = -62135596800000LL, kMaxMs = 253402300799999LL;
  for (std::size_t c = 0; c < rows.columns.size(); ++c) {
    if (rows.columns[c].type->kind != types::Kind::Timestamp) continue;
    for (const auto& row : rows.rows) {
      if (!row[c] || row[c]->size() != 8) continue;
      const auto ms = types::read_be<std::int64_t>(*row[c]);
      if (ms >= kMinMs && ms <= kMaxMs) continue;
      sh.date_overflow_warned = true;
      flush(sh);
      write_out(sh, sh.err_file,
                "cqlshlib/cqlshmain.py:2233: DateOverFlowWarning: Some timestamps are larger than Python "
                "datetime can represent. Timestamps are displayed in milliseconds from epoch.\n");
      std::fflush(sh.err_file);
      return;
    }
  }
}

void print_result(ShellState& sh, const exec::Result& result) {
  const auto* rows = std::get_if<exec::Rows>(&result);
  if (sh.options.output_format != OutputFormat::Table) {
    // Machine-readable lines on stdout; server warnings go to stderr with the errors.
    const std::vector<std::string>* warnings = rows ? &rows->warnings : nullptr;
    if (const auto* done = std::get_if<exec::Void>(&result)) warnings = &done->warnings;
    if (rows && sh.options.output_format == OutputFormat::Json) append_json_lines(sh.out, *rows);
    if (rows && sh.options.output_format == OutputFormat::Csv) append_csv(sh.out, *rows);
    if (warnings)
      for (const auto& w : *warnings) write_out(sh, sh.err_file, fmt::format("Warnings: {}\n", w));
    flush(sh);
    return;
  }
  if (rows && !sh.date_overflow_warned) warn_date_overflow(sh, *rows);
  if (rows && sh.tty && sh.pause_pages && sh.style.page_size && rows->rows.size() > sh.style.page_size) {
    // A tty pauses after every page, like cqlsh's ---MORE--- prompt.
    print::FormattedRows r = print::format_rows(*rows, sh.display);
    const std::size_t n = r.row_count;
    for (std::size_t first = 0; first < n; first += sh.style.page_size) {
      print::append_page(sh.out, r, first, std::min(n, first + sh.style.page_size), first == 0, sh.style);
      flush(sh);
      if (first + sh.style.page_size < n) {
        std::fputs("---MORE---", stdout);
        std::fflush(stdout);
        // Enter shows the next page. Ctrl-C (or the end of input) cancels the rest of the
        // output, as cqlsh does, and the interrupt is used up here: it must not also discard the
        // next line typed at the prompt.
        if (!wait_for_enter()) {
          std::fputs("\n", stdout);
          std::fflush(stdout);
          return;
        }
      }
    }
    print::append_footer(sh.out, *rows, sh.style);
  } else if (rows && rows->explain) {
    // EXPLAIN: one aligned line per (plan, detail), easier to read than a right-aligned table.
    sh.out += '\n';
    for (const auto& r : rows->rows) sh.out += fmt::format("{:<16} {}\n", r[0].value_or(""), r[1].value_or(""));
    sh.out += '\n';
  } else if (rows) {
    print::append_result(sh.out, *rows, sh.style, sh.display, sh.formatted);
  } else if (const auto* done = std::get_if<exec::Void>(&result); done && !done->warnings.empty()) {
    sh.out += "\nWarnings :\n";
    for (const auto& w : done->warnings) sh.out += w + "\n\n";
  }
  if (rows && sh.storage) print_storage(sh, *rows);
  if (sh.capture && !sh.out.empty()) {  // CAPTURE takes query results only, as plain text
    const std::string plain = strip_colours(sh.out);
    sh.out.clear();
    if (std::fwrite(plain.data(), 1, plain.size(), sh.capture) != plain.size() || std::fflush(sh.capture) != 0) {
      const std::string why = std::strerror(errno);
      std::fclose(sh.capture);
      sh.capture = nullptr;
      print_error(sh,
                  fmt::format("Could not write to the capture file '{}': {}; capture stopped", sh.capture_path, why));
      sh.capture_path.clear();
    }
  }
  flush(sh);
}

void print_stream_page(ShellState& sh) {
  if (sh.stream_page.rows.empty()) return;
  if (sh.stream_page.columns.empty() && sh.session.sink_columns) sh.stream_page.columns = *sh.session.sink_columns;
  const bool first = sh.streamed == sh.stream_page.rows.size();
  print::format_rows(sh.stream_page, sh.display, sh.formatted);
  print::append_page(sh.out, sh.formatted, 0, sh.stream_page.rows.size(), first, sh.style);
  sh.formatted.keep_small();
  sh.stream_page.rows.clear();
  flush(sh);
}

// Reads the terminal up to a newline; false when Ctrl-C (SIGINT interrupts the read: the line
// editor's handler has no SA_RESTART) or the end of input came first.
bool wait_for_enter() {
  for (;;) {
    char ch = 0;
    const ssize_t got = ::read(STDIN_FILENO, &ch, 1);
    if (got == 1) {
      if (ch == '\n') return true;
      continue;
    }
    if (got < 0 && errno == EINTR && !take_interrupt()) continue;  // another signal
    take_interrupt();
    return false;
  }
}

// The text without its ANSI colour sequences (ESC [ … m): a capture file is plain text, as
// cqlsh writes it, whatever the terminal shows.
std::string strip_colours(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
      std::size_t j = i + 2;
      while (j < text.size() && ((text[j] >= '0' && text[j] <= '9') || text[j] == ';')) ++j;
      if (j < text.size() && text[j] == 'm') {
        i = j;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

}  // namespace cqlbox::shell
