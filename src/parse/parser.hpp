// Text -> ast::Statement. One Parser per session; it owns the arena the AST lives in.
#pragma once

#include <memory_resource>
#include <string_view>

#include "ast/ast.hpp"

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
  ast::Statement parse(std::string_view text);

 private:
  std::pmr::monotonic_buffer_resource arena_;
};

// The token starting at `pos` in `text` as a lexer would cut it ('…' strings, "…" names,
// words, numbers, or one punctuation character); empty at end of input.
std::string_view token_at(std::string_view text, std::size_t pos);

}  // namespace cqlbox::parse
