#include "shell/command_table.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include <fmt/format.h>

#include "shell/internal.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {
// cqlbox's own commands' HELP texts, in the layout of cqlsh's help (the commands first, then
// what they do). cqlsh's commands print cqlsh's own texts (cqlsh_help.cpp).
constexpr std::string_view kListHelp = R"(
        LIST [<keyspace>.]<table> [LIMIT <n>] [CELLS <m>] [ON NODE <node>];

          The storage view: every partition of the table as the old cassandra-cli
          showed it, one "RowKey: <key>" block per partition in token order, each
          cell as (column=<clustering>:<column>, value=..., timestamp=...), with
          tombstones, TTLs and expired cells marked. LIMIT caps the partitions
          shown, CELLS the cells per partition. ON NODE shows what one replica
          holds: only the partitions it replicates, and where it missed writes
          while down, its older copy. See docs/storage-and-cluster.md.
)";
constexpr std::string_view kGetHelp = R"(
        GET [<keyspace>.]<table>['<partition key>'];

          The storage view of one partition: its token, its replicas and its
          cells, as LIST shows them. A composite key is written 'a:b'.
)";
constexpr std::string_view kStorageHelp = R"(
        STORAGE ON | OFF

          With STORAGE ON, every SELECT is followed by what it read in storage:
          the partitions (with token and replicas) and the rows and cells,
          tombstones included. STORAGE alone shows the current setting.
)";
constexpr std::string_view kClockHelp = R"(
        CLOCK
        CLOCK SET '<timestamp>'
        CLOCK ADVANCE <duration>
        CLOCK REAL

          The session clock that now(), write timestamps, TTLs and tombstones
          read. CLOCK alone shows it; SET fixes it ('2024-01-01 00:00:00+0000');
          ADVANCE moves a fixed clock forward (1h30m, 2d, 500ms); REAL goes
          back to the system clock. --now TIMESTAMP starts cqlbox with a fixed
          clock. A LESSON leaves the clock as it found it.
)";
constexpr std::string_view kNodetoolHelp = R"(
        NODETOOL <command> [<arguments>]

          The simulated cluster, as nodetool shows a real one:

        NODETOOL status
          Each node's state, load, tokens and ownership.
        NODETOOL ring
          Every token of every node, in ring order.
        NODETOOL getendpoints <keyspace> <table> <key>
          The nodes that hold the partition <key> (a composite key as 'a:b');
          a stopped one is marked (down).
        NODETOOL describering <keyspace>
          Each token range of the keyspace and its replicas.
        NODETOOL tablestats [<keyspace>[.<table>]]
          Partitions, cells, sizes, reads and writes of tables.
        NODETOOL tablehistograms <keyspace> <table>
          Partition size and cell count percentiles of a table.
        NODETOOL flush
          Writes the memtables to a data file (with --data; else nothing to do).
        NODETOOL compact [<keyspace> [<table> ...]]
          A major compaction: what is shadowed or expired past gc_grace is purged.
        NODETOOL snapshot [-t <tag>] / NODETOOL clearsnapshot -t <tag> | --all
          Takes or removes a named snapshot of the data.
        NODETOOL stop <node> / NODETOOL start <node>
          cqlbox's own: the node (its number, or 127.0.0.<n>) goes down, or comes
          back up. A request is refused with Cassandra's Unavailable error when
          fewer of its replicas are up than the CONSISTENCY level needs. A node
          down misses writes; its hints are replayed when it starts.
        NODETOOL slow <node>
          cqlbox's own: the node stays up but answers only after the request
          timeout. A request that must wait for it fails with Cassandra's
          WriteTimeout or ReadTimeout; a write that times out is still applied.
          NODETOOL start <node> makes it prompt again.
        NODETOOL listpendinghints / enablehandoff / disablehandoff / statushandoff
          The hints kept for nodes that are down, and whether they are kept.
        NODETOOL repair
          Brings every replica up to date.
)";
constexpr std::string_view kLessonHelp = R"(
        LESSON <n>
        LESSON <n> ALL
        LESSON

          LESSON <n> takes you through lesson <n> of the data-modelling course in
          a fresh keyspace, one step at a time: each statement after the prompt
          as if typed, its output, and the step's note. NEXT runs the next step,
          BACK and AGAIN show one again, LESSON alone says where you are. The
          prompt is yours between steps. LESSON <n> ALL runs it straight through.
          Either way you are left in the lesson's keyspace, with the clock as it
          was. HELP LESSONS lists the lessons; docs/lessons/ holds their text.
)";
constexpr std::string_view kDrawHelp = R"(
        DRAW RING [<keyspace>] [TO '<file>']
        DRAW RING [<keyspace>.]<table> KEY <key>[, <key> ...] [TO '<file>']
        DRAW PARTITION [<keyspace>.]<table> KEY <key> [TO '<file>']
        DRAW QUERY <select statement> [TO '<file>']

          Draws an SVG picture: the token ring with each node's ranges (and where
          each key's token falls, with its replicas); one partition's rows,
          cells, markers, tombstones and TTLs (the picture behind LIST); or what
          a SELECT reads against what it returns, beside EXPLAIN's plan. Printed,
          or written to <file> to open in a browser. Keys are written as for
          NODETOOL getendpoints. The same data always gives the same picture.
)";
constexpr std::string_view kNextHelp = R"(
        NEXT

          In a lesson (LESSON <n>): runs its next step, or shows it again after
          BACK.
)";
constexpr std::string_view kBackHelp = R"(
        BACK

          In a lesson (LESSON <n>): shows the step before the current one again,
          its statements, output and note. Nothing is run again.
)";
constexpr std::string_view kAgainHelp = R"(
        AGAIN

          In a lesson (LESSON <n>): shows the current step again.
)";
constexpr std::string_view kDatasetHelp = R"(
        DATASET <name>

          Loads a sample data set (its keyspace, tables and rows) and switches to
          its keyspace. HELP DATASETS lists them.
)";
constexpr std::string_view kExplainHelp = R"(
        EXPLAIN <select statement>

          How the SELECT would be served, without running it: the partitions it
          reads (one, several, or every node's), the clustering slice, the
          secondary index used, what must be filtered and why ALLOW FILTERING is
          needed. A statement Cassandra would refuse gets its error.
)";
constexpr std::string_view kPartitionSizeHelp = R"(
        PARTITION SIZE [<keyspace>.]<table> [ROWS <n>] [TEXT <bytes>]

          Applies the partition sizing formulas to the table's schema for
          partitions of <n> rows (text columns assumed <bytes> long):
          Nv = Nr x (Nc - Npk - Ns) + Ns values, and the bytes of keys, statics
          and rows; then compares them with the 100,000-row / 100 MB guideline
          and the 2-billion-value limit.
)";
}  // namespace

std::span<const ShellCommand> command_table() {
  using C = CommandLine;
  static const ShellCommand kTable[] = {
      // cqlsh's commands
      {"help", [](ShellState& sh, const C& c) { cmd_help_command(sh, c); }, "HELP <topic>|HELP LESSONS|HELP DATASETS",
       "", ""},
      {"?", [](ShellState& sh, const C& c) { cmd_help_command(sh, c); }, "? <topic>", "", ""},
      {"consistency", [](ShellState& sh, const C& c) { cmd_consistency(sh, c.word, c.args, false); },
       "CONSISTENCY <level>", "", ""},
      {"serial", [](ShellState& sh, const C& c) { cmd_serial(sh, c); }, "SERIAL CONSISTENCY <serial>", "", ""},
      {"describe", [](ShellState& sh, const C& c) { cmd_describe(sh, c.word, c.args); },
       "DESCRIBE FULL SCHEMA|DESCRIBE SCHEMA|DESCRIBE CLUSTER|DESCRIBE KEYSPACES|DESCRIBE KEYSPACE <keyspace>|"
       "DESCRIBE ONLY KEYSPACE <keyspace>|DESCRIBE TABLES|DESCRIBE TABLE <table>|DESCRIBE COLUMNFAMILY <table>|"
       "DESCRIBE INDEX <index>|DESCRIBE MATERIALIZED VIEW <view>|DESCRIBE TYPES|DESCRIBE TYPE <udt>|"
       "DESCRIBE FUNCTIONS|DESCRIBE AGGREGATES|DESCRIBE <name>",
       "", ""},
      {"desc", [](ShellState& sh, const C& c) { cmd_describe(sh, c.word, c.args); }, "", "", ""},
      {"show", [](ShellState& sh, const C& c) { cmd_show(sh, c.word, c.args); },
       "SHOW VERSION|SHOW HOST|SHOW SESSION|SHOW REPLICAS", "", ""},
      {"source",
       [](ShellState& sh, const C& c) {
         cmd_source(sh, c.text.substr(std::min(c.text.size(), c.text.find_first_of(" \t"))));
       },
       "SOURCE <file>", "", ""},
      {"capture", [](ShellState& sh, const C& c) { cmd_capture(sh, c.word, c.args, c.text); },
       "CAPTURE <file>|CAPTURE OFF", "", ""},
      {"login", [](ShellState& sh, const C& c) { cmd_login(sh, c); }, "LOGIN", "", ""},
      {"debug", [](ShellState& sh, const C&) { print_error(sh, "DEBUG is not supported by cqlbox yet"); }, "", "", ""},
      {"tracing", [](ShellState& sh, const C& c) { cmd_switch(sh, c.word, c.args, sh.tracing, "TRACING"); },
       "TRACING ON|TRACING OFF", "", ""},
      {"expand", [](ShellState& sh, const C& c) { cmd_switch(sh, c.word, c.args, sh.style.expand, "EXPAND"); },
       "EXPAND ON|EXPAND OFF", "", ""},
      {"paging", [](ShellState& sh, const C& c) { cmd_paging(sh, c.word, c.args); }, "PAGING ON|PAGING OFF", "", ""},
      {"exit", [](ShellState& sh, const C& c) { cmd_exit(sh, c); }, "EXIT", "", ""},
      {"quit", [](ShellState& sh, const C& c) { cmd_exit(sh, c); }, "QUIT", "", ""},
      {"clear", [](ShellState& sh, const C&) { cmd_clear(sh); }, "CLEAR", "", ""},
      {"cls", [](ShellState& sh, const C&) { cmd_clear(sh); }, "CLS", "", ""},
      {"history", [](ShellState& sh, const C& c) { cmd_history(sh, c.args); }, "HISTORY", "", ""},
      {"copy", nullptr,
       "COPY <table> TO <file>|COPY <table> FROM <file>|COPY <table> TO STDOUT|COPY <table> FROM STDIN", "", ""},
      // cqlbox's own
      {"list", nullptr, "LIST <table>", "LIST", kListHelp},
      {"get", nullptr, "GET <table>", "GET", kGetHelp},
      {"explain", nullptr, "", "EXPLAIN", kExplainHelp},
      {"sstabledump", [](ShellState& sh, const C& c) { cmd_sstabledump(sh, c.word, c.args); }, "SSTABLEDUMP <table>",
       "", ""},
      {"storage",
       [](ShellState& sh, const C& c) {
         cmd_switch(sh, c.word, c.args, sh.storage, "STORAGE");
         sh.session.record_reads = sh.storage;
       },
       "STORAGE ON|STORAGE OFF", "STORAGE", kStorageHelp},
      {"clock", [](ShellState& sh, const C& c) { cmd_clock(sh, c.word, c.args); }, "CLOCK SET|CLOCK ADVANCE|CLOCK REAL",
       "CLOCK", kClockHelp},
      {"nodetool", [](ShellState& sh, const C& c) { cmd_nodetool(sh, c.word, c.args); },
       "NODETOOL STATUS <keyspace>|NODETOOL RING <keyspace>|NODETOOL GETENDPOINTS <keyspace>|"
       "NODETOOL DESCRIBERING <keyspace>|NODETOOL TABLESTATS <table>|NODETOOL TABLEHISTOGRAMS <table>|NODETOOL FLUSH|"
       "NODETOOL COMPACT <keyspace>|NODETOOL SNAPSHOT|NODETOOL CLEARSNAPSHOT|NODETOOL STOP|NODETOOL START|NODETOOL "
       "REPAIR|"
       "NODETOOL LISTPENDINGHINTS|NODETOOL ENABLEHANDOFF|NODETOOL DISABLEHANDOFF|NODETOOL STATUSHANDOFF",
       "NODETOOL", kNodetoolHelp},
      {"draw", [](ShellState& sh, const C& c) { cmd_draw(sh, c.text); }, "DRAW RING|DRAW PARTITION <table>|DRAW QUERY",
       "DRAW", kDrawHelp},
      {"lesson", [](ShellState& sh, const C& c) { cmd_lesson(sh, c.word, c.args); }, "LESSON", "LESSON", kLessonHelp},
      {"next", [](ShellState& sh, const C& c) { cmd_lesson_move(sh, c.word, c.args); }, "NEXT", "NEXT", kNextHelp},
      {"back", [](ShellState& sh, const C& c) { cmd_lesson_move(sh, c.word, c.args); }, "BACK", "BACK", kBackHelp},
      {"again", [](ShellState& sh, const C& c) { cmd_lesson_move(sh, c.word, c.args); }, "AGAIN", "AGAIN", kAgainHelp},
      {"dataset", [](ShellState& sh, const C& c) { cmd_dataset(sh, c.word, c.args); }, "DATASET <dataset>", "DATASET",
       kDatasetHelp},
      {"partition", [](ShellState& sh, const C& c) { cmd_partition_size(sh, c.word, c.args); },
       "PARTITION SIZE <table> ROWS", "PARTITION SIZE", kPartitionSizeHelp},
  };
  return kTable;
}

const ShellCommand* find_shell_command(std::string_view word) {
  // Every input line asks, and most are CQL: a word longer than any command's, or starting with
  // a letter no command starts with (INSERT, UPDATE, BEGIN, ALTER…), leaves at once.
  if (word.empty() || word.size() > 11) return nullptr;
  // The commands by their first letter (a-z; the last list: any other first character, '?').
  static const auto kByLetter = [] {
    std::array<std::vector<const ShellCommand*>, 27> by;
    for (const ShellCommand& c : command_table())
      by[c.word[0] >= 'a' && c.word[0] <= 'z' ? static_cast<std::size_t>(c.word[0] - 'a') : 26].push_back(&c);
    return by;
  }();
  const char first = static_cast<char>(word[0] | 0x20);  // ASCII lower case ('?' stays)
  for (const ShellCommand* c : kByLetter[first >= 'a' && first <= 'z' ? static_cast<std::size_t>(first - 'a') : 26])
    if (c->word.size() == word.size() && c->word[0] == first && util::iequals(word, c->word)) return c;
  return nullptr;
}

bool is_line_command(std::string_view word) {
  const ShellCommand* c = find_shell_command(word);
  return c && c->run;
}

const std::vector<std::string_view>& shell_command_patterns() {
  static const std::vector<std::string_view> patterns = [] {
    std::vector<std::string_view> out;
    for (const ShellCommand& c : command_table())
      for (std::string_view rest = c.completions; !rest.empty();) {
        const std::size_t bar = rest.find('|');
        out.push_back(rest.substr(0, bar));
        rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
      }
    return out;
  }();
  return patterns;
}

std::vector<std::string> cqlbox_command_names() {
  std::vector<std::string> out;
  for (const ShellCommand& c : command_table())
    if (!c.help_name.empty()) out.emplace_back(c.help_name);
  std::sort(out.begin(), out.end());
  return out;
}

const ShellCommand* cqlbox_command_help(std::string_view topic) {
  for (const ShellCommand& c : command_table())
    if (!c.help_name.empty() && c.help_name == topic) return &c;
  return nullptr;
}

}  // namespace cqlbox::shell
