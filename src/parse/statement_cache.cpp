#include "parse/statement_cache.hpp"

#include <algorithm>
#include <atomic>
#include <type_traits>
#include <variant>

#include <tao/pegtl.hpp>

#include "cql/literals.hpp"
#include "parse/lex_check.hpp"
#include "parse/term_walk.hpp"
#include "util/digits.hpp"

namespace cqlbox::parse {

namespace {

namespace pegtl = tao::pegtl;
using ast::TermKind;

// The end of `Rule` matched at text[pos], or 0 when it does not match there.
template <class Rule>
std::size_t match_end(std::string_view text, std::size_t pos) {
  pegtl::memory_input<> in(text.data() + pos, text.data() + text.size(), "");
  if (!pegtl::parse<Rule>(in)) return 0;
  return static_cast<std::size_t>(in.current() - text.data());
}

// A number-like token at text[pos], classified as the grammar's `constant` rule would: the same
// rules in the same order. Returns its end, 0 if none matches.
std::size_t number_literal(std::string_view text, std::size_t pos, TermKind& kind) {
  // The common cases first, by hand: digits, or digits '.' digits, ending where no word
  // character, '.', '-' or '$' follows (so no uuid, blob, duration, exponent or identifier).
  {
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    auto ends = [&](std::size_t at) {
      if (at >= text.size()) return true;
      const char c = text[at];
      return !(digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '-' ||
               c == '$' || static_cast<unsigned char>(c) >= 0x80);
    };
    const std::size_t first = pos + (text[pos] == '-' ? 1 : 0);
    const std::size_t i = util::digits_end(text, first);
    if (i > first && ends(i)) {
      kind = TermKind::Integer;
      return i;
    }
    if (i > first && i < text.size() && text[i] == '.') {
      const std::size_t j = util::digits_end(text, i + 1);
      if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) {
        // an exponent: left to the rules
      } else if (ends(j)) {
        kind = TermKind::Float;
        return j;
      }
    }
  }
  struct Try {
    std::size_t (*match)(std::string_view, std::size_t);
    TermKind kind;
  };
  static constexpr Try kRules[] = {
      {match_end<grammar::uuid_body>, TermKind::Uuid},         {match_end<grammar::hex_body>, TermKind::Hex},
      {match_end<grammar::duration_body>, TermKind::Duration}, {match_end<grammar::float_body>, TermKind::Float},
      {match_end<grammar::integer_body>, TermKind::Integer},
  };
  for (const Try& rule : kRules) {
    if (std::size_t end = rule.match(text, pos)) {
      kind = rule.kind;
      return end;
    }
  }
  return 0;
}

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }

// What the AST keeps of a literal: a string's content ('' left doubled here), else the token.
std::string_view literal_text(std::string_view text, const Literal& lit) {
  std::string_view raw = text.substr(lit.offset, lit.size);
  if (lit.kind != TermKind::String) return raw;
  return raw[0] == '$' ? raw.substr(2, raw.size() - 4) : raw.substr(1, raw.size() - 2);
}

}  // namespace

namespace {
// The end of the string literal ('…' or $$…$$) starting at i, 0 when it is not terminated.
std::size_t string_end(std::string_view text, std::size_t i) {
  const std::size_t n = text.size();
  if (text[i] == '$') {
    const std::size_t close = text.find("$$", i + 2);
    return close == std::string_view::npos ? 0 : close + 2;
  }
  for (std::size_t end = i + 1; end < n; ++end) {
    if (text[end] != '\'') continue;
    if (end + 1 < n && text[end + 1] == '\'') {
      ++end;
      continue;
    }
    return end + 1;
  }
  return 0;
}

// Where cut_shape starts a number-like literal at i: a digit, or a uuid's first hex digit.
bool number_start(std::string_view text, std::size_t i) {
  const char c = text[i];
  return is_digit(c) || (is_hex(c) && text.size() - i >= 36 && text[i + 8] == '-');
}

// Appends the word starting at i to the shape in one piece, and moves i past it.
void append_word(std::string_view text, std::size_t& i, std::string& key) {
  const std::size_t start = i;
  while (i < text.size() && is_word_char(text[i])) ++i;
  key.append(text.data() + start, i - start);
}
}  // namespace

bool cut_shape(std::string_view text, std::string& key, std::vector<Literal>& literals) {
  key.clear();
  literals.clear();
  const std::size_t n = text.size();
  std::size_t i = 0;
  auto add_literal = [&](std::size_t end, TermKind kind) {
    literals.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(end - i), kind});
    key += '\x01';
    key += static_cast<char>('A' + static_cast<int>(kind));
    i = end;
  };
  while (i < n) {
    const char c = text[i];
    if (static_cast<unsigned char>(c) < 0x09) return false;  // would blur the literal markers
    if (c == '\'' || (c == '$' && i + 1 < n && text[i + 1] == '$')) {
      const std::size_t end = string_end(text, i);
      if (end == 0) return false;
      add_literal(end, TermKind::String);
    } else if (c == '"') {
      std::size_t end = i + 1;
      for (;; ++end) {
        if (end >= n) return false;
        if (text[end] == '"') {
          if (end + 1 < n && text[end + 1] == '"') {
            ++end;
            continue;
          }
          break;
        }
      }
      key.append(text.substr(i, end + 1 - i));
      i = end + 1;
    } else if (number_start(text, i)) {
      // A '-' before a number stays in the shape: whether it belongs to the literal (a term)
      // or is a negation (a selector) is the grammar's call, and must not vary within a shape.
      // A uuid may start with a letter; anything else starting with one is a word.
      TermKind kind{};
      const std::size_t end = number_literal(text, i, kind);
      if (end != 0) {
        add_literal(end, kind);
      } else if (is_digit(c)) {
        return false;  // 12abc and the like: leave them to the parser's errors
      } else {
        append_word(text, i, key);
      }
    } else if (is_word_char(c)) {
      append_word(text, i, key);
    } else if ((c == '-' || c == '/') && i + 1 < n && text[i + 1] == c) {
      return false;  // a comment
    } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      return false;
    } else {
      key += c;
      ++i;
    }
  }
  return true;
}

namespace {

// True when `text` has the shape of `e`: its text outside the literals is e's, byte for byte,
// and each literal is where and what cut_shape would find. Fills `literals`. This is how a
// script repeating one statement skips building and hashing its shape.
bool same_shape(std::string_view text, const ParsedStatement& e, std::vector<Literal>& literals) {
  literals.clear();
  const std::string_view source = e.text;
  std::size_t at = 0, from = 0;  // in text, in source
  for (const Literal& lit : e.literals) {
    const std::string_view fixed = source.substr(from, lit.offset - from);
    if (text.substr(at, fixed.size()) != fixed) return false;
    at += fixed.size();
    if (at >= text.size()) return false;
    std::size_t end = 0;
    if (lit.kind == TermKind::String) {
      if (text[at] == '\'' || (text[at] == '$' && at + 1 < text.size() && text[at + 1] == '$'))
        end = string_end(text, at);
    } else if (number_start(text, at) && (at == 0 || !is_word_char(text[at - 1]))) {
      // (after a word character cut_shape would have read the digits as part of the word)
      TermKind kind{};
      end = number_literal(text, at, kind);
      if (kind != lit.kind) end = 0;
    }
    if (end == 0) return false;
    literals.push_back({static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(end - at), lit.kind});
    at = end;
    from = lit.offset + lit.size;
  }
  if (text.substr(at) != source.substr(from)) return false;
  // cut_shape decides whether a word starting with a hex digit is a uuid by looking 8 bytes
  // ahead for a '-', which may reach into a literal of another length than the last one's:
  // wherever that could now give another answer, leave the statement to cut_shape.
  for (std::size_t dash = text.find('-', 8); dash != std::string_view::npos; dash = text.find('-', dash + 1)) {
    const std::size_t i = dash - 8;
    if (text.size() - i < 36 || !is_hex(text[i]) || (i > 0 && is_word_char(text[i - 1]))) continue;
    const bool in_literal = std::any_of(literals.begin(), literals.end(),
                                        [&](const Literal& l) { return i >= l.offset && i < l.offset + l.size; });
    if (!in_literal) return false;
  }
  return true;
}

// Whether find_line may take a line of this shape whole: a statement the shell's splitter cut
// (it ends at its ';') of a kind that is never a BEGIN … BATCH, whose ';'s the splitter reads
// differently, with its text outside the literals in printable ASCII (its literals may be
// anything: find_line checks each line's own). The splitter then cuts any line that matches the
// shape into exactly this statement: the text outside the literals is the same, and a literal
// is a string (read by the splitter as by same_shape) or a number, uuid or duration, which
// holds no quote, ';' or comment start.
bool whole_line(const ParsedStatement& e) {
  const bool dml = std::holds_alternative<ast::Insert>(e.statement) ||
                   std::holds_alternative<ast::Update>(e.statement) ||
                   std::holds_alternative<ast::Delete>(e.statement) || std::holds_alternative<ast::Select>(e.statement);
  if (!dml || e.text.empty() || e.text.back() != ';') return false;
  const std::string_view text = e.text;
  std::size_t from = 0;
  for (const Literal& lit : e.literals) {
    if (!printable_ascii(text.substr(from, lit.offset - from))) return false;
    from = lit.offset + lit.size;
  }
  return printable_ascii(text.substr(from));
}

}  // namespace

const ast::Statement* StatementCache::find(std::string_view text) {
  last_.reset();
  ParsedStatement* hit = nullptr;
  if (last_hit_ && text.size() <= kMaxText && same_shape(text, *last_hit_, literals_)) {
    shaped_ = true;
    hit = last_hit_;
  } else {
    shaped_ = text.size() <= kMaxText && cut_shape(text, key_, literals_);
    if (!shaped_) return nullptr;
    auto it = entries_.find(key_);
    if (it == entries_.end()) return nullptr;
    hit = it->second.get();
  }
  return patch(*hit, text);
}

const ast::Statement* StatementCache::find_line(std::string_view line, std::string_view& text) {
  if (!last_hit_ || !last_hit_->whole_line) return nullptr;
  std::size_t from = 0, to = line.size();
  while (from < to && (line[from] == ' ' || line[from] == '\t')) ++from;
  while (to > from && (line[to - 1] == ' ' || line[to - 1] == '\t')) --to;
  const std::string_view statement = line.substr(from, to - from);
  if (statement.size() > kMaxText || !same_shape(statement, *last_hit_, literals_)) return nullptr;
  // The text outside the literals is the shape's, which is printable ASCII (whole_line), and so
  // are the blanks around it and the literals but a string's or a duration's. cqlsh's lexer
  // takes any byte inside a string (lex_check.cpp), so a string may hold UTF-8 (a student's
  // Russian or Japanese); a control character is left to the usual way. A duration's 'µs' is
  // not a token cqlsh knows: the usual way gives its "Invalid syntax".
  for (const Literal& lit : literals_) {
    const std::string_view literal = statement.substr(lit.offset, lit.size);
    if (lit.kind == TermKind::String ? !printable_or_utf8(literal)
                                     : lit.kind == TermKind::Duration && !printable_ascii(literal))
      return nullptr;
  }
  last_.reset();
  shaped_ = true;
  text = statement;
  return patch(*last_hit_, statement);
}

const ast::Statement* StatementCache::patch(ParsedStatement& e, std::string_view text) {
  last_hit_ = &e;
  markers_ = e.markers;

  // Each literal's new text; a string with '' escapes is undoubled into e.unescaped, sized once
  // so the views stay put.
  e.unescaped.clear();
  e.unescaped.reserve(text.size());
  for (std::size_t k = 0; k < literals_.size(); ++k) {
    std::string_view value = literal_text(text, literals_[k]);
    if (literals_[k].kind == TermKind::String && text[literals_[k].offset] == '\'' &&
        value.find('\'') != std::string_view::npos) {
      const std::size_t from = e.unescaped.size();
      for (std::size_t j = 0; j < value.size(); ++j) {
        e.unescaped += value[j];
        if (value[j] == '\'') ++j;
      }
      value = std::string_view(e.unescaped).substr(from);
    }
    e.literal_terms[k]->text = value;
  }
  // Every term's offset moves by how much the literals before it grew or shrank.
  std::size_t k = 0;
  std::int64_t shift = 0;
  for (std::size_t j = 0; j < e.terms.size(); ++j) {
    const std::uint32_t at = e.term_offsets[j];
    while (k < e.literals.size() && e.literals[k].offset + e.literals[k].size <= at) {
      shift += static_cast<std::int64_t>(literals_[k].size) - e.literals[k].size;
      ++k;
    }
    e.terms[j]->offset = static_cast<std::uint32_t>(at + shift);
  }
  return &e.statement;
}

const ast::Statement& StatementCache::remember(std::unique_ptr<ParsedStatement> parsed) {
  TermWalk walk;
  std::visit([&](auto& s) { walk.statement(s); }, parsed->statement);
  bool match = walk.cacheable && walk.constants.size() == literals_.size();
  if (match) {
    auto by_offset = [](const ast::Term* a, const ast::Term* b) { return a->offset < b->offset; };
    std::stable_sort(walk.constants.begin(), walk.constants.end(), by_offset);
    for (std::size_t k = 0; match && k < literals_.size(); ++k) {
      const ast::Term& t = *walk.constants[k];
      const Literal& lit = literals_[k];
      std::string_view expected = literal_text(parsed->text, lit);
      if (lit.kind == TermKind::String && parsed->text[lit.offset] == '\'' &&
          expected.find('\'') != std::string_view::npos) {
        std::string undoubled;
        for (std::size_t j = 0; j < expected.size(); ++j) {
          undoubled += expected[j];
          if (expected[j] == '\'') ++j;
        }
        match = t.text == undoubled;
      } else {
        match = t.text == expected;
      }
      match = match && t.offset == lit.offset && t.kind == lit.kind;
    }
  }
  if (!match) {
    last_ = std::move(parsed);
    return last_->statement;
  }
  if (entries_.size() >= kMaxEntries) {  // a script of many shapes: start over
    entries_.clear();
    last_hit_ = nullptr;
  }
  parsed->literals = literals_;
  parsed->literal_terms = std::move(walk.constants);
  std::vector<ast::Term*> all = std::move(walk.all);
  std::stable_sort(all.begin(), all.end(),
                   [](const ast::Term* a, const ast::Term* b) { return a->offset < b->offset; });
  parsed->term_offsets.reserve(all.size());
  for (const ast::Term* t : all) parsed->term_offsets.push_back(t->offset);
  parsed->terms = std::move(all);
  assign_shape(parsed->statement);
  parsed->whole_line = whole_line(*parsed);
  ParsedStatement& kept = *parsed;
  entries_.emplace(key_, std::move(parsed));
  return kept.statement;
}

std::uint64_t new_shape() {
  // Never reused (in any cache of the process): a plan made for one stays that shape's.
  static std::atomic<std::uint64_t> next_shape{0};
  return ++next_shape;
}

void assign_shape(ast::Statement& statement) {
  std::visit(
      [](auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, ast::Insert> || std::is_same_v<S, ast::Select> ||
                      std::is_same_v<S, ast::Update> || std::is_same_v<S, ast::Delete>)
          s.shape = new_shape();
      },
      statement);
}

}  // namespace cqlbox::parse
