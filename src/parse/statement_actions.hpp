// PEGTL actions of the DML statements: INSERT, UPDATE, DELETE (their assignments, IF
// conditions and USING) and BATCH. Each statement rule's action moves its AST into
// Builder::result. The schema statements' actions are in schema_actions.hpp.
#pragma once

#include "parse/select_actions.hpp"

namespace cqlbox::parse {

// --- statements -------------------------------------------------------------------------------

template <>
struct action<g::insert_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.insert.columns.push_back(b.name_of(in.string_view()));
  }
};
template <>
struct action<g::insert_json_value> {
  static void apply0(Builder& b) { b.insert.json = b.pop_term().text; }
};
template <>
struct action<g::insert_json_marker> {
  static void apply0(Builder& b) { b.insert.json_marker = b.pop_term(); }
};
template <>
struct action<g::insert_default_unset> {
  static void apply0(Builder& b) { b.insert.default_unset = true; }
};
template <>
struct action<g::insert_values_open> {
  static void apply0(Builder& b) { b.insert_values_mark = b.terms.size(); }
};
template <>
struct action<g::using_ttl> {
  static void apply0(Builder& b) { b.using_ttl = b.pop_term(); }
};
template <>
struct action<g::using_timestamp> {
  static void apply0(Builder& b) { b.using_timestamp = b.pop_term(); }
};
template <>
struct action<g::insert_stmt> {
  static void apply0(Builder& b) {
    b.insert.table = b.qname;
    b.insert.values = b.take_terms(b.insert_values_mark);
    b.insert.if_not_exists = b.if_not_exists;
    b.insert.ttl = std::move(b.using_ttl);
    b.insert.timestamp = std::move(b.using_timestamp);
    b.result = std::move(b.insert);
  }
};

template <>
struct action<g::assignment_begin> {
  static void apply0(Builder& b) { b.assignment = ast::Assignment{}; }
};
template <>
struct action<g::update_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.assignment.column = b.name_of(in.string_view());
  }
};
template <>
struct action<g::assignment_field> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.assignment.field = b.name_of(in.string_view());
  }
};
template <>
struct action<g::assignment_element> {
  static void apply0(Builder& b) {
    b.assignment.element = b.pop_term();
    b.assignment.kind = ast::AssignmentKind::SetElement;
  }
};
// The reference may be read and then abandoned (c = now() reads "now" first): only the
// operator that follows makes it count.
template <>
struct action<g::assignment_ref> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.assignment.ref = b.name_of(in.string_view());
  }
};
template <>
struct action<g::assignment_add> {
  static void apply0(Builder& b) { b.assignment.kind = ast::AssignmentKind::Add; }
};
template <>
struct action<g::assignment_subtract> {
  static void apply0(Builder& b) { b.assignment.kind = ast::AssignmentKind::Subtract; }
};
template <ast::AssignmentKind K>
struct shorthand_operation {
  static void apply0(Builder& b) {
    b.assignment.kind = K;
    b.assignment.ref = b.assignment.column;
  }
};
template <>
struct action<g::shorthand_add> : shorthand_operation<ast::AssignmentKind::Add> {};
template <>
struct action<g::shorthand_subtract> : shorthand_operation<ast::AssignmentKind::Subtract> {};
template <>
struct action<g::assignment_prepend> {
  static void apply0(Builder& b) { b.assignment.kind = ast::AssignmentKind::Prepend; }
};
template <>
struct action<g::assignment> {
  static void apply0(Builder& b) {
    b.assignment.value = b.pop_term();
    if (b.assignment.kind == ast::AssignmentKind::Set || b.assignment.kind == ast::AssignmentKind::SetElement)
      b.assignment.ref = {};
    b.update.assignments.push_back(std::move(b.assignment));
    b.assignment = ast::Assignment{};
  }
};
template <>
struct action<g::condition_field> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.condition.field = b.name_of(in.string_view());
  }
};
template <>
struct action<g::condition_begin> {
  static void apply0(Builder& b) {
    b.condition = ast::Condition{};
    b.condition_mark = b.terms.size();
    b.condition_has_element = false;
    b.relation.op = ast::Operator::Eq;
  }
};
template <>
struct action<g::condition_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.condition.column = b.name_of(in.string_view());
  }
};
template <>
struct action<g::condition_element> {
  static void apply0(Builder& b) { b.condition_has_element = true; }
};
template <>
struct action<g::condition_in> {
  static void apply0(Builder& b) { b.relation.op = ast::Operator::In; }
};
template <>
struct action<g::condition> {
  static void apply0(Builder& b) {
    ast::Vec<ast::Term> terms = b.take_terms(b.condition_mark);
    std::size_t first = 0;
    if (b.condition_has_element) {
      b.condition.element = std::move(terms[0]);
      first = 1;
    }
    for (std::size_t i = first; i < terms.size(); ++i) b.condition.values.push_back(std::move(terms[i]));
    b.condition.op = b.relation.op;
    b.condition.in_marker = std::exchange(b.relation.in_marker, false);
    b.conditions.push_back(std::move(b.condition));
  }
};
template <>
struct action<g::if_exists_word> {
  static void apply0(Builder& b) { b.if_exists = true; }
};
template <>
struct action<g::update_stmt> {
  static void apply0(Builder& b) {
    b.update.table = b.qname;
    b.update.where = std::move(b.relations);
    b.update.if_exists = b.if_exists;
    b.update.conditions = std::move(b.conditions);
    b.update.ttl = std::move(b.using_ttl);
    b.update.timestamp = std::move(b.using_timestamp);
    b.result = std::move(b.update);
  }
};
template <>
struct action<g::delete_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.del.columns.push_back(ast::DeleteTarget{b.name_of(in.string_view()), std::nullopt, {}});
  }
};
template <>
struct action<g::delete_field> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.del.columns.back().field = b.name_of(in.string_view());
  }
};
template <>
struct action<g::delete_element> {
  static void apply0(Builder& b) { b.del.columns.back().element = b.pop_term(); }
};
template <>
struct action<g::delete_stmt> {
  static void apply0(Builder& b) {
    b.del.table = b.qname;
    b.del.where = std::move(b.relations);
    b.del.if_exists = b.if_exists;
    b.del.conditions = std::move(b.conditions);
    b.del.ttl = std::move(b.using_ttl);
    b.del.timestamp = std::move(b.using_timestamp);
    b.result = std::move(b.del);
  }
};

// CREATE / ALTER / DROP TYPE
template <>
struct action<g::batch_unlogged> {
  static void apply0(Builder& b) { b.batch.type = ast::BatchType::Unlogged; }
};
template <>
struct action<g::batch_counter> {
  static void apply0(Builder& b) { b.batch.type = ast::BatchType::Counter; }
};
template <>
struct action<g::batch_using> {
  static void apply0(Builder& b) {
    b.batch.timestamp = std::move(b.using_timestamp);
    b.batch.ttl = b.using_ttl.has_value();
    b.using_timestamp.reset();
    b.using_ttl.reset();
  }
};
template <>
struct action<g::batch_child_begin> {
  static void apply0(Builder& b) {
    b.insert = {};
    b.update = {};
    b.del = {};
    b.if_exists = b.if_not_exists = false;
    b.using_ttl.reset();
    b.using_timestamp.reset();
    b.relations.clear();
    b.conditions.clear();
  }
};
template <>
struct action<g::batch_child> {
  static void apply0(Builder& b) {
    std::visit(
        [&](auto& s) {
          using S = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<S, ast::Insert> || std::is_same_v<S, ast::Update> ||
                        std::is_same_v<S, ast::Delete>)
            b.batch.statements.emplace_back(std::move(s));
        },
        *b.result);
    b.result.reset();
  }
};
template <>
struct action<g::batch_stmt> {
  static void apply0(Builder& b) { b.result = std::move(b.batch); }
};

// CREATE INDEX / DROP INDEX
}  // namespace cqlbox::parse
