// cqlsh lexes a statement before sending it; characters its lexer has no token for ('@', '`',
// '#', non-ASCII outside strings, …) fail there with "Invalid syntax at line L, char C".
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace cqlbox::parse {

struct LexFailure {
  std::size_t line;       // 1-based line within the statement
  std::size_t column;     // 1-based character within that line
  std::string_view text;  // that line
};

std::optional<LexFailure> find_lex_failure(std::string_view statement);

// True when every byte of `line` is printable ASCII or a tab. A statement in such a line that
// the grammar accepted lexes cleanly in cqlsh too: no grammar token uses an ASCII character
// cqlsh's lexer lacks ('@', '#', '`', …). The grammar's exceptions, 'µ' in a duration and '\v'
// or '\f' as a space, are not printable ASCII, so their lines are always checked.
bool printable_ascii(std::string_view line);
// True when no byte of `text` is a control character (below ' ' but a tab, or 0x7f): printable
// ASCII, tabs and UTF-8 sequences, all of which cqlsh's lexer takes inside a string.
bool printable_or_utf8(std::string_view text);

}  // namespace cqlbox::parse
