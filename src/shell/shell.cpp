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
#include "server/server.hpp"
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

void Shell::sync_log(bool idle) {
  if (const std::string error = engine_.sync(idle); !error.empty()) std::fprintf(err_file_, "%s\n", error.c_str());
}

exec::Result Shell::run_select(ast::Select select) {
  const ast::Statement statement(std::move(select));
  // It has no markers, whatever the statement typed before it had.
  struct Unbound {
    exec::Session& s;
    std::size_t markers;
    const std::vector<exec::BoundValue>* bound;
    ~Unbound() {
      s.markers = markers;
      s.bound = bound;
    }
  } unbound{session_, std::exchange(session_.markers, 0), std::exchange(session_.bound, nullptr)};
  return engine_.execute(statement, {}, session_);
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
