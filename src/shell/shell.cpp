#include "shell/shell.hpp"

#include <cerrno>
#include "util/memory.hpp"

#include <pthread.h>
#include <sys/stat.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <utility>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/tracing.hpp"
#include "types/bytes.hpp"
#include "parse/lex_check.hpp"
#include "print/error_text.hpp"
#include "print/table.hpp"
#include "shell/completion.hpp"
#include "shell/line_editor.hpp"
#include "shell/machine_output.hpp"
#include "types/temporal.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

std::string_view first_word(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
  if (i < s.size() && s[i] == '?') return s.substr(i, 1);
  std::size_t j = i;
  static constexpr auto kWordChar = [] {
    std::array<bool, 256> word{};
    for (int c = 0; c < 256; ++c)
      word[static_cast<std::size_t>(c)] =
          (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    return word;
  }();
  while (j < s.size() && kWordChar[static_cast<unsigned char>(s[j])]) ++j;
  return s.substr(i, j - i);
}

// The word after a leading LIST, when it makes CQL's LIST of roles, users or permissions
// (LIST ROLES, LIST USERS, LIST ALL, LIST SELECT …) rather than cassandra-cli's LIST <table>.
bool is_cql_list(std::string_view text) {
  const std::size_t at = text.find_first_not_of(" \t\r\n");
  if (at == std::string_view::npos || !util::iequals(first_word(text.substr(at)), "list")) return false;
  const std::string_view next = first_word(text.substr(at + 4));
  static constexpr std::string_view kAuth[] = {"roles",     "users",    "all",     "permissions", "permission",
                                               "select",    "modify",   "create",  "alter",       "drop",
                                               "authorize", "describe", "execute", "unmask",      "select_masked"};
  for (auto a : kAuth)
    if (util::iequals(next, a)) return true;
  return false;
}

// LIST <table> or GET <table>['key'] at the start of `line`.
bool is_storage_command(std::string_view line) {
  const std::string_view word = first_word(line);
  if (util::iequals(word, "get")) return true;
  const std::size_t at = line.find_first_not_of(" \t");
  return util::iequals(word, "list") && !is_cql_list(line) && !first_word(line.substr(at + 4)).empty();
}

}  // namespace

bool blank(std::string_view s) {
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\r') return false;
  return true;
}

bool is_command_line(std::string_view line) {
  return (line.find(';') == std::string_view::npos && is_storage_command(line)) || is_line_command(first_word(line));
}

Shell::Shell(const Options& options) : options_(options) {
  // A plain SELECT's rows as they are read (run_statement): a full page goes out at once.
  stream_sink_ = [this](const std::vector<exec::Value>& row) {
    stream_page_.rows.push_back(row);
    if (++streamed_ % style_.page_size == 0) print_stream_page();
  };
  echo_ = options_.echo;
  db_.ring = cluster::Ring(options_.nodes, options_.num_tokens);
  db_.auth.enabled = options_.auth;
  session_.internal = false;  // the user at the prompt: anonymous, or the role logged in
  db_.materialized_views_enabled = options_.materialized_views;
  const std::uint64_t limit = options_.max_memory_mb ? static_cast<std::uint64_t>(*options_.max_memory_mb) << 20
                                                     : util::physical_memory_bytes() / 5 * 4;
  db_.memory.arm(limit);
  if (options_.now) {
    auto ms = types::parse_timestamp_ms(*options_.now);
    if (ms) db_.clock.set(*ms * 1000);
  }
}

Shell::~Shell() {
  if (capture_) std::fclose(capture_);
  if (transcript_) std::fclose(transcript_);
}

void Shell::exit_process(int status) {
  copy_import_.reset();
  if (capture_) std::fclose(capture_);
  capture_ = nullptr;
  if (transcript_) std::fclose(transcript_);
  transcript_ = nullptr;
  engine_.close();
  std::fflush(nullptr);
  std::_Exit(status);
}

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

void Shell::sync_log(bool idle) {
  if (const std::string error = engine_.sync(idle); !error.empty()) std::fprintf(err_file_, "%s\n", error.c_str());
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
    const std::size_t n = r.cells.size();
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

void Shell::run_statement(const std::string& text, std::string_view unchecked_line) {
  if (exit_) return;
  // feed_line's lexical check of the statement's line, when it left it here.
  auto line_lex_failed = [&] {
    if (unchecked_line.empty()) return false;
    auto lex = parse::find_lex_failure(unchecked_line);
    unchecked_line = {};
    if (!lex) return false;
    print_error(tty_ ? fmt::format("Invalid syntax at char {}", lex->column)
                     : fmt::format("Invalid syntax at line 1, char {}", lex->column));
    print_error(fmt::format("  {}", lex->text));
    print_error(fmt::format(" {}^", std::string(lex->column, ' ')));
    return true;
  };
  // A statement of a shape the cache knows is DML or a SELECT: none of the words below.
  const ast::Statement* parsed = unchecked_line.empty() ? nullptr : parser_.parse_known(text);
  const std::string_view word = parsed ? std::string_view() : first_word(text);
  const bool shell_command = !parsed && is_line_command(word);
  if (!unchecked_line.empty() &&
      (shell_command || util::iequals(word, "get") || util::iequals(word, "copy") || util::iequals(word, "list") ||
       util::iequals(word, "use")) &&
      line_lex_failed())
    return;
  if (shell_command) {
    std::string_view cmd = text;
    while (!cmd.empty() && (cmd.back() == ';' || cmd.back() == ' ' || cmd.back() == '\n')) cmd.remove_suffix(1);
    run_shell_command(cmd);
    return;
  }
  // cassandra-cli's LIST <table> and GET <table>['key'] (not CQL's LIST ROLES/USERS/…).
  if (util::iequals(word, "get")) return cmd_get(text);
  if (util::iequals(word, "copy")) return cmd_copy(text);
  if (util::iequals(word, "list") && !is_cql_list(text)) return cmd_list(text);
  if (util::iequals(word, "use")) {
    // cqlsh parses USE itself (do_use): exactly one keyspace name, else it sends nothing.
    std::string_view rest = std::string_view(text).substr(text.find_first_not_of(" \t\n") + 3);
    while (!rest.empty() && (rest.back() == ';' || rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\n'))
      rest.remove_suffix(1);
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t' || rest.front() == '\n'))
      rest.remove_prefix(1);
    const bool quoted = rest.size() >= 2 && rest.front() == '"' && rest.back() == '"';
    if (rest.empty() || (!quoted && rest.find_first_of(" \t\n;") != std::string_view::npos)) {
      print_error(fmt::format("Improper {} command.", word));
      return;
    }
  }
  auto lex_failed = [&] {
    auto lex = parse::find_lex_failure(text);
    if (!lex) return false;
    // Three printerr calls in cqlsh, so each line gets its own file:line prefix.
    print_error(tty_ ? fmt::format("Invalid syntax at char {}", lex->column)
                     : fmt::format("Invalid syntax at line {}, char {}", lex->line, lex->column));
    print_error(fmt::format("  {}", lex->text));
    print_error(fmt::format(" {}^", std::string(lex->column, ' ')));
    return true;
  };
  if (!parsed && line_lex_failed()) return;
  try {
    if (!parsed) parsed = &parser_.parse(text);
  } catch (const error::CqlError& e) {
    // cqlsh lexes a statement before sending it, so its "Invalid syntax" wins over the server's
    // error. Checked only when the parse fails: text the grammar accepts is made of tokens
    // cqlsh's lexer knows (the bad-input corpus holds both kinds of case).
    if (lex_failed()) return;
    // UNICODE is a cqlsh command of its own (do_unicode) that takes nothing: "Improper UNICODE
    // command." (only HELP UNICODE means something). cqlsh answers USE's own way too ("Improper
    // USE command." for USE ?), but Cassandra's tests assert the server's SyntaxException there,
    // and they come first (tests/cqlsh-diff-allowed).
    if (e.cls == error::ErrorClass::SyntaxException && util::iequals(word, "unicode"))
      print_error(fmt::format("Improper {} command.", word));
    else
      print_error(print::error_text(e));
    return;
  }
  run_parsed(*parsed, text);
}

// A parsed statement run through the engine, its result printed (a plain SELECT a page at a
// time as it is read), its trace after it; errors as cqlsh prints them.
void Shell::run_parsed(const ast::Statement& stmt, const std::string& text) {
  try {
    // Read the clocks only for a trace: they are two system calls' worth per statement.
    const std::int64_t start_us = tracing_ ? db_.clock.now_us() : 0;
    const auto started = tracing_ ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    // cqlsh traces no SELECT from system_traces.
    const bool traced = tracing_ && exec::traced(session_, stmt);
    if (traced) session_.record_reads = true;
    session_.markers = parser_.markers();
    // A plain SELECT in cqlsh's non-tty table layout is printed a page at a time as its rows
    // are read (each page is laid out on its own, as cqlsh does), so a result of millions of
    // rows is never held whole. Other layouts need every row first.
    const auto* select = std::get_if<ast::Select>(&stmt);
    const bool stream = select && !select->explain && !tty_ && options_.output_format == OutputFormat::Table &&
                        style_.page_size && !style_.expand && !capture_ && !storage_ && !tracing_;
    stream_page_.rows.clear();
    stream_page_.columns.clear();
    streamed_ = 0;
    exec::Result result;
    if (stream) session_.row_sink = &stream_sink_;
    try {
      result = engine_.execute(stmt, text, session_);
    } catch (...) {
      session_.row_sink = nullptr;
      throw;
    }
    session_.row_sink = nullptr;
    session_.record_reads = storage_;
    empty_list_as_table(stmt, result);
    if (streamed_ > stream_page_.rows.size()) {  // pages went out as they filled: the rest, then the footer
      print_stream_page();
      print::append_footer(out_, std::get<exec::Rows>(result), style_, streamed_);
      flush();
    } else {
      // Less than a page: printed as any result (the usual case, at no extra cost).
      if (streamed_ > 0) std::get<exec::Rows>(result).rows = std::move(stream_page_.rows);
      print_result(result);
    }
    if (traced) {
      const auto elapsed =
          std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started).count();
      print_trace(text, stmt, result, start_us, elapsed);
      flush();
    }
    if (select && !select->explain && guided_) check_lesson_tries(*select);
  } catch (const error::CqlError& e) {
    session_.record_reads = storage_;
    // Ctrl-C during a read: cqlsh's KeyboardInterrupt, an empty line and the prompt.
    if (e.cls == error::ErrorClass::ShellError && e.message == "Interrupted" && take_interrupt()) {
      out_ += '\n';
      flush();
      return;
    }
    print_error(print::error_text(e));
  } catch (const std::exception& e) {
    session_.record_reads = storage_;
    print_error(fmt::format("ServerError: {}", e.what()));
  }
}

void Shell::feed_line(std::string_view line) {
  if (exit_) return;
  DbLock lock(*this);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (copy_import_) {  // COPY … FROM STDIN: data lines up to a "." alone (copyutil's until=r'.')
    if (line == ".")
      finish_copy_import();
    else
      copy_import_line(line);
    return;
  }
  // cassandra-cli's LIST <table> and GET <table>['key'] are shell commands too, and end at the
  // end of their line like the others (CQL's LIST ROLES/USERS/PERMISSIONS needs its ';').
  if (!splitter_.in_statement() && !splitter_.in_literal() && line.find(';') == std::string_view::npos &&
      is_storage_command(line)) {
    feed_line(std::string(line) + ";");
    return;
  }
  if (!splitter_.in_statement() && !splitter_.in_literal() && is_line_command(first_word(line))) {
    // A shell command runs to the end of its line (or to a ';').
    std::size_t semi = line.find(';');
    std::string_view cmd = line.substr(0, semi);
    run_shell_command(cmd);
    if (semi != std::string_view::npos && !blank(line.substr(semi + 1))) feed_line(line.substr(semi + 1));
    return;
  }
  // cqlsh lexes its buffer as each line arrives: a character no token starts with fails at
  // once, and the buffer (the statement so far) is dropped. A line that begins inside a string
  // or comment is left to the check of the finished statement. A line that begins outside any
  // statement is checked once it is cut (the same, since dropping the buffer then is dropping
  // what the line added), and a lone statement in a line of printable ASCII leaves the check to
  // run_statement, which skips it for a shape it knows (parse::printable_ascii says why).
  const bool idle = !splitter_.in_statement() && !splitter_.in_literal();
  const bool check = !splitter_.in_literal() && !oversized_;
  auto lex_failed = [&] {
    auto lex = parse::find_lex_failure(line);
    if (!lex) return false;
    // (Called before the line is fed, unless the line began outside any statement.)
    const std::size_t at_line = idle ? 1 : splitter_.pending_lines() + 1;
    print_error(tty_ ? fmt::format("Invalid syntax at char {}", lex->column)
                     : fmt::format("Invalid syntax at line {}, char {}", at_line, lex->column));
    print_error(fmt::format("  {}", lex->text));
    print_error(fmt::format(" {}^", std::string(lex->column, ' ')));
    splitter_.reset();
    return true;
  };
  if (check && !idle && lex_failed()) return;
  if (cut_.size() <= feed_depth_) cut_.emplace_back();
  parse::CutStatements& done = cut_[feed_depth_];
  done.clear();
  splitter_.feed_line(line, done);
  std::string_view unchecked;
  if (check && idle) {
    if (done.size() == 1 && !splitter_.in_statement() && !splitter_.in_literal() &&
        done[0].size() <= kMaxStatementBytes && parse::printable_ascii(line))
      unchecked = line;
    else if (lex_failed())
      return;
  }
  ++feed_depth_;
  struct Leave {
    std::size_t& depth;
    ~Leave() { --depth; }
  } leave{feed_depth_};
  for (const auto& stmt : done) {
    if (exit_) break;
    if (oversized_) {  // the rest of a statement already refused
      oversized_ = false;
      continue;
    }
    if (stmt.size() > kMaxStatementBytes) {
      refuse_oversized();
      continue;
    }
    run_statement(stmt, unchecked);
  }
  if (splitter_.in_statement() && splitter_.pending_size() > kMaxStatementBytes) {
    if (!oversized_) refuse_oversized();
    oversized_ = true;
    splitter_.truncate_pending();
  }
}

void Shell::refuse_oversized() {
  print_error(
      fmt::format("Statement too large: over {} bytes (cqlbox's limit, as Cassandra's "
                  "native_transport_max_frame_size); skipped up to its ';'",
                  kMaxStatementBytes));
}

void Shell::finish_input() {
  if (copy_import_) finish_copy_import();  // STDIN ended without "\."
  if (splitter_.in_statement() || splitter_.in_literal()) {
    splitter_.reset();
    if (!oversized_) print_error("Incomplete statement at end of file");
  }
  oversized_ = false;
  flush();
}

void Shell::run_script(std::string_view text, std::string_view source_name) {
  source_name_ = std::string(source_name);
  std::size_t start = 0;
  while (start < text.size() && !exit_) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (count_lines_) ++line_no_;
    input_line(text.substr(start, end - start));
    start = end + 1;
  }
  finish_input();
}

void Shell::input_line(std::string_view line) {
  if (echo_ && source_depth_ == 0)
    echo_line(line, current_prompt());
  else
    transcribe_input(line);  // an echoed line reaches the transcript as output
  feed_line(line);
}

}  // namespace cqlbox::shell
