// The state PEGTL actions fill while a statement is parsed. Actions only push onto these stacks
// or set "pending" fields; a statement rule's action assembles the finished ast::Statement.
// Nested constructs (collections, function calls, type arguments) use a mark = stack size at
// their opening token, so a rule that fails part-way leaves nothing that a later success reads.
// It also records the farthest point any token rule failed at, for the SyntaxException text.
#pragma once

#include "util/pmr.hpp"
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.hpp"

namespace cqlbox::parse {

// The deepest a statement may nest: brackets, type arguments, operators, function calls and
// unary minus each add a level. The grammar and every later pass over the AST recurse once per
// level, so this bound is what keeps their stacks small (docs/robustness.md lists it).
inline constexpr int kMaxNesting = 200;
// The most terms (constants, literals, markers, calls) one statement may hold: an 8-million-
// element list literal (16 MiB of "1,") once took 2.9 GB as terms. A 200,000-value IN list is
// well within it.
inline constexpr std::size_t kMaxTerms = 250'000;

struct Builder {
  explicit Builder(std::string_view statement, util::pmr::memory_resource* memory) : text(statement), arena(memory) {}

  std::string_view text;
  util::pmr::memory_resource* arena;

  // Copies `s` into the arena; the view lives as long as the arena.
  std::string_view keep(std::string_view s);
  // The normalised name at the start of `token_text` (lower-cased, or unquoted).
  std::string_view name_of(std::string_view token_text);

  // Sets a node's depth from its children; past kMaxNesting, a SyntaxException at its offset.
  void bound_depth(ast::Term& t);
  void bound_depth(ast::Selector& s, const char* at);
  int unary_levels = 0;        // unary minus rules the grammar is inside (they recurse)
  std::size_t term_count = 0;  // terms parsed so far (kMaxTerms)
  [[noreturn]] void too_deep(std::size_t offset) const;

  std::vector<ast::Term> terms;
  std::size_t bind_markers = 0;  // bind markers pushed, backtracked ones included
  std::vector<std::size_t> term_marks;
  std::vector<std::size_t> rewind_marks;  // see control::kRewinds
  std::vector<bool> brace_is_map;
  std::vector<std::string_view> call_names;
  std::vector<std::string_view> cast_types;  // (type) of the casts being read

  std::vector<ast::Selector> selectors;
  std::string_view cast_type;
  std::string_view qualified_function;  // f of a pending ks.f(…) selector
  std::vector<char> operators;          // pending arithmetic operators of the select list
  std::vector<std::size_t> selector_marks;
  // Per open subscript [ … ] of a selector: the terms' mark, and what it held so far
  // (ast::Selector::kFrom / kTo, and kSlice once '..' was read).
  struct Subscript {
    std::size_t mark = 0;
    std::uint8_t bounds = 0;
  };
  static constexpr std::uint8_t kSlice = 4;
  std::vector<Subscript> subscripts;

  std::vector<ast::TypeRef> types;
  std::vector<std::size_t> type_marks;
  std::string_view type_keyspace;   // ks. read before a type's name
  ast::FunctionStatement function;  // CREATE/DROP FUNCTION/AGGREGATE being read

  ast::QualifiedName qname;
  std::string_view keyspace_name;
  bool if_exists = false;
  bool if_not_exists = false;
  std::string_view property_name;
  ast::Vec<ast::Property> properties;

  ast::Relation relation;
  std::size_t relation_mark = 0;
  ast::Vec<ast::Relation> relations;

  ast::ColumnDef column;
  ast::CreateTable create_table;
  ast::ViewStatement view;
  ast::Insert insert;
  std::size_t insert_values_mark = 0;
  ast::Select select;
  ast::Update update;
  ast::Delete del;
  ast::Assignment assignment;
  ast::Condition condition;
  std::size_t condition_mark = 0;
  bool condition_has_element = false;
  ast::Vec<ast::Condition> conditions;
  std::optional<ast::Term> using_ttl;
  std::optional<ast::Term> using_timestamp;

  ast::Batch batch;
  ast::AlterTable alter;
  std::string_view type_field_name;
  ast::Vec<std::pair<std::string_view, ast::TypeRef>> type_fields;
  std::vector<std::vector<std::string_view>> udt_names;  // per open brace: field names read
  std::string_view rename_from;
  bool alter_field_type = false;
  ast::CreateIndex create_index;
  ast::DropIndex drop_index;

  // Role and permission statements (auth_actions.hpp).
  ast::AuthStatement auth;
  std::vector<std::string_view> role_names;  // in the order written
  bool auth_bool = false;                    // the last option_bool read
  ast::Vec<std::string_view> function_args;  // a function resource's argument types

  std::optional<ast::Statement> result;

  // Syntax error tracking.
  const char* token_start = nullptr;
  const char* farthest = nullptr;
  std::vector<const char*> expected;

  void note_failure(const char* at, const char* what) {
    if (farthest == nullptr || at > farthest) {
      farthest = at;
      expected.clear();
    }
    if (at == farthest) {
      // `what` is a token rule's static name; two rules may name one token (TRUE and FALSE
      // are both BOOLEAN), which is still one expected token.
      for (const char* e : expected)
        if (std::string_view(e) == what) return;
      expected.push_back(what);
    }
  }

  ast::Term pop_term() {
    ast::Term t = std::move(terms.back());
    terms.pop_back();
    return t;
  }
  // Moves terms[mark..] out, in order.
  ast::Vec<ast::Term> take_terms(std::size_t mark);
};

}  // namespace cqlbox::parse
