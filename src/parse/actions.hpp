// PEGTL actions: each one turns a matched rule into a piece of the AST in the Builder. This file
// holds the pieces statements share (constants, collections, calls, relations, names, types);
// select_actions.hpp, statement_actions.hpp and auth_actions.hpp build on it, in that order,
// and parser.cpp includes the last. Rules without an action here do nothing. Token rules include trailing whitespace, so actions
// that need a token's text use the body rule or Builder::name_of.
#pragma once

#include <charconv>
#include <string>

#include "cql/statement.hpp"
#include "parse/builder.hpp"

namespace cqlbox::parse {

namespace g = grammar;
using ast::TermKind;

template <class Rule>
struct action : tao::pegtl::nothing<Rule> {};

// --- constants --------------------------------------------------------------------------------

template <TermKind K>
struct push_constant {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Term t;
    t.kind = K;
    t.text = in.string_view();
    t.offset = static_cast<std::uint32_t>(in.begin() - b.text.data());
    b.terms.push_back(std::move(t));
  }
};

template <>
struct action<g::string_sq_body> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    std::string_view raw = in.string_view();
    raw = raw.substr(1, raw.size() - 2);
    ast::Term t;
    t.kind = TermKind::String;
    if (raw.find('\'') == std::string_view::npos) {
      t.text = raw;
    } else {
      std::string s;
      for (std::size_t i = 0; i < raw.size(); ++i) {
        s += raw[i];
        if (raw[i] == '\'') ++i;  // '' -> '
      }
      t.text = b.keep(s);
    }
    t.offset = static_cast<std::uint32_t>(in.begin() - b.text.data());
    b.terms.push_back(std::move(t));
  }
};
template <>
struct action<g::string_dollar_body> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    std::string_view raw = in.string_view();
    ast::Term t;
    t.kind = TermKind::String;
    t.text = raw.substr(2, raw.size() - 4);
    t.offset = static_cast<std::uint32_t>(in.begin() - b.text.data());
    b.terms.push_back(std::move(t));
  }
};
template <>
struct action<g::uuid_body> : push_constant<TermKind::Uuid> {};
template <>
struct action<g::hex_body> : push_constant<TermKind::Hex> {};
template <>
struct action<g::duration_body> : push_constant<TermKind::Duration> {};
template <>
struct action<g::float_body> : push_constant<TermKind::Float> {};
template <>
struct action<g::integer_body> : push_constant<TermKind::Integer> {};
template <>
struct action<g::float_special> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    std::string_view raw = in.string_view();
    bool neg = raw[0] == '-';
    bool nan = raw[neg ? 1 : 0] == 'n' || raw[neg ? 1 : 0] == 'N';
    ast::Term t;
    t.kind = TermKind::Float;
    t.text = nan ? "NaN" : (neg ? "-Infinity" : "Infinity");
    b.terms.push_back(std::move(t));
  }
};
template <>
struct action<g::boolean_lit> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Term t;
    t.kind = TermKind::Boolean;
    char c = in.string_view()[0];
    t.text = (c == 't' || c == 'T') ? "true" : "false";
    b.terms.push_back(std::move(t));
  }
};
// A bind marker: its index is given once the whole statement has parsed (Parser::parse), in
// the order of the markers' offsets, so a branch the parser backtracks out of leaves no gap.
template <>
struct action<g::qmark_tok> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Term t;
    t.kind = TermKind::Bind;
    t.offset = static_cast<std::uint32_t>(in.begin() - b.text.data());
    b.terms.push_back(std::move(t));
    ++b.bind_markers;
  }
};
template <>
struct action<g::named_marker_body> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    std::string_view raw = in.string_view().substr(1);
    while (!raw.empty() && (raw.front() == ' ' || raw.front() == '\t' || raw.front() == '\n' || raw.front() == '\r'))
      raw.remove_prefix(1);
    ast::Term t;
    t.kind = TermKind::Bind;
    t.text = b.name_of(raw);
    t.offset = static_cast<std::uint32_t>(in.begin() - b.text.data());
    b.terms.push_back(std::move(t));
    ++b.bind_markers;
  }
};
template <>
struct action<g::null_lit> {
  static void apply0(Builder& b) { b.terms.push_back(ast::Term{}); }
};

// --- collections, tuples, function calls --------------------------------------------------

template <>
struct action<g::brace_open> {
  static void apply0(Builder& b) {
    b.term_marks.push_back(b.terms.size());
    b.brace_is_map.push_back(false);
    b.udt_names.emplace_back();
  }
};
template <>
struct action<g::udt_field_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.udt_names.back().push_back(b.name_of(in.string_view()));
  }
};
template <>
struct action<g::map_colon> {
  static void apply0(Builder& b) { b.brace_is_map.back() = true; }
};
template <>
struct action<g::brace_close> {
  static void apply0(Builder& b) {
    ast::Term t;
    t.kind = b.brace_is_map.back() ? TermKind::Map : TermKind::Set;
    b.brace_is_map.pop_back();
    if (!b.udt_names.back().empty()) {
      t.kind = TermKind::Udt;
      for (auto name : b.udt_names.back()) t.fields.push_back(name);
    }
    b.udt_names.pop_back();
    t.items = b.take_terms(b.term_marks.back());
    b.term_marks.pop_back();
    b.bound_depth(t);
    b.terms.push_back(std::move(t));
  }
};

template <TermKind K>
struct open_group {
  static void apply0(Builder& b) { b.term_marks.push_back(b.terms.size()); }
};
template <TermKind K>
struct close_group {
  static void apply0(Builder& b) {
    ast::Term t;
    t.kind = K;
    t.items = b.take_terms(b.term_marks.back());
    b.term_marks.pop_back();
    b.bound_depth(t);
    b.terms.push_back(std::move(t));
  }
};
template <>
struct action<g::list_open> : open_group<TermKind::List> {};
template <>
struct action<g::list_close> : close_group<TermKind::List> {};
template <>
struct action<g::tuple_open> : open_group<TermKind::Tuple> {};
template <>
struct action<g::tuple_close> : close_group<TermKind::Tuple> {};

template <>
struct action<g::function_name> {
  // ks.f: system.f is the native f; any other keyspace has no functions in cqlbox, so the name
  // stays qualified and fails as "Unknown function 'ks.f'" (as the selection's ks.f(…) does).
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    const std::string_view text = in.string_view();
    std::size_t dot = std::string_view::npos;
    for (std::size_t i = 0, quoted = 0; i < text.size(); ++i) {
      if (text[i] == '"')
        quoted ^= 1;
      else if (text[i] == '.' && !quoted) {
        dot = i;
        break;
      }
    }
    if (dot == std::string_view::npos) {
      b.call_names.push_back(b.name_of(text));
      return;
    }
    auto trim = [](std::string_view s) {
      while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
        s.remove_prefix(1);
      while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
        s.remove_suffix(1);
      return s;
    };
    const std::string_view keyspace = b.name_of(trim(text.substr(0, dot)));
    const std::string_view name = b.name_of(trim(text.substr(dot + 1)));
    b.call_names.push_back(keyspace == "system" ? name : b.keep(std::string(keyspace) + "." + std::string(name)));
  }
};
template <>
struct action<g::call_open> {
  static void apply0(Builder& b) { b.term_marks.push_back(b.terms.size()); }
};
template <>
struct action<g::call_close> {
  static void apply0(Builder& b) {
    ast::Term t;
    t.kind = TermKind::FunctionCall;
    t.text = b.call_names.back();
    b.call_names.pop_back();
    t.items = b.take_terms(b.term_marks.back());
    b.term_marks.pop_back();
    b.bound_depth(t);
    b.terms.push_back(std::move(t));
  }
};

template <>
struct action<g::cast_type_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    std::string_view text = in.string_view();
    if (text.find('<') == std::string_view::npos) {
      b.cast_types.push_back(b.name_of(text));
      return;
    }
    // A parameterised type: lower-cased (type names are keywords), trailing blanks off.
    std::string lower(text);
    for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    while (!lower.empty() &&
           (lower.back() == ' ' || lower.back() == '\t' || lower.back() == '\n' || lower.back() == '\r'))
      lower.pop_back();
    b.cast_types.push_back(b.keep(lower));
  }
};
template <>
struct action<g::term_cast> {
  static void apply0(Builder& b) {
    ast::Term t;
    t.kind = TermKind::Cast;
    t.text = b.cast_types.back();
    b.cast_types.pop_back();
    t.offset = b.terms.back().offset;
    t.items.push_back(b.pop_term());
    b.bound_depth(t);
    b.terms.push_back(std::move(t));
  }
};

template <>
struct action<g::term_cast_call> {
  static void apply0(Builder& b) {
    ast::Term t;
    t.kind = TermKind::FunctionCall;
    t.text = b.keep("cast_as_" + std::string(b.cast_types.back()));  // name_of lower-cased it
    b.cast_types.pop_back();
    t.offset = b.terms.back().offset;
    t.items.push_back(b.pop_term());
    b.bound_depth(t);
    b.terms.push_back(std::move(t));
  }
};

// --- relations ------------------------------------------------------------------------------

template <>
struct action<g::relation_begin> {
  static void apply0(Builder& b) {
    b.relation = ast::Relation{};
    b.relation_mark = b.terms.size();
  }
};
template <>
struct action<g::relation_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.relation.columns.push_back(b.name_of(in.string_view()));
  }
};
template <ast::Operator Op>
struct set_operator {
  static void apply0(Builder& b) { b.relation.op = Op; }
};
template <>
struct action<g::op_eq> : set_operator<ast::Operator::Eq> {};
template <>
struct action<g::op_lt> : set_operator<ast::Operator::Lt> {};
template <>
struct action<g::op_lte> : set_operator<ast::Operator::Lte> {};
template <>
struct action<g::op_gt> : set_operator<ast::Operator::Gt> {};
template <>
struct action<g::op_gte> : set_operator<ast::Operator::Gte> {};
template <>
struct action<g::op_neq> : set_operator<ast::Operator::Neq> {};
template <>
struct action<g::op_like> : set_operator<ast::Operator::Like> {};
template <>
struct action<g::op_contains> : set_operator<ast::Operator::Contains> {};
template <>
struct action<g::op_contains_key> : set_operator<ast::Operator::ContainsKey> {};
template <>
struct action<g::in_values> : set_operator<ast::Operator::In> {};
template <>
struct action<g::in_bind> {
  static void apply0(Builder& b) { b.relation.in_marker = true; }
};
template <>
struct action<g::is_not_null> : set_operator<ast::Operator::IsNotNull> {};
template <>
struct action<g::map_entry_open> {
  static void apply0(Builder& b) { b.relation.map_entry = true; }
};
template <>
struct action<g::multi_relation> {
  static void apply0(Builder& b) { b.relation.kind = ast::RelationKind::Multi; }
};
template <>
struct action<g::token_relation> {
  static void apply0(Builder& b) { b.relation.kind = ast::RelationKind::Token; }
};
template <>
struct action<g::relation> {
  static void apply0(Builder& b) {
    b.relation.values = b.take_terms(b.relation_mark);
    b.relations.push_back(std::move(b.relation));
    b.relation = ast::Relation{};
  }
};

// --- names and shared clauses ---------------------------------------------------------------

template <>
struct action<g::qualified_first> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.qname = {{}, b.name_of(in.string_view())};
  }
};
template <>
struct action<g::qualified_second> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.qname.keyspace = b.qname.name;
    b.qname.name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::keyspace_marker> {
  static void apply0(Builder&) {
    throw error::CqlError(error::ErrorClass::SyntaxException, "Bind variables cannot be used for keyspace names");
  }
};
template <>
struct action<g::qualifier_marker> : action<g::keyspace_marker> {};
template <>
struct action<g::table_marker> {
  static void apply0(Builder&) {
    throw error::CqlError(error::ErrorClass::SyntaxException, "Bind variables cannot be used for table names");
  }
};
template <>
struct action<g::keyspace_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.keyspace_name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::if_exists> {
  static void apply0(Builder& b) { b.if_exists = true; }
};
template <>
struct action<g::if_not_exists> {
  static void apply0(Builder& b) { b.if_not_exists = true; }
};
template <>
struct action<g::property_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.property_name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::property> {
  static void apply0(Builder& b) { b.properties.push_back(ast::Property{b.property_name, b.pop_term()}); }
};

// --- types and CREATE TABLE -------------------------------------------------------------------

template <>
struct action<g::type_keyspace> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    std::string_view text = in.string_view();
    text = text.substr(0, text.rfind('.'));  // the ident: tokens skip the blanks after them
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n' || text.back() == '\r'))
      text.remove_suffix(1);
    b.type_keyspace = b.name_of(text);
  }
};
template <>
struct action<g::type_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::TypeRef t;
    t.keyspace = std::exchange(b.type_keyspace, {});
    t.name = b.name_of(in.string_view());
    b.types.push_back(std::move(t));
  }
};
// Term arithmetic: the operands are on the term stack when a tail (or a negation) has parsed.
template <class Input>
void make_operation(const Input& in, Builder& b, std::string_view op, std::size_t operands) {
  ast::Term t;
  t.kind = ast::TermKind::Operation;
  t.text = op;
  t.items.resize(operands);
  for (std::size_t i = operands; i-- > 0;) t.items[i] = b.pop_term();
  t.offset = t.items[0].offset;
  (void)in;
  b.bound_depth(t);
  b.terms.push_back(std::move(t));
}
template <>
struct action<g::term_negated> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    make_operation(in, b, "n", 1);
  }
};
template <>
struct action<g::term_product_tail> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    make_operation(in, b, in.string_view().substr(0, 1), 2);  // tokens skip the blanks after them
  }
};
template <>
struct action<g::term_sum_tail> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    make_operation(in, b, in.string_view().substr(0, 1), 2);
  }
};
template <>
struct action<g::type_dimension> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::TypeRef t;
    t.name = b.name_of(in.string_view());
    t.dimension = true;
    b.types.push_back(std::move(t));
  }
};
template <>
struct action<g::type_args_open> {
  static void apply0(Builder& b) { b.type_marks.push_back(b.types.size()); }
};
template <>
struct action<g::type_args_close> {
  static void apply0(Builder& b) {
    std::size_t mark = b.type_marks.back();
    b.type_marks.pop_back();
    ast::TypeRef& owner = b.types[mark - 1];
    for (std::size_t i = mark; i < b.types.size(); ++i) owner.args.push_back(std::move(b.types[i]));
    b.types.resize(mark);
  }
};
template <>
struct action<g::column_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.column = ast::ColumnDef{};
    b.column.name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::column_static> {
  static void apply0(Builder& b) { b.column.is_static = true; }
};
template <>
struct action<g::column_primary_key> {
  static void apply0(Builder& b) { b.column.primary_key = true; }
};
template <>
struct action<g::column_def> {
  static void apply0(Builder& b) {
    b.column.type = std::move(b.types.back());
    b.types.pop_back();
    b.create_table.columns.push_back(std::move(b.column));
  }
};
template <>
struct action<g::pk_begin> {
  static void apply0(Builder& b) {
    ++b.create_table.primary_key_clauses;
    b.create_table.partition_key.clear();
    b.create_table.clustering.clear();
  }
};
template <>
struct action<g::pk_partition_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.create_table.partition_key.push_back(b.name_of(in.string_view()));
  }
};
template <>
struct action<g::pk_clustering_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.create_table.clustering.push_back(b.name_of(in.string_view()));
  }
};
template <>
struct action<g::clustering_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.create_table.clustering_order.push_back({b.name_of(in.string_view()), false});
  }
};
template <>
struct action<g::order_desc> {
  static void apply0(Builder& b) { b.create_table.clustering_order.back().descending = true; }
};
template <>
struct action<g::compact_storage> {
  static void apply0(Builder& b) { b.create_table.compact_storage = true; }
};

}  // namespace cqlbox::parse
