// DESCRIBE / DESC (cassandra.md §3.4): KEYSPACES, KEYSPACE [ks], ONLY KEYSPACE [ks], TABLES,
// TABLE t, INDEX i, MATERIALIZED VIEW v, [FULL] SCHEMA, CLUSTER, TYPES/FUNCTIONS/AGGREGATES (none yet), or a bare
// name. Statements print as "blank line, statement"; lists are columnized; a failure prints
// only the server's message.
#include <fmt/format.h>

#include "print/describe.hpp"
#include "print/describe_rows.hpp"
#include "shell/shell.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

void Shell::describe_statement(const std::string& statement) {
  out_ += '\n';
  out_ += statement;
  out_ += '\n';
}

void Shell::cmd_describe(std::string_view command_word, const std::vector<std::string>& args) {
  const print::DescribeResult d = print::describe(db_.catalog, session_.keyspace, args, std::string(command_word));
  if (!d.error.empty()) return print_error(d.error);
  using Kind = print::DescribeResult::Kind;
  if (d.kind == Kind::Cluster) return describe_cluster();
  if (d.kind == Kind::Keyspaces) {
    std::vector<std::string> names;
    for (const auto& r : d.rows) names.push_back(r.name);
    out_ += "\n" + print::columnize(names) + "\n";
  } else if (d.kind == Kind::List) {
    // cqlsh: per keyspace that has names, a "Keyspace ks" heading (none with a keyspace in
    // use), then the names (quoted where needed), columnized.
    bool printed_any = false;
    for (std::size_t i = 0; i < d.rows.size();) {
      std::size_t j = i;
      std::vector<std::string> names;
      for (; j < d.rows.size() && d.rows[j].keyspace == d.rows[i].keyspace; ++j) names.push_back(d.rows[j].name);
      out_ += '\n';
      if (session_.keyspace.empty())
        out_ += fmt::format("Keyspace {}\n{}\n", d.rows[i].keyspace, std::string(9 + d.rows[i].keyspace.size(), '-'));
      out_ += print::columnize(names);
      printed_any = true;
      i = j;
    }
    if (printed_any) out_ += '\n';
  } else {
    for (const auto& r : d.rows) describe_statement(r.create_statement);
  }
  flush();
}

}  // namespace cqlbox::shell
