// Text -> ast::Statement. One Parser per session; it owns the arena the AST lives in.
#pragma once

#include <memory>
#include "util/pmr.hpp"
#include <optional>
#include <string_view>
#include <vector>

#include "ast/ast.hpp"
#include "parse/statement_cache.hpp"

namespace cqlbox::parse {

// Refuses nesting deeper than 200 levels (brackets, type <…>) with a SyntaxException, before any
// recursive parse of `text` could exhaust the stack.
void check_nesting(std::string_view text);

class Parser {
 public:
  Parser() = default;
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // Parses one statement (an optional trailing ';' is allowed). Throws
  // CqlError(SyntaxException) with "line L:C <what> (<snippet>)". The returned AST and every
  // view in it stay valid until the next call to parse(); `text` must outlive them too.
  // A statement of a shape seen before (the same text but for its literals) is not parsed
  // again: see statement_cache.hpp.
  const ast::Statement& parse(std::string_view text);
  // The statement parse() would return if `text`'s shape is known; nullptr (and nothing parsed)
  // when it is not. What it returns is valid as parse()'s is.
  const ast::Statement* parse_known(std::string_view text);
  // The statement a whole input line is, when the line holds nothing but one statement of the
  // shape parsed last (StatementCache::find_line says when); `text` gets its range in `line`.
  const ast::Statement* parse_line(std::string_view line, std::string_view& text);

  // The bind markers ('?', ':name') of the statement parse() returned last.
  std::size_t markers() const { return markers_; }

  // Shapes remembered; for tests.
  std::size_t cached_shapes() const { return cache_.size(); }

 private:
  util::pmr::monotonic_buffer_resource arena_;
  std::optional<ast::Statement> result_;
  StatementCache cache_;
  std::size_t markers_ = 0;
};

// `text` parsed into a statement that owns its text and AST (a prepared statement: the server
// keeps it and never parses it again). Throws as Parser::parse does.
std::unique_ptr<ParsedStatement> parse_owned(std::string_view text);

// The BATCH a native-protocol BATCH message carries: copies of its statements (each parsed on
// its own, a prepared one at its PREPARE), their markers numbered on from one another's, as the
// message's values follow one another. Each must be an INSERT, UPDATE or DELETE
// (BatchMessage's InvalidRequest otherwise). The result views the statements' texts: keep
// them alive while it is used. `markers` is set to the total.
ast::Statement join_batch(ast::BatchType type, const std::vector<const ParsedStatement*>& statements,
                          std::size_t& markers);

// The token starting at `pos` in `text` as a lexer would cut it ('…' strings, "…" names,
// words, numbers, or one punctuation character); empty at end of input.
std::string_view token_at(std::string_view text, std::size_t pos);

}  // namespace cqlbox::parse
