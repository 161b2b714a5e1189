#include "shell/options.hpp"

#include <cstdio>
#include <cstdlib>
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

std::optional<int> parse_options(int argc, char** argv, Options& out) {
  auto value = [&](int& i, std::string_view flag) -> std::optional<std::string> {
    if (i + 1 >= argc) {
      std::fprintf(stderr, "cqlbox: error: %.*s expects an argument\n", static_cast<int>(flag.size()), flag.data());
      return std::nullopt;
    }
    return std::string(argv[++i]);
  };
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    std::optional<std::string> v;
    // --flag=value form.
    std::string_view name = a, inline_value;
    bool has_inline = false;
    if (a.rfind("--", 0) == 0 && a.find('=') != std::string_view::npos) {
      name = a.substr(0, a.find('='));
      inline_value = a.substr(a.find('=') + 1);
      has_inline = true;
    }
    auto arg = [&]() -> std::optional<std::string> {
      if (has_inline) return std::string(inline_value);
      return value(i, name);
    };
    if (name == "-h" || name == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (name == "--version" || name == "-v") {
      std::printf("cqlbox %s (CQL spec 3.4.7, Cassandra 5.0 semantics)\n", kVersion);
      return 0;
    } else if (name == "-e" || name == "--execute") {
      if (!(v = arg())) return 2;
      out.execute = *v;
    } else if (name == "-f" || name == "--file") {
      if (!(v = arg())) return 2;
      out.file = *v;
    } else if (name == "-k" || name == "--keyspace") {
      if (!(v = arg())) return 2;
      out.keyspace = *v;
    } else if (name == "--now") {
      if (!(v = arg())) return 2;
      if (!types::parse_timestamp_ms(*v)) {
        std::fprintf(stderr,
                     "cqlbox: error: --now takes a timestamp as CQL writes one (got '%s'), e.g.\n"
                     "  '2024-01-01 00:00:00+0000', '2024-01-01T12:30:00.250Z', '2024-01-01 12:30', '2024-01-01',\n"
                     "  or milliseconds since the epoch: 1704067200000\n",
                     v->c_str());
        return 2;
      }
      out.now = *v;
    } else if (name == "--load") {
      if (!(v = arg())) return 2;
      out.load = *v;
    } else if (name == "--nodes" || name == "--num-tokens") {
      if (!(v = arg())) return 2;
      int n = std::atoi(v->c_str());
      if (n < 1 || n > 1000) {
        std::fprintf(stderr, "cqlbox: error: %s must be between 1 and 1000\n", std::string(name).c_str());
        return 2;
      }
      (name == "--nodes" ? out.nodes : out.num_tokens) = n;
    } else if (name == "-t" || name == "--tty") {
      out.force_tty = true;
    } else if (name == "-C" || name == "--color") {
      out.color = true;
    } else if (name == "--no-color") {
      out.color = false;
    } else if (name == "--bail") {
      out.bail = true;
    } else if (name == "--echo") {
      out.echo = true;
    } else if (name == "--max-memory") {
      if (!(v = arg())) return 2;
      char* end = nullptr;
      const long long mb = std::strtoll(v->c_str(), &end, 10);
      if (v->empty() || *end != '\0' || mb < 0) {
        std::fprintf(stderr, "cqlbox: error: --max-memory takes a number of MiB (got %s)\n", v->c_str());
        return 2;
      }
      out.max_memory_mb = mb;
    } else if (name == "--data") {
      if (!(v = arg())) return 2;
      out.data = *v;
    } else if (name == "--commitlog-sync") {
      if (!(v = arg())) return 2;
      if (*v != "batch" && *v != "periodic") {
        std::fprintf(stderr, "cqlbox: error: --commitlog-sync takes batch or periodic (got %s)\n", v->c_str());
        return 2;
      }
      out.commitlog_periodic = *v == "periodic";
    } else if (name == "--listen") {
      // The address is optional: without one, where cqlsh would connect (CQLSH_HOST and
      // CQLSH_PORT, as cqlsh reads them, else 127.0.0.1:9042), so the two meet.
      if (has_inline || (i + 1 < argc && argv[i + 1][0] != '-')) {
        if (!(v = arg())) return 2;
        out.listen = *v;
      } else {
        const char* host = std::getenv("CQLSH_HOST");
        const char* port = std::getenv("CQLSH_PORT");
        out.listen = fmt::format("{}:{}", host && *host ? host : "127.0.0.1", port && *port ? port : "9042");
      }
    } else if (name == "--max-connections") {
      if (!(v = arg())) return 2;
      char* end = nullptr;
      const long n = std::strtol(v->c_str(), &end, 10);
      if (v->empty() || *end != '\0' || n < 1 || n > 100000) {
        std::fprintf(stderr, "cqlbox: error: --max-connections takes a number from 1 to 100000 (got %s)\n", v->c_str());
        return 2;
      }
      out.max_connections = static_cast<int>(n);
    } else if (name == "--salvage-commitlog") {
      out.salvage_commitlog = true;
    } else if (name == "--disable-materialized-views") {
      out.materialized_views = false;
    } else if (name == "--output-format") {
      if (!(v = arg())) return 2;
      if (*v == "table") {
        out.output_format = OutputFormat::Table;
      } else if (*v == "json") {
        out.output_format = OutputFormat::Json;
      } else if (*v == "csv") {
        out.output_format = OutputFormat::Csv;
      } else {
        std::fprintf(stderr, "cqlbox: error: --output-format must be table, json or csv (got %s)\n", v->c_str());
        return 2;
      }
    } else if (name == "--auth") {
      out.auth = true;
    } else if (name == "-u" || name == "--username") {
      if (!(v = arg())) return 2;
      out.username = *v;
    } else if (name == "-p" || name == "--password") {
      if (!(v = arg())) return 2;
      out.password = *v;
    } else if (name == "--cqlshrc") {
      if (!(v = arg())) return 2;
      out.cqlshrc = *v;
    } else if (name == "--credentials" || name == "--cqlversion" || name == "--protocol-version" ||
               name == "--connect-timeout" || name == "--request-timeout" || name == "--encoding" ||
               name == "--browser") {
      if (!(v = arg())) return 2;
      out.notices.push_back(fmt::format("cqlbox runs in-process: ignoring {}", name));
    } else if (name == "--insecure-password-without-warning") {
      out.insecure_password = true;
    } else if (name == "--ssl" || name == "--debug" || name == "--coverage") {
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
