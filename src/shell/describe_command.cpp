// DESCRIBE / DESC (cassandra.md §3.4): KEYSPACES, KEYSPACE [ks], ONLY KEYSPACE [ks], TABLES,
// TABLE t, INDEX i, MATERIALIZED VIEW v, [FULL] SCHEMA, CLUSTER, TYPES/FUNCTIONS/AGGREGATES (none yet), or a bare
// name. Statements print as "blank line, statement"; lists are columnized; a failure prints
// only the server's message.
#include <fmt/format.h>

#include "print/describe.hpp"
#include "print/describe_rows.hpp"
#include "shell/internal.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

void describe_statement(ShellState& sh, const std::string& statement) {
  sh.out += '\n';
  sh.out += statement;
  sh.out += '\n';
}

void cmd_describe(ShellState& sh, std::string_view command_word, const std::vector<std::string>& args) {
  const print::DescribeResult d = print::describe(sh.db.catalog, sh.session.keyspace, args, std::string(command_word));
  if (!d.error.empty()) return print_error(sh, d.error);
  using Kind = print::DescribeResult::Kind;
  if (d.kind == Kind::Cluster) return describe_cluster(sh);
  if (d.kind == Kind::Keyspaces) {
    std::vector<std::string> names;
    for (const auto& r : d.rows) names.push_back(r.name);
    sh.out += "\n" + print::columnize(names) + "\n";
  } else if (d.kind == Kind::List) {
    // cqlsh: per keyspace that has names, a "Keyspace ks" heading (none with a keyspace in
    // use), then the names (quoted where needed), columnized.
    bool printed_any = false;
    for (std::size_t i = 0; i < d.rows.size();) {
      std::size_t j = i;
      std::vector<std::string> names;
      for (; j < d.rows.size() && d.rows[j].keyspace == d.rows[i].keyspace; ++j) names.push_back(d.rows[j].name);
      sh.out += '\n';
      if (sh.session.keyspace.empty())
        sh.out += fmt::format("Keyspace {}\n{}\n", d.rows[i].keyspace, std::string(9 + d.rows[i].keyspace.size(), '-'));
      sh.out += print::columnize(names);
      printed_any = true;
      i = j;
    }
    if (printed_any) sh.out += '\n';
  } else {
    for (const auto& r : d.rows) describe_statement(sh, r.create_statement);
  }
  flush(sh);
}

}  // namespace cqlbox::shell
