#include "parse/lex_check.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <cstring>

namespace cqlbox::parse {

namespace {

// Characters cqlsh's lexer can start a token with (outside strings and comments), and among
// them the plain ones, which open no string, comment or line: runs of those are skipped at once
// (this check runs on every input line).
struct TokenChars {
  bool ok[256] = {};
  bool plain[256] = {};
  constexpr TokenChars() {
    for (int c = 'a'; c <= 'z'; ++c) ok[c] = true;
    for (int c = 'A'; c <= 'Z'; ++c) ok[c] = true;
    for (int c = '0'; c <= '9'; ++c) ok[c] = true;
    for (char c : std::string_view("_ \t\r\f()[]{},;.*=<>!:?+-/%'\"$")) ok[static_cast<unsigned char>(c)] = true;
    for (int c = 0; c < 256; ++c) plain[c] = ok[c];
    for (char c : std::string_view("'\"$-/")) plain[static_cast<unsigned char>(c)] = false;
  }
};
constexpr TokenChars kTokenChars;

}  // namespace

std::optional<LexFailure> find_lex_failure(std::string_view s) {
  std::size_t line = 1, line_start = 0;
  auto fail = [&](std::size_t i) {
    std::size_t end = s.find('\n', line_start);
    if (end == std::string_view::npos) end = s.size();
    // Column counts characters (UTF-8 sequences), as Python does.
    std::size_t col = 1;
    for (std::size_t k = line_start; k < i; ++k)
      if ((static_cast<unsigned char>(s[k]) & 0xC0) != 0x80) ++col;
    return LexFailure{line, col, s.substr(line_start, end - line_start)};
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    while (i < s.size() && kTokenChars.plain[static_cast<unsigned char>(s[i])]) ++i;
    if (i == s.size()) break;
    const char c = s[i];
    if (c == '\n') {
      ++line;
      line_start = i + 1;
      continue;
    }
    if (c == '\'' || c == '"') {
      for (++i; i < s.size(); ++i) {
        if (s[i] == '\n') {
          ++line;
          line_start = i + 1;
        }
        if (s[i] == c) {
          if (i + 1 < s.size() && s[i + 1] == c) {
            ++i;
            continue;
          }
          break;
        }
      }
      continue;
    }
    if (c == '$' && (i + 1 >= s.size() || s[i + 1] != '$')) return fail(i);  // only $$ starts a token
    // A $$ string or a /* */ comment runs to its closing mark (or the end), counting lines.
    auto skip_to = [&](std::string_view close) {
      const std::size_t end = s.find(close, i + 2);
      for (std::size_t k = i; k < (end == std::string_view::npos ? s.size() : end); ++k)
        if (s[k] == '\n') {
          ++line;
          line_start = k + 1;
        }
      i = end == std::string_view::npos ? s.size() : end + 1;
    };
    if (c == '$' && i + 1 < s.size() && s[i + 1] == '$') {
      skip_to("$$");
      continue;
    }
    if ((c == '-' && i + 1 < s.size() && s[i + 1] == '-') || (c == '/' && i + 1 < s.size() && s[i + 1] == '/')) {
      while (i + 1 < s.size() && s[i + 1] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      skip_to("*/");
      continue;
    }
    if (!kTokenChars.ok[static_cast<unsigned char>(c)]) return fail(i);
  }
  return std::nullopt;
}

bool printable_ascii(std::string_view line) {
  // This runs on every input line: 16 bytes at a time with SSE2 (every x86-64), where a byte
  // is bad when it is below ' ' (a signed compare) or above '~' (0x7f, and 0x80-0xff, which are
  // negative as signed bytes, so below ' ' too), and not a tab.
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(' '), del = _mm_set1_epi8(0x7f), tab = _mm_set1_epi8('\t');
  for (; i + 16 <= line.size(); i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(line.data() + i));
    const __m128i bad =
        _mm_andnot_si128(_mm_cmpeq_epi8(v, tab), _mm_or_si128(_mm_cmplt_epi8(v, space), _mm_cmpeq_epi8(v, del)));
    if (_mm_movemask_epi8(bad) != 0) return false;
  }
#endif
  for (; i < line.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (static_cast<unsigned char>(c - 0x20) >= 0x5f && c != '\t') return false;
  }
  return true;
}

bool printable_or_utf8(std::string_view text) {
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if ((b < 0x20 && b != '\t') || b == 0x7f) return false;
  }
  return true;
}

}  // namespace cqlbox::parse
