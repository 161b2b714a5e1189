// What the CQL grammar would accept after the start of a statement: the keywords, and the kinds
// of names (a keyspace, a table, one of its columns, a type, …). Found by running the statement
// grammar over the text and noting every rule that tries to start where the text ends, so tab
// completion follows the grammar itself instead of a second, hand-kept copy of it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::parse {

enum NameKind : unsigned {
  kKeyspaceName = 1u << 0,
  kTableName = 1u << 1,   // [ks.]table: the keyspace's tables, and "ks." prefixes
  kColumnName = 1u << 2,  // a column of the table named so far
  kTypeName = 1u << 3,    // native types, collection type names, the keyspace's UDTs
  kUdtName = 1u << 4,     // an existing user-defined type
  kViewName = 1u << 5,
  kIndexName = 1u << 6,
  kPropertyName = 1u << 7,  // WITH options of a table (or of a keyspace: see keyspace_options)
};

struct NextTokens {
  std::vector<std::string_view> keywords;  // upper case, as the grammar spells them
  unsigned names = 0;                      // NameKind bits
  bool keyspace_options = false;           // WITH options belong to CREATE/ALTER KEYSPACE
  // The last [keyspace.]table the text named (keyspace empty when unqualified); names are
  // unquoted and case-folded as CQL does.
  std::string table_keyspace, table;

  bool wants(NameKind k) const { return (names & k) != 0; }
};

// `text` is the statement typed so far, ending where the word being completed starts.
NextTokens next_tokens(std::string_view text);

}  // namespace cqlbox::parse
