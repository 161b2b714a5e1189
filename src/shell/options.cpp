#include "shell/options.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string_view>

#include <fmt/format.h>

#include "types/temporal.hpp"

namespace cqlbox::shell {

namespace {

constexpr const char* kUsage = R"(Usage: cqlbox [options]

Apache Cassandra's query language in one process: type CQL, get what Cassandra and cqlsh
would print, plus the storage view, tokens and replicas.

Options:
  -e, --execute STMTS   run the statements, then exit
  -f, --file FILE       run the statements in FILE, then exit
  -k, --keyspace KS     start in keyspace KS
  -t, --tty             force interactive (tty) behaviour
  -C, --color           always use colour
      --no-color        never use colour
      --now TIMESTAMP   fix the clock, e.g. '2024-01-01 00:00:00+0000'
      --load FILE       run FILE, then stay interactive
      --listen [ADDR]   also serve CQL's native protocol (v3, v4, v5) on ADDR, host[:port]
                        (port 9042 by default); with no ADDR, where cqlsh connects:
                        $CQLSH_HOST:$CQLSH_PORT, else 127.0.0.1:9042; without a
                        terminal, run what stdin holds, then serve until SIGINT or SIGTERM
      --max-connections N  native protocol connections at once (default 1024); more are
                        closed as soon as they connect
      --data DIR        keep the data: every statement that changes data or schema goes
                        to DIR/commitlog before it runs, and is replayed at the next start
      --commitlog-sync M  batch (default: fsync each statement) or periodic (every 10 s)
      --salvage-commitlog  start even when the commit log is damaged before its end: skip
                        each damaged stretch (reported), keep a copy of the damaged segment
      --nodes N         simulated nodes (default 3)
      --num-tokens T    tokens per node (default 16)
      --bail            stop at the first error (exit 2)
      --echo            show each input line after the prompt, as a terminal would, and
                        errors on standard output: one plain transcript (a class handout)
      --max-memory MB   refuse writes and results once cqlbox has grown by MB MiB
                        (default: 80% of physical memory; 0 = no limit)
      --disable-materialized-views
                        refuse CREATE MATERIALIZED VIEW, as a stock Cassandra 5.0 does
      --auth            require a login (Cassandra's PasswordAuthenticator) and check
                        permissions (CassandraAuthorizer); the default superuser is
                        cassandra, password cassandra
  -u, --username ROLE   with --auth: log the shell in as ROLE
  -p, --password PW     its password (asked for when not given on a terminal)
      --cqlshrc FILE    cqlsh's configuration file (default ~/.cassandra/cqlshrc):
                        [ui] colour, precisions, time_format; [authentication];
                        [copy], [copy-from], [copy-to] defaults
      --output-format F table (default), json (one object per row and line) or csv
      --version         print the version
  -h, --help            print this help

cqlsh's other connection flags (host, port, --ssl, ...) are accepted and ignored.
)";

}  // namespace

namespace {

bool fail(const char* format, std::string_view flag, const std::string& value) {
  std::fprintf(stderr, format, std::string(flag).c_str(), value.c_str());
  return false;
}

// --nodes and --num-tokens: a count from 1 to 1000 (an extra argument to printf is ignored).
bool count(std::string_view flag, const std::string& value, int& out) {
  out = std::atoi(value.c_str());
  return (out >= 1 && out <= 1000) || fail("cqlbox: error: %s must be between 1 and 1000\n", flag, value);
}

// The options that take no value: each sets one field.
struct Switch {
  std::string_view name, alias;
  void (*set)(Options& out);
};
constexpr Switch kSwitches[] = {
    {"--tty", "-t", [](Options& o) { o.force_tty = true; }},
    {"--color", "-C", [](Options& o) { o.color = true; }},
    {"--no-color", "", [](Options& o) { o.color = false; }},
    {"--bail", "", [](Options& o) { o.bail = true; }},
    {"--echo", "", [](Options& o) { o.echo = true; }},
    {"--salvage-commitlog", "", [](Options& o) { o.salvage_commitlog = true; }},
    {"--disable-materialized-views", "", [](Options& o) { o.materialized_views = false; }},
    {"--auth", "", [](Options& o) { o.auth = true; }},
    {"--insecure-password-without-warning", "", [](Options& o) { o.insecure_password = true; }},
};

// The options that take a value: each checks it (printing why it is refused) and stores it.
struct Valued {
  std::string_view name, alias;
  bool (*apply)(std::string_view flag, const std::string& value, Options& out);
};
constexpr Valued kValued[] = {
    {"--execute", "-e", [](std::string_view, const std::string& v, Options& o) { return o.execute = v, true; }},
    {"--file", "-f", [](std::string_view, const std::string& v, Options& o) { return o.file = v, true; }},
    {"--keyspace", "-k", [](std::string_view, const std::string& v, Options& o) { return o.keyspace = v, true; }},
    {"--load", "", [](std::string_view, const std::string& v, Options& o) { return o.load = v, true; }},
    {"--data", "", [](std::string_view, const std::string& v, Options& o) { return o.data = v, true; }},
    {"--username", "-u", [](std::string_view, const std::string& v, Options& o) { return o.username = v, true; }},
    {"--password", "-p", [](std::string_view, const std::string& v, Options& o) { return o.password = v, true; }},
    {"--cqlshrc", "", [](std::string_view, const std::string& v, Options& o) { return o.cqlshrc = v, true; }},
    {"--now", "",
     [](std::string_view flag, const std::string& v, Options& o) {
       if (!types::parse_timestamp_ms(v))
         return fail(
             "cqlbox: error: %s takes a timestamp as CQL writes one (got '%s'), e.g.\n"
             "  '2024-01-01 00:00:00+0000', '2024-01-01T12:30:00.250Z', '2024-01-01 12:30', '2024-01-01',\n"
             "  or milliseconds since the epoch: 1704067200000\n",
             flag, v);
       return o.now = v, true;
     }},
    {"--nodes", "", [](std::string_view flag, const std::string& v, Options& o) { return count(flag, v, o.nodes); }},
    {"--num-tokens", "",
     [](std::string_view flag, const std::string& v, Options& o) { return count(flag, v, o.num_tokens); }},
    {"--max-memory", "",
     [](std::string_view flag, const std::string& v, Options& o) {
       char* end = nullptr;
       const long long mb = std::strtoll(v.c_str(), &end, 10);
       if (v.empty() || *end != '\0' || mb < 0)
         return fail("cqlbox: error: %s takes a number of MiB (got %s)\n", flag, v);
       return o.max_memory_mb = mb, true;
     }},
    {"--commitlog-sync", "",
     [](std::string_view flag, const std::string& v, Options& o) {
       if (v != "batch" && v != "periodic")
         return fail("cqlbox: error: %s takes batch or periodic (got %s)\n", flag, v);
       return o.commitlog_periodic = v == "periodic", true;
     }},
    {"--max-connections", "",
     [](std::string_view flag, const std::string& v, Options& o) {
       char* end = nullptr;
       const long n = std::strtol(v.c_str(), &end, 10);
       if (v.empty() || *end != '\0' || n < 1 || n > 100000)
         return fail("cqlbox: error: %s takes a number from 1 to 100000 (got %s)\n", flag, v);
       return o.max_connections = static_cast<int>(n), true;
     }},
    {"--output-format", "",
     [](std::string_view flag, const std::string& v, Options& o) {
       if (v == "table") return o.output_format = OutputFormat::Table, true;
       if (v == "json") return o.output_format = OutputFormat::Json, true;
       if (v == "csv") return o.output_format = OutputFormat::Csv, true;
       return fail("cqlbox: error: %s must be table, json or csv (got %s)\n", flag, v);
     }},
};

// cqlsh's options that mean nothing in-process: accepted (with their value, if any) and noted.
constexpr std::string_view kIgnoredWithValue[] = {"--credentials",     "--cqlversion",      "--protocol-version",
                                                  "--connect-timeout", "--request-timeout", "--encoding",
                                                  "--browser"};
constexpr std::string_view kIgnored[] = {"--ssl", "--debug", "--coverage"};

template <class T, std::size_t N>
const T* find_option(const T (&table)[N], std::string_view name) {
  for (const T& t : table)
    if (name == t.name || (!t.alias.empty() && name == t.alias)) return &t;
  return nullptr;
}

bool listed(std::span<const std::string_view> names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

std::optional<int> parse_options(int argc, char** argv, Options& out) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    // --flag=value form.
    const bool has_inline = a.starts_with("--") && a.find('=') != std::string_view::npos;
    const std::string_view name = has_inline ? a.substr(0, a.find('=')) : a;
    auto arg = [&]() -> std::optional<std::string> {
      if (has_inline) return std::string(a.substr(a.find('=') + 1));
      if (i + 1 >= argc) {
        std::fprintf(stderr, "cqlbox: error: %.*s expects an argument\n", static_cast<int>(name.size()), name.data());
        return std::nullopt;
      }
      return std::string(argv[++i]);
    };
    if (name == "-h" || name == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (name == "--version" || name == "-v") {
      std::printf("cqlbox %s (CQL spec 3.4.7, Cassandra 5.0 semantics)\n", kVersion);
      return 0;
    }
    if (const Switch* sw = find_option(kSwitches, name)) {
      sw->set(out);
    } else if (const Valued* option = find_option(kValued, name)) {
      const std::optional<std::string> v = arg();
      if (!v || !option->apply(name, *v, out)) return 2;
    } else if (name == "--listen") {
      // The address is optional: without one, where cqlsh would connect (CQLSH_HOST and
      // CQLSH_PORT, as cqlsh reads them, else 127.0.0.1:9042), so the two meet.
      if (has_inline || (i + 1 < argc && argv[i + 1][0] != '-')) {
        const std::optional<std::string> v = arg();
        if (!v) return 2;
        out.listen = *v;
      } else {
        const char* host = std::getenv("CQLSH_HOST");
        const char* port = std::getenv("CQLSH_PORT");
        out.listen = fmt::format("{}:{}", host && *host ? host : "127.0.0.1", port && *port ? port : "9042");
      }
    } else if (listed(kIgnoredWithValue, name)) {
      if (!arg()) return 2;
      out.notices.push_back(fmt::format("cqlbox runs in-process: ignoring {}", name));
    } else if (listed(kIgnored, name)) {
      out.notices.push_back(fmt::format("cqlbox runs in-process: ignoring {}", name));
    } else if (!a.empty() && a[0] != '-') {
      out.notices.push_back(fmt::format("cqlbox runs in-process: ignoring host/port {}", a));
    } else {
      std::fprintf(stderr, "cqlbox: error: no such option: %s\n", argv[i]);
      return 2;
    }
  }
  // Without --auth there is nothing to log in to (AllowAllAuthenticator).
  if (!out.auth && out.username) out.notices.push_back("cqlbox runs without --auth: ignoring -u");
  // cqlsh's warning, word for word.
  if (out.password && !out.insecure_password)
    out.notices.push_back(
        "\nWarning: Using a password on the command line interface can be insecure.\n"
        "Recommendation: use the credentials file to securely provide the password.\n");
  return std::nullopt;
}

}  // namespace cqlbox::shell
