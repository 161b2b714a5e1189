// Command-line options (cqlbox.md "Shell behaviour"). Parsed in main.cpp's helper, read by the
// shell. Plain data.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cqlbox::shell {

inline constexpr const char* kVersion = "0.1.0";

enum class OutputFormat { Table, Json, Csv };

struct Options {
  std::optional<std::string> execute;   // -e
  std::optional<std::string> file;      // -f
  std::optional<std::string> keyspace;  // -k
  std::optional<std::string> now;       // --now
  std::optional<std::string> load;      // --load
  std::optional<std::string> listen;    // --listen host[:port]: serve the native protocol too
  std::optional<std::string> data;      // --data DIR: keep the data (commit log) in DIR
  bool commitlog_periodic = false;      // --commitlog-sync periodic (default batch)
  bool salvage_commitlog = false;
  int max_connections =
      1024;  // --max-connections: native protocol connections at once       // --salvage-commitlog: skip damage in the log, reporting it
  bool force_tty = false;                            // -t
  bool auth = false;                                 // --auth: PasswordAuthenticator and CassandraAuthorizer
  std::optional<std::string> username;               // -u: the role to log in as (with --auth)
  std::optional<std::string> password;               // -p
  bool insecure_password = false;                    // --insecure-password-without-warning
  std::optional<std::string> cqlshrc;                // --cqlshrc FILE (default ~/.cassandra/cqlshrc)
  std::optional<bool> color;                         // -C / --no-color
  bool bail = false;                                 // --bail
  bool echo = false;                                 // --echo: input echoed after the prompt, errors on stdout
  bool materialized_views = true;                    // --disable-materialized-views turns them off
  std::optional<long long> max_memory_mb;            // --max-memory; unset: 80% of physical memory
  OutputFormat output_format = OutputFormat::Table;  // --output-format
  int nodes = 3;
  int num_tokens = 16;
  std::vector<std::string> notices;  // ignored cqlsh connection flags, one line each
};

// Parses argv. On --help / --version / a bad flag, prints and returns the exit status to
// use; otherwise returns nullopt and fills `out`.
std::optional<int> parse_options(int argc, char** argv, Options& out);

}  // namespace cqlbox::shell
