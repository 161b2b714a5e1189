#include "parse/splitter.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cqlbox::parse {

namespace {

bool word_equals(std::string_view w, std::string_view upper) {
  if (w.size() != upper.size()) return false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    char c = w[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != upper[i]) return false;
  }
  return true;
}

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The characters that can start or end a quote, a comment or a statement.
struct Special {
  bool at[256] = {};
  constexpr Special() {
    for (char c : {'\'', '"', '$', ';', '-', '/'}) at[static_cast<unsigned char>(c)] = true;
  }
};
constexpr Special kSpecial;

// The first special character in line[from, n), or n. Most of a statement is one run, so
// with SSE2 (every x86-64) it is tested 16 bytes to an instruction.
std::size_t next_special(std::string_view line, std::size_t from) {
  std::size_t i = from;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('\''), dquote = _mm_set1_epi8('"'), dollar = _mm_set1_epi8('$'),
                semi = _mm_set1_epi8(';'), minus = _mm_set1_epi8('-'), slash = _mm_set1_epi8('/');
  for (; i + 16 <= line.size(); i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(line.data() + i));
    const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, dquote)),
                                                  _mm_or_si128(_mm_cmpeq_epi8(v, dollar), _mm_cmpeq_epi8(v, semi))),
                                     _mm_or_si128(_mm_cmpeq_epi8(v, minus), _mm_cmpeq_epi8(v, slash)));
    if (const int mask = _mm_movemask_epi8(hit))
      return i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
#endif
  while (i < line.size() && !kSpecial.at[static_cast<unsigned char>(line[i])]) ++i;
  return i;
}

// A BEGIN … BATCH statement runs until "APPLY BATCH;", across the ';' of its parts.
bool inside_batch(std::string_view text) {
  if (text.empty() || (text[0] | 0x20) != 'b') return false;  // most statements: not BEGIN
  std::size_t i = 0;
  while (i < text.size() && is_word_char(text[i])) ++i;
  if (!word_equals(text.substr(0, i), "BEGIN")) return false;
  std::size_t end = text.size();
  while (end > 0 && !is_word_char(text[end - 1])) --end;
  std::size_t start = end;
  while (start > 0 && is_word_char(text[start - 1])) --start;
  if (!word_equals(text.substr(start, end - start), "BATCH")) return true;
  std::size_t e2 = start;
  while (e2 > 0 && !is_word_char(text[e2 - 1])) --e2;
  std::size_t s2 = e2;
  while (s2 > 0 && is_word_char(text[s2 - 1])) --s2;
  return !word_equals(text.substr(s2, e2 - s2), "APPLY");
}

}  // namespace

void StatementSplitter::feed_line(std::string_view line, std::vector<std::string>& done) {
  feed(line, [&](std::string& text) {
    done.push_back(std::move(text));
    text.clear();
  });
}

void StatementSplitter::feed_line(std::string_view line, CutStatements& done) {
  feed(line, [&](std::string& text) { done.take(text); });
}

template <class Done>
void StatementSplitter::feed(std::string_view line, Done&& done) {
  if (!pending_.empty())
    pending_ += '\n';
  else
    pending_.reserve(line.size());  // one allocation for a one-line statement
  std::size_t i = 0;
  const std::size_t n = line.size();
  auto at = [&](std::size_t k) { return k < n ? line[k] : '\0'; };
  while (i < n) {
    const char c = line[i];
    switch (state_) {
      case State::SingleQuote:
      case State::DoubleQuote: {
        // Copy up to the next quote in one step (strings are most of an INSERT's bytes).
        const char q = state_ == State::SingleQuote ? '\'' : '"';
        const std::size_t end = line.find(q, i);
        if (end == std::string_view::npos) {
          pending_.append(line.substr(i));
          i = n;
          continue;
        }
        pending_.append(line.substr(i, end + 1 - i));
        i = end + 1;
        if (at(i) == q) {
          pending_ += q;
          ++i;
        } else
          state_ = State::Normal;
        continue;
      }
      case State::Dollar:
        pending_ += c;
        ++i;
        if (c == '$' && at(i) == '$') {
          pending_ += '$';
          ++i;
          state_ = State::Normal;
        }
        continue;
      case State::BlockComment:
        if (!pending_.empty()) pending_ += c;
        ++i;
        if (c == '*' && at(i) == '/') {
          if (!pending_.empty()) pending_ += '/';
          ++i;
          state_ = State::Normal;
        }
        continue;
      case State::Normal: break;
    }
    if ((c == '-' && at(i + 1) == '-') || (c == '/' && at(i + 1) == '/')) {
      if (!pending_.empty()) pending_.append(line.substr(i));
      break;  // line comment: rest of line
    }
    if (c == '/' && at(i + 1) == '*') {
      state_ = State::BlockComment;
      if (!pending_.empty()) pending_ += "/*";
      i += 2;
      continue;
    }
    if (pending_.empty() && (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')) {
      ++i;  // blanks before a statement are not part of it (within one, they join a run below)
      continue;
    }
    if (c == '\'')
      state_ = State::SingleQuote;
    else if (c == '"')
      state_ = State::DoubleQuote;
    else if (c == '$' && at(i + 1) == '$') {
      state_ = State::Dollar;
      pending_ += '$';
      ++i;
    } else if (c != ';' && c != '-' && c != '/') {
      // A run of ordinary characters goes in one append.
      const std::size_t end = next_special(line, i + 1);
      pending_.append(line.substr(i, end - i));
      i = end;
      continue;
    }
    pending_ += c;
    ++i;
    if (c == ';' && state_ == State::Normal &&
        !inside_batch(std::string_view(pending_).substr(0, pending_.size() - 1))) {
      done(pending_);
    }
  }
  // A statement that has not started yet keeps no text (blank lines, comments).
  if (pending_ == "\n") pending_.clear();
}

std::string StatementSplitter::take_pending() {
  std::string s = std::move(pending_);
  reset();
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\t')) s.pop_back();
  return s;
}

std::size_t StatementSplitter::pending_lines() const {
  if (pending_.empty()) return 0;
  std::size_t n = 1;
  for (char c : pending_) n += c == '\n' ? 1u : 0u;
  return n;
}

void StatementSplitter::truncate_pending() {
  // The first words say whether it is a BEGIN … BATCH; the end is scanned as it arrives.
  if (pending_.size() > 64) pending_.resize(64);
}

void StatementSplitter::reset() {
  pending_.clear();
  state_ = State::Normal;
}

}  // namespace cqlbox::parse
