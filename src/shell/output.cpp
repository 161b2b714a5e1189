// What the shell writes (shell.hpp): results, errors and warnings in cqlsh's layout, the
// pager's ---MORE---, the CAPTURE transcript, and the output held while the database lock is
// taken.
#include "shell/shell.hpp"

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

void Shell::transcribe(std::string_view text) {
  if (!transcript_ || text.empty()) return;
  const std::string plain = strip_colours(text);
  if (std::fwrite(plain.data(), 1, plain.size(), transcript_) == plain.size() && std::fflush(transcript_) == 0) return;
  const std::string why = std::strerror(errno);
  std::fclose(transcript_);
  transcript_ = nullptr;
  print_error(fmt::format("Could not write to the capture file '{}': {}; capture stopped", capture_path_, why));
  capture_path_.clear();
}

void Shell::transcribe_input(std::string_view line) {
  if (!transcript_ || source_depth_ > 0) return;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  transcribe(current_prompt() + std::string(line) + "\n");
}

void Shell::write_out(std::FILE* file, std::string_view text) {
  if (record_) record_->append(text);
  transcribe(text);
  if (lock_depth_ > 0 && !tty_) {
    // Held slots keep their strings' capacity from statement to statement: no allocation.
    if (held_count_ == held_output_.size()) held_output_.emplace_back();
    held_output_[held_count_].first = file;
    held_output_[held_count_].second.assign(text);
    ++held_count_;
    held_bytes_ += text.size();
    // A result printed as it is read could otherwise be held whole: past 4 MiB it goes out now,
    // under the lock (a reader that stops reading then stalls others only for results that big).
    if (held_bytes_ > (4u << 20)) release_output();
    return;
  }
  std::fwrite(text.data(), 1, text.size(), file);
  std::fflush(file);
}

void Shell::release_output() {
  for (std::size_t i = 0; i < held_count_; ++i) {
    auto& [file, text] = held_output_[i];
    std::fwrite(text.data(), 1, text.size(), file);
    std::fflush(file);
    if (text.capacity() > (1u << 20)) std::string().swap(text);  // a huge result's buffer is not kept
  }
  held_count_ = 0;
  held_bytes_ = 0;
  if (held_output_.size() > 64) held_output_.resize(64);  // slots a big result made are not kept
}

void Shell::flush() {
  if (out_.empty()) return;
  sync_log();  // output acknowledges the statements before it
  write_out(out_file_, out_);
  out_.clear();
}

void Shell::print_error(std::string_view text) {
  flush();
  sync_log();  // so does an error
  error_ = true;
  // --echo: the statement is on the line above; the error follows it in the one transcript.
  const bool inline_error = echo_ && source_depth_ == 0;
  std::string prefix = tty_ || inline_error ? std::string() : fmt::format("{}:{}:", source_name_, line_no_);
  if (style_.color && tty_) prefix = "\033[0;1;31m";  // errors in red on a terminal
  // One prefix for the whole text, as cqlsh's printerr writes it (a multi-line server message
  // keeps its later lines bare).
  std::string all = prefix;
  all.append(text);
  if (style_.color && tty_) all += "\033[0m";
  all += '\n';
  // The transcript shows the error as a terminal does: no file and line before it.
  std::FILE* transcript = std::exchange(transcript_, nullptr);
  write_out(inline_error ? out_file_ : err_file_, all);
  std::fflush(inline_error ? out_file_ : err_file_);
  transcript_ = transcript;
  transcribe(std::string(text) + "\n");
  if (options_.bail && !tty_) exit_ = true;
}

void Shell::empty_list_as_table(const ast::Statement& statement, exec::Result& result) const {
  // cqlsh prints every LIST statement's result against a system_auth table's metadata (roles
  // for LIST ROLES/USERS, role_permissions for the others): an empty one, which the server
  // answers with no rows at all, shows that table's header and "(0 rows)".
  const auto* list = std::get_if<ast::AuthStatement>(&statement);
  using Kind = ast::AuthStatement::Kind;
  if (!list || !std::holds_alternative<exec::Void>(result) ||
      (list->kind != Kind::ListRoles && list->kind != Kind::ListUsers && list->kind != Kind::ListPermissions))
    return;
  const schema::TableSchema* t =
      db_.catalog.table("system_auth", list->kind == Kind::ListPermissions ? "role_permissions" : "roles");
  if (!t) return;
  exec::Rows empty;
  for (const schema::Column& c : t->columns) empty.columns.push_back({c.name, c.type});
  result = std::move(empty);
}

void Shell::warn_date_overflow(const exec::Rows& rows) {
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
      date_overflow_warned_ = true;
      flush();
      write_out(err_file_,
                "cqlshlib/cqlshmain.py:2233: DateOverFlowWarning: Some timestamps are larger than Python "
                "datetime can represent. Timestamps are displayed in milliseconds from epoch.\n");
      std::fflush(err_file_);
      return;
    }
  }
}

void Shell::print_result(const exec::Result& result) {
  const auto* rows = std::get_if<exec::Rows>(&result);
  if (options_.output_format != OutputFormat::Table) {
    // Machine-readable lines on stdout; server warnings go to stderr with the errors.
    const std::vector<std::string>* warnings = rows ? &rows->warnings : nullptr;
    if (const auto* done = std::get_if<exec::Void>(&result)) warnings = &done->warnings;
    if (rows && options_.output_format == OutputFormat::Json) append_json_lines(out_, *rows);
    if (rows && options_.output_format == OutputFormat::Csv) append_csv(out_, *rows);
    if (warnings)
      for (const auto& w : *warnings) write_out(err_file_, fmt::format("Warnings: {}\n", w));
    flush();
    return;
  }
  if (rows && !date_overflow_warned_) warn_date_overflow(*rows);
  if (rows && tty_ && pause_pages_ && style_.page_size && rows->rows.size() > style_.page_size) {
    // A tty pauses after every page, like cqlsh's ---MORE--- prompt.
    print::FormattedRows r = print::format_rows(*rows, display_);
    const std::size_t n = r.row_count;
    for (std::size_t first = 0; first < n; first += style_.page_size) {
      print::append_page(out_, r, first, std::min(n, first + style_.page_size), first == 0, style_);
      flush();
      if (first + style_.page_size < n) {
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
    print::append_footer(out_, *rows, style_);
  } else if (rows && rows->explain) {
    // EXPLAIN: one aligned line per (plan, detail), easier to read than a right-aligned table.
    out_ += '\n';
    for (const auto& r : rows->rows) out_ += fmt::format("{:<16} {}\n", r[0].value_or(""), r[1].value_or(""));
    out_ += '\n';
  } else if (rows) {
    print::append_result(out_, *rows, style_, display_);
  } else if (const auto* done = std::get_if<exec::Void>(&result); done && !done->warnings.empty()) {
    out_ += "\nWarnings :\n";
    for (const auto& w : done->warnings) out_ += w + "\n\n";
  }
  if (rows && storage_) print_storage(*rows);
  if (capture_ && !out_.empty()) {  // CAPTURE takes query results only, as plain text
    const std::string plain = strip_colours(out_);
    out_.clear();
    if (std::fwrite(plain.data(), 1, plain.size(), capture_) != plain.size() || std::fflush(capture_) != 0) {
      const std::string why = std::strerror(errno);
      std::fclose(capture_);
      capture_ = nullptr;
      print_error(fmt::format("Could not write to the capture file '{}': {}; capture stopped", capture_path_, why));
      capture_path_.clear();
    }
  }
  flush();
}

void Shell::print_stream_page() {
  if (stream_page_.rows.empty()) return;
  if (stream_page_.columns.empty() && session_.sink_columns) stream_page_.columns = *session_.sink_columns;
  const bool first = streamed_ == stream_page_.rows.size();
  print::append_page(out_, print::format_rows(stream_page_, display_), 0, stream_page_.rows.size(), first, style_);
  stream_page_.rows.clear();
  flush();
}

// Reads the terminal up to a newline; false when Ctrl-C (SIGINT interrupts the read: the line
// editor's handler has no SA_RESTART) or the end of input came first.
bool Shell::wait_for_enter() {
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
std::string Shell::strip_colours(std::string_view text) {
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
