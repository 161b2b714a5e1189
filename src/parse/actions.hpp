// PEGTL actions: each one turns a matched rule into a piece of the AST in the Builder.
// Rules without an action here do nothing. Token rules include trailing whitespace, so actions
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

// --- statements -------------------------------------------------------------------------------

template <>
struct action<g::create_keyspace> {
  static void apply0(Builder& b) {
    ast::CreateKeyspace s;
    s.name = b.keyspace_name;
    s.if_not_exists = b.if_not_exists;
    s.properties = std::move(b.properties);
    b.result = std::move(s);
  }
};
template <>
struct action<g::create_table> {
  static void apply0(Builder& b) {
    b.create_table.table = b.qname;
    b.create_table.if_not_exists = b.if_not_exists;
    b.create_table.properties = std::move(b.properties);
    b.result = std::move(b.create_table);
  }
};
template <>
struct action<g::drop_keyspace> {
  static void apply0(Builder& b) { b.result = ast::DropKeyspace{b.keyspace_name, b.if_exists}; }
};
template <>
struct action<g::view_name> {
  static void apply0(Builder& b) {
    b.view = ast::ViewStatement{};
    b.view.name = b.qname;
    b.view.if_not_exists = b.if_not_exists;
  }
};
template <>
struct action<g::view_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.view.columns.push_back(b.name_of(in.string_view()));
  }
};
template <>
struct action<g::view_base> {
  static void apply0(Builder& b) {
    b.view.base = b.qname;
    b.relations.clear();
  }
};
template <>
struct action<g::view_where> {
  static void apply0(Builder& b) { b.view.where = std::move(b.relations); }
};
template <>
struct action<g::create_view> {
  static void apply0(Builder& b) {
    b.view.kind = ast::ViewStatement::Kind::Create;
    b.view.partition_key = std::move(b.create_table.partition_key);
    b.view.clustering = std::move(b.create_table.clustering);
    b.view.primary_key_clauses = b.create_table.primary_key_clauses;
    b.view.clustering_order = std::move(b.create_table.clustering_order);
    b.view.compact_storage = b.create_table.compact_storage;
    b.view.properties = std::move(b.properties);
    b.result = std::move(b.view);
  }
};
template <>
struct action<g::alter_view> {
  static void apply0(Builder& b) {
    ast::ViewStatement s;
    s.kind = ast::ViewStatement::Kind::Alter;
    s.name = b.qname;
    s.if_exists = b.if_exists;
    s.properties = std::move(b.properties);
    s.clustering_order = std::move(b.create_table.clustering_order);
    s.compact_storage = b.create_table.compact_storage;
    b.result = std::move(s);
  }
};
template <>
struct action<g::drop_view> {
  static void apply0(Builder& b) {
    ast::ViewStatement s;
    s.kind = ast::ViewStatement::Kind::Drop;
    s.name = b.qname;
    s.if_exists = b.if_exists;
    b.result = std::move(s);
  }
};
template <>
struct action<g::drop_table> {
  static void apply0(Builder& b) { b.result = ast::DropTable{b.qname, b.if_exists}; }
};
template <>
struct action<g::use_stmt> {
  static void apply0(Builder& b) { b.result = ast::Use{b.keyspace_name}; }
};
template <>
struct action<g::truncate_stmt> {
  static void apply0(Builder& b) { b.result = ast::Truncate{b.qname}; }
};

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
struct action<g::type_field_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.type_field_name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::type_field> {
  static void apply0(Builder& b) {
    b.type_fields.emplace_back(b.type_field_name, std::move(b.types.back()));
    b.types.pop_back();
  }
};
template <>
struct action<g::create_type> {
  static void apply0(Builder& b) {
    ast::CreateType s;
    s.name = b.qname;
    s.if_not_exists = b.if_not_exists;
    s.fields = std::move(b.type_fields);
    b.result = std::move(s);
  }
};
// --- user-defined functions and aggregates ---------------------------------------------------
template <>
struct action<g::udf_or_replace> {
  static void apply0(Builder& b) { b.function.or_replace = true; }
};
template <>
struct action<g::udf_state_function> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.function.state_function = b.name_of(in.string_view());
  }
};
template <>
struct action<g::udf_drop_types> {
  static void apply0(Builder& b) { b.function.args_given = true; }
};
template <>
struct action<g::udf_body> {
  static void apply0(Builder& b) { (void)b.pop_term(); }
};
template <>
struct action<g::udf_initcond> {
  static void apply0(Builder& b) { (void)b.pop_term(); }
};
// The function's types are the top-level entries of b.types (nested ones fold into their owner).
inline void finish_function(Builder& b, ast::FunctionStatement::Kind kind, bool state_type) {
  ast::FunctionStatement& f = b.function;
  f.kind = kind;
  f.name = b.qname;
  f.if_exists = b.if_exists;
  f.if_not_exists = b.if_not_exists;
  for (auto& t : b.types) f.arg_types.push_back(std::move(t));
  b.types.clear();
  if (kind == ast::FunctionStatement::Kind::CreateFunction && !f.arg_types.empty()) f.arg_types.pop_back();  // RETURNS
  if (state_type && !f.arg_types.empty()) {
    f.state_type = std::move(f.arg_types.back());
    f.arg_types.pop_back();
  }
  b.result = std::move(f);
}
template <>
struct action<g::create_function> {
  static void apply0(Builder& b) { finish_function(b, ast::FunctionStatement::Kind::CreateFunction, false); }
};
template <>
struct action<g::create_aggregate> {
  static void apply0(Builder& b) { finish_function(b, ast::FunctionStatement::Kind::CreateAggregate, true); }
};
template <>
struct action<g::drop_function> {
  static void apply0(Builder& b) { finish_function(b, ast::FunctionStatement::Kind::DropFunction, false); }
};
template <>
struct action<g::drop_aggregate> {
  static void apply0(Builder& b) { finish_function(b, ast::FunctionStatement::Kind::DropAggregate, false); }
};
template <>
struct action<g::drop_type> {
  static void apply0(Builder& b) { b.result = ast::DropType{b.qname, b.if_exists}; }
};
template <>
struct action<g::alter_type> {
  static void apply0(Builder& b) {
    ast::AlterType s;
    s.name = b.qname;
    s.if_exists = b.if_exists;
    s.add_if_not_exists = b.alter.action_if;
    s.add = std::move(b.type_fields);
    s.rename = std::move(b.alter.rename);
    s.alter_field_type = b.alter_field_type;
    b.result = std::move(s);
  }
};

// ALTER TABLE / ALTER KEYSPACE
template <>
struct action<g::alter_add_column> {
  static void apply0(Builder& b) {
    b.column.type = std::move(b.types.back());
    b.types.pop_back();
    b.alter.add.push_back(std::move(b.column));
    b.column = ast::ColumnDef{};
    b.alter.action = ast::AlterTable::Action::Add;
  }
};
template <>
struct action<g::alter_drop_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.alter.drop.push_back(b.name_of(in.string_view()));
    b.alter.action = ast::AlterTable::Action::Drop;
  }
};
template <>
struct action<g::alter_drop_timestamp> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    // Parser.g reads it with Long.parseLong: out of range is an error, not a wrap.
    std::string_view text = in.string_view();
    text = text.substr(0, text.find_first_not_of("-0123456789"));  // the token's trailing space
    std::int64_t v = 0;
    if (std::from_chars(text.data(), text.data() + text.size(), v).ec != std::errc())
      throw error::CqlError(
          error::ErrorClass::SyntaxException,
          fmt::format("Failed parsing statement: [{}] reason: NumberFormatException For input string: "
                      "\"{}\"",
                      b.text, text));
    b.alter.drop_timestamp = v;
  }
};
template <>
struct action<g::alter_drop_compact> {
  static void apply0(Builder& b) { b.alter.action = ast::AlterTable::Action::DropCompactStorage; }
};
template <>
struct action<g::alter_if_not_exists> {
  static void apply0(Builder& b) { b.alter.action_if = true; }
};
template <>
struct action<g::alter_if_exists> {
  static void apply0(Builder& b) { b.alter.action_if = true; }
};
template <>
struct action<g::rename_from> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.rename_from = b.name_of(in.string_view());
  }
};
template <>
struct action<g::rename_to> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.alter.rename.emplace_back(b.rename_from, b.name_of(in.string_view()));
    b.alter.action = ast::AlterTable::Action::Rename;
  }
};
template <>
struct action<g::alter_with> {
  static void apply0(Builder& b) {
    b.alter.action = ast::AlterTable::Action::With;
    b.alter.properties = std::move(b.properties);
    b.alter.clustering_order = std::move(b.create_table.clustering_order);
  }
};
template <>
struct action<g::alter_column_type> {
  static void apply0(Builder& b) {
    b.types.pop_back();
    b.alter.action = ast::AlterTable::Action::AlterType;
  }
};
template <>
struct action<g::alter_field_type> {
  static void apply0(Builder& b) {
    b.types.pop_back();
    b.alter_field_type = true;
  }
};
template <>
struct action<g::alter_table> {
  static void apply0(Builder& b) {
    b.alter.table = b.qname;
    b.alter.if_exists = b.if_exists;
    b.result = std::move(b.alter);
  }
};
template <>
struct action<g::alter_keyspace> {
  static void apply0(Builder& b) {
    b.result = ast::AlterKeyspace{b.keyspace_name, b.if_exists, std::move(b.properties)};
  }
};

// BATCH: each child statement's action leaves its AST in `result`; the child rule moves it in.
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
template <>
struct action<g::kw_custom> {
  static void apply0(Builder& b) { b.create_index.custom = true; }
};
template <>
struct action<g::index_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.create_index.name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::index_target_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.create_index.column = b.name_of(in.string_view());
  }
};
template <>
struct action<g::index_target_inner> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.create_index.target_function = b.create_index.column;
    b.create_index.column = b.name_of(in.string_view());
  }
};
template <>
struct action<g::index_class> {
  static void apply0(Builder& b) { b.create_index.custom_class = b.pop_term().text; }
};
template <>
struct action<g::create_index> {
  static void apply0(Builder& b) {
    b.create_index.table = b.qname;
    b.create_index.if_not_exists = b.if_not_exists;
    b.create_index.properties = std::move(b.properties);
    b.result = std::move(b.create_index);
  }
};
template <>
struct action<g::drop_index_first> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.drop_index.name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::drop_index_second> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.drop_index.keyspace = b.drop_index.name;
    b.drop_index.name = b.name_of(in.string_view());
  }
};
template <>
struct action<g::drop_index> {
  static void apply0(Builder& b) {
    b.drop_index.if_exists = b.if_exists;
    b.result = std::move(b.drop_index);
  }
};

// SELECT
template <>
struct action<g::selector_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Selector s;
    s.name = b.name_of(in.string_view());
    b.selectors.push_back(std::move(s));
  }
};
template <>
struct action<g::selector_star> {
  static void apply0(Builder& b) {
    ast::Selector s;
    s.kind = ast::SelectorKind::Star;
    b.selectors.push_back(std::move(s));
  }
};
template <>
struct action<g::selector_constant> {
  static void apply0(Builder& b) {
    ast::Selector s;
    s.kind = ast::SelectorKind::Constant;
    s.constant = b.pop_term();
    b.bound_depth(s, nullptr);
    b.selectors.push_back(std::move(s));
  }
};
template <>
struct action<g::selector_literal_arg> : action<g::selector_constant> {};
template <>
struct action<g::selector_type_hint> : action<g::term_cast> {};
template <>
struct action<g::selector_call_open> {
  static void apply0(Builder& b) { b.selector_marks.push_back(b.selectors.size()); }
};
template <>
struct action<g::selector_call_close> {
  static void apply0(Builder& b) {
    std::size_t mark = b.selector_marks.back();
    b.selector_marks.pop_back();
    ast::Selector& fn = b.selectors[mark - 1];
    fn.kind = ast::SelectorKind::FunctionCall;
    for (std::size_t i = mark; i < b.selectors.size(); ++i) fn.args.push_back(std::move(b.selectors[i]));
    b.selectors.resize(mark);
    b.bound_depth(b.selectors[mark - 1], nullptr);
  }
};
// Arithmetic: an operator is remembered, and once its right operand is on the selector stack
// the two operands become one "operator" function selector.
template <class Rule>
struct remember_operator {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.operators.push_back(in.string_view()[0]);
  }
};
template <>
struct action<g::product_op> : remember_operator<g::product_op> {};
template <>
struct action<g::sum_op> : remember_operator<g::sum_op> {};
template <class Rule>
struct combine_operands {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Selector op;
    op.kind = ast::SelectorKind::FunctionCall;
    static constexpr std::string_view kNames[] = {"+", "-", "*", "/", "%"};
    const char c = b.operators.back();
    b.operators.pop_back();
    op.name = c == '+' ? kNames[0] : c == '-' ? kNames[1] : c == '*' ? kNames[2] : c == '/' ? kNames[3] : kNames[4];
    ast::Selector rhs = std::move(b.selectors.back());
    b.selectors.pop_back();
    op.args.push_back(std::move(b.selectors.back()));
    op.args.push_back(std::move(rhs));
    b.bound_depth(op, in.begin());
    b.selectors.back() = std::move(op);
  }
};
template <>
struct action<g::product_tail> : combine_operands<g::product_tail> {};
template <>
struct action<g::sum_tail> : combine_operands<g::sum_tail> {};
template <>
struct action<g::selector_negated> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Selector op;
    op.kind = ast::SelectorKind::FunctionCall;
    op.name = "_-";  // unary minus
    op.args.push_back(std::move(b.selectors.back()));
    b.bound_depth(op, in.begin());
    b.selectors.back() = std::move(op);
  }
};

// m[k] / m[from..to]: the selector so far becomes the collection the subscript reads.
template <>
struct action<g::subscript_open> {
  static void apply0(Builder& b) { b.subscripts.push_back({b.terms.size(), 0}); }
};
template <>
struct action<g::subscript_from> {
  static void apply0(Builder& b) { b.subscripts.back().bounds |= ast::Selector::kFrom; }
};
template <>
struct action<g::subscript_to> {
  static void apply0(Builder& b) { b.subscripts.back().bounds |= ast::Selector::kTo; }
};
template <>
struct action<g::subscript_range> {
  static void apply0(Builder& b) { b.subscripts.back().bounds |= Builder::kSlice; }
};
template <>
struct action<g::selector_subscript> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    const Builder::Subscript sub = b.subscripts.back();
    b.subscripts.pop_back();
    ast::Selector sel;
    const bool slice = (sub.bounds & Builder::kSlice) != 0;
    sel.kind = slice ? ast::SelectorKind::Slice : ast::SelectorKind::Element;
    sel.bounds = static_cast<std::uint8_t>(sub.bounds & (ast::Selector::kFrom | ast::Selector::kTo));
    if (slice) {
      sel.constant.kind = TermKind::Tuple;
      sel.constant.items = b.take_terms(sub.mark);
      b.bound_depth(sel.constant);
    } else {
      sel.constant = b.pop_term();
    }
    sel.args.push_back(std::move(b.selectors.back()));
    b.bound_depth(sel, in.begin());
    b.selectors.back() = std::move(sel);
  }
};

template <>
struct action<g::cast_type> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.cast_type = b.name_of(in.string_view());
  }
};
template <>
struct action<g::selector_cast> {
  static void apply0(Builder& b) {
    ast::Selector cast;
    cast.kind = ast::SelectorKind::FunctionCall;
    cast.name = "cast";
    cast.cast_type = b.cast_type;
    cast.args.push_back(std::move(b.selectors.back()));
    b.bound_depth(cast, nullptr);
    b.selectors.back() = std::move(cast);
  }
};
// (type)(expression): a call named "(hint)", which no written name can be, holding the
// expression; its type is the hint's name.
template <>
struct action<g::selector_hinted> {
  // The type is read back from the matched text, "(type)": the expression after it may have
  // pushed (and left) type names of its own failed attempts onto cast_types.
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    const std::string_view text = in.string_view();
    const std::size_t open = text.find('('), close = text.find(')', open);
    std::string type(text.substr(open + 1, close - open - 1));
    while (!type.empty() &&
           (type.front() == ' ' || type.front() == '\t' || type.front() == '\n' || type.front() == '\r'))
      type.erase(0, 1);
    while (!type.empty() && (type.back() == ' ' || type.back() == '\t' || type.back() == '\n' || type.back() == '\r'))
      type.pop_back();
    ast::Selector hint;
    hint.kind = ast::SelectorKind::FunctionCall;
    hint.name = "(hint)";
    hint.cast_type = type.find('<') == std::string::npos ? b.name_of(b.keep(type)) : b.keep(type);
    hint.args.push_back(std::move(b.selectors.back()));
    b.bound_depth(hint, nullptr);
    b.selectors.back() = std::move(hint);
  }
};
template <>
struct action<g::selector_function_name> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.qualified_function = b.name_of(in.string_view());
  }
};
// ks.f(…) became a call named ks: system.f is the native f; any other keyspace has no
// functions in cqlbox, so the name stays qualified and fails as "Unknown function 'ks.f'".
template <>
struct action<g::selector_qualified_call> {
  static void apply0(Builder& b) {
    ast::Selector& fn = b.selectors.back();
    fn.name = fn.name == "system" ? b.qualified_function
                                  : b.keep(std::string(fn.name) + "." + std::string(b.qualified_function));
  }
};
template <>
struct action<g::selector_field> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Selector field;
    field.kind = ast::SelectorKind::Field;
    field.name = b.name_of(in.string_view());
    field.args.push_back(std::move(b.selectors.back()));
    b.bound_depth(field, in.begin());
    b.selectors.back() = std::move(field);
  }
};
template <>
struct action<g::selector_alias> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.selectors.back().alias = b.name_of(in.string_view());
  }
};
template <>
struct action<g::select_json> {
  static void apply0(Builder& b) { b.select.json = true; }
};
template <>
struct action<g::select_distinct> {
  static void apply0(Builder& b) { b.select.distinct = true; }
};
template <>
struct action<g::group_by_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    b.select.group_by.push_back(b.name_of(in.string_view()));
  }
};
template <>
struct action<g::order_by_column> {
  template <class Input>
  static void apply(const Input& in, Builder& b) {
    ast::Ordering o;
    o.column = b.name_of(in.string_view());
    b.select.order_by.push_back(std::move(o));
  }
};
template <>
struct action<g::order_by_ann> {
  static void apply0(Builder& b) { b.select.order_by.back().ann = b.pop_term(); }
};
template <>
struct action<g::order_by_desc> {
  static void apply0(Builder& b) { b.select.order_by.back().descending = true; }
};
template <>
struct action<g::per_partition_limit_value> {
  static void apply0(Builder& b) { b.select.per_partition_limit = b.pop_term(); }
};
template <>
struct action<g::limit_value> {
  static void apply0(Builder& b) { b.select.limit = b.pop_term(); }
};
template <>
struct action<g::allow_filtering> {
  static void apply0(Builder& b) { b.select.allow_filtering = true; }
};
template <>
struct action<g::explain_stmt> {
  static void apply0(Builder& b) { std::get<ast::Select>(*b.result).explain = true; }
};
template <>
struct action<g::select_stmt> {
  static void apply0(Builder& b) {
    b.select.table = b.qname;
    b.select.selectors.assign(std::make_move_iterator(b.selectors.begin()), std::make_move_iterator(b.selectors.end()));
    b.select.where = std::move(b.relations);
    b.result = std::move(b.select);
  }
};

// Records where token rules fail, for "mismatched input 'x' expecting K_FROM".
template <class Rule>
struct control : tao::pegtl::normal<Rule> {
  static constexpr bool kToken = requires { Rule::expected; };

  // Optional sub-rules that push terms declare rewinds_terms: a failed attempt drops them.
  static constexpr bool kRewinds = requires { Rule::rewinds_terms; };

  // Rules that recurse into themselves without a bracket (unary minus) declare `nests`: each
  // level counts against kMaxNesting before the grammar goes a level deeper.
  static constexpr bool kNests = requires { Rule::nests; };
  static constexpr bool kCounted = requires { Rule::counted; };

  template <class Input>
  static void start(const Input& in, Builder& b) {
    if constexpr (kToken) b.token_start = in.current();
    if constexpr (kRewinds) b.rewind_marks.push_back(b.terms.size());
    if constexpr (kNests)
      if (++b.unary_levels > kMaxNesting) b.too_deep(static_cast<std::size_t>(in.current() - b.text.data()));
  }
  template <class Input>
  static void success(const Input& in, Builder& b) {
    if constexpr (kRewinds) b.rewind_marks.pop_back();
    if constexpr (kNests) --b.unary_levels;
    if constexpr (kCounted)
      if (++b.term_count > kMaxTerms)
        throw error::CqlError(error::ErrorClass::InvalidRequest,
                              fmt::format("Statement too large: more than {} terms (cqlbox's limit), at char {}",
                                          kMaxTerms, in.current() - b.text.data()));
  }
  template <class Input>
  static void failure(const Input&, Builder& b) {
    if constexpr (kNests) --b.unary_levels;
    if constexpr (requires { Rule::token_name; })
      b.note_failure(b.token_start, Rule::token_name);
    else if constexpr (kToken)
      b.note_failure(b.token_start, Rule::expected);
    if constexpr (kRewinds) {
      b.terms.resize(std::min(b.terms.size(), b.rewind_marks.back()));
      b.rewind_marks.pop_back();
    }
  }
};

}  // namespace cqlbox::parse
