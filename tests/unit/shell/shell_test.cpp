// The shell: command-line options (cqlbox.md "Shell behaviour", cassandra.md §3.3) and, with
// stdout/stderr captured at the file-descriptor level, what run_script and run print
// (cassandra.md §1.2 layout, §2.1 error text, §2.2 the <stdin>:N: prefix, §2.3 exit status,
// §3.4 shell commands).
#include "shell/shell.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

#include "shell/options.hpp"

using cqlbox::shell::Options;
using cqlbox::shell::parse_options;
using cqlbox::shell::ShellState;

namespace {

// Redirects a C stream's file descriptor to a temporary file until finish().
class Capture {
 public:
  explicit Capture(std::FILE* stream) : stream_(stream), fd_(fileno(stream)) {
    std::fflush(stream_);
    tmp_ = std::tmpfile();
    saved_ = dup(fd_);
    dup2(fileno(tmp_), fd_);
  }
  Capture(const Capture&) = delete;
  Capture& operator=(const Capture&) = delete;
  ~Capture() { finish(); }

  std::string finish() {
    if (tmp_ == nullptr) return text_;
    std::fflush(stream_);
    dup2(saved_, fd_);
    close(saved_);
    std::rewind(tmp_);
    char buf[4096];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, tmp_)) > 0) text_.append(buf, n);
    std::fclose(tmp_);
    tmp_ = nullptr;
    return text_;
  }

 private:
  std::FILE* stream_;
  int fd_;
  int saved_ = -1;
  std::FILE* tmp_ = nullptr;
  std::string text_;
};

struct Output {
  std::string out, err;
  int status = -1;
};

// parse_options on "cqlbox <args…>", with whatever it prints captured.
Output parse(std::initializer_list<const char*> args, Options& options) {
  std::vector<std::string> storage{"cqlbox"};
  for (const char* a : args) storage.emplace_back(a);
  std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  Output o;
  Capture out(stdout), err(stderr);
  auto status = parse_options(static_cast<int>(storage.size()), argv.data(), options);
  o.err = err.finish();
  o.out = out.finish();
  o.status = status ? *status : -1;
  return o;
}

// A fresh shell running `script` as piped input; reports stdout, stderr and had_error.
struct ScriptRun {
  std::string out, err;
  bool had_error = false;
};
ScriptRun run_script(std::string_view script, Options options = {}) {
  if (!options.now) options.now = "2024-01-01 00:00:00+0000";
  ShellState shell(options);
  ScriptRun r;
  Capture out(stdout), err(stderr);
  cqlbox::shell::run_script(shell, script);
  r.err = err.finish();
  r.out = out.finish();
  r.had_error = shell.error;
  return r;
}

// shell::run with `options` (for -e / -f).
Output run(Options options) {
  Output o;
  ShellState shell(options);
  Capture out(stdout), err(stderr);
  o.status = cqlbox::shell::run(shell);
  o.err = err.finish();
  o.out = out.finish();
  return o;
}

constexpr const char* kSetup =
    "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n"
    "USE ks;\n"
    "CREATE TABLE t (k int PRIMARY KEY, v text);\n";

}  // namespace

TEST_CASE("parse_options reads -e, -f, -k and their long forms") {
  SUBCASE("short forms") {
    Options o;
    Output r = parse({"-e", "SELECT 1", "-k", "ks", "-f", "in.cql"}, o);
    CHECK(r.status == -1);  // nullopt: go on running
    CHECK(o.execute == std::optional<std::string>("SELECT 1"));
    CHECK(o.keyspace == std::optional<std::string>("ks"));
    CHECK(o.file == std::optional<std::string>("in.cql"));
    CHECK(r.out.empty());
    CHECK(r.err.empty());
  }
  SUBCASE("long forms") {
    Options o;
    CHECK(parse({"--execute", "SELECT 2", "--keyspace", "k2", "--file", "f.cql"}, o).status == -1);
    CHECK(o.execute == std::optional<std::string>("SELECT 2"));
    CHECK(o.keyspace == std::optional<std::string>("k2"));
    CHECK(o.file == std::optional<std::string>("f.cql"));
  }
  SUBCASE("--flag=value") {
    Options o;
    CHECK(parse({"--execute=SELECT 3", "--keyspace=k3"}, o).status == -1);
    CHECK(o.execute == std::optional<std::string>("SELECT 3"));
    CHECK(o.keyspace == std::optional<std::string>("k3"));
  }
}

TEST_CASE("parse_options reads cqlbox's own flags") {
  Options o;
  CHECK(o.nodes == 3);
  CHECK(o.num_tokens == 16);
  Output r = parse({"--now", "2024-01-01 00:00:00+0000", "--nodes", "5", "--num-tokens", "8", "--load", "init.cql",
                    "--bail", "-t", "--no-color"},
                   o);
  CHECK(r.status == -1);
  CHECK(o.now == std::optional<std::string>("2024-01-01 00:00:00+0000"));
  CHECK(o.nodes == 5);
  CHECK(o.num_tokens == 8);
  CHECK(o.load == std::optional<std::string>("init.cql"));
  CHECK(o.bail);
  CHECK(o.force_tty);
  CHECK(o.color == std::optional<bool>(false));
  SUBCASE("-C forces colour") {
    Options c;
    parse({"-C"}, c);
    CHECK(c.color == std::optional<bool>(true));
  }
  SUBCASE("no flags leaves the defaults") {
    Options d;
    CHECK(parse({}, d).status == -1);
    CHECK_FALSE(d.execute.has_value());
    CHECK_FALSE(d.color.has_value());
    CHECK_FALSE(d.force_tty);
    CHECK(d.notices.empty());
  }
}

TEST_CASE("cqlsh's connection flags are accepted and ignored with a one-line notice each") {
  Options o;
  Output r = parse({"-u", "cassandra", "-p", "secret", "--ssl", "--connect-timeout", "10", "--cqlversion", "3.4.7"}, o);
  CHECK(r.status == -1);
  REQUIRE(o.notices.size() == 5);
  CHECK(o.notices[0].find("--ssl") != std::string::npos);
  for (std::size_t i = 0; i < 4; ++i) CHECK(o.notices[i].find('\n') == std::string::npos);
  // Without --auth, -u is ignored; -p gets cqlsh's own warning about passwords on the command line.
  CHECK(o.notices[3] == "cqlbox runs without --auth: ignoring -u");
  CHECK(o.notices[4].find("Warning: Using a password on the command line interface can be insecure.") !=
        std::string::npos);
  CHECK(o.username == "cassandra");
  CHECK(o.password == "secret");
  SUBCASE("--auth: -u and -p log the shell in; --insecure-password-without-warning drops the warning") {
    Options a;
    CHECK(parse({"--auth", "-u", "bob", "-p", "pw", "--insecure-password-without-warning"}, a).status == -1);
    CHECK(a.auth);
    CHECK(a.username == "bob");
    CHECK(a.notices.empty());
  }
  SUBCASE("host and port positional arguments") {
    Options h;
    CHECK(parse({"127.0.0.1", "9042"}, h).status == -1);
    CHECK(h.notices.size() == 2);
  }
}

TEST_CASE("an unknown flag or a missing argument exits with status 2") {
  SUBCASE("unknown flag") {
    Options o;
    Output r = parse({"--bogus"}, o);
    CHECK(r.status == 2);
    CHECK_FALSE(r.err.empty());
  }
  SUBCASE("missing argument") {
    Options o;
    CHECK(parse({"-e"}, o).status == 2);
  }
}

TEST_CASE("--version prints the version line and exits 0") {
  Options o;
  Output r = parse({"--version"}, o);
  CHECK(r.status == 0);
  CHECK(r.out == std::string("cqlbox ") + cqlbox::shell::kVersion + " (CQL spec 3.4.7, Cassandra 5.0 semantics)\n");
}

TEST_CASE("run_script prints results on stdout and nothing for DDL and DML") {
  ScriptRun r = run_script(std::string(kSetup) +
                           "INSERT INTO t (k, v) VALUES (7, 'c');\n"
                           "INSERT INTO t (k, v) VALUES (1, 'a');\n"
                           "INSERT INTO t (k, v) VALUES (4, 'b');\n"
                           "SELECT * FROM t;\n");
  CHECK(r.err.empty());
  CHECK_FALSE(r.had_error);
  CHECK(r.out == "\n k | v\n---+---\n 1 | a\n 4 | b\n 7 | c\n\n(3 rows)\n");
  SUBCASE("consecutive SELECTs are separated only by the next result's leading blank line") {
    ScriptRun two = run_script(std::string(kSetup) + "SELECT * FROM t;\nSELECT k FROM t;\n");
    CHECK(two.out == "\n k | v\n---+---\n\n\n(0 rows)\n\n k\n---\n\n\n(0 rows)\n");
  }
}

TEST_CASE("errors go to stderr with the <stdin>:N: prefix, N = the line after the ';'") {
  SUBCASE("one-line script reports :2:") {
    ScriptRun r = run_script("SELECT * FROM nosuch;\n");
    CHECK(r.had_error);
    CHECK(r.out.empty());
    CHECK(r.err ==
          "<stdin>:2:InvalidRequest: Error from server: code=2200 [Invalid query] message=\"No "
          "keyspace "
          "has been specified. USE a keyspace, or explicitly specify keyspace.tablename\"\n");
  }
  SUBCASE("a statement on lines 3-5 reports :6:") {
    ScriptRun r = run_script(
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': "
        "1};\n"
        "USE ks;\nSELECT *\nFROM t3\nWHERE k = 1;\n");
    CHECK(r.err ==
          "<stdin>:6:InvalidRequest: Error from server: code=2200 [Invalid query] message=\"table t3 "
          "does not exist\"\n");
  }
  SUBCASE("two failing statements on one line both report it, and both run") {
    ScriptRun r = run_script("\n\n\n\n\nSELECT * FROM a.x; SELECT * FROM b.y;\n");
    CHECK(r.err ==
          "<stdin>:7:InvalidRequest: Error from server: code=2200 [Invalid query] "
          "message=\"keyspace a "
          "does not exist\"\n"
          "<stdin>:7:InvalidRequest: Error from server: code=2200 [Invalid query] "
          "message=\"keyspace b "
          "does not exist\"\n");
  }
  SUBCASE("syntax errors have no Error from server part") {
    ScriptRun r = run_script("SELECT * zeppelin FROM t;\n");
    CHECK(r.err ==
          "<stdin>:2:SyntaxException: line 1:9 mismatched input 'zeppelin' expecting K_FROM (SELECT * "
          "[zeppelin]...)\n");
  }
  SUBCASE("an existing table is reported by the driver's AlreadyExists text") {
    ScriptRun r = run_script(std::string(kSetup) + "CREATE TABLE t (k int PRIMARY KEY);\n");
    CHECK(r.err == "<stdin>:5:AlreadyExists: Table 'ks.t' already exists\n");
  }
  SUBCASE("a statement left open at end of input") {
    ScriptRun r = run_script("SELECT * FROM t");
    CHECK(r.err == "<stdin>:2:Incomplete statement at end of file\n");
  }
  SUBCASE("a character cqlsh cannot lex") {
    ScriptRun r = run_script("SELECT * FROM t6 WHERE k = @;\n");
    CHECK(r.err ==
          "<stdin>:2:Invalid syntax at line 1, char 28\n"
          "<stdin>:2:  SELECT * FROM t6 WHERE k = @;\n"
          "<stdin>:2:" +
              std::string(29, ' ') + "^\n");
  }
  SUBCASE("errors do not stop the script") {
    ScriptRun r = run_script(std::string(kSetup) + "SELECT * FROM nosuch;\nSELECT * FROM t;\n");
    CHECK(r.had_error);
    CHECK(r.out == "\n k | v\n---+---\n\n\n(0 rows)\n");
  }
}

TEST_CASE("shell commands answer as cqlsh 6.2 does") {
  SUBCASE("EXPAND: SwitchCommand's texts, a redundant ON an error") {
    ScriptRun r = run_script("EXPAND\nEXPAND ON\nEXPAND ON\nEXPAND\nEXPAND OFF\n");
    CHECK(r.out ==
          "Expanded output is currently disabled. Use EXPAND ON to enable.\nNow Expanded output is enabled\n"
          "Expanded output is currently enabled. Use EXPAND OFF to disable\nDisabled Expanded output.\n");
    CHECK(r.err.find("Expanded output is already enabled. Use EXPAND OFF to disable.") != std::string::npos);
  }
  SUBCASE("CONSISTENCY") {
    ScriptRun r = run_script("CONSISTENCY\nCONSISTENCY QUORUM\nCONSISTENCY\n");
    CHECK(r.out ==
          "Current consistency level is ONE.\nConsistency level set to QUORUM.\n"
          "Current consistency level is QUORUM.\n");
  }
  SUBCASE("PAGING 50 prints only the page size") {
    ScriptRun r = run_script("PAGING 50\n");
    CHECK(r.out == "Page size: 50\n");
  }
  SUBCASE("PAGING prints the page size whenever paging stays on") {
    ScriptRun r = run_script("PAGING\nPAGING OFF\nPAGING\nPAGING ON\nPAGING ON\n");
    CHECK(r.out ==
          "Query paging is currently enabled. Use PAGING OFF to disable\nPage size: 100\n"
          "Disabled Query paging.\n"
          "Query paging is currently disabled. Use PAGING ON to enable.\n"
          "Now Query paging is enabled\nPage size: 100\n"
          "Page size: 100\n");
    CHECK(r.err.find("Query paging is already enabled. Use PAGING OFF to disable.") != std::string::npos);
  }
  SUBCASE("SERIAL CONSISTENCY") {
    ScriptRun r = run_script("SERIAL CONSISTENCY\nSERIAL CONSISTENCY LOCAL_SERIAL\n");
    CHECK(r.out ==
          "Current serial consistency level is SERIAL.\nSerial consistency level set to "
          "LOCAL_SERIAL.\n");
  }
  SUBCASE("a shell command that does not parse is an error") {
    ScriptRun r = run_script("CONSISTENCY FOO\n");
    CHECK(r.had_error);
    CHECK(r.err == "<stdin>:2:Improper CONSISTENCY command.\n");
  }
}

TEST_CASE("-e runs its statements, reports errors at <stdin>:1: and exits 2") {
  Options o;
  o.execute = "SELECT * FROM nosuch.t";
  Output r = run(o);
  CHECK(r.status == 2);
  CHECK(r.err ==
        "<stdin>:1:InvalidRequest: Error from server: code=2200 [Invalid query] message=\"keyspace "
        "nosuch does not exist\"\n");
  SUBCASE("a clean -e exits 0") {
    Options ok;
    ok.execute =
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': "
        "1}";
    Output clean = run(ok);
    CHECK(clean.status == 0);
    CHECK(clean.out.empty());
    CHECK(clean.err.empty());
  }
}

TEST_CASE("-f with a missing file exits 1 with Python's message") {
  Options o;
  o.file = "no-such-file.cql";
  Output r = run(o);
  CHECK(r.status == 1);
  CHECK(r.err == "Can't open 'no-such-file.cql': [Errno 2] No such file or directory: 'no-such-file.cql'\n");
}

TEST_CASE("a partition growing past 100,000 rows warns once, on the write that crosses") {
  std::string script =
      "CREATE KEYSPACE big WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n"
      "CREATE TABLE big.t (k int, c int, PRIMARY KEY (k, c));\n";
  for (int i = 0; i < 100'002; ++i) script += "INSERT INTO big.t (k, c) VALUES (7, " + std::to_string(i) + ");\n";
  const ScriptRun r = run_script(script);
  CHECK(r.err.empty());
  const std::string warning =
      "\nWarnings :\nPartition big.t:7 has 100001 rows, more than 100000: keep partitions under 100,000 rows and 100 "
      "MB "
      "(cqlbox's data-modelling warning; PARTITION SIZE explains)\n\n";
  CHECK(r.out == warning);
}

TEST_CASE("a partition growing past 100 MiB warns once, worded as 5.0's partition_size guardrail") {
  std::string script =
      "CREATE KEYSPACE big WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n"
      "CREATE TABLE big.blobs (k text, c int, v text, PRIMARY KEY (k, c));\n";
  const std::string mib(1 << 20, 'x');
  for (int i = 0; i < 110; ++i)
    script += "INSERT INTO big.blobs (k, c, v) VALUES ('a', " + std::to_string(i) + ", '" + mib + "');\n";
  const ScriptRun r = run_script(script);
  CHECK(r.err.empty());
  CHECK(r.out.find("\nWarnings :\nGuardrail partition_size violated: Partition big.blobs:a has size 10") == 0);
  CHECK(r.out.find("MiB, this exceeds the warning threshold of 100MiB.\n\n") != std::string::npos);
  CHECK(r.out.find("Warnings", 2) == std::string::npos);  // once
}
