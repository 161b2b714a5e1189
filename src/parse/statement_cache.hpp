// Remembers the AST of DML and SELECT statements by their shape: the text with every literal
// cut out. A script of a million INSERTs has one shape, so after its first line each statement
// is a lookup and a patch of the literal views, not a PEGTL parse (42% of ingest time before).
//
// Why this is exact: the shape keeps every character outside the literals, and a literal's kind
// is decided by the grammar's own token rules in the grammar's order (string, uuid, blob,
// duration, float, integer). Two statements of one shape therefore make the same parse
// decisions. A parsed statement is remembered only when its AST's constants are exactly the
// literals cut out (same positions, kinds and texts), so a literal the AST keeps anywhere else
// (a JSON document, a vector dimension, a negative number read as an operation) simply leaves
// that shape uncached.
#pragma once

#include <cstdint>
#include <memory>
#include "util/pmr.hpp"
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ast/ast.hpp"

namespace cqlbox::parse {

// A literal cut out of a statement: its byte range and the kind its token rule gives.
struct Literal {
  std::uint32_t offset = 0;
  std::uint32_t size = 0;
  ast::TermKind kind = ast::TermKind::Null;
};

// A number no other statement shape has had in this process: what names the shape of an INSERT,
// SELECT, UPDATE or DELETE for the plan made for it (exec/insert_plan.hpp, exec/plan_cache.hpp,
// exec/modification_keys.hpp), here or for a prepared statement.
std::uint64_t new_shape();
// Gives `statement` a new shape number when it is a statement kind exec plans per shape: INSERT,
// SELECT, UPDATE and DELETE.
void assign_shape(ast::Statement& statement);

// Cuts `text` into its shape (`key`, literals replaced by a marker naming their kind) and its
// literals. False when the statement is not worth or not safe to cache: comments, control
// characters, an unterminated string or name, a number-like token no literal rule accepts.
bool cut_shape(std::string_view text, std::string& key, std::vector<Literal>& literals);

// One parsed statement with everything it points into: its own copy of the text and the arena
// of its AST.
struct ParsedStatement {
  explicit ParsedStatement(std::string_view source) : text(source) {}
  std::string text;
  util::pmr::monotonic_buffer_resource arena;
  ast::Statement statement;
  std::vector<Literal> literals;            // as cut from `text`
  std::vector<ast::Term*> literal_terms;    // the term of each literal, same order
  std::vector<ast::Term*> terms;            // every term, by original offset
  std::vector<std::uint32_t> term_offsets;  // each term's offset in `text`
  std::string unescaped;                    // '' -> ' for the string literals of the last hit
  std::size_t markers = 0;                  // bind markers
  bool whole_line = false;                  // find_line may take it (statement_cache.cpp)
};

class StatementCache {
 public:
  static constexpr std::size_t kMaxEntries = 256;
  static constexpr std::size_t kMaxText = 8192;

  // Cuts `text`; on a known shape returns its AST with `text`'s literals patched in (valid until
  // the next call, `text` must outlive it). nullptr on a miss; then shaped() says whether
  // remember() may keep the statement.
  const ast::Statement* find(std::string_view text);
  bool shaped() const { return shaped_; }
  // What find() returns for the statement `line` holds, when the line is nothing but one
  // statement (spaces or tabs around it) of the shape of the last hit (find() hit it, or
  // find_line: the shape a script repeats, from its third statement), that shape is a DML
  // statement or a SELECT ending in ';' whose text outside the literals is printable ASCII,
  // and the line's strings hold no control character and its durations are ASCII: then the
  // shell's splitter would cut exactly that statement from the line, and cqlsh's lexer accepts
  // it, so a script of one statement a line skips both. `text` gets the statement's range in
  // `line`. nullptr otherwise; then only the scratch literals changed, which find() sets afresh
  // before remember() reads them.
  const ast::Statement* find_line(std::string_view line, std::string_view& text);
  // The bind markers of the statement the last find() hit.
  std::size_t markers() const { return markers_; }

  // Keeps a freshly parsed statement of the shape find() just cut, if its AST matches the
  // literals. Returns its statement, which stays valid until the next find() either way.
  const ast::Statement& remember(std::unique_ptr<ParsedStatement> parsed);

  std::size_t size() const { return entries_.size(); }

 private:
  // `text`'s literals (literals_) patched into `e`'s statement, which becomes the last hit.
  const ast::Statement* patch(ParsedStatement& e, std::string_view text);

  std::string key_;
  std::vector<Literal> literals_;
  bool shaped_ = false;
  std::size_t markers_ = 0;
  std::unordered_map<std::string, std::unique_ptr<ParsedStatement>> entries_;
  std::unique_ptr<ParsedStatement> last_;  // a statement remember() could not keep
  ParsedStatement* last_hit_ = nullptr;    // tried first: scripts repeat one statement
};

}  // namespace cqlbox::parse
