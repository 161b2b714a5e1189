// What DESCRIBE answers, as Cassandra 4.0+ computes it server-side (DescribeStatement): rows of
// (keyspace_name, type, name, create_statement). The shell prints them as cqlsh does, and the
// native protocol server returns them as a result set, which real cqlsh prints the same way.
#pragma once

#include <string>
#include <vector>

#include "schema/catalog.hpp"

namespace cqlbox::print {

struct DescribeRow {
  std::string keyspace, type, name, create_statement;  // keyspace and name quoted if needed
  const schema::TableSchema* table = nullptr;          // a "table" row's table
};

struct DescribeResult {
  // Elements: CREATE statements. List: names (TABLES, TYPES, …), grouped by keyspace.
  // Keyspaces: keyspace names. Cluster: nothing here, the caller describes the ring.
  enum class Kind { Elements, List, Keyspaces, Cluster } kind = Kind::Elements;
  std::vector<DescribeRow> rows;
  std::string error;  // the server's message when the request is improper or names nothing
};

// `args`: the words after DESCRIBE / DESC as typed (names may be quoted, ks.name qualified);
// `command_word` names the command in "Improper … command.".
DescribeResult describe(const schema::Catalog& catalog, const std::string& session_keyspace,
                        const std::vector<std::string>& args, const std::string& command_word);

// Names compared as cqlsh lists them: ignoring case.
bool describe_name_less(const std::string& a, const std::string& b);

}  // namespace cqlbox::print
