// Visits every term of a DML or SELECT statement (a batch's inner statements too), in no
// particular order: the statement cache patches literals through it and the parser numbers bind
// markers with it. Schema statements mark the walk incomplete.
#pragma once

#include <optional>
#include <variant>
#include <vector>

#include "ast/ast.hpp"

namespace cqlbox::parse {

// Every term, and apart the constants (booleans aside) that literals become.
struct TermWalk {
  std::vector<ast::Term*> all;
  std::vector<ast::Term*> constants;
  bool cacheable = true;  // false: the statement keeps literal text outside its terms, or is no DML

  void term(ast::Term& t) {
    all.push_back(&t);
    if (t.is_constant() && t.kind != ast::TermKind::Boolean) constants.push_back(&t);
    for (auto& item : t.items) term(item);
  }
  void term(std::optional<ast::Term>& t) {
    if (t) term(*t);
  }
  void terms(ast::Vec<ast::Term>& ts) {
    for (auto& t : ts) term(t);
  }
  void selector(ast::Selector& s) {
    if (s.kind == ast::SelectorKind::Constant || s.kind == ast::SelectorKind::Element) term(s.constant);
    if (s.kind == ast::SelectorKind::Slice) terms(s.constant.items);
    for (auto& a : s.args) selector(a);
  }
  void relations(ast::Vec<ast::Relation>& rs) {
    for (auto& r : rs) terms(r.values);
  }
  void conditions(ast::Vec<ast::Condition>& cs) {
    for (auto& c : cs) {
      term(c.element);
      terms(c.values);
    }
  }
  void statement(ast::Insert& s) {
    if (s.json) cacheable = false;  // the document is a literal the AST keeps outside a term
    term(s.json_marker);
    terms(s.values);
    term(s.ttl);
    term(s.timestamp);
  }
  void statement(ast::Update& s) {
    for (auto& a : s.assignments) {
      term(a.value);
      term(a.element);
    }
    relations(s.where);
    conditions(s.conditions);
    term(s.ttl);
    term(s.timestamp);
  }
  void statement(ast::Delete& s) {
    for (auto& c : s.columns) term(c.element);
    relations(s.where);
    conditions(s.conditions);
    term(s.ttl);
    term(s.timestamp);
  }
  void statement(ast::Select& s) {
    for (auto& sel : s.selectors) selector(sel);
    relations(s.where);
    for (auto& o : s.order_by) term(o.ann);  // ORDER BY v ANN OF ?
    term(s.per_partition_limit);
    term(s.limit);
  }
  void statement(ast::Batch& s) {
    term(s.timestamp);
    for (auto& inner : s.statements) std::visit([&](auto& st) { statement(st); }, inner);
  }
  template <class Other>
  void statement(Other&) {
    cacheable = false;  // schema statements: rare, not worth a cache entry
  }
};

}  // namespace cqlbox::parse
