// Text helpers shared by every layer: ASCII case folding, CQL name quoting, the display width
// cqlsh uses to align columns (wcwidth), and cqlsh's escaping of control characters.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cqlbox::util {

std::string ascii_lower(std::string_view s);
std::string ascii_upper(std::string_view s);
// Inline: the shell compares every line's first word with each of its commands.
inline bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

// A name as CQL writes it: unchanged when it is a valid unquoted lower-case identifier and not
// reserved, else wrapped in double quotes with inner quotes doubled (ColumnIdentifier.maybeQuote).
std::string cql_name(std::string_view name);

// Columns a UTF-8 string occupies in a terminal (East Asian wide = 2, combining = 0).
// Invalid UTF-8 bytes count as 1 each.
std::size_t display_width(std::string_view utf8) noexcept;

// True when `s` is well-formed UTF-8 (no overlongs, no surrogates, <= U+10FFFF).
bool valid_utf8(std::string_view s) noexcept;

// Lower case as Java's String.toLowerCase does it for the Latin, Greek, Cyrillic and Armenian
// letters (an SAI index with case_sensitive: false); other code points and invalid bytes are
// kept as they are.
std::string unicode_lower(std::string_view utf8);

// Appends `s` with cqlsh's escapes: backslash doubled, U+0000-U+001F and U+007F-U+00A0 as
// Python repr escapes (\n, \t, \r, \xNN).
void append_cqlsh_escaped(std::string& out, std::string_view s);

// A JSON string as Jackson quotes it (Cassandra's JSON output, sstabledump): \" \\ \b \t \n
// \f \r, other control characters as \u00XX in upper case, everything else raw.
std::string json_quoted(std::string_view s);

}  // namespace cqlbox::util
