#include "shell/internal.hpp"

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

// One level deeper in feed_line's nesting (SOURCE feeds lines from within a line) while the
// statements a line cut run: a nested line cuts into a list of its own.
class FeedLevel {
 public:
  explicit FeedLevel(std::size_t& depth) : depth_(depth) { ++depth_; }
  FeedLevel(const FeedLevel&) = delete;
  FeedLevel& operator=(const FeedLevel&) = delete;
  ~FeedLevel() { --depth_; }

 private:
  std::size_t& depth_;
};

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

ShellState::ShellState(const Options& opts) : options(opts) {
  ShellState& sh = *this;
  // A plain SELECT's rows as they are read (run_statement): a full page goes out at once.
  sh.stream_sink = [&sh](const std::vector<exec::Value>& row) {
    sh.stream_page.rows.push_back(row);
    if (++sh.streamed % sh.style.page_size == 0) print_stream_page(sh);
  };
  sh.echo = sh.options.echo;
  sh.db.ring = cluster::Ring(sh.options.nodes, sh.options.num_tokens);
  sh.db.auth.enabled = sh.options.auth;
  sh.session.internal = false;  // the user at the prompt: anonymous, or the role logged in
  sh.db.materialized_views_enabled = sh.options.materialized_views;
  const std::uint64_t limit = sh.options.max_memory_mb ? static_cast<std::uint64_t>(*sh.options.max_memory_mb) << 20
                                                       : util::physical_memory_bytes() / 5 * 4;
  sh.db.memory.arm(limit);
  if (sh.options.now) {
    auto ms = types::parse_timestamp_ms(*sh.options.now);
    if (ms) sh.db.clock.set(*ms * 1000);
  }
}

ShellState::~ShellState() {
  if (capture) std::fclose(capture);
  if (transcript) std::fclose(transcript);
}

void exit_process(ShellState& sh, int status) {
  sh.copy_import.reset();
  if (sh.capture) std::fclose(sh.capture);
  sh.capture = nullptr;
  if (sh.transcript) std::fclose(sh.transcript);
  sh.transcript = nullptr;
  sh.engine.close();
  std::fflush(nullptr);
  std::_Exit(status);
}

void sync_log(ShellState& sh, bool idle) {
  if (const std::string error = sh.engine.sync(idle); !error.empty()) std::fprintf(sh.err_file, "%s\n", error.c_str());
}

exec::Result run_select(ShellState& sh, ast::Select select) {
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
  } unbound{sh.session, std::exchange(sh.session.markers, 0), std::exchange(sh.session.bound, nullptr)};
  return sh.engine.execute(statement, {}, sh.session);
}

void run_statement(ShellState& sh, const std::string& text, std::string_view unchecked_line) {
  if (sh.exit) return;
  // feed_line's lexical check of the statement's line, when it left it here.
  auto line_lex_failed = [&] {
    if (unchecked_line.empty()) return false;
    auto lex = parse::find_lex_failure(unchecked_line);
    unchecked_line = {};
    if (!lex) return false;
    print_error(sh, sh.tty ? fmt::format("Invalid syntax at char {}", lex->column)
                           : fmt::format("Invalid syntax at line 1, char {}", lex->column));
    print_error(sh, fmt::format("  {}", lex->text));
    print_error(sh, fmt::format(" {}^", std::string(lex->column, ' ')));
    return true;
  };
  // A statement of a shape the cache knows is DML or a SELECT: none of the words below.
  const ast::Statement* parsed = unchecked_line.empty() ? nullptr : sh.parser.parse_known(text);
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
    run_shell_command(sh, cmd);
    return;
  }
  // cassandra-cli's LIST <table> and GET <table>['key'] (not CQL's LIST ROLES/USERS/…).
  if (util::iequals(word, "get")) return cmd_get(sh, text);
  if (util::iequals(word, "copy")) return cmd_copy(sh, text);
  if (util::iequals(word, "list") && !is_cql_list(text)) return cmd_list(sh, text);
  if (util::iequals(word, "use")) {
    // cqlsh parses USE itself (do_use): exactly one keyspace name, else it sends nothing.
    std::string_view rest = std::string_view(text).substr(text.find_first_not_of(" \t\n") + 3);
    while (!rest.empty() && (rest.back() == ';' || rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\n'))
      rest.remove_suffix(1);
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t' || rest.front() == '\n'))
      rest.remove_prefix(1);
    const bool quoted = rest.size() >= 2 && rest.front() == '"' && rest.back() == '"';
    if (rest.empty() || (!quoted && rest.find_first_of(" \t\n;") != std::string_view::npos)) {
      print_error(sh, fmt::format("Improper {} command.", word));
      return;
    }
  }
  auto lex_failed = [&] {
    auto lex = parse::find_lex_failure(text);
    if (!lex) return false;
    // Three printerr calls in cqlsh, so each line gets its own file:line prefix.
    print_error(sh, sh.tty ? fmt::format("Invalid syntax at char {}", lex->column)
                           : fmt::format("Invalid syntax at line {}, char {}", lex->line, lex->column));
    print_error(sh, fmt::format("  {}", lex->text));
    print_error(sh, fmt::format(" {}^", std::string(lex->column, ' ')));
    return true;
  };
  if (!parsed && line_lex_failed()) return;
  try {
    if (!parsed) parsed = &sh.parser.parse(text);
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
      print_error(sh, fmt::format("Improper {} command.", word));
    else
      print_error(sh, print::error_text(e));
    return;
  }
  run_parsed(sh, *parsed, text);
}

// A parsed statement run through the engine, its result printed (a plain SELECT a page at a
// time as it is read), its trace after it; errors as cqlsh prints them.
void run_parsed(ShellState& sh, const ast::Statement& stmt, const std::string& text) {
  try {
    // Read the clocks only for a trace: they are two system calls' worth per statement.
    const std::int64_t start_us = sh.tracing ? sh.db.clock.now_us() : 0;
    const auto started = sh.tracing ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    // cqlsh traces no SELECT from system_traces.
    const bool traced = sh.tracing && exec::traced(sh.session, stmt);
    if (traced) sh.session.record_reads = true;
    if (traced) sh.replica_activity.clear();  // the replicas a traced request contacts are noted there
    sh.session.activity = traced ? &sh.replica_activity : nullptr;
    sh.session.markers = sh.parser.markers();
    // A plain SELECT in cqlsh's non-tty table layout is printed a page at a time as its rows
    // are read (each page is laid out on its own, as cqlsh does), so a result of millions of
    // rows is never held whole. Other layouts need every row first.
    const auto* select = std::get_if<ast::Select>(&stmt);
    const bool stream = select && !select->explain && !sh.tty && sh.options.output_format == OutputFormat::Table &&
                        sh.style.page_size && !sh.style.expand && !sh.capture && !sh.storage && !sh.tracing;
    sh.stream_page.rows.clear();
    sh.stream_page.columns.clear();
    sh.streamed = 0;
    exec::Result result;
    if (stream) sh.session.row_sink = &sh.stream_sink;
    try {
      result = sh.engine.execute(stmt, text, sh.session);
    } catch (...) {
      sh.session.row_sink = nullptr;
      throw;
    }
    sh.session.row_sink = nullptr;
    sh.session.record_reads = sh.storage;
    sh.session.activity = nullptr;
    empty_list_as_table(sh, stmt, result);
    if (sh.streamed > sh.stream_page.rows.size()) {  // pages went out as they filled: the rest, then the footer
      print_stream_page(sh);
      print::append_footer(sh.out, std::get<exec::Rows>(result), sh.style, sh.streamed);
      flush(sh);
    } else {
      // Less than a page: printed as any result (the usual case, at no extra cost).
      if (sh.streamed > 0) std::get<exec::Rows>(result).rows = std::move(sh.stream_page.rows);
      print_result(sh, result);
      if (sh.streamed > 0) {  // the page's buffer goes back for the next SELECT
        sh.stream_page.rows = std::move(std::get<exec::Rows>(result).rows);
        sh.stream_page.rows.clear();
      }
    }
    if (traced) {
      const auto elapsed =
          std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started).count();
      print_trace(sh, text, stmt, result, start_us, elapsed);
      flush(sh);
    }
    if (select && !select->explain && sh.guided) check_lesson_tries(sh, *select);
  } catch (const error::CqlError& e) {
    sh.session.record_reads = sh.storage;
    sh.session.activity = nullptr;
    // Ctrl-C during a read: cqlsh's KeyboardInterrupt, an empty line and the prompt.
    if (e.cls == error::ErrorClass::ShellError && e.message == "Interrupted" && take_interrupt()) {
      sh.out += '\n';
      flush(sh);
      return;
    }
    print_error(sh, print::error_text(e));
  } catch (const std::exception& e) {
    sh.session.record_reads = sh.storage;
    sh.session.activity = nullptr;
    print_error(sh, fmt::format("ServerError: {}", e.what()));
  }
}

void feed_line(ShellState& sh, std::string_view line) {
  if (sh.exit) return;
  DbLock lock(sh);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (sh.copy_import) {  // COPY … FROM STDIN: data lines up to a "." alone (copyutil's until=r'.')
    if (line == ".")
      finish_copy_import(sh);
    else
      copy_import_line(sh, line);
    return;
  }
  const bool idle = !sh.splitter.in_statement() && !sh.splitter.in_literal();
  const bool check = !sh.splitter.in_literal() && !sh.oversized;
  if (sh.cut.size() <= sh.feed_depth) sh.cut.emplace_back();
  parse::CutStatements& done = sh.cut[sh.feed_depth];
  done.clear();
  // A line that is one statement of the shape the last one had (a script of INSERTs, one a
  // line): what the splitter would cut and run_statement would find, without either reading
  // it (StatementCache::find_line says why that is the same). Such a line is no shell command
  // (below): the shape is an INSERT, UPDATE, DELETE or SELECT ending at its ';', whose first
  // word the line shares, so those checks are left until the shape does not match.
  std::string_view known_text;
  if (check && idle) {
    if (const ast::Statement* known = sh.parser.parse_line(line, known_text)) {
      done.add(known_text);
      const FeedLevel level(sh.feed_depth);
      run_parsed(sh, *known, done[0]);
      return;
    }
  }
  // cassandra-cli's LIST <table> and GET <table>['key'] are shell commands too, and end at the
  // end of their line like the others (CQL's LIST ROLES/USERS/PERMISSIONS needs its ';').
  if (!sh.splitter.in_statement() && !sh.splitter.in_literal() && line.find(';') == std::string_view::npos &&
      is_storage_command(line)) {
    feed_line(sh, std::string(line) + ";");
    return;
  }
  if (!sh.splitter.in_statement() && !sh.splitter.in_literal() && is_line_command(first_word(line))) {
    // A shell command runs to the end of its line (or to a ';').
    std::size_t semi = line.find(';');
    std::string_view cmd = line.substr(0, semi);
    run_shell_command(sh, cmd);
    if (semi != std::string_view::npos && !blank(line.substr(semi + 1))) feed_line(sh, line.substr(semi + 1));
    return;
  }
  // cqlsh lexes its buffer as each line arrives: a character no token starts with fails at
  // once, and the buffer (the statement so far) is dropped. A line that begins inside a string
  // or comment is left to the check of the finished statement. A line that begins outside any
  // statement is checked once it is cut (the same, since dropping the buffer then is dropping
  // what the line added), and a lone statement in a line of printable ASCII leaves the check to
  // run_statement, which skips it for a shape it knows (parse::printable_ascii says why).
  auto lex_failed = [&] {
    auto lex = parse::find_lex_failure(line);
    if (!lex) return false;
    // (Called before the line is fed, unless the line began outside any statement.)
    const std::size_t at_line = idle ? 1 : sh.splitter.pending_lines() + 1;
    print_error(sh, sh.tty ? fmt::format("Invalid syntax at char {}", lex->column)
                           : fmt::format("Invalid syntax at line {}, char {}", at_line, lex->column));
    print_error(sh, fmt::format("  {}", lex->text));
    print_error(sh, fmt::format(" {}^", std::string(lex->column, ' ')));
    sh.splitter.reset();
    return true;
  };
  if (check && !idle && lex_failed()) return;
  sh.splitter.feed_line(line, done);
  std::string_view unchecked;
  if (check && idle) {
    if (done.size() == 1 && !sh.splitter.in_statement() && !sh.splitter.in_literal() &&
        done[0].size() <= kMaxStatementBytes && parse::printable_ascii(line))
      unchecked = line;
    else if (lex_failed())
      return;
  }
  const FeedLevel level(sh.feed_depth);
  for (const auto& stmt : done) {
    if (sh.exit) break;
    if (sh.oversized) {  // the rest of a statement already refused
      sh.oversized = false;
      continue;
    }
    if (stmt.size() > kMaxStatementBytes) {
      refuse_oversized(sh);
      continue;
    }
    run_statement(sh, stmt, unchecked);
  }
  if (sh.splitter.in_statement() && sh.splitter.pending_size() > kMaxStatementBytes) {
    if (!sh.oversized) refuse_oversized(sh);
    sh.oversized = true;
    sh.splitter.truncate_pending();
  }
}

void refuse_oversized(ShellState& sh) {
  print_error(sh, fmt::format("Statement too large: over {} bytes (cqlbox's limit, as Cassandra's "
                              "native_transport_max_frame_size); skipped up to its ';'",
                              kMaxStatementBytes));
}

void finish_input(ShellState& sh) {
  if (sh.copy_import) finish_copy_import(sh);  // STDIN ended without "\."
  if (sh.splitter.in_statement() || sh.splitter.in_literal()) {
    sh.splitter.reset();
    if (!sh.oversized) print_error(sh, "Incomplete statement at end of file");
  }
  sh.oversized = false;
  flush(sh);
}

void run_script(ShellState& sh, std::string_view text, std::string_view source_name) {
  sh.source_name = std::string(source_name);
  std::size_t start = 0;
  while (start < text.size() && !sh.exit) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (sh.count_lines) ++sh.line_no;
    input_line(sh, text.substr(start, end - start));
    start = end + 1;
  }
  finish_input(sh);
}

void input_line(ShellState& sh, std::string_view line) {
  if (sh.echo && sh.source_depth == 0)
    echo_line(sh, line, current_prompt(sh));
  else
    transcribe_input(sh, line);  // an echoed line reaches the transcript as output
  feed_line(sh, line);
}

}  // namespace cqlbox::shell
