#include "parse/parser.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "parse/auth_actions.hpp"
#include "parse/names.hpp"
#include "parse/term_walk.hpp"
#include "util/text.hpp"

namespace cqlbox::parse {

std::string_view Builder::keep(std::string_view s) {
  if (s.empty()) return {};
  auto* p = static_cast<char*>(arena->allocate(s.size(), 1));
  std::memcpy(p, s.data(), s.size());
  return {p, s.size()};
}

std::string_view Builder::name_of(std::string_view tok) {
  if (!tok.empty() && tok[0] == '"') return keep(quoted_name(tok));
  // Most names are lower case already: viewed in place, not copied.
  const std::string_view word = tok.substr(0, unquoted_length(tok));
  for (char c : word)
    if (c >= 'A' && c <= 'Z') return keep(util::ascii_lower(word));
  return word;
}

void Builder::too_deep(std::size_t offset) const {
  offset = std::min(offset, text.size());
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  throw error::CqlError(
      error::ErrorClass::SyntaxException,
      fmt::format("line {}:{} nesting deeper than {} levels is not supported", line, offset - line_start, kMaxNesting));
}

void Builder::bound_depth(ast::Term& t) {
  int deepest = 0;
  for (const ast::Term& item : t.items) deepest = std::max<int>(deepest, item.depth);
  if (deepest + 1 > kMaxNesting) too_deep(t.offset);
  t.depth = static_cast<std::uint16_t>(deepest + 1);
}

void Builder::bound_depth(ast::Selector& s, const char* at) {
  const bool has_term = s.kind == ast::SelectorKind::Constant || s.kind == ast::SelectorKind::Element ||
                        s.kind == ast::SelectorKind::Slice;
  int deepest = has_term ? s.constant.depth : 0;
  for (const ast::Selector& arg : s.args) deepest = std::max<int>(deepest, arg.depth);
  if (deepest + 1 > kMaxNesting) too_deep(at ? static_cast<std::size_t>(at - text.data()) : 0);
  s.depth = static_cast<std::uint16_t>(deepest + 1);
}

ast::Vec<ast::Term> Builder::take_terms(std::size_t mark) {
  ast::Vec<ast::Term> out;
  out.reserve(terms.size() - mark);
  for (std::size_t i = mark; i < terms.size(); ++i) out.push_back(std::move(terms[i]));
  terms.resize(mark);
  return out;
}

std::string_view token_at(std::string_view text, std::size_t pos) {
  if (pos >= text.size()) return {};
  auto is_word = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
  };
  char c = text[pos];
  std::size_t end = pos + 1;
  if (c == '\'' || c == '"') {
    while (end < text.size()) {
      if (text[end] == c) {
        if (end + 1 < text.size() && text[end + 1] == c) {
          end += 2;
          continue;
        }
        ++end;
        break;
      }
      ++end;
    }
  } else if (is_word(c) || (c == '-' && pos + 1 < text.size() && text[pos + 1] >= '0' && text[pos + 1] <= '9')) {
    while (end < text.size() && (is_word(text[end]) || text[end] == '.' || text[end] == '-')) {
      if ((text[end] == '.' || text[end] == '-') && !(c >= '0' && c <= '9') && c != '-') break;
      ++end;
    }
  } else if ((c == '<' || c == '>' || c == '!') && end < text.size() && text[end] == '=') {
    ++end;
  }
  return text.substr(pos, end - pos);
}

namespace {

// "line L:C <message> (<snippet>)", the shape of Cassandra's ANTLR errors.
[[noreturn]] void syntax_error(std::string_view text, const Builder& b) {
  std::size_t pos = b.farthest ? static_cast<std::size_t>(b.farthest - text.data()) : 0;
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < pos; ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  std::string_view tok = token_at(text, pos);
  std::string shown = tok.empty() ? "<EOF>" : std::string(tok);
  // ANTLR shows a string literal or quoted name by its content: quotes off, doubled quotes single.
  // "" is no quoted name but its own token (EMPTY_QUOTED_NAME), shown as written.
  if (shown.size() >= 2 && (shown.front() == '\'' || shown.front() == '"') && shown.back() == shown.front() &&
      shown != "\"\"") {
    const char q = shown.front();
    std::string inner;
    for (std::size_t i = 1; i + 1 < shown.size(); ++i) {
      inner += shown[i];
      if (shown[i] == q && shown[i + 1] == q) ++i;
    }
    shown = std::move(inner);
  }

  // Like ANTLR: one expected token, or optional punctuation that failed before a mandatory
  // keyword (", or WHERE") names the keyword; a choice between alternatives has no single
  // expected token ("no viable alternative").
  auto is_keyword = [](std::string_view e) {
    return !e.empty() && e[0] >= 'A' && e[0] <= 'Z' && e != "IDENT" && e != "QUOTED_NAME";
  };
  bool punctuation = false;
  for (std::size_t i = 0; i + 1 < b.expected.size(); ++i) punctuation = punctuation || b.expected[i][0] == '\'';
  std::string what;
  if (b.expected.size() == 1 || (punctuation && is_keyword(b.expected.back())))
    what = fmt::format("mismatched input '{}' expecting {}", shown, b.expected.back());
  else
    what = fmt::format("no viable alternative at input '{}'", shown);

  // At end of input ANTLR reports position 0:-1 and shows no snippet.
  if (tok.empty()) throw error::CqlError(error::ErrorClass::SyntaxException, fmt::format("line 0:-1 {}", what));

  // Snippet: up to ten tokens before the offending one, the token in brackets, and "..." on
  // either side when the statement goes on beyond what is shown.
  // ANTLR counts whitespace runs as tokens too; words and single punctuation characters are one each.
  auto is_space = [](char ch) { return ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r'; };
  auto is_word_char = [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
  };
  std::size_t from = pos;
  for (int count = 0; from > 0 && count < 10; ++count) {
    char ch = text[from - 1];
    if (is_space(ch))
      while (from > 0 && is_space(text[from - 1])) --from;
    else if (is_word_char(ch))
      while (from > 0 && is_word_char(text[from - 1])) --from;
    else
      --from;
  }
  std::string before;
  for (char ch : text.substr(from, pos - from))
    if (ch != '\n' && ch != '\r') before += ch;
  std::string_view after = text.substr(std::min(text.size(), pos + tok.size()));
  while (!after.empty() &&
         (after.back() == ' ' || after.back() == '\n' || after.back() == '\t' || after.back() == '\r'))
    after.remove_suffix(1);
  // ANTLR brackets as many characters as the token's text has: for a string literal or quoted
  // name that text lost its quotes, so the bracket closes two characters early ('hell]o').
  const std::string raw(tok);
  const std::size_t bracketed = std::min(raw.size(), shown.size());
  std::string snippet = fmt::format("{}{}[{}]{}{}", from > 0 ? "..." : "", before, raw.substr(0, bracketed),
                                    raw.substr(bracketed), after.empty() ? "" : "...");
  throw error::CqlError(error::ErrorClass::SyntaxException,
                        fmt::format("line {}:{} {} ({})", line, pos - line_start, what, snippet));
}

}  // namespace

namespace {

// PEGTL recurses once per nesting level; refuse absurd nesting before it can exhaust the stack.
// Levels counted here are brackets of terms and selectors, and the <…> of collection, tuple and
// vector types (a '<' right after frozen/list/set/map/tuple/vector; other '<' are comparisons).
// Operator chains and unary minus are bounded while the statement is parsed (bound_depth).

bool opens_type(std::string_view text, std::size_t at) {
  std::size_t end = at;
  while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\n' || text[end - 1] == '\r'))
    --end;
  std::size_t start = end;
  while (start > 0 && ((text[start - 1] | 0x20) >= 'a' && (text[start - 1] | 0x20) <= 'z')) --start;
  std::string word(text.substr(start, end - start));
  for (char& ch : word) ch = static_cast<char>(ch | 0x20);
  return word == "frozen" || word == "list" || word == "set" || word == "map" || word == "tuple" || word == "vector";
}

}  // namespace

void check_nesting(std::string_view text) {
  int depth = 0, types = 0;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == quote && (quote != '$' || (i + 1 < text.size() && text[i + 1] == '$'))) {
        if (quote == '$') ++i;
        quote = 0;
      }
      continue;
    }
    bool deeper = false;
    if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '$' && i + 1 < text.size() && text[i + 1] == '$') {
      quote = '$';
      ++i;
    } else if (c == '(' || c == '[' || c == '{') {
      deeper = true;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (c == '<' && opens_type(text, i)) {
      ++types;
      deeper = true;
    } else if (c == '>' && types > 0) {
      --types;
      --depth;
    }
    if (deeper && ++depth > kMaxNesting)
      throw error::CqlError(error::ErrorClass::SyntaxException,
                            fmt::format("line 1:{} nesting deeper than {} levels is not supported", i, kMaxNesting));
  }
}

namespace {

// Numbers the bind markers by position; returns how many there are.
std::size_t number_bind_markers(ast::Statement& statement) {
  TermWalk walk;
  std::visit([&](auto& s) { walk.statement(s); }, statement);
  std::vector<ast::Term*> markers;
  for (ast::Term* t : walk.all)
    if (t->kind == ast::TermKind::Bind) markers.push_back(t);
  std::sort(markers.begin(), markers.end(),
            [](const ast::Term* a, const ast::Term* b) { return a->offset < b->offset; });
  if (markers.size() > 65535)
    throw error::CqlError(
        error::ErrorClass::InvalidRequest,
        fmt::format("Too many markers(?). {} markers exceed the allowed maximum of 65535", markers.size()));
  for (std::size_t i = 0; i < markers.size(); ++i) markers[i]->bind_index = static_cast<std::uint32_t>(i);
  return markers.size();
}

ast::Statement parse_into(std::string_view text, util::pmr::memory_resource* arena, std::size_t& markers) {
  Builder b(text, arena);
  tao::pegtl::memory_input<> in(text.data(), text.size(), "");
  bool ok = false;
  try {
    ok = tao::pegtl::parse<grammar::statement, action, control>(in, b);
  } catch (const tao::pegtl::parse_error&) {
    ok = false;
  }
  if (!ok || !b.result) syntax_error(text, b);
  markers = b.bind_markers ? number_bind_markers(*b.result) : 0;
  return std::move(*b.result);
}

}  // namespace

const ast::Statement* Parser::parse_known(std::string_view text) {
  result_.reset();
  const ast::Statement* cached = cache_.find(text);
  if (cached) markers_ = cache_.markers();
  return cached;
}

const ast::Statement* Parser::parse_line(std::string_view line, std::string_view& text) {
  const ast::Statement* cached = cache_.find_line(line, text);
  if (cached) {
    result_.reset();
    markers_ = cache_.markers();
  }
  return cached;
}

const ast::Statement& Parser::parse(std::string_view text) {
  result_.reset();
  if (const ast::Statement* cached = cache_.find(text)) {
    markers_ = cache_.markers();
    return *cached;
  }
  markers_ = 0;
  check_nesting(text);
  if (!cache_.shaped()) {
    arena_.release();
    result_.emplace(parse_into(text, &arena_, markers_));
    return *result_;
  }
  auto parsed = std::make_unique<ParsedStatement>(text);
  parsed->statement = parse_into(parsed->text, &parsed->arena, parsed->markers);
  markers_ = parsed->markers;
  return cache_.remember(std::move(parsed));
}

std::unique_ptr<ParsedStatement> parse_owned(std::string_view text) {
  check_nesting(text);
  auto parsed = std::make_unique<ParsedStatement>(text);
  parsed->statement = parse_into(parsed->text, &parsed->arena, parsed->markers);
  // A prepared statement runs again and again with new values: one plan serves every EXECUTE.
  assign_shape(parsed->statement);
  return parsed;
}

ast::Statement join_batch(ast::BatchType type, const std::vector<const ParsedStatement*>& statements,
                          std::size_t& markers) {
  ast::Batch batch;
  batch.type = type;
  markers = 0;
  for (const ParsedStatement* p : statements) {
    // A copy of an UPDATE or DELETE has no shape (ast::Shape): these keep their statement's, as
    // only their markers' numbers change here, and a plan binds each statement's own terms.
    std::variant<ast::Insert, ast::Update, ast::Delete> copy;
    if (const auto* i = std::get_if<ast::Insert>(&p->statement)) {
      copy = *i;
    } else if (const auto* u = std::get_if<ast::Update>(&p->statement)) {
      copy = *u;
      std::get<ast::Update>(copy).shape = u->shape.value;
    } else if (const auto* d = std::get_if<ast::Delete>(&p->statement)) {
      copy = *d;
      std::get<ast::Delete>(copy).shape = d->shape.value;
    } else {
      throw error::CqlError(error::ErrorClass::InvalidRequest,
                            "Invalid statement in batch: only UPDATE, INSERT and DELETE statements are allowed.");
    }
    TermWalk walk;
    std::visit([&](auto& s) { walk.statement(s); }, copy);
    // Each statement was parsed alone, under the parser's 65,535-marker limit; the batch has none.
    for (ast::Term* t : walk.all)
      if (t->kind == ast::TermKind::Bind) t->bind_index = static_cast<std::uint32_t>(t->bind_index + markers);
    markers += p->markers;
    batch.statements.push_back(std::move(copy));
  }
  return batch;
}

}  // namespace cqlbox::parse
